package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"reversi/game"
)

// Level is the computer's strength.
type Level int8

// The levels.
const (
	Easy Level = iota
	Normal
	Hard
)

var levelNames = [...]string{Easy: "easy", Normal: "normal", Hard: "hard"}

// String returns "easy", "normal" or "hard".
func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// ParseLevel parses a level's name, as [Level.String] writes it.
func ParseLevel(name string) (Level, error) {
	for l, n := range levelNames {
		if strings.EqualFold(name, n) {
			return Level(l), nil
		}
	}
	return 0, fmt.Errorf("level %q: want easy, normal or hard", name)
}

// Defaults of [Player].
const (
	// DefaultNodes is Hard's search budget per move, in positions. It is
	// what makes Hard's choice reproducible.
	DefaultNodes = 1_000_000
	// DefaultNodes10 is DefaultNodes for 10×10, whose generic engine
	// is slower.
	DefaultNodes10 = 200_000
	// DefaultMoveTime caps Hard's time per move.
	DefaultMoveTime = 800 * time.Millisecond
)

// Player is a computer player: a level and, for Hard, a search budget. Its
// zero value is an Easy player with the default budget.
type Player struct {
	Level Level
	// Nodes is the number of positions Hard may search for a move before
	// it stops deepening; 0 means DefaultNodes (DefaultNodes10 on 10×10).
	// The exact endgame search gets four times as many (its positions are
	// cheaper; twice as many on 10×10), except over the last 14 empties of
	// 6×6 and 8×8 (12 of 10×10), which it always solves.
	Nodes uint64
	// MoveTime caps Hard's time for a move; 0 means DefaultMoveTime. A
	// context deadline caps it too. Hard returns its best move so far when
	// either runs out.
	MoveTime time.Duration
}

// Choose returns the move that the computer at level plays in b; see
// [Player.Choose].
func Choose(ctx context.Context, b game.Board, level Level, rng *rand.Rand) (game.Square, error) {
	return Player{Level: level}.Choose(ctx, b, rng)
}

// Choose returns the move that the player makes in b: a square, or
// [game.Pass] when the side to move has no legal move. It returns
// [game.ErrGameOver] when neither side can move, and ctx's error if ctx has
// ended when Choose is called.
//
// If ctx ends (or MoveTime passes) while Hard is searching, Hard returns
// the best move of its deepest finished search, or else the first move in
// its move order, with a nil error: a legal move is always better than
// none to a caller under a deadline.
//
// The choice depends only on b, the player and the state of rng, unless
// the context or MoveTime cuts Hard's search short; in the free placement
// phase every level places on an empty centre square at random.
func (pl Player) Choose(ctx context.Context, b game.Board, rng *rand.Rand) (game.Square, error) {
	if err := ctx.Err(); err != nil {
		return game.Pass, err
	}
	moves := b.Moves()
	if moves.IsZero() {
		if b.OpponentMoves().IsZero() {
			return game.Pass, game.ErrGameOver
		}
		return game.Pass, nil
	}
	if b.Placing() {
		list := moves.Squares()
		return list[rng.IntN(len(list))], nil
	}
	switch pl.Level {
	case Easy:
		return easy(b, rng), nil
	case Normal:
		return normal(b, rng), nil
	case Hard:
		return pl.hard(ctx, b, rng, true), nil
	}
	return game.Pass, fmt.Errorf("unknown level %d", pl.Level)
}

// Hint returns the move that Hard would play in b, without its slips. It
// returns [game.Pass] when the side to move must pass, [game.ErrGameOver]
// when the game is over and ctx's error if ctx has ended. In the free
// placement phase it names the first empty centre square.
func Hint(ctx context.Context, b game.Board) (game.Square, error) {
	if err := ctx.Err(); err != nil {
		return game.Pass, err
	}
	moves := b.Moves()
	switch {
	case !moves.IsZero() && b.Placing():
		return moves.First(), nil
	case moves.IsZero() && b.OpponentMoves().IsZero():
		return game.Pass, game.ErrGameOver
	case moves.IsZero():
		return game.Pass, nil
	}
	return Player{Level: Hard}.hard(ctx, b, nil, false), nil
}
