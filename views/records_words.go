package views

import (
	"fmt"
	"strconv"

	"reversi/game"
)

// RecordProblem says what is wrong with a record that was pasted or
// uploaded, as a sentence: "Move 12, a1, is not allowed: it outflanks no
// disc." or "The record cannot be read: it is empty."
func RecordProblem(e *game.RecordError) Text {
	switch e.Reason {
	case game.NotSquare:
		return Say("import.notsquare", e.Move, strconv.Quote(e.Text), e.Size)
	case game.SquareTaken:
		return Say("import.taken", e.Move, e.Text)
	case game.NoFlips:
		return Say("import.noflip", e.Move, e.Text)
	case game.AlreadyOver:
		return Say("import.over", e.Move, e.Text)
	case game.PassWithMove:
		return Say("import.passwithmove", e.Move, e.Text, e.Side)
	case game.NotCentre:
		return Say("import.centre", e.Move, e.Text)
	case game.NotTurn:
		return Say("import.notturn", e.Move, e.Text, e.Side)
	}
	if e.Move > 0 {
		return Say("import.notallowed", e.Move, e.Text)
	}
	return recordFault(e)
}

// recordFault says why a record cannot be read.
func recordFault(e *game.RecordError) Text {
	switch e.Reason {
	case game.EmptyRecord:
		return Say("import.empty")
	case game.TooLong:
		return Say("import.toolong", e.Limit)
	case game.NoGGFStart:
		return Say("import.noggfstart")
	case game.NoGGFEnd:
		return Say("import.noggfend")
	case game.TextAfterEnd:
		return Say("import.afterend")
	case game.PropertyExpected:
		return Say("import.property", strconv.Quote(e.Value))
	case game.UnclosedProperty:
		return Say("import.unclosed", e.Value)
	case game.NotOthello:
		return Say("import.notothello", strconv.Quote(e.Value))
	case game.TwoSetups:
		return Say("import.twosetups")
	case game.SetupAfterMoves:
		return Say("import.setupaftermoves")
	case game.NoSetup:
		return Say("import.nosetup")
	case game.SetupOver:
		return Say("import.setupover")
	case game.VariantRules:
		return Say("import.variant", e.Value)
	case game.TypeMismatch:
		return Say("import.typemismatch", e.Value, e.Size)
	case game.SetupShort:
		return Say("import.setupshort", e.Value)
	case game.BadSize:
		return Say("import.badsize", strconv.Quote(e.Value))
	case game.SquareCount:
		return Say("import.squarecount", e.Count, e.Size*e.Size)
	case game.BadDisc:
		return Say("import.baddisc", quoteChar(e.Value))
	case game.BadSide:
		return Say("import.badside", strconv.Quote(e.Value))
	}
	return Say("import.unreadable")
}

// quoteChar quotes the first byte of s as Go quotes a character, 'Z'.
func quoteChar(s string) string {
	if s == "" {
		return "''"
	}
	return fmt.Sprintf("%q", rune(s[0]))
}
