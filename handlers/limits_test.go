package handlers

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"reversi/ai"
	"reversi/game"
	"reversi/internal/testkit"
	"reversi/play"
	"reversi/views"
)

func TestBodyLimits(t *testing.T) {
	a := newApp(t)
	a.put("limitsgameaaaaaa", testPlayer, game.Options{Size: 8}, "f5", nil)
	cookie := a.playerCookie(testPlayer)
	big := "ply=1&move=d6&pad=" + strings.Repeat("x", 2*maxBody)
	tests := []struct {
		name    string
		body    io.Reader
		length  int64 // -1: unknown, sent chunked
		want    int
		wantMsg string
	}{
		{"too long, said up front", strings.NewReader(big), int64(len(big)), http.StatusRequestEntityTooLarge, "too large"},
		{"too long, sent chunked", strings.NewReader(big), -1, http.StatusRequestEntityTooLarge, "too large"},
		{"broken encoding", strings.NewReader("ply=1&move=%zz"), -1, http.StatusBadRequest, "couldn&#39;t be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := a.stored("limitsgameaaaaaa")
			req := httptest.NewRequest("POST", "/games/limitsgameaaaaaa/moves", tt.body)
			req.ContentLength = tt.length
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.AddCookie(cookie)
			w := httptest.NewRecorder()
			a.h.ServeHTTP(w, req)
			if w.Code != tt.want || !strings.Contains(w.Body.String(), tt.wantMsg) {
				t.Errorf("status %d, want %d with %q:\n%s", w.Code, tt.want, tt.wantMsg, w.Body)
			}
			if after := a.stored("limitsgameaaaaaa"); !slices.Equal(after.Record.Plies, before.Record.Plies) {
				t.Errorf("a refused body changed the game: %v", after.Record.Plies)
			}
		})
	}
}

func TestRateLimits(t *testing.T) {
	a := newApp(t)
	srv := newTestServer(t, testConfig{Config: Config{MoveRate: 0.001, MoveBurst: 2, GameRate: 0.001, GameBurst: 1},
		Play: play.Config{Store: a.store, Choose: testkit.FirstMove[ai.Level], Hint: testkit.FirstHint}})
	a.srv, a.h = srv, srv.Routes()
	id, cookie := a.start(nil, "opponent", "local")
	for i, m := range []string{"f5", "d6"} {
		if w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {string(rune('0' + i))}, "move": {m}}, cookie); w.Code != http.StatusSeeOther {
			t.Fatalf("move %d within the burst = %d, want 303", i+1, w.Code)
		}
	}
	w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"2"}, "move": {"c3"}}, cookie)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "Slow down") {
		t.Errorf("move over the limit = %d, Retry-After %q; want 429 with a page and Retry-After", w.Code, w.Header().Get("Retry-After"))
	}
	if got := a.stored(id).Record.Transcript(); got != "f5d6" {
		t.Errorf("after the refused move, transcript = %q, want f5d6", got)
	}
	// New games: one per player here. The first game above was started
	// without a cookie, so it spent its address's bucket instead.
	form := url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}, "confirm": {"yes"}}
	for i, want := range []int{http.StatusSeeOther, http.StatusTooManyRequests} {
		if w := a.do("POST", "/games", form, cookie); w.Code != want {
			t.Errorf("new game %d with a cookie = %d, want %d", i+1, w.Code, want)
		}
	}
	if w := a.do("POST", "/games", form, nil); w.Code != http.StatusTooManyRequests {
		t.Errorf("second new game from the same address without a cookie = %d, want 429", w.Code)
	}
	// Another player has a bucket of their own.
	if w := a.do("POST", "/games", form, a.playerCookie("00000000000000000000000000000abc")); w.Code != http.StatusSeeOther {
		t.Errorf("another player's new game = %d, want 303", w.Code)
	}
}

// FuzzNewGame posts arbitrary new-game forms: the server never fails with
// a 500, a form it refuses stores no game, and one it takes stores one.
func FuzzNewGame(f *testing.F) {
	for _, seed := range [][6]string{
		{"computer", "black", "easy", "8", "cross", "yes"}, {"local", "random", "hard", "10", "free", "yes"},
		{"online", "white", "normal", "6", "parallel", "yes"}, {"computer", "green", "easy", "8", "cross", "yes"},
		{"computer", "black", "easy", "7", "cross", "yes"}, {"", "", "", "", "", ""}, {"local", "black", "easy", "8", "diagonal", "no"},
		{"computer\x00", "black", "easy", "08", "cross", "yes"},
	} {
		f.Add(seed[0], seed[1], seed[2], seed[3], seed[4], seed[5])
	}
	a := newApp(f)
	f.Fuzz(func(t *testing.T, opponent, color, level, size, start, confirm string) {
		a.t = t
		form := url.Values{"opponent": {opponent}, "color": {color}, "level": {level}, "size": {size}, "start": {start}, "confirm": {confirm}}
		ctx := context.Background()
		before, err := a.store.Unfinished(ctx, testPlayer, 1000)
		if err != nil {
			t.Fatal(err)
		}
		w := a.do("POST", "/games", form, a.playerCookie(testPlayer))
		after, err := a.store.Unfinished(ctx, testPlayer, 1000)
		if err != nil {
			t.Fatal(err)
		}
		switch w.Code {
		case http.StatusSeeOther:
			if len(after) != len(before)+1 {
				t.Errorf("form %v answered 303 but %d games were stored, want 1", form, len(after)-len(before))
			}
		case http.StatusOK: // the page that asks before replacing an unfinished game
			if len(after) != len(before) || !strings.Contains(w.Body.String(), "Start a new game?") {
				t.Errorf("form %v answered 200 with no question, or stored a game", form)
			}
		case http.StatusBadRequest:
			if len(after) != len(before) {
				t.Errorf("form %v was refused but stored a game", form)
			}
		default:
			t.Errorf("form %v = %d, want 303, 200 or 400", form, w.Code)
		}
	})
}

