package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/views"
)

// passGame6 leaves Black, the player, with no move on a 6×6 board.
const passGame6 = "e4e5d5c5f6d2b5f5f3d6b4a5b2c2c6e3e2f4e6f2a4c1a6a1e1b3b6f1b1d1"

// TestGamePagesTranslated renders the home page, the game pages and the
// question before a new game in French and Japanese, as a browser that
// asks for them: golden files, and none of the English of the game's
// and home's catalogues left.
func TestGamePagesTranslated(t *testing.T) {
	a := newGoldenApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, func(g *club.Game) {
		b, _ := g.Record.Board()
		g.HintPly, g.HintSquare = len(g.Record.Plies), b.Moves().First()
	})
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, func(g *club.Game) {
		g.Hints, g.Undos = 2, 1
	})
	a.put("resignedresigned", testPlayer, game.Options{Size: 8}, "f5d6c3", func(g *club.Game) {
		g.Status, g.Resigned = club.Over, game.Black
	})
	a.put("mustpassmustpass", testPlayer, game.Options{Size: 6}, passGame6, nil)
	a.put("localgamelocalga", testPlayer, game.Options{Size: 10, Start: game.Free}, "e5f5e6f6", func(g *club.Game) {
		g.Opponent, g.Human = club.Local, game.Empty
	})
	cookie := a.playerCookie(testPlayer)
	for _, lang := range translatedCodes() {
		for _, tc := range []struct {
			name, method, path string
			form               url.Values
			status             int
			golden             bool
		}{
			{"home", "GET", "/", nil, 200, true},
			{"game", "GET", "/games/midgamemidgamemi", nil, 200, true},
			{"game-refused", "POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"a1"}}, 422, true},
			{"game-resign", "GET", "/games/midgamemidgamemi?ask=resign", nil, 200, false},
			{"game-delete", "GET", "/games/midgamemidgamemi?ask=delete&did=settings", nil, 200, false},
			{"result", "GET", "/games/finishedfinished", nil, 200, true},
			{"resigned", "GET", "/games/resignedresigned", nil, 200, false},
			{"pass", "GET", "/games/mustpassmustpass", nil, 200, false},
			{"local", "GET", "/games/localgamelocalga", nil, 200, true},
			{"local-undone", "GET", "/games/localgamelocalga?did=undo", nil, 200, false},
			{"confirm", "POST", "/games", url.Values{"opponent": {"computer"}, "color": {"white"}, "level": {"hard"},
				"size": {"10"}, "start": {"free"}, "allow_undo": {"on"}}, 200, true},
		} {
			t.Run(tc.name+"-"+lang, func(t *testing.T) {
				var body *strings.Reader
				if tc.form != nil {
					body = strings.NewReader(tc.form.Encode())
				} else {
					body = strings.NewReader("")
				}
				req := httptest.NewRequest(tc.method, tc.path, body)
				if tc.form != nil {
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				}
				req.Header.Set("Accept-Language", lang)
				req.AddCookie(cookie)
				w := httptest.NewRecorder()
				a.h.ServeHTTP(w, req)
				if w.Code != tc.status || w.Header().Get("Content-Language") != lang {
					t.Fatalf("%s %s = %d in %q, want %d in %s", tc.method, tc.path, w.Code, w.Header().Get("Content-Language"), tc.status, lang)
				}
				page := stableAssets(w.Body.String())
				if tc.golden {
					golden(t, tc.name+"-"+lang, []byte(page))
				}
				if bad := foreignWords(lang, pageWords(page)); len(bad) > 0 {
					t.Errorf("English left: %q", bad)
				}
			})
		}
	}
}

// TestOnlinePagesTranslated plays an online game between a host who
// reads French and a guest who reads Japanese, each by the language
// switch, and reads every page of the room for English.
func TestOnlinePagesTranslated(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	langs := map[*client]*views.Lang{host: views.Lookup("fr", ""), guest: views.Lookup("ja", "")}
	read := func(p *client, path, what string) string {
		t.Helper()
		body := p.want(p.get(path), http.StatusOK, what).body
		if bad := foreignWords(langs[p].Code, pageWords(body)); len(bad) > 0 {
			t.Errorf("%s, in %s: English left: %q", what, langs[p].Code, bad)
		}
		return body
	}
	for p, l := range langs {
		p.want(p.post("/language", url.Values{"lang": {l.Code}, "next": {"/"}}), http.StatusSeeOther, "choose a language")
	}
	gamePath, invite := newOnline(t, host)
	if body := read(host, gamePath, "host waits for the guest"); !strings.Contains(body, "lien d’invitation") {
		t.Errorf("the host's page is not in French:\n%s", body)
	}
	guest.want(guest.post(invite, url.Values{}), http.StatusSeeOther, "take the seat")
	read(host, gamePath, "host's move")
	if body := read(guest, gamePath, "guest waits for the host's move"); !strings.Contains(body, "の着手を待っています。") {
		t.Errorf("the guest's page does not wait in Japanese:\n%s", body)
	}
	playOut(t, gamePath, host, guest)
	body := read(host, gamePath, "host's result")
	v := regexp.MustCompile(`name="v" value="(\d+)"`).FindStringSubmatch(body)
	if v == nil {
		t.Fatalf("result page has no play-again form:\n%s", body)
	}
	host.want(host.post(gamePath+"/again", url.Values{"v": {v[1]}, "sides": {"keep"}}), http.StatusSeeOther, "host: play again")
	read(host, gamePath, "host waits for the answer")
	if body := read(guest, gamePath, "guest is asked"); !strings.Contains(body, "同じ色のままもう一局を希望しています。") {
		t.Errorf("the guest's page does not ask in Japanese:\n%s", body)
	}
}
