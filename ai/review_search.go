package ai

import (
	"context"
	"time"

	"reversi/game"
)

// This file is the review's only tie to the engines' insides: Hard's
// midgame search with a node budget, and the same search to a fixed depth.
// On 8×8 it evaluates with the learned patterns (as Expert does), whose
// values are predicted final disc differences; elsewhere with Hard's
// evaluation, whose units are roughly hundredths of a disc. Values are in
// hundredths of a disc, from the side to move's view; a search that saw
// the end of the game gives the exact disc difference.

// reviewEngine returns the engine that judges b.
func reviewEngine(b game.Board) engine {
	e := engineFor(b, tableBits)
	if e64, ok := e.(*engine64); ok && b.Size() == 8 && learnedErr == nil {
		e64.learned = learned8
	}
	return e
}

// reviewSearch runs Hard's search on b, which has legal moves and is past
// the placement phase, within nodes positions (at least two plies deep),
// and returns the best move, its value and the depth searched.
func reviewSearch(ctx context.Context, b game.Board, nodes uint64) (value int, best game.Square, depth int, err error) {
	e := reviewEngine(b)
	bud := newBudget(ctx, nodes, time.Time{})
	v, move, d := e.think(bud, game.Pass, e.empties())
	if d < 2 {
		bud = newBudget(ctx, 0, time.Time{})
		v, move, d = e.think(bud, game.Pass, 2)
	}
	if err := ctx.Err(); err != nil {
		return 0, game.Pass, 0, err
	}
	return centidiscs(v), move, d, nil
}

// reviewSearchDepth returns the value of b to depth plies (at least one)
// by Hard's search: the value that a search one ply deeper gives the move
// that led to b, negated. b must have legal moves.
func reviewSearchDepth(ctx context.Context, b game.Board, depth int) (int, error) {
	e := reviewEngine(b)
	v, _, _ := e.think(newBudget(ctx, 0, time.Time{}), game.Pass, depth)
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return centidiscs(v), nil
}
