package ai

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"reversi/game"
)

// ReviewExactEmpties returns the number of empty squares from which a
// review judges moves exactly, with the solver, on a size×size board: 24
// on 8×8 (which costs a whole review about half as much again as 20 did,
// some 5 s of processor time more; docs/measurements.md), and on 6×6 and
// 10×10 the count whose first solve took about as long as 8×8's at 20 (a
// second or so, median of Normal-vs-Normal positions): 22 on 6×6, whose
// positions offer fewer moves, and 16 on 10×10, whose generic engine is
// slower and whose positions offer more.
func ReviewExactEmpties(size int) int {
	switch size {
	case 6:
		return 22
	case 10:
		return 16
	}
	return 24
}

// ReviewOptions says which moves a review judges and how hard it looks.
type ReviewOptions struct {
	// Side is the side whose moves are judged: Black, White, or Empty for
	// both.
	Side game.Color
	// ExactEmpties overrides [ReviewExactEmpties]; 0 keeps it.
	ExactEmpties int
	// Nodes is the midgame search's budget per move, as [Player.Nodes];
	// 0 means Hard's default for the board size.
	Nodes uint64
	// Progress, if not nil, is called with each move once it is judged.
	Progress func(MoveReview)
	// Wait, if not nil, is called before each move is searched, and the
	// release it returns after: a caller that shares the processor with
	// other searches takes its turn move by move. An error from it ends
	// the review.
	Wait func(context.Context) (release func(), err error)
	// Cache, if not nil, holds solved positions shared with other
	// searches (the analysis page's, the hints').
	Cache *SolveCache
}

// MoveReview is the verdict on one move.
type MoveReview struct {
	Ply    int // the move's index in the game's plies
	Number int // its number in the transcript: 1 for the first disc placed
	Side   game.Color
	Played game.Square
	// Best is the best move; when several are equally good, the played
	// move if it is one of them.
	Best game.Square
	// BestValue and PlayedValue are the final disc difference for Side
	// (empty squares to the winner) after Best and after Played: exact,
	// under perfect play by both sides from there, when Exact is true;
	// otherwise the midgame search's estimate, rounded to whole discs.
	BestValue, PlayedValue int
	Exact                  bool
	// Forced is true for the only legal move; it is not searched and its
	// values are zero.
	Forced bool
}

// Loss returns the discs that the played move gave away: BestValue less
// PlayedValue, never below zero.
func (m MoveReview) Loss() int { return max(m.BestValue-m.PlayedValue, 0) }

// ShownLoss returns the loss a review states for m on a size×size board:
// an exact loss whole; an estimated one at most [EstimatedLossCap], beyond
// which the estimate's error is not measured, with capped true when it
// was cut there (the review then says "more than").
func (m MoveReview) ShownLoss(size int) (loss int, capped bool) {
	l := m.Loss()
	if m.Exact || l <= EstimatedLossCap(size) {
		return l, false
	}
	return EstimatedLossCap(size), true
}

// Clamped returns m with its values within the board's ±size² discs: no
// game ends beyond them, but a midgame estimate of a lopsided position
// can (a review stored before the clamp had such values too).
func (m MoveReview) Clamped(size int) MoveReview {
	n := size * size
	m.BestValue, m.PlayedValue = min(max(m.BestValue, -n), n), min(max(m.PlayedValue, -n), n)
	return m
}

// Review is the verdict on the moves of one side, or both, of a game, in
// the order played. Passes and the placements of the free placement start
// are not judged.
type Review struct {
	Moves []MoveReview
	// ExactEmpties is the number of empty squares from which moves were
	// judged exactly.
	ExactEmpties int
}

// Mistakes returns up to n of the reviewed moves that lost discs, as
// [RankMistakes] ranks them.
func (r *Review) Mistakes(n int) []MoveReview { return RankMistakes(r.Moves, n) }

// reviewLossError8 is the measured rms error, in discs, of the review's
// estimated loss on 8×8 next to the exact one: 6.1 over held-out
// positions of 24 empties, 3.8 to 4.0 over 24 at 26 and 28 once scaled
// (EstimateScale; TestReviewEstimateError, docs/measurements.md). Other
// sizes, unmeasured, use it too.
const reviewLossError8 = 6

