package handlers

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/play"
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
		msg    views.Text
	}{
		{play.ErrStale, http.StatusConflict, views.MsgStale()},
		{fmt.Errorf("update game x: %w", club.ErrStale), http.StatusConflict, views.MsgStale()},
		{play.ErrOver, http.StatusConflict, views.MsgOver()},
		{play.ErrNotYourTurn, http.StatusConflict, views.MsgNotTurn()},
		{play.ErrComputersTurn, http.StatusConflict, views.MsgComputerTurn()},
		{play.ErrNoGuest, http.StatusConflict, views.MsgNoGuest()},
		{play.ErrNothingToUndo, http.StatusConflict, views.MsgNoUndo()},
		{play.ErrUndoOff, http.StatusConflict, views.MsgUndoOff()},
		{play.ErrNoHint, http.StatusConflict, views.MsgHintWhen()},
		{play.ErrNotOnline, http.StatusConflict, views.MsgOnline()},
		{play.ErrRoundPlaying, http.StatusConflict, views.MsgRoundPlaying()},
		{play.ErrNotHost, http.StatusForbidden, views.MsgNotHost()},
		{play.ErrNotSeated, http.StatusForbidden, views.NoticeNotSeated().Message},
		{&play.IllegalMoveError{Board: b, Move: game.SquareAt(8, 0, 0)}, http.StatusUnprocessableEntity, views.MsgIllegal(b, game.SquareAt(8, 0, 0))},
		{fmt.Errorf("load game x: %w", club.ErrNotFound), http.StatusNotFound, views.NoticeNoGame().Message},
		{club.ErrRoomFull, http.StatusConflict, views.NoticeRoomFull().Message},
		{fmt.Errorf("load game x: %w", club.ErrUnavailable), http.StatusServiceUnavailable, views.NoticeUnavailable().Message},
		{play.ErrHintFailed, http.StatusServiceUnavailable, views.NoticeHintFailed().Message},
		{play.ErrNoGame, http.StatusNotFound, views.NoticeNoGame().Message},
		{play.ErrNotYours, http.StatusForbidden, views.NoticeNotYours().Message},
		{play.ErrNoRoom, http.StatusNotFound, views.NoticeNoRoom().Message},
		{play.ErrExpired, http.StatusGone, views.NoticeExpired().Message},
		{play.ErrReviewBusy, http.StatusServiceUnavailable, views.NoticeReviewBusy().Message},
		{play.ErrReviewsWaiting, http.StatusTooManyRequests, views.NoticeReviewsWaiting(play.MaxReviewsPerPlayer).Message},
		{showing(nil, play.ErrOver), http.StatusConflict, views.MsgOver()},
		{errors.New("secret detail"), http.StatusInternalServerError, views.NoticeInternal().Message},
		{context.DeadlineExceeded, http.StatusInternalServerError, views.NoticeInternal().Message},
	}
	for _, tt := range tests {
		status, n := explain(tt.err)
		if en := views.English(); status != tt.status || en.Say(n.Message) != en.Say(tt.msg) {
			t.Errorf("explain(%v) = %d %q, want %d %q", tt.err, status, n.Message, tt.status, tt.msg)
		}
	}
}

// TestClientGoneIsNotAFault checks that a request whose client went away
// is logged as such (status 499), not as a server fault.
func TestClientGoneIsNotAFault(t *testing.T) {
	base := newApp(t)
	var logs bytes.Buffer
	a := newAppConfig(t, base.store, func(c *testConfig) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	id, cookie := a.start(nil, "opponent", "local")
	a.do("POST", "/games/"+id+"/moves", url.Values{"move": {"f5"}, "ply": {"0"}}, cookie)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// A move waits for its turn and ends there; an undo may go as far as
	// storing (a write that was handed over lands). Neither is a fault.
	for _, form := range []string{"/moves move=d6&ply=1", "/undo ply=1"} {
		path, body, _ := strings.Cut(form, " ")
		req := httptest.NewRequestWithContext(ctx, "POST", "/games/"+id+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(cookie)
		logs.Reset()
		a.h.ServeHTTP(httptest.NewRecorder(), req)
		out := logs.String()
		if path == "/moves" && !strings.Contains(out, "status=499") || strings.Contains(out, "request failed") || strings.Contains(out, "status=500") {
			t.Errorf("log of a %s whose client left:\n%s", path, out)
		}
	}
}