// TestRateLimitBehindProxy checks which address keys the limit of new
// games without a cookie: behind a trusted proxy, the client's from
// X-Forwarded-For; otherwise the peer's, whatever the header says.
func TestRateLimitBehindProxy(t *testing.T) {
	form := url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}, "confirm": {"yes"}}
	newGame := func(h http.Handler, forwardedFor string) int {
		req := httptest.NewRequest("POST", "/games", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", forwardedFor)
		req.RemoteAddr = "10.0.0.7:40000" // the proxy, or whoever sent it
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w.Code
	}
	for _, tt := range []struct {
		name    string
		proxies []string
		want    []int // for clients 198.51.100.1, .1 again, .2
	}{
		{"trusted proxy", []string{"10.0.0.0/8"}, []int{http.StatusSeeOther, http.StatusTooManyRequests, http.StatusSeeOther}},
		{"no trusted proxy", nil, []int{http.StatusSeeOther, http.StatusTooManyRequests, http.StatusTooManyRequests}},
		{"another proxy trusted", []string{"192.0.2.1"}, []int{http.StatusSeeOther, http.StatusTooManyRequests, http.StatusTooManyRequests}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newApp(t)
			srv := newTestServer(t, testConfig{Config: Config{MoveRate: -1, GameRate: 0.001, GameBurst: 1, TrustedProxies: tt.proxies},
				Play: play.Config{Store: a.store}})
			h := srv.Routes()
			for i, client := range []string{"198.51.100.1", "198.51.100.1", "198.51.100.2"} {
				if got := newGame(h, client); got != tt.want[i] {
					t.Errorf("new game %d from %s = %d, want %d", i+1, client, got, tt.want[i])
				}
			}
		})
	}
	app, err := play.New(play.Config{Store: newApp(t).store})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{App: app, Views: &views.Views{}, SessionKeys: testKeys, TrustedProxies: []string{"proxy.example"}}); err == nil {
		t.Error("a trusted proxy that is no address was accepted")
	}
}

// TestNewIdentityFloods checks the limits per network over the long
// window: cookie-less practice posts (each a new player) and new games
// with fresh cookies are refused with 429 past their bursts, while another
// network is served; settings and play-again posts are limited per player.
func TestNewIdentityFloods(t *testing.T) {
	base := newApp(t)
	a := newAppConfig(t, base.store, func(c *testConfig) {
		c.GameRate, c.GameBurst = 0, 0 // the defaults: 2 a second, bursts of 20
		c.NewPlayersPerHour, c.NewPlayersBurst = 0, 0
		c.NewGamesPerHour, c.NewGamesBurst = 0, 0
		c.TrustedProxies = []string{"192.0.2.1"} // httptest's address: X-Forwarded-For names the client
	})
	post := func(path string, form url.Values, from string, cookie *http.Cookie) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		if cookie != nil {
			req.AddCookie(cookie)
		}
		w := httptest.NewRecorder()
		a.h.ServeHTTP(w, req)
		return w
	}
	opening, _ := game.ParseTranscript(game.Options{Size: 8, Start: game.Cross}, play.PracticeOpening)
	b, _ := opening.Board()
	practice := url.Values{"move": {b.Moves().First().Name(8)}, "version": {"0"}}
	var cookies []*http.Cookie
	codes := map[int]int{}
	for i := range DefaultNewPlayersBurst + 10 {
		from := "198.51.100." + strconv.Itoa(i%250) // one /24, many addresses
		w := post("/practice/moves", practice, from, nil)
		codes[w.Code]++
		if w.Code == http.StatusSeeOther {
			cookies = append(cookies, cookieFrom(t, w))
		}
	}
	if codes[http.StatusTooManyRequests] != 10 {
		t.Errorf("new players from one /24: %v, want 10 refused with 429", codes)
	}
	if w := post("/practice/moves", practice, "203.0.113.5", nil); w.Code != http.StatusSeeOther {
		t.Errorf("a new player from another network = %d, want 303", w.Code)
	}
	// Each of those cookies starts games: the network's games run out.
	codes = map[int]int{}
	form := url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"6"}, "start": {"cross"}, "confirm": {"yes"}}
	for i := range DefaultNewGamesBurst + 10 {
		w := post("/games", form, "198.51.100.7", cookies[i%len(cookies)])
		codes[w.Code]++
	}
	if codes[http.StatusTooManyRequests] < 10 {
		t.Errorf("new games from one /24 with fresh cookies: %v, want at least 10 refused with 429", codes)
	}
	// Settings are limited per player like new games.
	id, cookie := a.start(nil, "opponent", "local")
	codes = map[int]int{}
	for range DefaultGameBurst + 5 {
		codes[a.do("POST", "/games/"+id+"/settings", url.Values{"sound": {"on"}}, cookie).Code]++
	}
	if codes[http.StatusTooManyRequests] == 0 {
		t.Errorf("settings posts from one cookie: %v, want some refused with 429", codes)
	}
}
