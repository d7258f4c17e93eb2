package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"reversi/game"
)

// Hard's settings.
const (
	// With solveAlways empties or fewer Hard always solves the endgame
	// exactly (no node limit, only the clock); up to solveTry empties it
	// tries, within endgameFactor times its node budget, and falls back on
	// the midgame search if the solve does not finish.
	solveAlways8, solveTry8   = 14, 18 // 6×6 and 8×8
	solveAlways10, solveTry10 = 12, 14 // 10×10, generic engine
	endgameFactor             = 4
	endgameFactor10           = 2

	// In the midgame (never once the endgame is in reach), Hard slips on
	// slipChance of its moves: it plays the best other move if that
	// scores within slipMargin of its best, in evaluation units (where a
	// corner is worth wCorner and one more move wMobility).
	slipChance = 0.1
	slipMargin = 150

	// deadlineMargin is kept back from a context deadline to answer in.
	deadlineMargin = 20 * time.Millisecond
	// graceTime is the midgame search's time when the clock stopped an
	// endgame solve; it ends half deadlineMargin before the context's
	// deadline, and at once if the context has ended.
	graceTime = 30 * time.Millisecond

	tableBits = 18
)

// hard returns Hard's move in b, which has legal moves and is past the
// placement phase. With slips false it never slips and ignores rng.
func (pl Player) hard(ctx context.Context, b game.Board, rng *rand.Rand, slips bool) game.Square {
	slip := slips && rng.Float64() < slipChance
	nodes := pl.Nodes
	switch {
	case nodes != 0:
	case b.Size() == 10:
		nodes = DefaultNodes10
	default:
		nodes = DefaultNodes
	}
	moveTime := pl.MoveTime
	if moveTime == 0 {
		moveTime = DefaultMoveTime
	}
	deadline := time.Now().Add(moveTime)
	if d, ok := ctx.Deadline(); ok && d.Add(-deadlineMargin).Before(deadline) {
		deadline = d.Add(-deadlineMargin)
	}

	e := engineFor(b, tableBits)
	empties := e.empties()
	always, try, factor := solveAlways8, solveTry8, uint64(endgameFactor)
	if b.Size() == 10 {
		always, try, factor = solveAlways10, solveTry10, endgameFactor10
	}
	if empties <= try {
		limit := nodes * factor
		if empties <= always {
			limit = 0
		}
		bud := newBudget(ctx, limit, deadline)
		if _, move, ok := e.solve(bud, nil); ok {
			return move
		}
		if bud.err != errOutOfNodes {
			// The clock stopped the solve: a short search still beats
			// the first move in the static order.
			deadline = time.Now().Add(graceTime)
			if d, ok := ctx.Deadline(); ok && d.Add(-deadlineMargin/2).Before(deadline) {
				deadline = d.Add(-deadlineMargin / 2)
			}
		}
	}
	score, move, depth := e.think(newBudget(ctx, nodes, deadline), game.Pass, empties)
	if slip && empties > try && depth > 0 {
		alt, altMove, altDepth := e.think(newBudget(ctx, nodes/2, deadline), move, depth)
		if altMove != game.Pass && altDepth > 0 && alt >= score-slipMargin {
			return altMove
		}
	}
	return move
}
