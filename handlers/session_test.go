package handlers

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"

	"reversi/game"
)

func TestSessionKeysFromEnvironment(t *testing.T) {
	long := strings.Repeat("k", 32)
	for _, tc := range []struct {
		env       string
		wantPairs int
		wantErr   bool
	}{
		{long, 1, false},
		{long + "," + strings.Repeat("o", 40), 2, false},
		{"short", 0, true},
		{long + ",short", 0, true},
	} {
		keys, err := SessionKeys(tc.env, filepath.Join(t.TempDir(), "unused"))
		if (err != nil) != tc.wantErr {
			t.Errorf("SessionKeys(%q) error = %v, want error %v", tc.env, err, tc.wantErr)
			continue
		}
		if len(keys) != 2*tc.wantPairs {
			t.Errorf("SessionKeys(%q) = %d keys, want %d", tc.env, len(keys), 2*tc.wantPairs)
		}
		for _, k := range keys {
			if len(k) != 32 {
				t.Errorf("key of %d bytes, want 32", len(k))
			}
		}
	}
}

func TestSessionKeysFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reversi.db.session-key")
	first, err := SessionKeys("", path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Errorf("key file mode = %v, want 0600", mode)
	}
	again, err := SessionKeys("", path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first[0], again[0]) || !bytes.Equal(first[1], again[1]) {
		t.Errorf("the second start derived other keys from the same file")
	}
	if err := os.WriteFile(path, []byte("short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := SessionKeys("", path); err == nil {
		t.Errorf("a key file with a short secret was accepted")
	}
}

// TestConcurrentMovesOneWins sends the same form twice at once: one move is
// played, the other is told that the board was out of date.
func TestConcurrentMovesOneWins(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	codes := make([]int, 4)
	var wg sync.WaitGroup
	for i, move := range []string{"f5", "d3", "c4", "e6"} {
		wg.Go(func() {
			codes[i] = a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {move}}, cookie).Code
		})
	}
	wg.Wait()
	won := 0
	for _, c := range codes {
		switch c {
		case http.StatusSeeOther:
			won++
		case http.StatusConflict:
		default:
			t.Errorf("status %d, want 303 or 409", c)
		}
	}
	if won != 1 {
		t.Errorf("%d of 4 concurrent moves were played (%v), want 1", won, codes)
	}
	if g := a.stored(id); g.Ply() != 2 {
		t.Errorf("after the race ply = %d, want 2", g.Ply())
	}
}

// TestSessionCookieFormats checks that the cookie holds only the player id
// and that a cookie written in gorilla's default gob format, as earlier
// versions wrote them, still identifies its player.
func TestSessionCookieFormats(t *testing.T) {
	a := newApp(t)
	a.put("gamegamegamegame", testPlayer, game.Options{Size: 8}, "", nil)
	gobCookie, err := securecookie.EncodeMulti(cookieName, map[any]any{playerKey: testPlayer},
		securecookie.CodecsFromPairs(testKeys...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		cookie *http.Cookie
		want   int
	}{
		{"current", a.playerCookie(testPlayer), http.StatusOK},
		{"gob", &http.Cookie{Name: cookieName, Value: gobCookie}, http.StatusOK},
		{"other player", a.playerCookie("0123456789abcdef0123456789abcdef"), http.StatusForbidden},
		{"forged", &http.Cookie{Name: cookieName, Value: gobCookie[:len(gobCookie)-4] + "AAAA"}, http.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if w := a.do("GET", "/games/gamegamegamegame", nil, tt.cookie); w.Code != tt.want {
				t.Errorf("GET = %d, want %d", w.Code, tt.want)
			}
		})
	}
	if _, err := (sessionSerializer{}).Serialize(map[any]any{playerKey: testPlayer, "more": 1}); err == nil {
		t.Error("a session with more than the player id was written")
	}
	var vals map[any]any
	if err := (sessionSerializer{}).Deserialize([]byte(sessionPrefix+testPlayer), &vals); err != nil || vals[playerKey] != testPlayer {
		t.Errorf("Deserialize = %v, %v", vals, err)
	}
	// A chosen language rides along; anything else, or a language that
	// would break the format, does not.
	b, err := (sessionSerializer{}).Serialize(map[any]any{playerKey: testPlayer, langKey: "en.dl"})
	if err != nil {
		t.Fatal(err)
	}
	if err := (sessionSerializer{}).Deserialize(b, &vals); err != nil || vals[playerKey] != testPlayer || vals[langKey] != "en.dl" {
		t.Errorf("a session with a language read back as %v, %v", vals, err)
	}
	for _, bad := range []map[any]any{
		{playerKey: testPlayer, langKey: "fr:x"}, {playerKey: testPlayer, langKey: 7}, {playerKey: testPlayer, langKey: "fr", "more": 1},
	} {
		if _, err := (sessionSerializer{}).Serialize(bad); err == nil {
			t.Errorf("Serialize(%v) wrote it", bad)
		}
	}
}

