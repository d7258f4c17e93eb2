package arena

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"reversi/ai"
	"reversi/ai/internal/scorecache"
	"reversi/game"
)

// The agreement measurement is not a test of correctness: it plays games
// and solves endgames for minutes, so it runs only when asked for.
var (
	agreement        = flag.Bool("agreement", false, "run TestExpertAgreement: how often Expert's move is an exact best")
	agreementGames   = flag.Int("agreement.games", 10, "Hard-against-Hard games whose positions are measured")
	agreementSeed    = flag.Uint64("agreement.seed", 1, "seed of those games (4-ply random openings)")
	agreementEmpties = flag.String("agreement.empties", "20,24,26,28", "numbers of empties measured, comma-separated")
	agreementCache   = flag.String("agreement.cache", "", "file of exact scores solved before, read first and added to, so that a rerun solves only what is new")
)

// recorder is a player that plays as inner does and keeps each position it
// is asked to move in whose number of empties is wanted, the first of each
// count in a game.
type recorder struct {
	inner Player
	want  map[int]bool
	mu    *sync.Mutex
	got   map[int][]game.Board
	seen  map[string]bool
}

func (r recorder) String() string { return r.inner.String() }

func (r recorder) Start(ctx context.Context, opts game.Options, rng *rand.Rand) (Seat, error) {
	s, err := r.inner.Start(ctx, opts, rng)
	return recSeat{s, r}, err
}

type recSeat struct {
	Seat
	r recorder
}

func (s recSeat) Move(ctx context.Context, b game.Board) (game.Square, error) {
	if n := b.Count(game.Empty); s.r.want[n] && !b.Moves().IsZero() {
		s.r.mu.Lock()
		if !s.r.seen[b.Line()] {
			s.r.seen[b.Line()] = true
			s.r.got[n] = append(s.r.got[n], b)
		}
		s.r.mu.Unlock()
	}
	return s.Seat.Move(ctx, b)
}

// TestExpertAgreement measures how often Expert plays a move that our
// exact solver proves best, and the mean loss in discs when it does not,
// in positions from Hard-against-Hard games with random openings. Each
// position is solved exactly (a minute or more at 28 empties), so it runs
// only with -agreement:
//
//	go test ./ai/arena -run TestExpertAgreement -agreement -v -timeout 2h \
//	    [-agreement.games 10] [-agreement.seed 1] [-agreement.empties 20,24,26,28] \
//	    [-agreement.cache FILE]
//
// It logs one line per number of empties: positions, exact-best count,
// mean loss, and Expert's slowest move. With -agreement.cache the exact
// scores are kept in FILE (a line each: the position, a move or "top" for
// the position's own score, the score), so a rerun, say of another build
// of Expert, solves only the moves it has not met.
func TestExpertAgreement(t *testing.T) {
	if !*agreement {
		t.Skip("plays Hard games and solves endgames for minutes; run with -agreement")
	}
	var counts []int
	for f := range strings.SplitSeq(*agreementEmpties, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, n)
	}
	want := map[int]bool{}
	for _, n := range counts {
		want[n] = true
	}
	rec := recorder{
		inner: Level{ai.Player{Level: ai.Hard}},
		want:  want, mu: &sync.Mutex{}, got: map[int][]game.Board{}, seen: map[string]bool{},
	}
	ctx := context.Background()
	cache, err := scorecache.Open(*agreementCache)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	cfg := Config{A: rec, B: rec, Games: *agreementGames, Options: game.Options{Size: 8},
		Seed: *agreementSeed, Random: 4}
	for i := range cfg.Games {
		if _, err := Play(ctx, cfg, i); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range counts {
		var best, total, loss int
		var slowest time.Duration
		for _, b := range rec.got[n] {
			t0 := time.Now()
			m, err := ai.Player{Level: ai.Expert}.Choose(ctx, b, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			slowest = max(slowest, time.Since(t0))
			top, got := exactScore(ctx, t, cache, b, m)
			total++
			if got == top {
				best++
			} else {
				loss += top - got
				t.Logf("%d empties: %s: Expert %s loses %d (best %+d)", n, b.Line(), m.Name(8), top-got, top)
			}
		}
		mean := 0.0
		if total > 0 {
			mean = float64(loss) / float64(total)
		}
		t.Logf("%d empties: exact best %d/%d, mean loss %.2f discs, slowest move %v", n, best, total, mean, slowest.Round(time.Millisecond))
	}
}

// exactScore returns the exact score of b for the side to move and that
// of its move m, from the cache or else solved: the root's solve, and a
// solve of m's position when the root's search only bounded m.
func exactScore(ctx context.Context, t *testing.T, c *scorecache.Cache, b game.Board, m game.Square) (top, got int) {
	t.Helper()
	pos := b.Line()
	top, err := c.Score(pos, scorecache.Top, func() (int, error) {
		var putErr error
		sol, err := ai.Solve(ctx, b, func(r ai.RootMove) {
			if r.Exact && putErr == nil {
				putErr = c.Put(pos, r.Move.Name(8), r.Score)
			}
		})
		return sol.Score, cmp.Or(err, putErr)
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err = c.Score(pos, m.Name(8), func() (int, error) { return solveMove(ctx, t, b, m), nil })
	if err != nil {
		t.Fatal(err)
	}
	return top, got
}

// solveMove returns the exact score of b's move m for the side to move.
func solveMove(ctx context.Context, t *testing.T, b game.Board, m game.Square) int {
	t.Helper()
	next, _, err := b.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	sign := -1
	if !next.Over() && next.Moves().IsZero() {
		// The opponent must pass: solve from the mover's side again.
		next, _, _ = next.Play(game.Pass)
		sign = 1
	}
	if next.Over() {
		d := next.Count(b.Turn()) - next.Count(b.Turn().Opponent())
		e := next.Count(game.Empty)
		switch {
		case d > 0:
			d += e
		case d < 0:
			d -= e
		}
		return d
	}
	child, err := ai.Solve(ctx, next, nil)
	if err != nil {
		t.Fatal(fmt.Errorf("solve %s: %w", next.Line(), err))
	}
	return sign * child.Score
}
