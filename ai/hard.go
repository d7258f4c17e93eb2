package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"reversi/game"
)

// settings are a searching level's budgets.
type settings struct {
	// nodes is the midgame search's node budget per move on 6×6 and 8×8;
	// nodes10 on 10×10.
	nodes, nodes10 uint64
	moveTime       time.Duration
	// With always empties or fewer the level always solves the endgame
	// exactly (no node limit, only the clock); up to try empties it
	// tries, within factor times its node budget, and falls back on the
	// midgame search if the solve does not finish. The 10 fields are for
	// 10×10 and its generic engine.
	always, try, factor       int
	always10, try10, factor10 int
	// slips: in the midgame (never once the endgame is in reach) the
	// level slips on slipChance of its moves.
	slips bool
	// learned: the midgame search uses the learned evaluation on 8×8.
	learned bool
	// probCut: with the learned evaluation, the midgame search's ProbCut
	// threshold in standard deviations (0: none).
	probCut float64
	// selTry: on 8×8 with the learned evaluation, from always+1 to selTry
	// empties the level runs a short midgame search, then solves
	// selectively (see deepen) at the thresholds selLevels, then
	// exactly, within selFactor times its node budget, and plays the move
	// of the last level finished; the short search's move stands only if
	// not even the first finishes.
	selTry, selFactor int
	selLevels         []float64
	// halfTimeSolve caps the time of a solve that may fail (more than
	// always empties) at half the searches' time, leaving the rest to the
	// midgame search should it fail.
	halfTimeSolve bool
}

var (
	hardSettings = settings{
		nodes: DefaultNodes, nodes10: DefaultNodes10, moveTime: DefaultMoveTime,
		always: 14, try: 18, factor: 4,
		always10: 12, try10: 14, factor10: 2,
		slips: true,
	}
	expertSettings = settings{
		nodes: ExpertNodes, nodes10: ExpertNodes10, moveTime: ExpertMoveTime,
		always: 18, try: 22, factor: 2,
		always10: 14, try10: 16, factor10: 2,
		learned: true, probCut: expertProbCut, halfTimeSolve: true,
		selTry: 28, selFactor: 4, selLevels: []float64{0.7, 1.1, 1.5, 2.0, 2.6},
	}
)

// Hard's slips and the margins kept from deadlines.
const (
	// In the midgame Hard slips on slipChance of its moves: it plays the
	// best other move if that scores within slipMargin of its best, in
	// evaluation units (where a corner is worth wCorner and one more move
	// wMobility).
	slipChance = 0.1
	slipMargin = 150

	// deadlineMargin is kept back from a context deadline to answer in.
	deadlineMargin = 20 * time.Millisecond
	// graceTime is the midgame search's time when the clock stopped an
	// endgame solve; it ends half deadlineMargin before the context's
	// deadline, at once if the context has ended, and by graceShare
	// percent of the move's time.
	graceTime  = 30 * time.Millisecond
	graceShare = 84

	// The searches of a move stop by stopShare percent of its time (see
	// search).
	stopShare = 80
	// In the selective endgame search's range, the midgame search that
	// comes first has 1/selThinkShare of the node budget and at most
	// selThinkTime percent of the searches' time.
	selThinkShare = 4
	selThinkTime  = 40

	tableBits = 18
)

// hard returns Hard's move in b, which has legal moves and is past the
// placement phase. With slips false it never slips and ignores rng.
func (pl Player) hard(ctx context.Context, b game.Board, rng *rand.Rand, slips bool) game.Square {
	st := hardSettings
	st.slips = slips && rng.Float64() < slipChance
	return pl.search(ctx, b, st)
}

// expert returns Expert's move in b, which has legal moves and is past the
// placement phase.
func (pl Player) expert(ctx context.Context, b game.Board) game.Square {
	return pl.search(ctx, b, expertSettings)
}

// search returns the move of a searching level with settings st; it slips
// if st.slips is set and the endgame is not in reach.
//
// The move's time is the whole of what it may take, from the call to the
// answer. The clock stops the searches at stopShare of it, and earlier
// for the phases that leave room for another: the clock is looked at only
// every few thousand positions, and a busy machine or the collection of
// garbage can hold the search between two looks, so the rest is a margin.
func (pl Player) search(ctx context.Context, b game.Board, st settings) game.Square {
	start := time.Now()
	nodes := pl.Nodes
	switch {
	case nodes != 0:
	case b.Size() == 10:
		nodes = st.nodes10
	default:
		nodes = st.nodes
	}
	moveTime := pl.MoveTime
	if moveTime == 0 {
		moveTime = st.moveTime
	}
	span := moveTime * stopShare / 100
	deadline := start.Add(span)
	if d, ok := ctx.Deadline(); ok && d.Add(-deadlineMargin).Before(deadline) {
		deadline = d.Add(-deadlineMargin)
	}
	// part returns the time at share percent of the span, or the
	// deadline if that comes first.
	part := func(share time.Duration) time.Time {
		if t := start.Add(span * share / 100); t.Before(deadline) {
			return t
		}
		return deadline
	}

	e := engineFor(b, tableBits)
	if e64, ok := e.(*engine64); ok && st.learned && b.Size() == 8 && learnedErr == nil {
		e64.learned, e64.probCut = learned8, st.probCut
	}
	empties := e.empties()
	always, try, factor := st.always, st.try, uint64(st.factor)
	if b.Size() == 10 {
		always, try, factor = st.always10, st.try10, uint64(st.factor10)
	}
	if e64, ok := e.(*engine64); ok && e64.learned != nil && empties > always && empties <= st.selTry {
		// The midgame search first, on a small budget: its move stands
		// if not even the first selective level finishes, and it
		// orders the selective search's root and centres its window.
		move, hint := e64.thinkHint(newBudget(ctx, nodes/selThinkShare, part(selThinkTime)))
		bud := newBudget(ctx, nodes*uint64(st.selFactor), deadline)
		if _, sel, _, ok := e64.solveSelective(bud, st.selLevels, hint); ok {
			return sel
		}
		return move
	} else if empties <= try {
		limit := nodes * factor
		if empties <= always {
			limit = 0
		}
		solveDeadline := deadline
		if empties > always && st.halfTimeSolve {
			solveDeadline = part(50)
		}
		bud := newBudget(ctx, limit, solveDeadline)
		if _, move, ok := e.solve(bud, nil); ok {
			return move
		}
		if bud.err != errOutOfNodes && solveDeadline.Equal(deadline) {
			// The clock stopped the solve: a short search still beats
			// the first move in the static order.
			deadline = time.Now().Add(graceTime)
			if d := start.Add(moveTime * graceShare / 100); d.Before(deadline) {
				deadline = d
			}
			if d, ok := ctx.Deadline(); ok && d.Add(-deadlineMargin/2).Before(deadline) {
				deadline = d.Add(-deadlineMargin / 2)
			}
		}
	}
	score, move, depth := e.think(newBudget(ctx, nodes, deadline), game.Pass, empties)
	if st.slips && empties > try && depth > 0 {
		alt, altMove, altDepth := e.think(newBudget(ctx, nodes/2, deadline), move, depth)
		if altMove != game.Pass && altDepth > 0 && alt >= score-slipMargin {
			return altMove
		}
	}
	return move
}
