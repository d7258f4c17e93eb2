package ai

import (
	"context"
	"fmt"
	"testing"
	"time"

	"reversi/game"
)

// TestAnalyseExact holds the analysis's exact values to the solver's: each
// move's value is the solved value of the position after it, negated, and
// the best is the position's own score.
func TestAnalyseExact(t *testing.T) {
	ctx := context.Background()
	for _, empties := range []int{8, 12, 14} {
		t.Run(fmt.Sprint(empties), func(t *testing.T) {
			b, _, ok := heldOutPosition(ctx, uint64(empties)*1000+7, empties)
			if !ok {
				t.Skip("no position")
			}
			c := NewSolveCache(100)
			an, err := Analyse(ctx, b, AnalysisOptions{Cache: c})
			if err != nil {
				t.Fatal(err)
			}
			if len(an.Moves) != b.Moves().Count() {
				t.Fatalf("%d moves valued, want %d", len(an.Moves), b.Moves().Count())
			}
			for _, mv := range an.Moves {
				after, _, _ := b.Play(mv.Move)
				sol, err := Solve(ctx, after, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !mv.Exact || mv.Value != -sol.Score {
					t.Errorf("%s: value %d exact %v, want %d exact", mv.Move.Name(8), mv.Value, mv.Exact, -sol.Score)
				}
			}
			sol, _ := Solve(ctx, b, nil)
			if best, _ := an.Best(); best.Value != sol.Score {
				t.Errorf("best value %d, want the position's score %d", best.Value, sol.Score)
			}
			if an.Line[0] != an.Moves[0].Move {
				t.Errorf("line starts %v, want the best move %v", an.Line[0], an.Moves[0].Move)
			}
			// The line is legal and keeps the value.
			p := b
			for _, m := range an.Line {
				if p, _, err = p.Play(m); err != nil {
					t.Fatalf("line %v: %v", an.Line, err)
				}
			}
		})
	}
}

// TestAnalyseEstimates checks that a midgame position's estimates are
// within the board and carry their depth.
func TestAnalyseEstimates(t *testing.T) {
	b, _ := game.NewStart(game.Options{Size: 8})
	for _, m := range []string{"f5", "d6", "c3", "d3", "c4"} {
		sq, _ := game.ParseSquare(8, m)
		b, _, _ = b.Play(sq)
	}
	an, err := Analyse(context.Background(), b, AnalysisOptions{Budget: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(an.Moves) != b.Moves().Count() {
		t.Fatalf("%d moves valued, want %d", len(an.Moves), b.Moves().Count())
	}
	for _, mv := range an.Moves {
		if mv.Exact || mv.Depth < 1 || mv.Value < -64 || mv.Value > 64 {
			t.Errorf("%s: %+v, want an estimate within ±64 with its depth", mv.Move.Name(8), mv)
		}
	}
}

// TestAnalyseNoMoves: a pass, and a finished game.
func TestAnalyseNoMoves(t *testing.T) {
	full, err := game.ParseLine("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO X")
	if err != nil {
		t.Fatal(err)
	}
	an, err := Analyse(context.Background(), full, AnalysisOptions{})
	if err != nil || len(an.Moves) != 0 || len(an.Line) != 0 {
		t.Errorf("finished game: %+v, %v", an, err)
	}
}

// TestSolveCache keeps the most recently used and forgets the rest.
func TestSolveCache(t *testing.T) {
	c := NewSolveCache(2)
	var boards []game.Board
	b, _ := game.NewStart(game.Options{Size: 8})
	for m := range b.Moves().All() {
		after, _, _ := b.Play(m)
		boards = append(boards, after)
	}
	c.Put(boards[0], Solution{Score: 1})
	c.Put(boards[1], Solution{Score: 2})
	c.Get(boards[0])
	c.Put(boards[2], Solution{Score: 3})
	if _, ok := c.Get(boards[1]); ok {
		t.Error("the least recently used is still held")
	}
	if s, ok := c.Get(boards[0]); !ok || s.Score != 1 {
		t.Errorf("Get = %v, %v; want 1, true", s, ok)
	}
	var nilc *SolveCache
	nilc.Put(boards[0], Solution{})
	if _, ok := nilc.Get(boards[0]); ok {
		t.Error("a nil cache found something")
	}
}

// BenchmarkAnalyse times an analysis of held-out positions at 12, 16, 20
// and 24 empties (24 with the default budget), without a cache.
func BenchmarkAnalyse(b *testing.B) {
	ctx := context.Background()
	for _, empties := range []int{12, 16, 20, 24} {
		pos, _, ok := heldOutPosition(ctx, uint64(empties)*1000+3, empties)
		if !ok {
			b.Fatalf("no position at %d empties", empties)
		}
		b.Run(fmt.Sprint(empties), func(b *testing.B) {
			for b.Loop() {
				if _, err := Analyse(ctx, pos, AnalysisOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
