package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"reversi/game"
)

// BenchmarkSolve solves each position of the endgame suite; run it with
// -cpu 1 for one-core figures.
func BenchmarkSolve(b *testing.B) {
	for _, pos := range readSuite(b) {
		b.Run(pos.id, func(b *testing.B) {
			board, err := game.ParseLine(pos.line)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for b.Loop() {
				sol, err := Solve(context.Background(), board, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes = sol.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()*float64(b.N), "nodes/s")
		})
	}
}

// midgamePositions are 8×8 positions 20 to 30 plies into games between
// the levels, made from fixed seeds.
func midgamePositions(tb testing.TB, size, n int) []game.Board {
	tb.Helper()
	var out []game.Board
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 77))
		b, err := game.NewStart(game.Options{Size: size})
		if err != nil {
			tb.Fatal(err)
		}
		plies := 20 + rng.IntN(11)
		for range plies {
			m, err := Choose(context.Background(), b, Normal, rng)
			if err != nil {
				break
			}
			b, _, _ = b.Play(m)
		}
		if !b.Moves().IsZero() {
			out = append(out, b)
		}
	}
	return out
}

// BenchmarkSearch runs Hard's midgame search to a fixed depth on midgame
// positions and reports its speed in nodes per second.
func BenchmarkSearch(b *testing.B) {
	for _, tc := range []struct {
		size, depth int
		learned     bool
	}{{6, 8, false}, {8, 8, false}, {8, 8, true}, {10, 5, false}} {
		name := fmt.Sprintf("%dx%d-depth%d", tc.size, tc.size, tc.depth)
		if tc.learned {
			name += "-learned"
		}
		b.Run(name, func(b *testing.B) {
			positions := midgamePositions(b, tc.size, 8)
			var nodes uint64
			for b.Loop() {
				for _, pos := range positions {
					bud := newBudget(context.Background(), 0, time.Time{})
					e := engineFor(pos, tableBits)
					if tc.learned {
						e.(*engine64).learned = learned8
					}
					e.think(bud, game.Pass, tc.depth)
					nodes += bud.nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N)/float64(len(positions)), "nodes/position")
		})
	}
}
