package handlers

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/static"
)

func TestHomeWithoutCookie(t *testing.T) {
	a := newApp(t)
	w := a.do("GET", "/", nil, nil)
	if w.Code != http.StatusOK {
		t.Fatalf("GET / = %d, want 200", w.Code)
	}
	if got := w.Header().Get("Set-Cookie"); got != "" {
		t.Errorf("GET / sets a cookie %q; a GET must not change state", got)
	}
	body := w.Body.String()
	for _, want := range []string{`<form method="post" action="/games"`, `name="opponent" value="local"`,
		`name="size" value="10"`, `name="start" value="free"`, `name="show_moves" value="on" checked`, `class="skip"`} {
		if !strings.Contains(body, want) {
			t.Errorf("home page lacks %q", want)
		}
	}
	if strings.Contains(body, "Continue") {
		t.Errorf("home page without a cookie offers Continue")
	}
}

func TestSecurityHeaders(t *testing.T) {
	a := newApp(t)
	for _, path := range []string{"/", "/nowhere", static.CSS().Path} {
		w := a.do("GET", path, nil, nil)
		for k, want := range map[string]string{
			"Content-Security-Policy": csp,
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "same-origin",
		} {
			if got := w.Header().Get(k); got != want {
				t.Errorf("GET %s: %s = %q, want %q", path, k, got, want)
			}
		}
	}
	if !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") {
		t.Errorf("csp = %q", csp)
	}
}

func TestNewGameSetsCookieAndRedirects(t *testing.T) {
	a := newApp(t)
	form := url.Values{"opponent": {"computer"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}}
	w := a.do("POST", "/games", form, nil)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("POST /games = %d, want 303", w.Code)
	}
	if loc := w.Header().Get("Location"); !gameLocation.MatchString(loc) {
		t.Errorf("Location = %q, want /games/{id}#status", loc)
	}
	c := cookieFrom(t, w)
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure || c.MaxAge != cookieMaxAge || c.Path != "/" {
		t.Errorf("cookie = %+v, want HttpOnly, SameSite=Lax, not Secure on plain HTTP, MaxAge %d", c, cookieMaxAge)
	}
	if strings.Contains(c.Value, "player") {
		t.Errorf("cookie value %q shows its contents", c.Value)
	}
	// Over TLS the cookie is Secure.
	req := a.do("POST", "https://example.com/games", form, nil)
	if c := cookieFrom(t, req); !c.Secure {
		t.Errorf("cookie over TLS is not Secure")
	}
}

func TestNewGameRejectsBadForm(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct{ name, key, value string }{
		{"bad size", "size", "7"},
		{"bad level", "level", "impossible"},
		{"missing opponent", "opponent", ""},
		{"bad start", "start", "diagonal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{"opponent": {"computer"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}}
			form.Set(tc.key, tc.value)
			w := a.do("POST", "/games", form, nil)
			if w.Code != http.StatusBadRequest {
				t.Errorf("POST /games with %s=%q = %d, want 400", tc.key, tc.value, w.Code)
			}
			if w.Header().Get("Set-Cookie") != "" {
				t.Errorf("a refused new game set a cookie")
			}
		})
	}
}

func TestComputerOpensWhenPlayerIsWhite(t *testing.T) {
	for _, tc := range []struct{ size, start string }{{"8", "cross"}, {"6", "parallel"}, {"10", "free"}} {
		t.Run(tc.size+" "+tc.start, func(t *testing.T) {
			a := newApp(t)
			id, cookie := a.start(nil, "color", "white", "size", tc.size, "start", tc.start)
			g := a.stored(id)
			if g.Human != game.White || g.Ply() != 1 {
				t.Errorf("new game as White: human %v, ply %d; want white, 1", g.Human, g.Ply())
			}
			body := a.do("GET", "/games/"+id, nil, cookie).Body.String()
			if !strings.Contains(body, "New game: you play White; Black ") || !strings.Contains(body, "; your move</h2>") {
				t.Errorf("the page does not say that Black opened:\n%s", body)
			}
		})
	}
}

