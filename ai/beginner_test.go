package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"reversi/game"
)

// givesAway reports whether playing sq in b leaves the opponent a legal
// move on a corner.
func givesAway(t *testing.T, b game.Board, sq game.Square) bool {
	t.Helper()
	next, _, err := b.Play(sq)
	if err != nil {
		t.Fatalf("Play(%s, %s): %v", b.Line(), sq.Name(b.Size()), err)
	}
	for m := range next.Moves().All() {
		if isCorner(b.Size(), m) {
			return true
		}
	}
	return false
}

func TestBeginnerRules(t *testing.T) {
	tests := []struct {
		size  int
		seed  uint64
		n     int
		seeds uint64
	}{
		{6, 21, 300, 8},
		{8, 22, 300, 8},
		{10, 23, 300, 8},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.size, tt.size), func(t *testing.T) {
			positions := gamePositions(tt.size, tt.seed, tt.n, func(game.Board) bool { return true })
			var withCorner, withSafe, allUnsafe int
			for i, b := range positions {
				corner, safe := false, false
				for sq := range b.Moves().All() {
					corner = corner || isCorner(tt.size, sq)
					safe = safe || !givesAway(t, b, sq)
				}
				switch {
				case corner:
					withCorner++
				case safe:
					withSafe++
				default:
					allUnsafe++
				}
				for seed := range tt.seeds {
					m, err := Choose(context.Background(), b, Beginner, rand.New(rand.NewPCG(seed, uint64(i))))
					switch {
					case err != nil:
						t.Fatalf("Choose(%s, Beginner, seed %d) error %v", b.Line(), seed, err)
					case m == game.Pass || !b.Legal(m):
						t.Fatalf("Choose(%s, Beginner, seed %d) = %v, not a legal move", b.Line(), seed, m)
					case corner && !isCorner(tt.size, m):
						t.Errorf("Choose(%s, Beginner, seed %d) = %s, want a corner", b.Line(), seed, m.Name(tt.size))
					case !corner && safe && givesAway(t, b, m):
						t.Errorf("Choose(%s, Beginner, seed %d) = %s, gives a corner away when another move does not", b.Line(), seed, m.Name(tt.size))
					}
				}
			}
			// The positions must exercise every rule.
			if withCorner < 10 || withSafe < 10 || allUnsafe < 3 {
				t.Errorf("%d positions: %d with a corner to take, %d with a safe move, %d with none; want more of each",
					len(positions), withCorner, withSafe, allUnsafe)
			}
		})
	}
}

func TestBeginnerIsRandom(t *testing.T) {
	// In a position with several safe moves and no corner, different
	// seeds give different moves, each of them safe.
	for _, size := range game.Sizes() {
		positions := gamePositions(size, 31, 20, func(b game.Board) bool {
			safe := 0
			for sq := range b.Moves().All() {
				if isCorner(size, sq) {
					return false
				}
				if !givesAway(t, b, sq) {
					safe++
				}
			}
			return safe >= 3
		})
		if len(positions) < 20 {
			t.Fatalf("size %d: found only %d positions with three safe moves", size, len(positions))
		}
		for _, b := range positions {
			seen := map[game.Square]bool{}
			for seed := range uint64(40) {
				m, err := Choose(context.Background(), b, Beginner, rand.New(rand.NewPCG(seed, 1)))
				if err != nil {
					t.Fatal(err)
				}
				seen[m] = true
			}
			if len(seen) < 2 {
				t.Errorf("Choose(%s, Beginner) played the same move for 40 seeds, want a random choice", b.Line())
			}
		}
	}
}

func TestBeginnerPlacesAtRandom(t *testing.T) {
	// In the free placement phase Beginner places on a centre square, as
	// every level does, before its rules apply.
	b, err := game.NewStart(game.Options{Size: 8, Start: game.Free})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[game.Square]bool{}
	for seed := range uint64(40) {
		m, err := Choose(context.Background(), b, Beginner, rand.New(rand.NewPCG(seed, 2)))
		if err != nil || !b.Legal(m) {
			t.Fatalf("Choose(free start, Beginner, seed %d) = %v, %v, want a legal placement", seed, m, err)
		}
		seen[m] = true
	}
	if len(seen) < 2 {
		t.Errorf("Beginner placed on %d square(s) in 40 seeds, want a random choice", len(seen))
	}
}

// TestLevelsKeepCornersSafe checks the rule that puts Easy above Beginner
// and Normal above Easy: with no corner of its own to take, neither leaves
// the opponent a corner when another move does not.
func TestLevelsKeepCornersSafe(t *testing.T) {
	for _, level := range []Level{Easy, Normal} {
		for _, size := range game.Sizes() {
			t.Run(fmt.Sprintf("%s/%dx%d", level, size, size), func(t *testing.T) {
				positions := gamePositions(size, 31, 300, func(game.Board) bool { return true })
				rng := rand.New(rand.NewPCG(5, uint64(size)))
				for _, b := range positions {
					safe, corner := false, false
					for sq := range b.Moves().All() {
						safe = safe || !givesAway(t, b, sq)
						corner = corner || isCorner(size, sq)
					}
					m, err := Choose(context.Background(), b, level, rng)
					if err != nil {
						t.Fatal(err)
					}
					if safe && !corner && givesAway(t, b, m) {
						t.Errorf("%s: %s played %s, giving a corner away", b.Line(), level, m.Name(size))
					}
				}
			})
		}
	}
}
