package play

import (
	"errors"
	"slices"
	"strconv"
	"testing"

	"reversi/game"
	"reversi/internal/testkit"
)

func moveNames(b game.Bits) []string {
	var s []string
	for sq := range b.All() {
		s = append(s, sq.Name(8))
	}
	return s
}

// TestLateGame replays the seed game from the cross start, move by move
// by the rules, and checks what steps 6 to 8 say about it.
func TestLateGame(t *testing.T) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, LateGame)
	if err != nil {
		t.Fatalf("ParseTranscript(LateGame): %v", err)
	}
	ps, err := g.Positions()
	if err != nil {
		t.Fatal(err)
	}
	n := len(g.Plies)
	// The last plies are White's c7, Black's pass and White's b1.
	got := []string{g.Plies[n-3].Name(8), g.Plies[n-2].Name(8), g.Plies[n-1].Name(8)}
	if want := []string{"c7", "pass", "b1"}; !slices.Equal(got, want) {
		t.Fatalf("last plies = %v, want %v", got, want)
	}
	before := ps[n-3]
	if before.Turn() != game.White {
		t.Errorf("before c7: %v to move, want white", before.Turn())
	}
	if got := moveNames(before.Flips(testkit.Sq8(t, "c7"))); !slices.Equal(got, []string{"d7"}) || before.At(testkit.Sq8(t, "e7")) != game.White {
		t.Errorf("c7 turns over %v with e7 %v, want [d7] against a white e7", got, before.At(testkit.Sq8(t, "e7")))
	}
	afterC7 := ps[n-2]
	if got := afterC7.Moves(); afterC7.Turn() != game.Black || !got.IsZero() {
		t.Errorf("after c7: %v to move with moves %v, want black with none", afterC7.Turn(), moveNames(got))
	}
	if got := moveNames(afterC7.OpponentMoves()); !slices.Equal(got, []string{"b1"}) {
		t.Errorf("after c7, White's moves = %v, want [b1]", got)
	}
	beforeB1 := ps[n-1]
	var lines int
	for _, l := range beforeB1.Trial(testkit.Sq8(t, "b1")) {
		if l.Outcome == game.Brackets {
			lines++
		}
	}
	if f := beforeB1.Flips(testkit.Sq8(t, "b1")); f.Count() != 6 || lines != 2 {
		t.Errorf("b1 turns over %v along %d lines, want six along two", moveNames(f), lines)
	}
	end := ps[n]
	if !end.Over() {
		t.Errorf("after b1: Over() = false, want true")
	}
	if got := moveNames(end.Discs(game.Empty)); !slices.Equal(got, []string{"a8"}) {
		t.Errorf("after b1, empty squares = %v, want [a8]", got)
	}
	r := end.Result()
	if r.White != 48 || r.Black != 15 || r.WhiteScore != 49 || r.BlackScore != 15 || r.Winner != game.White {
		t.Errorf("result = %+v, want White 48, Black 15, tournament 49 to 15", r)
	}
	if LateBeforePass+"b1" != LateGame {
		t.Errorf("LateBeforePass = %q does not end where b1 follows", LateBeforePass)
	}
}

