package play

import (
	"context"
	"fmt"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
	"reversi/play/puzzle"
)

// A player's own mistake, late enough in an 8×8 game for the solver (24
// empty squares or fewer), can be tried again as a puzzle: the position
// before the move, with every legal move's exact value and the perfect
// line after the best. The review solves them while it runs, for the
// worst few mistakes of each human side, and stores them with its
// verdicts, so that answering costs no search.

// ReviewPuzzlesPerSide is how many of a side's mistakes the review turns
// into puzzles: as many as the review page shows.
const ReviewPuzzlesPerSide = 3

// ReviewPuzzle is a stored puzzle of a review: the ply of the mistake,
// every legal move's exact value (best first) and the line after the best.
type ReviewPuzzle struct {
	Ply   int
	Moves []puzzle.MoveValue
	Line  []game.Square
}

// ErrNoReviewPuzzle refuses a puzzle of a review that has none at that
// move: not the viewer's mistake, not solved, or no review.
var ErrNoReviewPuzzle = fmt.Errorf("%w: no puzzle at that move of the review", club.ErrNotFound)

// reviewPuzzles solves the positions before the worst exact mistakes of
// each human side of g, each solve in a search slot.
func (a *App) reviewPuzzles(ctx context.Context, g *club.Game, moves []MoveReview) ([]ReviewPuzzle, error) {
	sides := []game.Color{game.Black, game.White}
	if g.Opponent == club.Computer {
		sides = []game.Color{g.Human}
	}
	return SolveReviewPuzzles(ctx, &g.Record, moves, sides, a.reviewSearchSlot)
}

// SolveReviewPuzzles solves the positions of rec before the worst exact
// mistakes (by moves, a review of rec) of each of sides, as puzzles: up to
// ReviewPuzzlesPerSide a side, on 8×8 only. Each solve waits for wait's
// go-ahead, if wait is not nil, and calls its release after.
func SolveReviewPuzzles(ctx context.Context, rec *game.Game, moves []MoveReview, sides []game.Color,
	wait func(context.Context) (func(), error)) ([]ReviewPuzzle, error) {
	if rec.Options.Size != puzzle.Size {
		return nil, nil
	}
	ps, err := rec.Positions()
	if err != nil {
		return nil, err
	}
	var out []ReviewPuzzle
	for _, side := range sides {
		var exact []MoveReview
		for _, mr := range moves {
			if mr.Side == side && mr.Exact && mr.Loss() > 0 && mr.Ply < len(ps) && ps[mr.Ply].Moves().Count() > 1 {
				exact = append(exact, mr)
			}
		}
		for _, mr := range ai.RankMistakes(exact, ReviewPuzzlesPerSide) {
			release := func() {}
			if wait != nil {
				if release, err = wait(ctx); err != nil {
					return nil, err
				}
			}
			p, err := puzzle.Solve(ctx, ps[mr.Ply])
			release()
			if err != nil {
				return nil, err
			}
			out = append(out, ReviewPuzzle{Ply: mr.Ply, Moves: p.Moves, Line: p.Line})
		}
	}
	return out, nil
}

// MistakePuzzle is a puzzle of a review: the position before the
// viewer's mistake at Ply, move Number of the game. The puzzle's own
// Number is 0: it is not one of the set.
type MistakePuzzle struct {
	*puzzle.Puzzle
	Ply, Move int
}

// ReviewPuzzle returns the puzzle of m's review at ply, the viewer's own
// mistake there, solved by the review.
func (a *App) ReviewPuzzle(ctx context.Context, m *Match, ply int) (*MistakePuzzle, error) {
	r, err := a.Review(ctx, m)
	if err != nil {
		return nil, err
	}
	if r == nil || ply < 0 || ply >= len(m.Positions) {
		return nil, ErrNoReviewPuzzle
	}
	number := 0
	for _, mr := range r.Moves {
		if mr.Ply == ply {
			number = mr.Number
		}
	}
	for _, rp := range r.Puzzles {
		if rp.Ply != ply {
			continue
		}
		b := m.Positions[ply]
		if !ReviewedFor(m, b.Turn()) {
			break // the other player's mistake
		}
		if len(rp.Moves) == 0 || len(rp.Line) == 0 {
			break
		}
		p := &puzzle.Puzzle{Board: b, Moves: rp.Moves, Line: rp.Line}
		if p.Best().Move != rp.Line[0] || !legalMoves(b, rp.Moves) {
			return nil, fmt.Errorf("review puzzle at ply %d of %s does not fit its position", ply, m.Game.ID)
		}
		return &MistakePuzzle{Puzzle: p, Ply: ply, Move: number}, nil
	}
	return nil, ErrNoReviewPuzzle
}

// PuzzlePlies returns the plies of r, m's review, that the viewer may try
// again as puzzles.
func (r *Review) PuzzlePlies(m *Match) map[int]bool {
	out := map[int]bool{}
	for _, rp := range r.Puzzles {
		if rp.Ply < len(m.Positions) && ReviewedFor(m, m.Positions[rp.Ply].Turn()) {
			out[rp.Ply] = true
		}
	}
	return out
}

// legalMoves reports whether mvs are exactly b's legal moves.
func legalMoves(b game.Board, mvs []puzzle.MoveValue) bool {
	legal := b.Moves()
	if legal.Count() != len(mvs) {
		return false
	}
	for _, mv := range mvs {
		if !legal.Has(mv.Move) {
			return false
		}
	}
	return true
}
