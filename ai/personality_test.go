package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"reversi/game"
)

// gamePositions returns positions from games of random moves on a
// size×size board, made from seed, that keep returns true for.
func gamePositions(size int, seed uint64, n int, keep func(game.Board) bool) []game.Board {
	rng := rand.New(rand.NewPCG(seed, uint64(size)))
	var out []game.Board
	for tries := 0; len(out) < n && tries < 1000; tries++ {
		b, _ := game.NewStart(game.Options{Size: size})
		for !b.Over() && len(out) < n {
			if !b.Moves().IsZero() && keep(b) {
				out = append(out, b)
			}
			moves := b.Moves().Squares()
			m := game.Pass
			if len(moves) > 0 {
				m = moves[rng.IntN(len(moves))]
			}
			b, _, _ = b.Play(m)
		}
	}
	return out
}

func isCorner(size int, sq game.Square) bool {
	c, r := sq.Col(size), sq.Row(size)
	return (c == 0 || c == size-1) && (r == 0 || r == size-1)
}

func TestEasyPrefersFlips(t *testing.T) {
	for _, size := range game.Sizes() {
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) {
			positions := gamePositions(size, 1, 200, func(b game.Board) bool { return b.Moves().Count() > 2 })
			rng := rand.New(rand.NewPCG(2, 2))
			maxFlip := 0
			for _, b := range positions {
				most := 0
				for sq := range b.Moves().All() {
					most = max(most, b.Flips(sq).Count())
				}
				m, err := Choose(context.Background(), b, Easy, rng)
				if err != nil {
					t.Fatal(err)
				}
				if b.Flips(m).Count() == most {
					maxFlip++
				}
			}
			// Easy plays on a whim one move in ten, and keeps corners
			// and X-squares safe before it counts flips.
			if got, want := float64(maxFlip)/float64(len(positions)), 0.70; got < want {
				t.Errorf("size %d: Easy played a most-flipping move in %.0f%% of %d positions, want at least %.0f%%", size, 100*got, len(positions), 100*want)
			}
		})
	}
}

func TestNormalTakesCorners(t *testing.T) {
	for _, size := range game.Sizes() {
		positions := gamePositions(size, 3, 50, func(b game.Board) bool {
			for sq := range b.Moves().All() {
				if isCorner(b.Size(), sq) {
					return true
				}
			}
			return false
		})
		if len(positions) < 20 {
			t.Fatalf("size %d: found only %d positions with a corner to take", size, len(positions))
		}
		for i, b := range positions {
			for seed := range uint64(4) {
				m, err := Choose(context.Background(), b, Normal, rand.New(rand.NewPCG(seed, uint64(i))))
				if err != nil {
					t.Fatal(err)
				}
				if !isCorner(size, m) {
					t.Errorf("Choose(%s, Normal, seed %d) = %s, want a corner", b.Line(), seed, m.Name(size))
				}
			}
		}
	}
}

func TestNormalAvoidsXSquares(t *testing.T) {
	// Normal plays next to an empty corner only when careless or with no
	// other choice: count how often it does so when it has a choice.
	positions := gamePositions(8, 4, 300, func(b game.Board) bool { return b.Moves().Count() > 3 })
	rng := rand.New(rand.NewPCG(5, 5))
	xs := 0
	for _, b := range positions {
		m, _ := Choose(context.Background(), b, Normal, rng)
		for _, pair := range [][2]string{{"b2", "a1"}, {"g2", "h1"}, {"b7", "a8"}, {"g7", "h8"}} {
			x, _ := game.ParseSquare(8, pair[0])
			corner, _ := game.ParseSquare(8, pair[1])
			if m == x && b.At(corner) == game.Empty {
				xs++
			}
		}
	}
	if got, want := float64(xs)/float64(len(positions)), 0.05; got > want {
		t.Errorf("Normal played an X-square next to an empty corner in %.1f%% of positions, want at most %.0f%%", 100*got, 100*want)
	}
}

func TestHardPlaysSolvedEndgamesPerfectly(t *testing.T) {
	tests := []struct {
		size, empties, n int
	}{
		{6, 12, 10},
		{8, 12, 10},
		{8, 14, 4},
		{10, 9, 4},
	}
	for _, tt := range tests {
		n := tt.n
		if testing.Short() {
			n = (n + 1) / 2
		}
		positions := gamePositions(tt.size, 6, n, func(b game.Board) bool { return b.Count(game.Empty) == tt.empties })
		for i, b := range positions {
			want, err := Solve(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			// No clock: a loaded machine must not cut the solve short.
			hard := Player{Level: Hard, MoveTime: time.Hour}
			m, err := hard.Choose(context.Background(), b, rand.New(rand.NewPCG(uint64(i), 1)))
			if err != nil {
				t.Fatal(err)
			}
			next, _, err := b.Play(m)
			if err != nil {
				t.Fatalf("Choose(%s, Hard) = %s: %v", b.Line(), m.Name(tt.size), err)
			}
			after, err := Solve(context.Background(), next, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := -after.Score; got != want.Score {
				t.Errorf("Choose(%s, Hard) = %s, worth %+d, want a move worth %+d", b.Line(), m.Name(tt.size), got, want.Score)
			}
		}
	}
}

func TestHardBeatsItsDeadline(t *testing.T) {
	// A context that ends during the search still gets a legal move.
	b, _ := game.ParseLine("--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	m, err := Player{Level: Hard, Nodes: 1 << 40}.Choose(ctx, b, rand.New(rand.NewPCG(1, 1)))
	if err != nil || !b.Legal(m) || m == game.Pass {
		t.Errorf("Choose(%s, Hard, 30ms) = %v, %v, want a legal move", b.Line(), m, err)
	}
}

func TestEnginesAgree(t *testing.T) {
	// The generic engine solves 6×6 and 8×8 as the fast one does.
	for _, size := range []int{6, 8} {
		for _, b := range gamePositions(size, 8, 6, func(b game.Board) bool { return b.Count(game.Empty) == 11 }) {
			fast := engineFor(b, 16)
			generic := newEngineBits(b, 16)
			fs, _, ok1 := fast.solve(newBudget(context.Background(), 0, time.Time{}), nil)
			gs, _, ok2 := generic.solve(newBudget(context.Background(), 0, time.Time{}), nil)
			if fs != gs || !ok1 || !ok2 {
				t.Errorf("solve(%s): fast engine %+d, generic %+d", b.Line(), fs, gs)
			}
		}
	}
}

func TestHardSearchesWhenTheClockStopsTheSolve(t *testing.T) {
	// With no time to solve 14 empties, Hard still plays a legal move.
	b := gamePositions(8, 11, 1, func(b game.Board) bool { return b.Count(game.Empty) == 14 })[0]
	m, err := Player{Level: Hard, MoveTime: time.Nanosecond}.Choose(context.Background(), b, rand.New(rand.NewPCG(1, 1)))
	if err != nil || m == game.Pass || !b.Legal(m) {
		t.Errorf("Choose(%s, Hard, 1ns) = %v, %v, want a legal move", b.Line(), m, err)
	}
}