func TestConfirmBeforeReplacingAnUnfinishedGame(t *testing.T) {
	a := newApp(t)
	old, cookie := a.start(nil)
	form := url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"6"}, "start": {"parallel"}, "sound": {"on"}}
	w := a.do("POST", "/games", form, cookie)
	if w.Code != http.StatusOK {
		t.Fatalf("POST /games with a game unfinished = %d, want 200 (the question)", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{`name="confirm" value="yes"`, `name="size" value="6"`, `name="sound" value="on"`,
		`href="/games/` + old + `#status"`} {
		if !strings.Contains(body, want) {
			t.Errorf("confirm page lacks %q", want)
		}
	}
	form.Set("confirm", "yes")
	w = a.do("POST", "/games", form, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("confirmed POST /games = %d, want 303", w.Code)
	}
	home := a.do("GET", "/", nil, cookie).Body.String()
	if !strings.Contains(home, "Continue: 6×6, two players") || !strings.Contains(home, "/games/"+old) {
		t.Errorf("home page should continue the new game and still list the old one:\n%s", home)
	}
}

// moveCase is a POST to a game's moves and what it should answer.
type moveCase struct {
	name       string
	form       url.Values
	cookie     string // "own", "none", "forged", "other"
	wantStatus int
	wantText   string
}

func TestMoveRejections(t *testing.T) {
	a := newApp(t)
	id, own := a.start(nil)
	a.put("otherplayersgame", "0123456789abcdef0123456789abcdef", game.Options{Size: 8}, "f5", nil)
	_, otherCookie := a.start(nil) // a second browser
	forged := *own
	forged.Value = own.Value[:len(own.Value)-4] + "AAAA"
	cookies := map[string]*http.Cookie{"own": own, "none": nil, "forged": &forged, "other": otherCookie}

	for _, tc := range []moveCase{
		{"legal", url.Values{"ply": {"0"}, "move": {"f5"}}, "own", 303, ""},
		{"stale ply", url.Values{"ply": {"0"}, "move": {"d3"}}, "own", 409, "out of date"},
		{"future ply", url.Values{"ply": {"9"}, "move": {"d3"}}, "own", 409, "out of date"},
		{"occupied", url.Values{"ply": {"2"}, "move": {"d4"}}, "own", 422, "already holds a disc"},
		{"flips nothing", url.Values{"ply": {"2"}, "move": {"a1"}}, "own", 422, "isn&#39;t a legal move"},
		{"pass with moves", url.Values{"ply": {"2"}, "move": {"pass"}}, "own", 422, "can&#39;t pass"},
		{"off the board", url.Values{"ply": {"2"}, "move": {"i9"}}, "own", 400, "wasn&#39;t understood"},
		{"garbage move", url.Values{"ply": {"2"}, "move": {"<script>"}}, "own", 400, "wasn&#39;t understood"},
		{"no move", url.Values{"ply": {"2"}}, "own", 400, "wasn&#39;t understood"},
		{"no ply", url.Values{"move": {"d3"}}, "own", 400, "which position"},
		{"bad ply", url.Values{"ply": {"-1"}, "move": {"d3"}}, "own", 400, "which position"},
		{"no cookie", url.Values{"ply": {"2"}, "move": {"d3"}}, "none", 403, "isn&#39;t linked to this browser"},
		{"forged cookie", url.Values{"ply": {"2"}, "move": {"d3"}}, "forged", 403, "isn&#39;t linked to this browser"},
		{"someone else's", url.Values{"ply": {"2"}, "move": {"d3"}}, "other", 403, "isn&#39;t linked to this browser"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := a.stored(id)
			w := a.do("POST", "/games/"+id+"/moves", tc.form, cookies[tc.cookie])
			if w.Code != tc.wantStatus {
				t.Fatalf("status = %d, want %d; body:\n%s", w.Code, tc.wantStatus, w.Body)
			}
			if !strings.Contains(w.Body.String(), tc.wantText) {
				t.Errorf("body lacks %q:\n%s", tc.wantText, w.Body)
			}
			after := a.stored(id)
			if tc.wantStatus == http.StatusSeeOther {
				if got, want := w.Header().Get("Location"), "/games/"+id+"#status"; got != want {
					t.Errorf("Location = %q, want %q", got, want)
				}
				return
			}
			if !slices.Equal(after.Record.Plies, before.Record.Plies) || after.Updated != before.Updated {
				t.Errorf("a refused move changed the game: %v -> %v", before.Record.Plies, after.Record.Plies)
			}
			if tc.wantStatus == 409 || tc.wantStatus == 422 || tc.wantStatus == 400 && tc.cookie == "own" {
				// The refusal shows the board as stored, with a fresh ply.
				if want := `name="ply" value="2"`; !strings.Contains(w.Body.String(), want) {
					t.Errorf("refusal page lacks %q", want)
				}
			}
		})
	}
	t.Run("other player's game", func(t *testing.T) {
		w := a.do("POST", "/games/otherplayersgame/moves", url.Values{"ply": {"1"}, "move": {"d6"}}, own)
		if w.Code != http.StatusForbidden {
			t.Errorf("status = %d, want 403", w.Code)
		}
		if g := a.stored("otherplayersgame"); g.Ply() != 1 {
			t.Errorf("another player's game changed: ply %d", g.Ply())
		}
	})
	t.Run("other player's game page", func(t *testing.T) {
		if w := a.do("GET", "/games/otherplayersgame", nil, own); w.Code != http.StatusForbidden {
			t.Errorf("GET = %d, want 403", w.Code)
		}
	})
}

