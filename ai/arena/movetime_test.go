package arena

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"reversi/ai"
	"reversi/game"
)

// The move-time measurement times Expert, not a test of correctness: it
// runs only when asked for.
var (
	moveTimes      = flag.Bool("movetimes", false, "run TestExpertMoveTimes: the wall time of each Expert move")
	moveTimesGames = flag.Int("movetimes.games", 6, "Hard-against-Hard games whose positions are timed")
	moveTimesSeed  = flag.Uint64("movetimes.seed", 1, "seed of those games (4-ply random openings)")
	moveTimesFrom  = flag.Int("movetimes.from", 14, "fewest empties timed")
	moveTimesTo    = flag.Int("movetimes.to", 30, "most empties timed")
	moveTimesList  = flag.Bool("movetimes.list", false, "log each position, Expert's move and its time")
)

// TestExpertMoveTimes times Expert's move, from the call to the answer, in
// every position of some Hard-against-Hard games whose number of empties
// lies in a range, one move at a time, and logs the distribution (p50,
// p99, max) in bands of empties and in all, and the slowest positions. It
// asserts nothing about time:
//
//	go test ./ai/arena -run TestExpertMoveTimes -movetimes -v -timeout 1h \
//	    [-movetimes.games 6] [-movetimes.seed 1] [-movetimes.from 14] [-movetimes.to 30] [-movetimes.list]
//
// With -movetimes.list it logs each position, Expert's move and its time,
// so that two builds' moves can be compared and only the positions where
// they differ solved.
func TestExpertMoveTimes(t *testing.T) {
	if !*moveTimes {
		t.Skip("times Expert for minutes; run with -movetimes")
	}
	want := map[int]bool{}
	for n := *moveTimesFrom; n <= *moveTimesTo; n++ {
		want[n] = true
	}
	rec := newPositions(Level{ai.Player{Level: ai.Hard}}, want)
	ctx := context.Background()
	cfg := Config{A: rec, B: rec, Games: *moveTimesGames, Options: game.Options{Size: 8},
		Seed: *moveTimesSeed, Random: 4}
	for i := range cfg.Games {
		if _, err := Play(ctx, cfg, i); err != nil {
			t.Fatal(err)
		}
	}
	type timed struct {
		d       time.Duration
		empties int
		line    string
	}
	var all []timed
	bands := map[int][]time.Duration{} // by empties/5*5
	for n := *moveTimesFrom; n <= *moveTimesTo; n++ {
		for _, b := range rec.got[n] {
			t0 := time.Now()
			m, err := ai.Player{Level: ai.Expert}.Choose(ctx, b, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			d := time.Since(t0)
			if *moveTimesList {
				t.Logf("move: %s %s %v", b.Line(), m.Name(8), d.Round(time.Millisecond))
			}
			all = append(all, timed{d, n, b.Line()})
			bands[n/5*5] = append(bands[n/5*5], d)
		}
	}
	keys := make([]int, 0, len(bands))
	for k := range bands {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("%d–%d empties: %s", max(k, *moveTimesFrom), min(k+4, *moveTimesTo), spread(bands[k]))
	}
	ds := make([]time.Duration, len(all))
	for i, x := range all {
		ds[i] = x.d
	}
	t.Logf("all: %s", spread(ds))
	slices.SortFunc(all, func(a, b timed) int { return int(b.d - a.d) })
	for _, x := range all[:min(5, len(all))] {
		t.Logf("slow: %v at %d empties: %s", x.d.Round(time.Millisecond), x.empties, x.line)
	}
}

// spread formats the count, p50, p99 and max of ds.
func spread(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	q := func(p float64) time.Duration { return s[min(len(s)-1, int(p*float64(len(s))))].Round(time.Millisecond) }
	return fmt.Sprintf("%d moves, p50 %v, p99 %v, max %v", len(s), q(0.5), q(0.99), s[len(s)-1].Round(time.Millisecond))
}

// newPositions returns a recorder that plays as inner and keeps every
// position with a wanted number of empties where the side to move has a
// move (each position once).
func newPositions(inner Player, want map[int]bool) recorder {
	return recorder{inner: inner, want: want,
		mu: &sync.Mutex{}, got: map[int][]game.Board{}, seen: map[string]bool{}}
}