// cookieOf returns a session cookie whose payload, inside the test keys'
// encryption and signature, is payload.
func cookieOf(t *testing.T, payload string) *http.Cookie {
	t.Helper()
	raw := securecookie.CodecsFromPairs(testKeys...)
	for _, c := range raw {
		c.(*securecookie.SecureCookie).SetSerializer(securecookie.NopEncoder{})
	}
	v, err := securecookie.EncodeMulti(cookieName, []byte(payload), raw...)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Cookie{Name: cookieName, Value: v}
}

// oldCookie returns a cookie of player written long enough ago that a
// POST writes it again.
func oldCookie(t *testing.T, player string) *http.Cookie {
	return cookieOf(t, fmt.Sprintf("%s%s:%d", sessionPrefix, player, time.Now().Add(-2*cookieRefresh).Unix()))
}

// TestSessionCookieRefresh checks that a POST writes the cookie again once
// it is older than cookieRefresh, so that a player who keeps playing keeps
// it, that a fresh one is left alone, that a GET never writes one, and that
// a response writes the cookie at most once.
func TestSessionCookieRefresh(t *testing.T) {
	a := newApp(t)
	id, fresh := a.start(nil, "opponent", "local")
	player := playerID(ginContextWithCookie(t, a, fresh))
	// A cookie written long ago, in the current format, and one in the
	// format before the time was added.
	old := oldCookie(t, player)
	untimed := cookieOf(t, sessionPrefix+player)
	ply := 0
	move := func(cookie *http.Cookie) *httptest.ResponseRecorder {
		g := a.stored(id)
		b, err := g.Record.Board()
		if err != nil {
			t.Fatal(err)
		}
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {strconv.Itoa(g.Ply())}, "move": {b.Moves().First().Name(8)}}, cookie)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("move = %d, want 303", w.Code)
		}
		ply++
		return w
	}
	setCookies := func(w *httptest.ResponseRecorder) int { return len(w.Result().Cookies()) }
	if n := setCookies(move(fresh)); n != 0 {
		t.Errorf("a move with a fresh cookie wrote %d cookies, want none", n)
	}
	for name, cookie := range map[string]*http.Cookie{"old": old, "untimed": untimed} {
		if w := a.do("GET", "/games/"+id, nil, cookie); w.Code != http.StatusOK || setCookies(w) != 0 {
			t.Errorf("GET with the %s cookie = %d with %d cookies, want 200 and none", name, w.Code, setCookies(w))
		}
		w := move(cookie)
		if n := setCookies(w); n != 1 {
			t.Fatalf("a move with the %s cookie wrote %d cookies, want 1", name, n)
		}
		renewed := cookieFrom(t, w)
		if renewed.MaxAge != cookieMaxAge {
			t.Errorf("renewed cookie Max-Age = %d, want %d", renewed.MaxAge, cookieMaxAge)
		}
		if n := setCookies(move(renewed)); n != 0 {
			t.Errorf("a move with the renewed cookie wrote %d cookies, want none", n)
		}
	}
	// Starting a game with an old cookie writes it once, not twice.
	w := a.do("POST", "/games", url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"},
		"start": {"cross"}, "confirm": {"yes"}}, old)
	if w.Code != http.StatusSeeOther || setCookies(w) != 1 {
		t.Errorf("new game with an old cookie = %d with %d cookies, want 303 and 1", w.Code, setCookies(w))
	}
	// Choosing a language with an old cookie: the refresh writes it, and
	// the switch writes it again with the choice; the last one counts.
	w = a.do("POST", "/language", url.Values{"lang": {"fr"}}, old)
	cs := w.Result().Cookies()
	if len(cs) == 0 {
		t.Fatal("choosing a language with an old cookie wrote none")
	}
	if got := a.getLang("/", "en", cs[len(cs)-1]).Header().Get("Content-Language"); got != "fr" {
		t.Errorf("after choosing French with an old cookie, the page is %q", got)
	}
}

// ginContextWithCookie runs the session middleware on a request with
// cookie and returns its context.
func ginContextWithCookie(t *testing.T, a *testApp, cookie *http.Cookie) *gin.Context {
	t.Helper()
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(cookie)
	c := ginContext(httptest.NewRecorder(), req)
	a.srv.session(c)
	return c
}
