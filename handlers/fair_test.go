package handlers

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"reversi/ai"
	"reversi/game"
	"reversi/internal/testkit"
)

// TestFloodRunsOneSearch has one player post the same move forty times at
// once, and ask for a hint forty times at once: the server runs one search
// for each flood, not forty. The others wait their turn and are refused as
// stale (or answered from the hint on record) without searching.
func TestFloodRunsOneSearch(t *testing.T) {
	base := newApp(t)
	var moves, hints atomic.Int64
	a := newAppConfig(t, base.store, func(c *testConfig) {
		c.Play.Choose = func(ctx context.Context, b game.Board, l ai.Level, r *rand.Rand) (game.Square, error) {
			moves.Add(1)
			time.Sleep(20 * time.Millisecond) // a search takes a while: the flood arrives during it
			return testkit.FirstMove(ctx, b, l, r)
		}
		c.Play.Hint = func(ctx context.Context, b game.Board) (game.Square, error) {
			hints.Add(1)
			time.Sleep(20 * time.Millisecond)
			return testkit.FirstHint(ctx, b)
		}
	})
	id, cookie := a.start(nil, "level", "hard")
	flood := func(path string, form url.Values) map[int]int {
		codes := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range 40 {
			wg.Go(func() {
				w := a.do("POST", "/games/"+id+path, form, cookie)
				mu.Lock()
				codes[w.Code]++
				mu.Unlock()
			})
		}
		wg.Wait()
		return codes
	}
	codes := flood("/moves", url.Values{"move": {"f5"}, "ply": {"0"}})
	g := a.stored(id)
	if replies := int64(g.Ply() - 1); moves.Load() != replies {
		t.Errorf("40 posts of one move ran %d searches, want %d (the computer's plies)", moves.Load(), replies)
	}
	if codes[http.StatusSeeOther] != 1 || codes[http.StatusConflict] != 39 {
		t.Errorf("answers = %v, want one 303 and 39 409s", codes)
	}
	ply := strconv.Itoa(g.Ply())
	codes = flood("/hint", url.Values{"ply": {ply}})
	if hints.Load() != 1 || codes[http.StatusSeeOther] != 40 {
		t.Errorf("40 hint posts ran %d searches with answers %v, want 1 search and 40 303s", hints.Load(), codes)
	}
	if n := a.srv.app.Gauges().Turns; n != 0 {
		t.Errorf("%d locks still held after the floods", n)
	}
}

// TestFloodDelaysOnlyTheFlooder measures another player's Hard replies
// while one player floods the server with moves and hints: the figures in
// the README ("Fair use of the computer"). It asserts no time, only that
// the other player was answered every time with a real search.
func TestFloodDelaysOnlyTheFlooder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays Hard moves for several seconds")
	}
	base := newApp(t)
	a := newAppConfig(t, base.store, func(c *testConfig) {
		c.Play.Choose, c.Play.Hint = ai.Choose, ai.Hint
		c.MoveRate, c.HintRate = 0, 0 // the default limits
	})
	fid, fcookie := a.start(nil, "level", "hard")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			for ctx.Err() == nil {
				g := a.stored(fid)
				form := url.Values{"ply": {strconv.Itoa(g.Ply())}}
				path := "/hint"
				if i%2 == 0 {
					b, _ := g.Record.Board()
					if b.Over() {
						return
					}
					form.Set("move", b.Moves().First().Name(8))
					if b.MustPass() {
						form.Set("move", "pass")
					}
					path = "/moves"
				}
				a.do("POST", "/games/"+fid+path, form, fcookie)
			}
		})
	}
	// The other player plays ten Hard moves against the flood.
	id, cookie := a.start(nil, "level", "hard")
	var took []time.Duration
	for range 10 {
		g := a.stored(id)
		b, _ := g.Record.Board()
		if b.Over() || b.MustPass() {
			break
		}
		start := time.Now()
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"move": {b.Moves().First().Name(8)}, "ply": {strconv.Itoa(g.Ply())}}, cookie)
		took = append(took, time.Since(start))
		if w.Code != http.StatusSeeOther {
			t.Fatalf("the other player's move = %d, want 303", w.Code)
		}
	}
	cancel()
	wg.Wait()
	slices.Sort(took)
	t.Logf("the other player's Hard replies under the flood: median %v, max %v over %d moves",
		took[len(took)/2].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond), len(took))
}
