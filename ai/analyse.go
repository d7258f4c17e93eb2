package ai

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"reversi/game"
)

// AnalysisExactEmpties returns the number of empty squares from which an
// analysis solves every legal move exactly, whatever its time budget, on
// a size×size board: 20 on 8×8 (a second or so for a whole position on
// a free core, docs/measurements.md), 22 on 6×6, whose positions offer
// fewer moves, and 14 on 10×10, whose engine is slower.
func AnalysisExactEmpties(size int) int {
	switch size {
	case 6:
		return 22
	case 10:
		return 14
	}
	return 20
}

// DefaultAnalysisBudget is an analysis's time beyond the moves it always
// solves: the estimates' deepening, then solves while time remains.
const DefaultAnalysisBudget = 2 * time.Second

// AnalysisOptions bound an analysis.
type AnalysisOptions struct {
	// ExactEmpties overrides [AnalysisExactEmpties]; 0 keeps it.
	ExactEmpties int
	// Budget is the time for the searches that may be cut short:
	// estimates and solves beyond ExactEmpties, and the best line's;
	// 0 means DefaultAnalysisBudget.
	Budget time.Duration
	// Cache, if not nil, holds solved positions shared with other
	// searches.
	Cache *SolveCache
}

// MoveValue is the value of one legal move in an analysis.
type MoveValue struct {
	Move game.Square
	// Value is the final disc difference for the side to move after Move
	// (empty squares to the winner), with best play by both sides from
	// there: proved by the solver when Exact, else the midgame search's
	// estimate to Depth plies, scaled as the review's are and kept within
	// the board's squares.
	Value int
	Exact bool
	Depth int
}

// Analysis is the value of every legal move in a position, best first,
// and a best line from it.
type Analysis struct {
	Moves []MoveValue
	// Line is a best line from the position, passes included: proved to
	// its end or to its length when the first move's value is exact, else
	// the search's choices.
	Line []game.Square
}

// Best returns the analysis's best move's value; ok is false when the
// position has no legal move.
func (a *Analysis) Best() (mv MoveValue, ok bool) {
	if len(a.Moves) == 0 {
		return MoveValue{Move: game.Pass}, false
	}
	return a.Moves[0], true
}

// solveBeyond is how many empty squares beyond ExactEmpties an analysis
// still tries to solve within its budget.
const solveBeyond = 6

// maxLine is the most moves an analysis's best line shows.
const maxLine = 10

