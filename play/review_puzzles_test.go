package play

import (
	"path/filepath"
	"testing"

	"reversi/ai"
	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
)

// TestReviewPuzzles reviews an 8×8 game against the computer whose human
// (Black) always takes the first legal move, and checks the puzzles of
// its mistakes: each is Black's, at a position the solver reaches, best
// first with the review's own best value, the played move worth what the
// review says; White's moves give none; a ply without one is refused.
func TestReviewPuzzles(t *testing.T) {
	store, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	a, err := New(Config{Store: store, Review: ai.ReviewOptions{Nodes: 1000, ExactEmpties: 12}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Drain()
	g, err := game.NewGame(game.Options{Size: 8})
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := g.Board()
		if err != nil {
			t.Fatal(err)
		}
		if b.Over() {
			break
		}
		m := game.Pass
		if ms := b.Moves().Squares(); len(ms) > 0 {
			m = ms[0]
			if b.Turn() == game.White {
				m = ms[len(ms)-1]
			}
		}
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	const player = "00000000000000000000000000000001"
	if err := store.CreatePlayer(t.Context(), player); err != nil {
		t.Fatal(err)
	}
	dg := &club.Game{ID: "puzzlespuzzlespu", PlayerID: player, Opponent: club.Computer, Human: game.Black, Level: "easy",
		Record: *g, Status: club.Over, HintPly: -1, HintSquare: game.Pass}
	if err := store.CreateGame(t.Context(), dg); err != nil {
		t.Fatal(err)
	}
	m, err := a.Game(t.Context(), player, dg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.RequestReview(t.Context(), m, player, ""); err != nil {
		t.Fatal(err)
	}
	r, err := a.WaitForReview(t.Context(), m)
	if err != nil || r == nil {
		t.Fatalf("WaitForReview = %v, %v", r, err)
	}
	if len(r.Puzzles) == 0 || len(r.Puzzles) > ReviewPuzzlesPerSide {
		t.Fatalf("%d puzzles, want 1 to %d", len(r.Puzzles), ReviewPuzzlesPerSide)
	}
	verdict := map[int]MoveReview{}
	for _, mr := range r.Moves {
		verdict[mr.Ply] = mr
	}
	plies := r.PuzzlePlies(m)
	for _, rp := range r.Puzzles {
		mp, err := a.ReviewPuzzle(t.Context(), m, rp.Ply)
		if err != nil {
			t.Fatalf("ply %d: %v", rp.Ply, err)
		}
		p, number := mp.Puzzle, mp.Move
		mr := verdict[rp.Ply]
		if number != mr.Number {
			t.Errorf("ply %d: move number %d, the review says %d", rp.Ply, number, mr.Number)
		}
		if ans, err := CheckPuzzle(p, mr.Played); err != nil || ans.Right || ans.Value != mr.PlayedValue {
			t.Errorf("ply %d: the played move judged %+v, %v", rp.Ply, ans, err)
		}
		if p.Board.Turn() != game.Black || !mr.Exact || mr.Loss() == 0 || !plies[rp.Ply] {
			t.Errorf("ply %d: a puzzle of %v's move, exact %v, loss %d", rp.Ply, p.Board.Turn(), mr.Exact, mr.Loss())
		}
		if p.Best().Value != mr.BestValue {
			t.Errorf("ply %d: best %+d, the review says %+d", rp.Ply, p.Best().Value, mr.BestValue)
		}
		if v, ok := p.Value(mr.Played); !ok || v != mr.PlayedValue {
			t.Errorf("ply %d: played %s worth %+d (%v), the review says %+d", rp.Ply, mr.Played.Name(8), v, ok, mr.PlayedValue)
		}
		if p.FinalValue() != p.Best().Value {
			t.Errorf("ply %d: the line ends at %+d, not the best value %+d", rp.Ply, p.FinalValue(), p.Best().Value)
		}
	}
	for _, mr := range r.Moves {
		if mr.Side == game.White {
			if _, err := a.ReviewPuzzle(t.Context(), m, mr.Ply); err != ErrNoReviewPuzzle {
				t.Errorf("White's move at ply %d: %v, want ErrNoReviewPuzzle", mr.Ply, err)
			}
			break
		}
	}
	for _, ply := range []int{-1, 0, 1000} {
		if _, err := a.ReviewPuzzle(t.Context(), m, ply); err != ErrNoReviewPuzzle {
			t.Errorf("ply %d: %v, want ErrNoReviewPuzzle", ply, err)
		}
	}
}
