package cli

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/sqlite"
)

// TestCrashRatingsWithTheGamesEnd plays rated games between fresh named
// players through the real binary's forms, has every game's challenger
// resign, a few milliseconds apart, and kills the server with SIGKILL
// right after it has answered some of those resignations. On the database the server left, every game is
// either over with both ratings moved (and a resignation the server had
// answered is always over), or still playing with neither rating made:
// the ratings are written in the write that ends the game, never apart.
// Then, on the restarted server, the games still playing are resigned
// and every player has exactly one rated game.
func TestCrashRatingsWithTheGamesEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary; skipped in -short mode")
	}
	dir, bin := t.TempDir(), buildServer(t)
	dbPath := filepath.Join(dir, "ratings.db")
	// One address plays every player: no per-network limits.
	unlimited := []string{"-new-players-per-hour", "-1", "-new-games-per-hour", "-1", "-game-rate", "-1"}
	srv := startServer(t, bin, dbPath, unlimited...)

	const pairs = 16
	type pair struct {
		a, b       *browser
		game       string
		answered   bool // the resign was answered 303
		challenger string
		acceptor   string
	}
	ps := make([]*pair, pairs)
	for i := range ps {
		p := &pair{a: newBrowser(t, srv.url), b: newBrowser(t, srv.url),
			challenger: fmt.Sprintf("Black%02d", i), acceptor: fmt.Sprintf("White%02d", i)}
		p.a.must(p.a.post("/players/me", url.Values{"name": {p.challenger}}), http.StatusSeeOther)
		p.b.must(p.b.post("/players/me", url.Values{"name": {p.acceptor}}), http.StatusSeeOther)
		wait := p.a.must(p.a.post("/lobby", url.Values{"size": {"8"}, "clock": {"5+3"}, "color": {"black"}, "rated": {"on"}}), http.StatusSeeOther)
		p.game = strings.TrimSuffix(p.b.must(p.b.post(strings.TrimSuffix(wait, "#status")+"/accept", nil), http.StatusSeeOther), "#status")
		for j, m := range []string{"f5", "d6", "c3", "d3"} {
			who := []*browser{p.a, p.b}[j%2]
			who.must(who.post(p.game+"/moves", url.Values{"move": {m}, "ply": {strconv.Itoa(j)}}), http.StatusSeeOther)
		}
		ps[i] = p
	}
	// The challengers resign a few milliseconds apart; the server dies
	// right after it has answered some of them (1 to 8), among the rest.
	var wg sync.WaitGroup
	answers := make(chan struct{}, pairs)
	for i, p := range ps {
		wg.Go(func() {
			time.Sleep(time.Duration(i) * 3 * time.Millisecond)
			code, _ := p.a.try("POST", p.game+"/resign", url.Values{"ply": {"4"}})
			p.answered = code == http.StatusSeeOther
			if p.answered {
				answers <- struct{}{}
			}
		})
	}
	for range 1 + rand.IntN(8) {
		<-answers
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	wg.Wait()

	ctx := context.Background()
	check := func(after string) (over int) {
		t.Helper()
		store, err := sqlite.Open(ctx, dbPath)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		for _, p := range ps {
			g, err := store.Game(ctx, strings.TrimPrefix(p.game, "/games/"))
			if err != nil {
				t.Fatal(err)
			}
			var counts []int
			for _, n := range []string{p.challenger, p.acceptor} {
				pl, err := store.PlayerByName(ctx, club.Name(n))
				if err != nil {
					t.Fatal(err)
				}
				rs, err := store.Ratings(ctx, pl.ID)
				if err != nil {
					t.Fatal(err)
				}
				hist, err := store.RatedGames(ctx, pl.ID, 0, "", 10)
				if err != nil {
					t.Fatal(err)
				}
				games := 0
				for _, r := range rs {
					games += r.Games
				}
				if len(hist) != games {
					t.Errorf("%s: %s has %d rated games in the history and %d in the ratings", after, n, len(hist), games)
				}
				counts = append(counts, games)
			}
			switch {
			case g.Status == club.Over && (counts[0] != 1 || counts[1] != 1):
				t.Errorf("%s: game %s is over, but its players have %v rated games, want one each", after, g.ID, counts)
			case g.Status == club.Playing && (counts[0] != 0 || counts[1] != 0):
				t.Errorf("%s: game %s is playing, but its players have %v rated games, want none", after, g.ID, counts)
			case g.Status == club.Playing && p.answered:
				t.Errorf("%s: the resignation of game %s was answered, but the game is playing", after, g.ID)
			}
			if g.Status == club.Over {
				over++
			}
		}
		return over
	}
	over := check("after the kill")
	t.Logf("after the kill: %d of %d games over with their ratings, the rest untouched", over, pairs)

	srv = startServer(t, bin, dbPath, unlimited...)
	for _, p := range ps {
		p.a.base = srv.url
		p.a.try("POST", p.game+"/resign", url.Values{"ply": {"4"}}) // 303, or 409 for those already over
	}
	if over := check("after the restart"); over != pairs {
		t.Errorf("after the restart %d of %d games are over", over, pairs)
	}
}

// browser is one player's cookie jar, following no redirect.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// try sends a request and returns its status and Location; 0 when no
// answer came (the server died).
func (b *browser) try(method, path string, form url.Values) (int, string) {
	req, _ := http.NewRequest(method, b.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := b.c.Do(req)
	if err != nil {
		return 0, ""
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Location")
}

func (b *browser) post(path string, form url.Values) [2]any {
	code, loc := b.try("POST", path, form)
	return [2]any{code, loc}
}

// must checks a post's status and returns its Location.
func (b *browser) must(r [2]any, code int) string {
	b.t.Helper()
	if r[0].(int) != code {
		b.t.Fatalf("status %d, want %d", r[0], code)
	}
	return r[1].(string)
}
