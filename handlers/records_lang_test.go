package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
)

// TestRecordPagesGolden renders the pages of the records and the review,
// each state that has words of its own, in every language, against golden
// files: a replay with the review's verdict, a pass and a resignation, an
// imported game, the import form and its refusals, and a review before,
// during play and once ready.
func TestRecordPagesGolden(t *testing.T) {
	a := newApp(t)
	a.put("sixtymovesixtymo", testPlayer, game.Options{Size: 8}, game60, nil)
	g, err := game.ParseTranscript(game.Options{Size: 8}, game60)
	if err != nil {
		t.Fatal(err)
	}
	// Black's moves 21 (an estimated loss), 35 (within the error), 37
	// and 45 (exact); White's 44 and 50.
	putReview(t, a, "sixtymovesixtymo", g, map[int]int{21: 20, 35: 6, 37: 12, 44: 4, 45: 1, 50: 9})
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	a.put("resignedresigned", testPlayer, game.Options{Size: 8}, midGame8, func(g *club.Game) {
		g.Status, g.Resigned = club.Over, game.Black
	})
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	a.put("passpasspasspass", testPlayer, game.Options{Size: 6}, humanMustPass, func(g *club.Game) {
		g.Opponent, g.Human = club.Local, game.Empty
		g.Record.Plies = append(g.Record.Plies, game.Pass)
	})
	cookie := a.playerCookie(testPlayer)
	imported := importedURL(mustTranscript(t, game.Options{Size: 6}, "d5e5b3"))
	pages := []struct {
		name, method, path string
		form               url.Values
		status             int
	}{
		{"rec-replay-verdict", "GET", "/games/sixtymovesixtymo/replay?ply=20", nil, 200},
		{"rec-replay-best", "GET", "/games/sixtymovesixtymo/replay?ply=0", nil, 200},
		{"rec-replay-unsure", "GET", "/games/sixtymovesixtymo/replay?ply=34", nil, 200},
		{"rec-replay-exact", "GET", "/games/sixtymovesixtymo/replay?ply=38", nil, 200},
		{"rec-replay-pass", "GET", "/games/passpasspasspass/replay?ply=19", nil, 200},
		{"rec-replay-resigned", "GET", "/games/resignedresigned/replay", nil, 200},
		{"rec-replay-over", "GET", "/games/finishedfinished/replay", nil, 200},
		{"rec-replay-imported", "GET", imported + "ply=0", nil, 200},
		{"rec-import", "GET", "/import", nil, 200},
		{"rec-import-move", "POST", "/import", url.Values{"transcript": {"f5d6x9"}}, 422},
		{"rec-import-unread", "POST", "/import", url.Values{"transcript": {"(;GM[Chess];)"}}, 422},
		{"rec-review", "GET", "/games/sixtymovesixtymo/review", nil, 200},
		{"rec-review-none", "GET", "/games/finishedfinished/review", nil, 200},
		{"rec-review-playing", "GET", "/games/midgamemidgamemi/review", nil, 200},
	}
	for _, lang := range langCodes() {
		for _, p := range pages {
			t.Run(p.name+"-"+lang, func(t *testing.T) {
				w := a.doLang(p.method, p.path, p.form, lang, cookie)
				if w.Code != p.status {
					t.Fatalf("%s %s in %s = %d, want %d:\n%s", p.method, p.path, lang, w.Code, p.status, w.Body.String())
				}
				if got := w.Header().Get("Content-Language"); got != lang {
					t.Errorf("Content-Language %q, want %q", got, lang)
				}
				body := stableAssets(w.Body.String())
				golden(t, p.name+"-"+lang, []byte(body))
			})
		}
	}
}

// doLang sends a request with an Accept-Language header.
func (a *testApp) doLang(method, target string, form url.Values, acceptLanguage string, cookie *http.Cookie) *httptest.ResponseRecorder {
	a.t.Helper()
	var req *http.Request
	if form != nil {
		req = httptest.NewRequest(method, target, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req = httptest.NewRequest(method, target, nil)
	}
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, req)
	return w
}
