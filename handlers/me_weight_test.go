package handlers

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// TestMePageWeights holds, in each language, the player's page with keys,
// the key shown once, a key's question, the deleting question, and a home
// page with a full your-turn list (30 correspondence games) and six
// others, to 4 KB gzipped.
func TestMePageWeights(t *testing.T) {
	a := newApp(t)
	fillYourTurn(t, a)
	keyLink := regexp.MustCompile(`id="player-key" href="[^"]*(/key/[^"]+)"`)
	var key string
	for _, lang := range []string{"en", "fr", "ja"} {
		c := a.inLanguage(lang)
		if n := strings.Count(a.do("GET", "/", nil, c).Body.String(), `href="/games/corrgame`); n != 30 {
			t.Errorf("%s: the home page lists %d correspondence games, want 30", lang, n)
		}
		r := httptestRequest("POST", "/players/me/key", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		r.AddCookie(c)
		w := recordRequest(a, r)
		if w.Code != http.StatusOK {
			t.Fatalf("POST /players/me/key = %d", w.Code)
		}
		if key == "" {
			m := keyLink.FindStringSubmatch(a.do("POST", "/players/me/key", nil, c).Body.String())
			if m == nil {
				t.Fatal("no key link")
			}
			key = m[1]
		}
		sizes := map[string]int{"the key shown": w.Body.Len()}
		for _, path := range []string{"/", "/players/me", "/players/me/delete", key} {
			sizes[path] = gzipSize(t, a, path, c)
		}
		for what, n := range sizes {
			t.Logf("%s: %s: %d bytes gzipped", lang, what, n)
			if n > 4096 {
				t.Errorf("%s: %s: %d bytes gzipped, want at most 4096", lang, what, n)
			}
		}
	}
}

// letters writes i < 676 as two letters, for a game id.
func letters(i int) string { return string(rune('a'+i/26)) + string(rune('a'+i%26)) }

// fillYourTurn gives testPlayer, named, 30 correspondence games where it
// is their turn and six games against the computer.
func fillYourTurn(t testing.TB, a *testApp) {
	t.Helper()
	ctx := context.Background()
	st := a.store
	a.playerCookie(testPlayer) // records the player
	if err := st.SetName(ctx, testPlayer, "Bérénice_77"); err != nil {
		t.Fatal(err)
	}
	for i := range 30 {
		guest := fmt.Sprintf("%032x", 1000+i)
		if err := st.CreatePlayer(ctx, guest); err != nil {
			t.Fatal(err)
		}
		tc, _ := club.ParseTimeControl([]string{"1d", "3d", "7d"}[i%3])
		g := &club.Game{ID: "corrgameaaaaaa" + letters(i), PlayerID: testPlayer, Opponent: club.Online, Human: game.Black,
			Level: "normal", Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Playing,
			HintPly: -1, HintSquare: game.Pass, TimeControl: tc,
			Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: time.Now().Add(-time.Duration(i) * time.Minute)}}
		r := &club.Room{ID: fmt.Sprintf("corrroom%08d", i), Token: fmt.Sprintf("corrtoken%015d", i), Host: testPlayer, Guest: guest,
			HostColor: game.Black, Round: 1, Public: true}
		if err := st.CreateRoom(ctx, r, g); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 6 {
		a.put("computergameaaa"+string(rune('a'+i)), testPlayer, game.Options{Size: 8}, midGame8, nil)
	}
}

// BenchmarkHomeYourTurn is the home page of a player with a full
// your-turn list: 36 games read, the 30 online ones judged on their clocks.
func BenchmarkHomeYourTurn(b *testing.B) {
	a := newApp(b)
	fillYourTurn(b, a)
	cookie := a.playerCookie(testPlayer)
	for b.Loop() {
		if w := a.do("GET", "/", nil, cookie); w.Code != http.StatusOK {
			b.Fatalf("GET / = %d", w.Code)
		}
	}
}
