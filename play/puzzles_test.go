package play

import (
	"errors"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play/puzzle"
)

func TestProgressRules(t *testing.T) {
	type step struct {
		n     int
		right bool
		// want after the answer
		changed                       bool
		solved, streak, level, misses int
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"three right go up a grade", []step{
			{1, true, true, 1, 1, 1, 0}, {2, true, true, 2, 2, 1, 0}, {3, true, true, 3, 3, 2, 0},
		}},
		{"a solved puzzle counts once", []step{
			{1, true, true, 1, 1, 1, 0}, {1, true, false, 1, 1, 1, 0}, {1, false, false, 1, 1, 1, 0},
		}},
		{"right after wrong is done, not counted", []step{
			{1, false, true, 0, 0, 1, 1}, {1, false, false, 0, 0, 1, 1}, {1, true, true, 0, 0, 1, 1},
		}},
		{"two misses go down a grade, never below 1", []step{
			{1, true, true, 1, 1, 1, 0}, {2, true, true, 2, 2, 1, 0}, {3, true, true, 3, 3, 2, 0},
			{4, false, true, 3, 0, 2, 1}, {5, false, true, 3, 0, 1, 0}, {6, false, true, 3, 0, 1, 1}, {7, false, true, 3, 0, 1, 0},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := &club.PuzzleProgress{Level: 1}
			for i, s := range tc.steps {
				changed := Progress(pr, s.n, s.right)
				if changed != s.changed || pr.Solved != s.solved || pr.Streak != s.streak || pr.Level != s.level || pr.Misses != s.misses {
					t.Fatalf("step %d (%d, right %v): changed %v, %+v; want changed %v, solved %d, streak %d, level %d, misses %d",
						i, s.n, s.right, changed, pr, s.changed, s.solved, s.streak, s.level, s.misses)
				}
			}
		})
	}
}

func TestCheckPuzzle(t *testing.T) {
	p := Puzzles()[0]
	ans, err := CheckPuzzle(p, p.Moves[0].Move)
	if err != nil || !ans.Right || ans.Value != p.Moves[0].Value {
		t.Errorf("the best move: %+v, %v", ans, err)
	}
	ans, err = CheckPuzzle(p, p.Moves[1].Move)
	if err != nil || ans.Right || ans.Value != p.Moves[1].Value || ans.Best != p.Moves[0] {
		t.Errorf("the second move: %+v, %v", ans, err)
	}
	var illegal *IllegalMoveError
	if _, err := CheckPuzzle(p, p.Board.Discs(game.Black).First()); !errors.As(err, &illegal) {
		t.Errorf("an occupied square: %v, want an IllegalMoveError", err)
	}
	if _, err := Puzzle(0); !errors.Is(err, ErrNoPuzzle) {
		t.Errorf("Puzzle(0): %v", err)
	}
	if _, err := Puzzle(len(Puzzles()) + 1); !errors.Is(err, ErrNoPuzzle) {
		t.Errorf("Puzzle(past the end): %v", err)
	}
}

// TestNextPuzzle: next never offers the puzzle just seen nor a solved one
// while others remain, keeps to the grade reached, and following it
// visits every puzzle of that grade.
func TestNextPuzzle(t *testing.T) {
	for level := 1; level <= puzzle.MaxGrade; level++ {
		pr := &club.PuzzleProgress{Level: level}
		var inGrade int
		for _, p := range Puzzles() {
			if p.Grade == level {
				inGrade++
			}
		}
		seen := map[int]bool{}
		n := NextFor(pr, 0)
		for range inGrade {
			if seen[n] {
				break
			}
			seen[n] = true
			if g := Puzzles()[n-1].Grade; inGrade > 0 && g != level {
				t.Fatalf("level %d: offered puzzle %d of grade %d", level, n, g)
			}
			next := NextFor(pr, n)
			if next == n && inGrade > 1 {
				t.Fatalf("level %d: next after %d is itself", level, n)
			}
			n = next
		}
		if inGrade > 0 && len(seen) != inGrade {
			t.Errorf("level %d: next visited %d of the grade's %d puzzles", level, len(seen), inGrade)
		}
	}
	// A solved puzzle is not offered again while others remain.
	pr := &club.PuzzleProgress{Level: 1}
	first := NextFor(pr, 0)
	Progress(pr, first, true)
	for range 20 {
		n := NextFor(pr, 0)
		if n == first {
			t.Fatalf("puzzle %d offered again once solved", n)
		}
		Progress(pr, n, true)
	}
}

func TestDailyPuzzle(t *testing.T) {
	day := time.Date(2026, 12, 2, 0, 0, 1, 0, time.UTC)
	a, b := DailyFor(day), DailyFor(day.Add(23*time.Hour))
	if a != b {
		t.Errorf("the same day gave puzzles %d and %d", a, b)
	}
	if p, err := Puzzle(a); err != nil || p.Grade < 2 || p.Grade > 4 {
		t.Errorf("daily puzzle %d: %v", a, err)
	}
	days := map[int]bool{}
	for d := range 30 {
		days[DailyFor(day.AddDate(0, 0, d))] = true
	}
	if len(days) < 10 {
		t.Errorf("30 days gave only %d different puzzles", len(days))
	}
}
