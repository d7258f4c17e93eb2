package static

import (
	"net/http/httptest"
	"regexp"
	"testing"
)

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false}, {"gzip", true}, {"deflate, gzip;q=0.5", true}, {"br", false}, {"gzip;q=0", false},
		{"*", true}, {"GZIP", true}, {"identity", false},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", tc.header)
		if got := AcceptsGzip(r); got != tc.want {
			t.Errorf("AcceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

func TestPathsCarryAHash(t *testing.T) {
	for _, tc := range []struct {
		asset *Asset
		re    string
	}{
		{CSS, `^/static/app\.[0-9a-f]{12}\.css$`},
		{JS, `^/static/board\.[0-9a-f]{12}\.js$`},
	} {
		if !regexp.MustCompile(tc.re).MatchString(tc.asset.Path) {
			t.Errorf("path %q does not match %s", tc.asset.Path, tc.re)
		}
		if len(tc.asset.Gzip) == 0 || len(tc.asset.Gzip) >= len(tc.asset.Body) {
			t.Errorf("%s: gzipped %d bytes from %d", tc.asset.Path, len(tc.asset.Gzip), len(tc.asset.Body))
		}
	}
}

// TestIcon checks that the favicon is served at its fixed path, so that a
// first visit asks for no /favicon.ico that would be a 404.
func TestIcon(t *testing.T) {
	w := httptest.NewRecorder()
	Handler().ServeHTTP(w, httptest.NewRequest("GET", IconPath, nil))
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" || w.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("GET %s = %d, %q, %q", IconPath, w.Code, w.Header().Get("Content-Type"), w.Header().Get("Cache-Control"))
	}
}