// EstimateScale is the correction, in tenths, that the review applies to
// the midgame search's estimates in a position of empties empty squares
// on a size×size board. On 8×8 from 26 empties on, the learned
// evaluation's values run short of the exact ones in magnitude: over 23
// held-out positions at 26 to 30 empties the scale that fitted best was
// 1.14 for the best move's value and about 1.1 for the loss, and 1.1, a
// little under both, cut the rms error of each (docs/measurements.md,
// TestReviewEstimateError). At 24 and 25 empties the best fit was 1.03,
// so no correction; other sizes, unmeasured, have none either.
func EstimateScale(size, empties int) int {
	if size == 8 && empties >= 26 {
		return 11
	}
	return 10
}

// EstimatedLossCap is the largest estimated loss, in discs, that a review
// states as a number on a size×size board: four times the estimate's rms
// error. The measurement of the estimates (TestReviewEstimateError,
// docs/measurements.md) met estimated losses up to about this size, the
// worst miss 14 discs; a bigger estimate, found in lopsided positions far
// from the end where the learned evaluation runs past the board's discs,
// is beyond what was measured, and is said as "more than" the cap.
func EstimatedLossCap(size int) int { return 4 * reviewLossError8 }

// ReviewMargin is the smallest estimated loss, in discs, that a review
// presents as a mistake on a size×size board: twice the estimate's
// measured error. A smaller estimated loss is within the error.
func ReviewMargin(size int) int { return 2 * reviewLossError8 }

// Sure reports whether m's loss is one to present as a mistake: exact and
// above zero, or estimated at least [ReviewMargin].
func (m MoveReview) Sure(size int) bool {
	return m.Loss() > 0 && (m.Exact || m.Loss() >= ReviewMargin(size))
}

// RankMistakes returns up to n of ms that are [MoveReview.Sure] mistakes,
// on a board of the moves' size (taken as 8×8), biggest first: an exact
// loss counts whole, an estimated one as stated ([MoveReview.ShownLoss],
// at most EstimatedLossCap) less the estimate's error, so that an exact
// mistake comes before an estimated one of similar size, and one of 18
// discs or more before every estimate; the earlier move first among
// equals.
func RankMistakes(ms []MoveReview, n int) []MoveReview {
	var out []MoveReview
	for _, m := range ms {
		if m.Sure(8) {
			out = append(out, m)
		}
	}
	key := func(m MoveReview) int {
		if m.Exact {
			return m.Loss()
		}
		l, _ := m.ShownLoss(8)
		return l - reviewLossError8
	}
	slices.SortStableFunc(out, func(a, b MoveReview) int { return cmp.Compare(key(b), key(a)) })
	return out[:min(n, len(out))]
}

// ReviewGame judges the moves of g by opt.Side: exactly with the solver
// ([Solve]) once no more than opt.ExactEmpties squares are empty, before
// that by Hard's search (with Expert's learned evaluation on 8×8, whose
// values are predicted discs), without its slips, within opt.Nodes positions
// per move. The result depends only on g and opt (not on the clock); it
// returns ctx's error if ctx ends first. A move whose best value the
// search cannot tell from the played one's counts as best.
//
// Its cost is about that of Hard playing every judged move, plus a second,
// shallower search for each move that was not Hard's choice, plus one
// solve per position from the first exact one on (each a few times
// cheaper than the one before): a whole 8×8 game takes seconds.
func ReviewGame(ctx context.Context, g *game.Game, opt ReviewOptions) (*Review, error) {
	ps, err := g.Positions()
	if err != nil {
		return nil, err
	}
	rv := newReviewer(g.Options.Size, opt)
	r := &Review{ExactEmpties: rv.exact}
	number := 0
	for i, m := range g.Plies {
		b := ps[i]
		if m == game.Pass {
			continue
		}
		number++
		if b.Placing() || (opt.Side != game.Empty && b.Turn() != opt.Side) {
			continue
		}
		release := func() {}
		if opt.Wait != nil {
			if release, err = opt.Wait(ctx); err != nil {
				return nil, err
			}
		}
		mr, err := rv.move(ctx, b, m)
		release()
		if err != nil {
			return nil, err
		}
		mr.Ply, mr.Number = i, number
		r.Moves = append(r.Moves, mr)
		if opt.Progress != nil {
			opt.Progress(mr)
		}
	}
	return r, nil
}

