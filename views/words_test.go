package views

import (
	"errors"
	"strings"
	"testing"

	"reversi/game"
)

// TestRecordProblem checks the sentence for every reason a record is
// refused, read from real records: the import page showed exactly these
// when game wrote them.
func TestRecordProblem(t *testing.T) {
	const (
		cross = "BO[8 ---------------------------O*------*O--------------------------- *]"
		head  = "(;GM[Othello]TY[8]" + cross
	)
	tests := []struct{ in, want string }{
		{"f5d6c3d3c4a1", "Move 6, a1, is not allowed: it outflanks no disc."},
		{"f5d6x9", "Move 3, \"x9\", is not a square of the 8×8 board."},
		{"F5 D6 C3 A1", "Move 4, A1, is not allowed: it outflanks no disc."},
		{"d4e4d5c3", "Move 4, c3, is not allowed: the first four discs go on the centre squares."},
		{"   ", "The record cannot be read: it is empty."},
		{strings.Repeat("f5", 40000), "The record cannot be read: it is longer than 64 KB."},
		{head + "B[f5]W[f5];)", "Move 2, W[f5], is not allowed: that square is taken."},
		{head + "B[f5]W[a1];)", "Move 2, W[a1], is not allowed: it outflanks no disc."},
		{head + "B[f5]B[d6];)", "Move 2, B[d6], is not allowed: it is White's turn."},
		{head + "B[f5]W[PA];)", "Move 2, W[PA], is not allowed: White cannot pass while a move exists."},
		{head + "B[PA];)", "Move 1, B[PA], is not allowed: Black cannot pass while a move exists."},
		{"(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- O]W[pass];)", "Move 1, W[pass], is not allowed: White cannot pass while a move exists."},
		{head + "B[f5]W[z9];)", "Move 2, \"z9\", is not a square of the 8×8 board."},
		{"(;GM[Othello]BO[6 -O********************************** *]B[a1]W[f6];)", "Move 2, W[f6], is not allowed: the game was already over."},
		{"(;" + strings.Repeat(" ", 70000) + ";)", "The record cannot be read: it is longer than 64 KB."},
		{"(;GM[Chess]" + cross + ";)", "The record cannot be read: it is a game of \"Chess\", not Othello."},
		{"(;GM[Othello]B[f5];)", "The record cannot be read: it has no board setup (BO)."},
		{"(;GM[Othello]BO[8 " + strings.Repeat("*", 64) + " *];)", "The record cannot be read: its board setup is a finished game."},
		{"(;GM[Othello]BO[9 " + strings.Repeat("-", 81) + " *];)", "The record cannot be read: its board size \"9\" is not 6, 8 or 10."},
		{"(;GM[Othello]BO[ten x *];)", "The record cannot be read: its board size \"ten\" is not 6, 8 or 10."},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 63) + " *];)", "The record cannot be read: its board setup has 63 squares, not 64."},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 63) + "Z *];)", "The record cannot be read: its board setup holds 'Z', which is not *, O or -."},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 62) + "é *];)", "The record cannot be read: its board setup holds 'Ã', which is not *, O or -."},
		{"(;GM[Othello]BO[8 " + strings.Repeat("-", 64) + " Y];)", "The record cannot be read: its side to move \"Y\" is not * or O."},
		{"(;GM[Othello]BO[8];)", "The record cannot be read: its board setup BO[8] lacks the squares or the side to move."},
		{"(;GM[Othello]TY[6]" + cross + ";)", "The record cannot be read: its game type TY[6] does not match the 8×8 board."},
		{"(;GM[Othello]TY[a8]" + cross + ";)", "The record cannot be read: it is an anti or synchro game (TY[a8]), whose rules differ."},
		{"(;GM[Othello]TY[10s]" + cross + ";)", "The record cannot be read: it is an anti or synchro game (TY[10s]), whose rules differ."},
		{"(;GM[Othello]" + cross + cross + ";)", "The record cannot be read: it has two board setups (BO)."},
		{"(;GM[Othello]B[f5]" + cross + ";)", "The record cannot be read: its board setup (BO) comes after the moves."},
		{head + "B[f5", "The record cannot be read: the property B[ has no closing ]."},
		{head + "B[f5]", "The record cannot be read: the game does not end with ;)."},
		{head + "B[f5];)(;GM[Othello];)", "The record cannot be read: there is more after the end of the game, ;)."},
		{"GM[Othello]", "The record cannot be read: a GGF record starts with (;."},
		{head + "[f5];)", "The record cannot be read: a property name and [ were expected at \"[f5];)\"."},
		{head + "B[f5]" + strings.Repeat("?", 20) + ";)", "The record cannot be read: a property name and [ were expected at \"????????????…\"."},
		{head + `B[f5]"quoted\here";)`, "The record cannot be read: a property name and [ were expected at \"\\\"quoted\\\\here…\"."},
	}
	seen := map[game.Reason]bool{}
	for _, tt := range tests {
		var err error
		if strings.HasPrefix(tt.in, "GM") {
			_, err = game.ParseGGF(tt.in)
		} else {
			_, err = game.ParseRecord(tt.in)
		}
		var re *game.RecordError
		if !errors.As(err, &re) {
			t.Errorf("ParseRecord(%.40q) error = %v, want a *game.RecordError", tt.in, err)
			continue
		}
		seen[re.Reason] = true
		if got := English().Say(RecordProblem(re)); got != tt.want {
			t.Errorf("RecordProblem(%.40q: %v) = %q, want %q", tt.in, re.Reason, got, tt.want)
		}
	}
	for r := game.Unreadable + 1; !strings.HasPrefix(r.String(), "Reason("); r++ {
		if !seen[r] {
			t.Errorf("no record in the table is refused for %v", r)
		}
	}
}

// TestRecordProblemFallback checks the sentences for errors without a
// precise reason.
func TestRecordProblemFallback(t *testing.T) {
	for _, tt := range []struct {
		e    game.RecordError
		want string
	}{
		{game.RecordError{}, "The record cannot be read."},
		{game.RecordError{Move: 3, Text: "c4"}, "Move 3, c4, is not allowed."},
		{game.RecordError{Reason: game.BadDisc}, "The record cannot be read: its board setup holds '', which is not *, O or -."},
	} {
		if got := English().Say(RecordProblem(&tt.e)); got != tt.want {
			t.Errorf("RecordProblem(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// TestUndone checks that a local game's undo names the colour whose move
// was taken back (the colour to move once it is), and that against the
// computer it stays "your move".
func TestUndone(t *testing.T) {
	b, err := game.NewStart(game.Options{Size: 8})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := English().Say((Voice{}).Undone(b, Ending{})), "You took back Black's move; Black to move"; !strings.HasPrefix(got, want) {
		t.Errorf("local undo = %q, want it to start %q", got, want)
	}
	if got := English().Say((Voice{You: game.Black}).Undone(b, Ending{})); !strings.HasPrefix(got, "You took back your move") {
		t.Errorf("undo against the computer = %q", got)
	}
}

func TestNoticeReviewsWaiting(t *testing.T) {
	for n, want := range map[int]string{
		1: "You have a game waiting for its review. Once it is done, ask again.",
		2: "You have two games waiting for their reviews. Once one of them is done, ask again.",
		9: "You have 9 games waiting for their reviews. Once one of them is done, ask again.",
	} {
		if got := English().Say(NoticeReviewsWaiting(n).Message); got != want {
			t.Errorf("NoticeReviewsWaiting(%d) = %q, want %q", n, got, want)
		}
	}
}
