package ai

import (
	"context"
	"testing"

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
