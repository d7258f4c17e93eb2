// Package ai chooses moves for the computer player.
package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

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

// Choose returns the move that the computer at level plays in b: a square,
// or [game.Pass] when the side to move has no legal move. It returns
// [game.ErrGameOver] when neither side can move, and ctx's error if ctx
// ends before a move is found. The choice depends only on b, level and
// the state of rng.
func Choose(ctx context.Context, b game.Board, level Level, rng *rand.Rand) (game.Square, error) {
	if b.Over() {
		return game.Pass, game.ErrGameOver
	}
	if err := ctx.Err(); err != nil {
		return game.Pass, err
	}
	moves := b.Moves()
	if moves.IsZero() {
		return game.Pass, nil
	}
	// Interim: the most flips, ties broken at random. The levels follow.
	best, n := game.Pass, -1
	for sq := range moves.All() {
		if f := b.Flips(sq).Count(); f > n || f == n && rng.IntN(2) == 0 {
			best, n = sq, f
		}
	}
	return best, nil
}

// Hint returns the move that Hard would play in b, without its slips.
func Hint(ctx context.Context, b game.Board) (game.Square, error) {
	return Choose(ctx, b, Hard, rand.New(rand.NewPCG(1, 2)))
}
