package handlers

import (
	"net/http"
	"testing"
)

// The tutorial, the practice board and the reference pages in French and
// Japanese.

// tutorialPaths are the pages of the tutorial's area, with trials of every
// kind: legal, not legal, on a taken square, answered and not.
var tutorialPaths = []string{
	"/tutorial", "/tutorial/1", "/tutorial/1?try=d3", "/tutorial/1?try=d4", "/tutorial/1?try=f5",
	"/tutorial/2?try=f3", "/tutorial/2?try=c3", "/tutorial/3", "/tutorial/4?answer=2", "/tutorial/4?answer=3",
	"/tutorial/5?try=e2", "/tutorial/5?try=f2", "/tutorial/6?try=a8", "/tutorial/7?try=b1", "/tutorial/7?try=a8",
	"/tutorial/8", "/tutorial/8?try=a8",
	"/practice", "/practice?try=c3", "/practice?try=a1", "/practice/reset",
	"/rules", "/strategy", "/faq", "/history",
}

// TestTutorialPagesTranslated reads the area's pages in French and
// Japanese and fails for an English word left on them.
func TestTutorialPagesTranslated(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil)
	for _, code := range translatedCodes() {
		for _, path := range tutorialPaths {
			w := a.getLang(path, code, cookie)
			if w.Code != http.StatusOK || w.Header().Get("Content-Language") != code {
				t.Errorf("%s GET %s = %d in %q", code, path, w.Code, w.Header().Get("Content-Language"))
				continue
			}
			if bad := foreignWords(code, pageWords(w.Body.String())); len(bad) > 0 {
				t.Errorf("%s %s says %q", code, path, bad)
			}
		}
	}
}

// TestTutorialGoldenPagesTranslated keeps four of the area's pages in
// French and Japanese, to read them whole and to see what a change does.
func TestTutorialGoldenPagesTranslated(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil)
	for _, code := range translatedCodes() {
		for _, tc := range []struct {
			name, path string
			cookie     bool
		}{
			{"tutorial-2-f3", "/tutorial/2?try=f3", false},
			{"tutorial-8", "/tutorial/8", false},
			{"practice", "/practice?try=c3", true},
			{"rules", "/rules", false},
		} {
			t.Run(code+"/"+tc.name, func(t *testing.T) {
				c := cookie
				if !tc.cookie {
					c = nil
				}
				w := a.getLang(tc.path, code, c)
				if w.Code != http.StatusOK {
					t.Fatalf("GET %s = %d, want 200", tc.path, w.Code)
				}
				body := stableAssets(w.Body.String())
				golden(t, tc.name+"."+code, []byte(body))
			})
		}
	}
}
