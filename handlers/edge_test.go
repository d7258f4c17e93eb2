package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// An unsafe request from another scheme is refused when the server knows
// its own, and passes the scheme check when it does not (the host check
// still applies then).
func TestCrossSchemeOriginIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name      string
		publicURL string
		secure    bool
		origin    string
		want      int
	}{
		{"https page to an http public URL", "http://example.com", false, "https://example.com", http.StatusForbidden},
		{"http page to an https public URL", "https://example.com", false, "http://example.com", http.StatusForbidden},
		{"http page with secure cookies", "", true, "http://example.com", http.StatusForbidden},
		{"same scheme", "https://example.com", false, "https://example.com", http.StatusSeeOther},
		{"scheme unknown", "", false, "https://example.com", http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAppConfig(t, newApp(t).store, func(c *testConfig) {
				c.PublicURL, c.SecureCookies = tc.publicURL, tc.secure
			})
			id, cookie := a.start(nil)
			r := httptestRequest("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {"f5"}})
			r.Host = "example.com"
			r.Header.Set("Origin", tc.origin)
			r.AddCookie(cookie)
			w := recordRequest(a, r)
			if w.Code != tc.want {
				t.Fatalf("POST from %s = %d, want %d\n%s", tc.origin, w.Code, tc.want, w.Body)
			}
			if moved := a.stored(id).Ply() != 0; moved != (tc.want != http.StatusForbidden) {
				t.Errorf("moved = %v after a %d", moved, w.Code)
			}
		})
	}
}

func TestProbesCarryTheSecurityHeaders(t *testing.T) {
	a := newApp(t)
	for _, path := range []string{"/healthz", "/readyz"} {
		w := a.do("GET", path, nil, nil)
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
			if w.Header().Get(h) == "" {
				t.Errorf("%s lacks %s", path, h)
			}
		}
	}
}

// Gin would prepend X-Forwarded-Prefix to a trailing-slash redirect's
// Location; no client may steer it.
func TestForwardedPrefixDoesNotSteerRedirects(t *testing.T) {
	a := newApp(t)
	r := httptestRequest("GET", "/tutorial/", nil)
	r.Header.Set("X-Forwarded-Prefix", "/evil.example/x")
	r.RemoteAddr = "192.0.2.7:1234"
	w := recordRequest(a, r)
	loc := w.Header().Get("Location")
	if w.Code/100 != 3 || loc != "/tutorial" {
		t.Fatalf("GET /tutorial/ with X-Forwarded-Prefix = %d Location %q, want a redirect to /tutorial", w.Code, loc)
	}
	if strings.Contains(loc, "evil") {
		t.Errorf("Location %q carries the forwarded prefix", loc)
	}
}
