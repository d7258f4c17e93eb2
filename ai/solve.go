package ai

import (
	"context"
	"errors"
	"time"

	"reversi/game"
)

// Solution is the exact result of an endgame.
type Solution struct {
	// Score is the final disc difference for the side to move under
	// perfect play by both sides, with the empty squares left at the end
	// counted for the winner (the convention of endgame test suites).
	Score int
	// Move is a best move: a square, or [game.Pass] when the side to move
	// must pass or the game is over.
	Move  game.Square
	Nodes uint64 // positions searched
}

// RootMove is a progress report of [Solve]: the score of one move at the
// root, exact, or an upper bound when the move was proved no better than
// one already searched or than the score first guessed. A big solve may
// report a move again, with a better bound or its exact score, when the
// guess proves wrong and the root is searched again in a wider window.
type RootMove struct {
	Move  game.Square
	Score int
	Exact bool
}

// Solve searches b to the end of the game and returns its exact score and a
// best move. It calls progress, if not nil, after each move at the root. It
// returns ctx's error if ctx ends first. The search time grows about
// threefold with each empty square: some twenty empties take seconds on
// 8×8, and 10×10 is slower still.
func Solve(ctx context.Context, b game.Board, progress func(RootMove)) (Solution, error) {
	if err := ctx.Err(); err != nil {
		return Solution{Move: game.Pass}, err
	}
	if b.Placing() {
		return Solution{Move: game.Pass}, errors.New("cannot solve the free placement phase")
	}
	bud := newBudget(ctx, 0, time.Time{})
	// The table grows with the search: a million entries (24 MB) to clear
	// would dwarf a small endgame's solve.
	e := engineFor(b, uint(min(20, max(12, b.Count(game.Empty)))))
	score, move, ok := e.solve(bud, progress)
	sol := Solution{Score: score, Move: move, Nodes: bud.nodes}
	if !ok {
		return Solution{Move: game.Pass, Nodes: bud.nodes}, bud.err
	}
	return sol, nil
}
