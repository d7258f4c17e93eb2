package views

import (
	"fmt"

	"reversi/game"
)

// RecordProblem says what is wrong with a record that was pasted or
// uploaded, as a sentence: "Move 12, a1, is not allowed: it outflanks no
// disc." or "The record cannot be read: it is empty."
func RecordProblem(e *game.RecordError) string {
	switch e.Reason {
	case game.NotSquare:
		return fmt.Sprintf("Move %d, %q, is not a square of the %d×%d board.", e.Move, e.Text, e.Size, e.Size)
	case game.SquareTaken, game.NoFlips, game.AlreadyOver, game.PassWithMove, game.NotCentre, game.NotTurn:
		return fmt.Sprintf("Move %d, %s, is not allowed: %s.", e.Move, e.Text, moveFault(e))
	}
	if e.Move > 0 {
		return fmt.Sprintf("Move %d, %s, is not allowed.", e.Move, e.Text)
	}
	why := recordFault(e)
	if why == "" {
		return "The record cannot be read."
	}
	return "The record cannot be read: " + why + "."
}

// moveFault says why the rules forbid a move of a record.
func moveFault(e *game.RecordError) string {
	switch e.Reason {
	case game.SquareTaken:
		return "that square is taken"
	case game.AlreadyOver:
		return "the game was already over"
	case game.PassWithMove:
		return ColorName(e.Side) + " cannot pass while a move exists"
	case game.NotCentre:
		return "the first four discs go on the centre squares"
	case game.NotTurn:
		return "it is " + ColorName(e.Side) + "'s turn"
	}
	return "it outflanks no disc"
}

// recordFault says why a record cannot be read, or nothing if the reason
// is not a record's.
func recordFault(e *game.RecordError) string {
	switch e.Reason {
	case game.EmptyRecord:
		return "it is empty"
	case game.TooLong:
		return fmt.Sprintf("it is longer than %d KB", e.Limit)
	case game.NoGGFStart:
		return "a GGF record starts with (;"
	case game.NoGGFEnd:
		return "the game does not end with ;)"
	case game.TextAfterEnd:
		return "there is more after the end of the game, ;)"
	case game.PropertyExpected:
		return fmt.Sprintf("a property name and [ were expected at %q", e.Value)
	case game.UnclosedProperty:
		return "the property " + e.Value + "[ has no closing ]"
	case game.NotOthello:
		return fmt.Sprintf("it is a game of %q, not Othello", e.Value)
	case game.TwoSetups:
		return "it has two board setups (BO)"
	case game.SetupAfterMoves:
		return "its board setup (BO) comes after the moves"
	case game.NoSetup:
		return "it has no board setup (BO)"
	case game.SetupOver:
		return "its board setup is a finished game"
	case game.VariantRules:
		return "it is an anti or synchro game (TY[" + e.Value + "]), whose rules differ"
	case game.TypeMismatch:
		return fmt.Sprintf("its game type TY[%s] does not match the %d×%d board", e.Value, e.Size, e.Size)
	case game.SetupShort:
		return "its board setup BO[" + e.Value + "] lacks the squares or the side to move"
	case game.BadSize:
		return fmt.Sprintf("its board size %q is not 6, 8 or 10", e.Value)
	case game.SquareCount:
		return fmt.Sprintf("its board setup has %d squares, not %d", e.Count, e.Size*e.Size)
	case game.BadDisc:
		return fmt.Sprintf("its board setup holds %s, which is not *, O or -", quoteChar(e.Value))
	case game.BadSide:
		return fmt.Sprintf("its side to move %q is not * or O", e.Value)
	}
	return ""
}

// quoteChar quotes the first byte of s as Go quotes a character, 'Z'.
func quoteChar(s string) string {
	if s == "" {
		return "''"
	}
	return fmt.Sprintf("%q", rune(s[0]))
}
