package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"reversi/db"
	"reversi/game"
	"reversi/game/match"
	"reversi/views"
)

// TestExplain checks the one error map: every error of the match rules and
// the store gets its status and a message, wrapped or not, and anything
// else is a 500 with nothing from the error in its words.
func TestExplain(t *testing.T) {
	b, _ := game.NewStart(game.Options{Size: 8, Start: game.Cross})
	tests := []struct {
		err    error
		status int
		msg    string
	}{
		{match.ErrStale, http.StatusConflict, views.MsgStale},
		{fmt.Errorf("update game x: %w", db.ErrStale), http.StatusConflict, views.MsgStale},
		{match.ErrOver, http.StatusConflict, views.MsgOver},
		{match.ErrNotYourTurn, http.StatusConflict, views.MsgNotTurn},
		{match.ErrComputersTurn, http.StatusConflict, views.MsgComputerTurn},
		{match.ErrNoGuest, http.StatusConflict, views.MsgNoGuest},
		{match.ErrNothingToUndo, http.StatusConflict, views.MsgNoUndo},
		{match.ErrUndoOff, http.StatusConflict, views.MsgUndoOff},
		{match.ErrNoHint, http.StatusConflict, views.MsgHintWhen},
		{match.ErrNotOnline, http.StatusConflict, views.MsgOnline},
		{match.ErrRoundPlaying, http.StatusConflict, views.MsgRoundPlaying},
		{match.ErrNotHost, http.StatusForbidden, views.MsgNotHost},
		{match.ErrNotSeated, http.StatusForbidden, views.NoticeNotSeated.Message},
		{&match.IllegalMoveError{Board: b, Move: game.SquareAt(8, 0, 0)}, http.StatusUnprocessableEntity, views.MsgIllegal(b, game.SquareAt(8, 0, 0))},
		{fmt.Errorf("load game x: %w", db.ErrNotFound), http.StatusNotFound, views.NoticeNoGame.Message},
		{db.ErrRoomFull, http.StatusConflict, views.NoticeRoomFull.Message},
		{fmt.Errorf("load game x: %w", db.ErrUnavailable), http.StatusServiceUnavailable, views.NoticeUnavailable.Message},
		{errHintFailed, http.StatusServiceUnavailable, views.NoticeHintFailed.Message},
		{showing(nil, match.ErrOver), http.StatusConflict, views.MsgOver},
		{errors.New("secret detail"), http.StatusInternalServerError, views.NoticeInternal.Message},
		{context.DeadlineExceeded, http.StatusInternalServerError, views.NoticeInternal.Message},
	}
	for _, tt := range tests {
		status, n := explain(tt.err)
		if status != tt.status || n.Message != tt.msg {
			t.Errorf("explain(%v) = %d %q, want %d %q", tt.err, status, n.Message, tt.status, tt.msg)
		}
	}
}
