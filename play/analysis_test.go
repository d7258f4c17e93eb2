package play_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"reversi/ai"
	"reversi/game"
	"reversi/play"
)

func TestParseAnalysisQuery(t *testing.T) {
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, side, _ := strings.Cut(start.Line(), " ")
	tests := []struct {
		name                        string
		position, side, moves, move string
		wantLine                    string // the position analysed, "" for a refusal
		moved                       bool
	}{
		{"default", "", "", "", "", start.Line(), false},
		{"given", pos, side, "", "", start.Line(), false},
		{"moves", pos, side, "f5d6", "", "", false},
		{"a move", pos, side, "f5", "d6", "", true},
		{"illegal", pos, side, "a1", "", "", false},
		{"short", pos[:63], side, "", "", "", false},
		{"bad side", pos, "Y", "", "", "", false},
		{"bad letter", strings.Replace(pos, "-", "Z", 1), side, "", "", "", false},
		{"placing", strings.Repeat("-", 64), "X", "", "", "", false},
		{"too long", pos, side, strings.Repeat("f5", 400), "", "", false},
	}
	after := func(ms ...string) string {
		b := start
		for _, m := range ms {
			sq, _ := game.ParseSquare(8, m)
			b, _, _ = b.Play(sq)
		}
		return b.Line()
	}
	tests[2].wantLine = after("f5", "d6")
	tests[3].wantLine = after("f5", "d6")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := play.ParseAnalysisQuery(tt.position, tt.side, tt.moves, tt.move)
			if tt.wantLine == "" {
				if !errors.Is(err, play.ErrBadPosition) {
					t.Errorf("err = %v, want ErrBadPosition", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := q.Board.Line(); got != tt.wantLine || q.Moved != tt.moved {
				t.Errorf("position %s moved %v, want %s %v", got, q.Moved, tt.wantLine, tt.moved)
			}
		})
	}
}

// TestParseAnalysisPass: a side with no move passes by itself.
func TestParseAnalysisPass(t *testing.T) {
	// White (O) to move has no move; X has.
	b, err := game.ParseLine("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O")
	if err != nil {
		t.Fatal(err)
	}
	pos, side, _ := strings.Cut(b.Line(), " ")
	q, err := play.ParseAnalysisQuery(pos, side, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if q.Board.Turn() != game.Black || len(q.Moves) != 1 || q.Moves[0] != game.Pass {
		t.Errorf("turn %v moves %v, want Black after a pass", q.Board.Turn(), q.Moves)
	}
}

func FuzzParseAnalysisQuery(f *testing.F) {
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, side, _ := strings.Cut(start.Line(), " ")
	f.Add(pos, side, "f5d6", "c3")
	f.Add("", "", "", "")
	f.Add(strings.Repeat("-", 36), "O", "pass", "a1")
	f.Fuzz(func(t *testing.T, position, side, moves, move string) {
		q, err := play.ParseAnalysisQuery(position, side, moves, move)
		if err != nil {
			if !errors.Is(err, play.ErrBadPosition) {
				t.Fatalf("err %v is not ErrBadPosition", err)
			}
			return
		}
		if q.Board.Placing() || q.Board.MustPass() {
			t.Fatalf("position %s: placing or a pass to make", q.Board.Line())
		}
		// The moves lead from the start to the position.
		b := q.Start
		for _, m := range q.Moves {
			if b, _, err = b.Play(m); err != nil {
				t.Fatalf("moves %v from %s: %v", q.Moves, q.Start.Line(), err)
			}
		}
		if b != q.Board {
			t.Fatalf("moves lead to %s, want %s", b.Line(), q.Board.Line())
		}
	})
}

func TestAnalyseApp(t *testing.T) {
	a, _ := newApp(t, nil)
	// 14 empties: every move exact, and the same as the solver's.
	b, err := game.ParseLine("--XXXXX--OOOXX-OOOOOXXOOOO-OXOOOO-XXOOO-OOXXOOOXXXXXOX--XXXX---- X")
	if err != nil {
		t.Fatal(err)
	}
	pos, side, _ := strings.Cut(b.Line(), " ")
	q, err := play.ParseAnalysisQuery(pos, side, "", "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := a.Analyse(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Analysis.Moves) != q.Board.Moves().Count() {
		t.Fatalf("%d moves, want %d", len(f.Analysis.Moves), q.Board.Moves().Count())
	}
	for _, mv := range f.Analysis.Moves {
		after, _, _ := q.Board.Play(mv.Move)
		sol, err := ai.Solve(context.Background(), after, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !mv.Exact || mv.Value != -sol.Score {
			t.Errorf("%s: %+v, want %d exact", mv.Move.Name(8), mv, -sol.Score)
		}
	}
	if n, _ := a.SolvedCache(); n == 0 {
		t.Error("nothing cached")
	}
}

// TestAnalyseRemembers: a position analysed again is answered from the
// app's analyses, without a search.
func TestAnalyseRemembers(t *testing.T) {
	a, _ := newApp(t, nil)
	q, err := play.ParseAnalysisQuery("", "", "f5d6c3", "")
	if err != nil {
		t.Fatal(err)
	}
	first, err := a.Analyse(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	again, err := a.Analyse(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if first.Analysis != again.Analysis {
		t.Error("the second analysis searched again")
	}
}
