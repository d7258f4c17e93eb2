package handlers

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

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
}
