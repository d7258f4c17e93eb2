package handlers

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"reversi/static"
	"reversi/views"
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

// shownText is what a reader of page meets: the title, and the main
// part's text and accessible names.
func shownText(page string) string {
	title, _, _ := strings.Cut(page[strings.Index(page, "<title>")+len("<title>"):], "</title>")
	main := page[strings.Index(page, "<main"):strings.Index(page, "</main>")]
	var names []string
	for _, m := range regexp.MustCompile(`aria-label="([^"]*)"`).FindAllStringSubmatch(main, -1) {
		names = append(names, m[1])
	}
	main = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(main, " ")
	return title + "\n" + main + "\n" + strings.Join(names, "\n")
}

// englishWords are words that French never uses and English pages often
// do.
var englishWords = regexp.MustCompile(`\b(?i:the|and|is|are|would|turns?|over|of|to|moves?|discs?|squares?|board|legal|trial|black|white|undo|practice|tutorial|next|back|show|answer|rules|history|strategy|play|game|start|again)\b`)

// borrowed lists the English words a page in l may still hold because
// the shared words of site.txt that it shows lack their translation: they
// come with that file, not with this area.
func borrowed(l *views.Lang) map[string]bool {
	words := map[string]bool{}
	for _, key := range []string{"site.name", "color.black", "color.white", "list.and", "list.comma",
		"title.tutorialindex", "title.rules", "title.strategy", "title.faq", "title.history", "notice.badtrial.h"} {
		if !l.Has(key) {
			for _, w := range strings.Fields(views.English().T(key)) {
				words[strings.ToLower(strings.Trim(w, ",.:"))] = true
			}
		}
	}
	return words
}

// TestTutorialPagesTranslated reads the area's pages in French and
// Japanese and fails for an English word left on them.
func TestTutorialPagesTranslated(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil)
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, code := range []string{"fr", "ja"} {
		l := views.Lookup(code, "")
		left := borrowed(l)
		for _, path := range tutorialPaths {
			w := a.getLang(path, code, cookie)
			if w.Code != http.StatusOK || w.Header().Get("Content-Language") != code {
				t.Errorf("%s GET %s = %d in %q", code, path, w.Code, w.Header().Get("Content-Language"))
				continue
			}
			text := shownText(w.Body.String())
			words := englishWords
			if code == "ja" {
				words = latin
			}
			for _, word := range words.FindAllString(text, -1) {
				if !left[strings.ToLower(word)] && word != "GGF" {
					t.Errorf("%s %s says %q", code, path, word)
				}
			}
		}
	}
}

// TestTutorialGoldenPagesTranslated keeps four of the area's pages in
// French and Japanese, to read them whole and to see what a change does.
func TestTutorialGoldenPagesTranslated(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil)
	for _, code := range []string{"fr", "ja"} {
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
				body := strings.NewReplacer(static.CSS.Path, "/static/app.HASH.css", static.JS.Path, "/static/board.HASH.js").Replace(w.Body.String())
				golden(t, tc.name+"."+code, []byte(body))
			})
		}
	}
}
