package static

import (
	"bytes"
	"io/fs"
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
		asset Asset
		re    string
	}{
		{CSS(), `^/static/app\.[0-9a-f]{12}\.css$`},
		{JS(), `^/static/board\.[0-9a-f]{12}\.js$`},
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

// TestScriptsHaveNoWords checks that no script writes English of its own
// into a page: the words a script shows come from the page (data-*
// attributes or elements the views' templates render), so that a
// translation touches the templates alone. A string literal of three or
// more words is taken for a sentence; comments are skipped.
func TestScriptsHaveNoWords(t *testing.T) {
	scripts, err := fs.Glob(files, "*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, name := range scripts {
		src, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range jsWords(string(src)) {
			t.Errorf("%s: the string %s looks like words for the page; render it in a template and read it from there", name, s)
		}
	}
	if got := jsWords(`x.textContent = 'Copy the link'; // a comment with "several words in it"`); len(got) != 1 {
		t.Errorf("jsWords found %q in a sample with one sentence", got)
	}
}

var (
	jsComment = regexp.MustCompile(`(?s)/\*.*?\*/|(^|[\s;{}(),])//[^\n]*`)
	jsString  = regexp.MustCompile(`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + "`(?:[^`\\\\]|\\\\.)*`")
	jsSpeech  = regexp.MustCompile(`\pL+ \pL+ \pL+`)
)

// jsWords returns the string literals of src, comments left out, that
// hold three words in a row.
func jsWords(src string) []string {
	var out []string
	for _, s := range jsString.FindAllString(jsComment.ReplaceAllString(src, "$1"), -1) {
		if jsSpeech.MatchString(s) {
			out = append(out, s)
		}
	}
	return out
}

// TestStylesheetServedWithoutComments checks that the served stylesheet
// drops the file's comments and keeps every rule.
func TestStylesheetServedWithoutComments(t *testing.T) {
	file, err := files.ReadFile("app.css")
	if err != nil {
		t.Fatal(err)
	}
	served := CSS().Body
	if !bytes.Contains(file, []byte("/*")) {
		t.Skip("the stylesheet has no comment to drop")
	}
	if bytes.Contains(served, []byte("/*")) || bytes.Contains(served, []byte("*/")) {
		t.Error("the served stylesheet keeps a comment")
	}
	if got, want := bytes.Count(served, []byte("{")), bytes.Count(file, []byte("{")); got != want {
		t.Errorf("the served stylesheet has %d rules' braces, the file %d", got, want)
	}
	for _, tt := range []struct{ in, want string }{
		{"a{b:c}\n/* note */\nd{e:f}\n", "a{b:c}\nd{e:f}\n"},
		{"/* a */a{}/* b *//* c */b{}", "a{}b{}"},
		{"a{} /* unclosed", "a{} /* unclosed"},
	} {
		if got := string(stripComments([]byte(tt.in))); got != tt.want {
			t.Errorf("stripComments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