func TestNotFound(t *testing.T) {
	a := newApp(t)
	_, cookie := a.start(nil)
	for _, path := range []string{"/games/abcdefghijklmnop", "/games/NOT-AN-ID", "/nothing/here", "/static/app.css"} {
		w := a.do("GET", path, nil, cookie)
		if w.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, w.Code)
		}
	}
	if w := a.do("POST", "/games/abcdefghijklmnop/moves", url.Values{"ply": {"0"}, "move": {"d3"}}, cookie); w.Code != http.StatusNotFound {
		t.Errorf("POST to a missing game = %d, want 404", w.Code)
	}
	if w := a.do("DELETE", "/", nil, cookie); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("DELETE / = %d, want 405", w.Code)
	}
	if w := a.do("HEAD", "/", nil, cookie); w.Code != http.StatusOK || w.Body.Len() != 0 {
		t.Errorf("HEAD / = %d with %d bytes, want 200 and no body", w.Code, w.Body.Len())
	}
}

func TestHugeFormIsRefused(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	form := url.Values{"ply": {"0"}, "move": {"f5"}, "padding": {strings.Repeat("x", maxBody)}}
	if w := a.do("POST", "/games/"+id+"/moves", form, cookie); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a %d-byte form = %d, want 413", len(form.Encode()), w.Code)
	}
	if g := a.stored(id); g.Ply() != 0 {
		t.Errorf("a refused form changed the game")
	}
}

func TestCrossOriginPostIsRefused(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	req := url.Values{"ply": {"0"}, "move": {"f5"}}
	r := httptestRequest("POST", "/games/"+id+"/moves", req)
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	r.AddCookie(cookie)
	w := recordRequest(a, r)
	if w.Code != http.StatusForbidden {
		t.Fatalf("cross-site POST = %d, want 403", w.Code)
	}
	if !strings.Contains(w.Body.String(), "another site") {
		t.Errorf("cross-site refusal page lacks its message:\n%s", w.Body)
	}
	if g := a.stored(id); g.Ply() != 0 {
		t.Errorf("cross-site POST changed the game")
	}
}

func TestStaticAssets(t *testing.T) {
	a := newApp(t)
	for _, asset := range []static.Asset{static.CSS(), static.JS()} {
		r := httptestRequest("GET", asset.Path, nil)
		r.Header.Set("Accept-Encoding", "gzip, deflate, br")
		w := recordRequest(a, r)
		if w.Code != 200 {
			t.Fatalf("GET %s = %d", asset.Path, w.Code)
		}
		if got, want := w.Header().Get("Cache-Control"), "public, max-age=31536000, immutable"; got != want {
			t.Errorf("GET %s Cache-Control = %q, want %q", asset.Path, got, want)
		}
		if got := w.Header().Get("Content-Encoding"); got != "gzip" {
			t.Errorf("GET %s Content-Encoding = %q, want gzip", asset.Path, got)
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		if string(body) != string(asset.Body) {
			t.Errorf("GET %s: gunzipped body differs from the file", asset.Path)
		}
	}
}

func TestPagesAreGzipped(t *testing.T) {
	a := newApp(t)
	r := httptestRequest("GET", "/", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	w := recordRequest(a, r)
	if got := w.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("GET / Content-Encoding = %q, want gzip", got)
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.Contains(string(body), "<h1>Play Reversi</h1>") {
		t.Errorf("gunzipped home page lacks its heading")
	}
}

// panicStore panics on every game lookup.
type panicStore struct{ club.Store }

func (panicStore) Game(context.Context, string) (*club.Game, error) { panic("boom: secret detail") }

func TestPanicShowsAPlainErrorPage(t *testing.T) {
	base := newApp(t)
	a := newAppWith(t, base.store, panicStore{base.store})
	w := a.do("GET", "/games/abcdefghijklmnop", nil, nil)
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", w.Code)
	}
	body := w.Body.String()
	if strings.Contains(body, "boom") || strings.Contains(body, "goroutine") || strings.Contains(body, ".go:") {
		t.Errorf("error page leaks the panic:\n%s", body)
	}
	if !strings.Contains(body, "Something went wrong") {
		t.Errorf("error page lacks its heading:\n%s", body)
	}
}

// TestHeadAnswersLikeGet sends HEAD to every page that takes GET: the same
// status and headers, and no body.
func TestHeadAnswersLikeGet(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil, "opponent", "local")
	for _, path := range []string{"/", "/games/" + id, "/tutorial", "/tutorial/2?try=f3", "/practice",
		"/rules", "/strategy", "/faq", "/history", static.CSS().Path, "/no/such/page"} {
		get, head := a.do("GET", path, nil, cookie), a.do("HEAD", path, nil, cookie)
		if head.Code != get.Code || head.Body.Len() != 0 || head.Header().Get("Content-Type") != get.Header().Get("Content-Type") {
			t.Errorf("HEAD %s = %d with %d bytes (%s); GET = %d (%s)", path, head.Code, head.Body.Len(),
				head.Header().Get("Content-Type"), get.Code, get.Header().Get("Content-Type"))
		}
	}
}