// ReviewMove judges the move m, a square, in b, as [ReviewGame] judges the
// moves of a game (opt.Side and opt.Progress aside). Its Ply and Number
// are zero.
func ReviewMove(ctx context.Context, b game.Board, m game.Square, opt ReviewOptions) (MoveReview, error) {
	if b.Placing() {
		return MoveReview{}, errors.New("review: placements are not judged")
	}
	return newReviewer(b.Size(), opt).move(ctx, b, m)
}

// A reviewer judges moves and remembers its solves: in a game, the
// position after one move is the one before the next.
type reviewer struct {
	exact  int
	nodes  uint64
	solved map[game.Board]Solution
	cache  *SolveCache
}

func newReviewer(size int, opt ReviewOptions) *reviewer {
	rv := &reviewer{exact: opt.ExactEmpties, nodes: opt.Nodes, solved: map[game.Board]Solution{}, cache: opt.Cache}
	if rv.exact == 0 {
		rv.exact = ReviewExactEmpties(size)
	}
	if rv.nodes == 0 {
		rv.nodes = DefaultNodes
		if size == 10 {
			rv.nodes = DefaultNodes10
		}
	}
	return rv
}

func (rv *reviewer) solve(ctx context.Context, b game.Board) (Solution, error) {
	if sol, ok := rv.solved[b]; ok {
		return sol, nil
	}
	sol, err := SolveWith(ctx, rv.cache, b)
	if err != nil {
		return sol, err
	}
	rv.solved[b] = sol
	return sol, nil
}

// move judges m in b, which is past the placement phase.
func (rv *reviewer) move(ctx context.Context, b game.Board, m game.Square) (MoveReview, error) {
	after, _, err := b.Play(m)
	if err != nil || m == game.Pass {
		return MoveReview{}, fmt.Errorf("review %s in %s: %w", m.Name(b.Size()), b.Line(), cmp.Or(err, errors.New("a pass is not judged")))
	}
	mr := MoveReview{Side: b.Turn(), Played: m, Best: m}
	switch {
	case b.Moves().Count() == 1:
		mr.Forced = true
	case b.Count(game.Empty) <= rv.exact:
		mr.Exact = true
		sol, err := rv.solve(ctx, b)
		if err != nil {
			return mr, err
		}
		next, err := rv.solve(ctx, after)
		if err != nil {
			return mr, err
		}
		mr.BestValue, mr.PlayedValue = sol.Score, -next.Score
		if mr.PlayedValue < mr.BestValue {
			mr.Best = sol.Move
		}
	default:
		best, played, move, err := judge(ctx, b, after, rv.nodes)
		if err != nil {
			return mr, err
		}
		s := EstimateScale(b.Size(), b.Count(game.Empty))
		mr.BestValue, mr.PlayedValue = round(best*s/10), round(played*s/10)
		mr = mr.Clamped(b.Size())
		if mr.PlayedValue < mr.BestValue {
			mr.Best = move
		} else {
			mr.BestValue = mr.PlayedValue
		}
	}
	return mr, nil
}

// judge returns, in hundredths of a disc for the side to move in b, the
// value of b's best move by the midgame search within nodes, that of the move
// that led to after, searched to the same horizon, and the best move.
func judge(ctx context.Context, b, after game.Board, nodes uint64) (best, played int, move game.Square, err error) {
	best, move, depth, err := reviewSearch(ctx, b, nodes)
	if err != nil {
		return 0, 0, game.Pass, err
	}
	next, _, err := b.Play(move)
	if err != nil {
		return 0, 0, game.Pass, fmt.Errorf("review: the search chose %s in %s: %w", move.Name(b.Size()), b.Line(), err)
	}
	if next == after {
		return best, best, move, nil
	}
	// The played move's value at the horizon of the best move's search: a
	// pass does not use up a ply of the search, a finished game is exact.
	switch {
	case after.Over():
		r := after.Result()
		diff := r.BlackScore - r.WhiteScore
		if b.Turn() == game.White {
			diff = -diff
		}
		played = diff * 100
	case after.MustPass():
		passed, _, _ := after.Play(game.Pass)
		played, err = reviewSearchDepth(ctx, passed, depth-1)
	default:
		played, err = reviewSearchDepth(ctx, after, depth-1)
		played = -played
	}
	if err != nil {
		return 0, 0, game.Pass, err
	}
	return best, played, move, nil
}

// round rounds hundredths of a disc to whole discs, halves away from zero.
func round(centi int) int {
	if centi < 0 {
		return -((-centi + 50) / 100)
	}
	return (centi + 50) / 100
}
