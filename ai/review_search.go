package ai

import (
	"context"
	"time"

	"reversi/game"
)

// This file is the review's only tie to the engines' insides: Hard's
// midgame search with a node budget, and the same search to a fixed depth.
// Values are in hundredths of a disc, from the side to move's view; a
// search that saw the end of the game gives the exact disc difference.

// reviewSearch runs Hard's search on b, which has legal moves and is past
// the placement phase, within nodes positions (at least two plies deep),
// and returns the best move, its value and the depth searched.
func reviewSearch(ctx context.Context, b game.Board, nodes uint64) (value int, best game.Square, depth int, err error) {
	e := engineFor(b, tableBits)
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
	e := engineFor(b, tableBits)
	v, _, _ := e.think(newBudget(ctx, 0, time.Time{}), game.Pass, depth)
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return centidiscs(v), nil
}

// centidiscs turns a search value into hundredths of a disc: evaluations
// are in those units already; a won or lost game found by the search is
// winScore beyond them, plus discScore per disc.
func centidiscs(v int) int {
	switch {
	case v > winScore/2:
		return (v - winScore) / discScore * 100
	case v < -winScore/2:
		return (v + winScore) / discScore * 100
	}
	return v
}