// Analyse returns the value of every legal move in b, which must be past
// the placement phase. At opt.ExactEmpties or fewer empty squares every
// move is solved, taking as long as it takes (within ctx); above, the
// midgame search deepens over all the moves within part of opt.Budget,
// and the rest of it goes to solving them, best first, while time
// remains. The best line has the time left. A position without a legal
// move has no moves and, if the game goes on, a line that starts with a
// pass. It returns ctx's error if ctx ends first.
func Analyse(ctx context.Context, b game.Board, opt AnalysisOptions) (*Analysis, error) {
	if b.Placing() {
		return nil, errors.New("analysis: the placement phase is not analysed")
	}
	if opt.ExactEmpties == 0 {
		opt.ExactEmpties = AnalysisExactEmpties(b.Size())
	}
	if opt.Budget <= 0 {
		opt.Budget = DefaultAnalysisBudget
	}
	deadline := time.Now().Add(opt.Budget)
	a := &Analysis{}
	if b.Moves().IsZero() {
		if !b.Over() {
			a.Line = []game.Square{game.Pass}
		}
		return a, nil
	}
	if b.Count(game.Empty) <= opt.ExactEmpties {
		for m := range b.Moves().All() {
			v, err := solvedValue(ctx, opt.Cache, b, m)
			if err != nil {
				return nil, err
			}
			a.Moves = append(a.Moves, MoveValue{Move: m, Value: v, Exact: true})
		}
	} else {
		var err error
		if a.Moves, err = estimateMoves(ctx, b, deadline.Add(-opt.Budget/2)); err != nil {
			return nil, err
		}
		rankMoveValues(a.Moves)
		// Solves while the budget lasts, best move first: the one that
		// decides the position's value and starts its line; none far
		// from the end, where no solve fits in a budget.
		sctx, cancel := context.WithDeadline(ctx, deadline)
		for i := range a.Moves {
			if b.Count(game.Empty) > opt.ExactEmpties+solveBeyond {
				break
			}
			v, err := solvedValue(sctx, opt.Cache, b, a.Moves[i].Move)
			if err != nil {
				break
			}
			a.Moves[i] = MoveValue{Move: a.Moves[i].Move, Value: v, Exact: true}
		}
		cancel()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	rankMoveValues(a.Moves)
	a.Line = bestLine(ctx, b, a.Moves[0], deadline, opt.Cache)
	return a, ctx.Err()
}

// rankMoveValues orders ms best first; among equal values an exact one first,
// then by square.
func rankMoveValues(ms []MoveValue) {
	slices.SortStableFunc(ms, func(x, y MoveValue) int {
		if c := cmp.Compare(y.Value, x.Value); c != 0 {
			return c
		}
		if x.Exact != y.Exact {
			if x.Exact {
				return -1
			}
			return 1
		}
		return cmp.Compare(x.Move, y.Move)
	})
}

// solvedValue returns the exact value of m in b for the side to move.
func solvedValue(ctx context.Context, c *SolveCache, b game.Board, m game.Square) (int, error) {
	after, _, err := b.Play(m)
	if err != nil {
		return 0, err
	}
	sol, err := SolveWith(ctx, c, after)
	if err != nil {
		return 0, err
	}
	return -sol.Score, nil
}

// estimateMoves deepens the midgame search over every legal move of b
// until deadline, and returns each move's value at the deepest depth that
// every move finished (at least one ply).
func estimateMoves(ctx context.Context, b game.Board, deadline time.Time) ([]MoveValue, error) {
	var done []MoveValue
	n := b.Size() * b.Size()
	scale := EstimateScale(b.Size(), b.Count(game.Empty))
	for depth := 1; depth < b.Count(game.Empty); depth++ {
		dctx := ctx
		cancel := context.CancelFunc(func() {})
		if depth > 1 {
			dctx, cancel = context.WithDeadline(ctx, deadline)
		}
		var ms []MoveValue
		for m := range b.Moves().All() {
			v, exact, err := estimate(dctx, b, m, depth)
			if err != nil {
				break
			}
			if !exact {
				v = min(max(round(v*scale/10), -n), n)
			}
			ms = append(ms, MoveValue{Move: m, Value: v, Exact: exact, Depth: depth})
		}
		cancel()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(ms) < b.Moves().Count() {
			break // out of time: the last whole depth stands
		}
		done = ms
		if time.Now().After(deadline) {
			break
		}
	}
	return done, nil
}

// estimate returns m's value in b, for the side to move, by the review's
// search depth plies beyond m: hundredths of a disc, or whole discs with
// exact true when m ends the game.
func estimate(ctx context.Context, b game.Board, m game.Square, depth int) (int, bool, error) {
	after, _, err := b.Play(m)
	if err != nil {
		return 0, false, err
	}
	switch {
	case after.Over():
		r := after.Result()
		diff := r.BlackScore - r.WhiteScore
		if b.Turn() == game.White {
			diff = -diff
		}
		return diff, true, nil
	case after.MustPass():
		passed, _, _ := after.Play(game.Pass)
		v, err := reviewSearchDepth(ctx, passed, depth)
		return v, false, err
	}
	v, err := reviewSearchDepth(ctx, after, depth)
	return -v, false, err
}

// bestLine returns a best line from b that starts with first: the solver's
// moves while first is exact, else the search's, each within what is left
// until deadline (the solves at the end are cheap), passes included, at
// most maxLine moves.
func bestLine(ctx context.Context, b game.Board, first MoveValue, deadline time.Time, c *SolveCache) []game.Square {
	line := []game.Square{first.Move}
	ctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	p, _, err := b.Play(first.Move)
	for err == nil && len(line) < maxLine && !p.Over() {
		m := game.Pass
		if !p.MustPass() {
			if first.Exact {
				sol, serr := SolveWith(ctx, c, p)
				if serr != nil {
					break
				}
				m = sol.Move
			} else {
				_, best, _, serr := reviewSearch(ctx, p, DefaultNodes/4)
				if serr != nil {
					break
				}
				m = best
			}
		}
		line = append(line, m)
		p, _, err = p.Play(m)
	}
	return line
}
