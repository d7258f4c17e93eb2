package play

import (
	"fmt"

	"reversi/game"
)

// The set-up board builds a position square by square for the analysis:
// each press of a square turns it from empty to black, from black to
// white and from white to empty again. Its whole state is in its address
// (the position, the side to move and the square pressed last, which a
// reload presses again on the same position), so it needs no session,
// stores nothing and works without scripts.

// ParseSetupQuery reads the set-up board's address: position and side as
// ParseAnalysisQuery reads them (no position is the standard start of
// 8×8), and set, if not empty, a square to turn to its next content. It
// returns the position to show. Every failure is ErrBadPosition, with its
// cause.
func ParseSetupQuery(position, side, set string) (game.Board, error) {
	b, err := readPosition(position, side)
	if err == nil && set != "" {
		var sq game.Square
		if sq, err = game.ParseSquare(b.Size(), set); err == nil {
			b, err = nextContent(b, sq)
		}
	}
	if err != nil {
		return game.Board{}, fmt.Errorf("%w: %w", ErrBadPosition, err)
	}
	return b, nil
}

// nextContent returns b with sq, one of its squares, turned to its next
// content: an empty square black, a black one white, a white one empty.
func nextContent(b game.Board, sq game.Square) (game.Board, error) {
	black, white, bit := b.Discs(game.Black), b.Discs(game.White), game.Bit(sq)
	switch b.At(sq) {
	case game.Empty:
		black = black.Or(bit)
	case game.Black:
		black, white = black.AndNot(bit), white.Or(bit)
	default:
		white = white.AndNot(bit)
	}
	return game.NewBoard(b.Size(), black, white, b.Turn())
}

// Analysable reports why b cannot be analysed, or nil if it can: the
// analysis refuses the free start's placement phase (no more than three
// discs, all on the centre squares).
func Analysable(b game.Board) error {
	if b.Placing() {
		return fmt.Errorf("%w: the placement phase is not analysed", ErrBadPosition)
	}
	return nil
}