// TestTutorialPositions checks every step's position, side to move and
// legal moves against the words on its page.
func TestTutorialPositions(t *testing.T) {
	late := "X-OOOOOO\nXXXXOOOO\nXXXOOOOO\nXXXXOOOO\nXXXOOXOO\nXXOOXOOO\nXOOOOXOO\n-OOOOOOO\n"
	for _, tc := range []struct {
		step  int
		board string // rows, then the side to move
		moves []string
		last  string // the marked last placement, "" for none
		flips []string
	}{
		{1, "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", []string{"d3", "c4", "f5", "e6"}, "", nil},
		{2, "--------\n--------\n---X----\n---XX---\n---XO---\n--------\n--------\n--------\nO", []string{"c3", "e3", "c5"}, "d3", []string{"d4"}},
		{3, "--------\n--------\n---XO---\n---XO---\n---XO---\n--------\n--------\n--------\nX", []string{"f2", "f3", "f4", "f5", "f6"}, "e3", []string{"e4"}},
		{4, "--------\n--------\n---XO---\n---XO---\n---XO---\n--------\n--------\n--------\nX", []string{"f2", "f3", "f4", "f5", "f6"}, "e3", []string{"e4"}},
		{5, "--------\n--------\n---XXX--\n---XX---\n---XO---\n--------\n--------\n--------\nO", []string{"e2", "c3", "c5"}, "f3", []string{"e3", "e4"}},
		{6, late + "X", nil, "c7", []string{"d7"}},
		{7, late + "O", []string{"b1"}, "c7", []string{"d7"}},
		{8, "XOOOOOOO\nXOOXOOOO\nXOXOOOOO\nXOXXOOOO\nXOXOOXOO\nXOOOXOOO\nXOOOOXOO\n-OOOOOOO\nX", nil, "b1", []string{"b2", "c2", "b3", "b4", "b5", "b6"}},
	} {
		t.Run(strconv.Itoa(tc.step), func(t *testing.T) {
			b, last, flips, err := steps[tc.step-1].Position()
			if err != nil {
				t.Fatal(err)
			}
			want, err := game.ParseBoard(tc.board)
			if err != nil {
				t.Fatal(err)
			}
			if b != want {
				t.Errorf("position =\n%v\nwant\n%v", b, want)
			}
			if got := moveNames(b.Moves()); !slices.Equal(got, tc.moves) {
				t.Errorf("legal moves = %v, want %v", got, tc.moves)
			}
			if tc.last != "" && (last.Name(8) != tc.last || !slices.Equal(moveNames(flips), tc.flips)) {
				t.Errorf("last placement = %s flipping %v, want %s flipping %v", last.Name(8), moveNames(flips), tc.last, tc.flips)
			}
		})
	}
}

// TestLateBeforePass checks that LateBeforePass is LateGame without its
// last move, b1.
func TestLateBeforePass(t *testing.T) {
	if LateBeforePass+"b1" != LateGame {
		t.Errorf("LateBeforePass + b1 = %q, want LateGame %q", LateBeforePass+"b1", LateGame)
	}
}

// TestStepFacts checks what a step's page is told after a trial or a
// choice: whether the question is answered, and whether the position's
// line keeps a forced pass unsaid.
func TestStepFacts(t *testing.T) {
	if _, err := StepFor(0); !errors.Is(err, ErrNoStep) {
		t.Errorf("StepFor(0): %v, want ErrNoStep", err)
	}
	if _, err := StepFor(len(Steps()) + 1); !errors.Is(err, ErrNoStep) {
		t.Errorf("StepFor(past the end): %v, want ErrNoStep", err)
	}
	a8 := game.SquareAt(8, 0, 7)
	tests := []struct {
		n              int
		trial          game.Square
		answer         string
		chose          bool
		answered, hide bool
		right          bool
	}{
		{4, game.Pass, "", false, false, false, false},
		{4, game.Pass, "2", true, true, false, true},
		{4, game.Pass, "3", true, true, false, false},
		{6, game.Pass, "", false, false, true, false},
		{6, a8, "", false, true, false, false},
		{6, game.Pass, "2", true, false, true, false}, // a choice where none is offered counts for nothing
		{8, game.Pass, "", false, true, false, false},
	}
	for _, tt := range tests {
		f, err := StepFor(tt.n)
		if err != nil {
			t.Fatal(err)
		}
		f = f.Try(tt.trial, tt.answer, tt.chose)
		if f.Answered() != tt.answered || f.HidesPass() != tt.hide || f.Right != tt.right {
			t.Errorf("step %d, trial %v, answer %q: answered %v, hides the pass %v, right %v; want %v, %v, %v",
				tt.n, tt.trial, tt.answer, f.Answered(), f.HidesPass(), f.Right, tt.answered, tt.hide, tt.right)
		}
	}
}
