package handlers

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/play"
	"reversi/views"
)

// A refusal is an answer other than success that the player should read:
// a status and a notice (a heading and a message), with the cause kept for
// the log.
type refusal struct {
	status int
	views.Notice
	cause error
}

func (r *refusal) Error() string {
	en := views.English()
	s := strconv.Itoa(r.status) + " " + en.Say(r.Heading) + ": " + en.Say(r.Message)
	if r.cause != nil {
		s += ": " + r.cause.Error()
	}
	return s
}

func (r *refusal) Unwrap() error { return r.cause }

// refuse returns a refusal with the given status and notice.
func refuse(status int, n views.Notice) *refusal { return &refusal{status: status, Notice: n} }

// refuseMsg returns a refusal whose message is shown above a game's board.
func refuseMsg(status int, msg views.Text) *refusal {
	return &refusal{status: status, Notice: views.Notice{Message: msg}}
}

// onBoard is an error to show on a game's page, above the board of the
// match as the request had loaded it: from the same seat, without reading
// the game again.
type onBoard struct {
	m   *play.Match
	err error
}

func (e *onBoard) Error() string { return e.err.Error() }
func (e *onBoard) Unwrap() error { return e.err }

// showing returns err to be shown on m's page.
func showing(m *play.Match, err error) error { return &onBoard{m: m, err: err} }

// refusals maps the errors of the match rules and the store to statuses and
// words. The first entry that err matches (errors.Is) applies.
var refusals = []struct {
	err    error
	status int
	views.Notice
}{
	// The analysis page's, first: a bad position wraps the rules' errors.
	{play.ErrBadPosition, http.StatusUnprocessableEntity, views.NoticeBadPosition()},
	{play.ErrAnalysisBusy, http.StatusServiceUnavailable, views.NoticeAnalysisBusy()},
	// The practice board's, shown above its board.
	{play.ErrPracticeStale, http.StatusConflict, views.Notice{Message: views.MsgPracticeStale()}},
	{play.ErrPracticeOver, http.StatusConflict, views.Notice{Message: views.MsgPracticeOver()}},
	{play.ErrPracticeNoUndo, http.StatusConflict, views.Notice{Message: views.MsgPracticeNoUndo()}},
	{play.ErrPracticeAtStart, http.StatusConflict, views.Notice{Message: views.MsgPracticeAtStart()}},
	{errBadSquare, http.StatusBadRequest, views.Notice{Message: views.MsgPracticeSquare()}},
	{play.ErrNoReviewPuzzle, http.StatusNotFound, views.NoticeNoPuzzle()},
	// The game's and the store's.
	{club.ErrStale, http.StatusConflict, views.Notice{Message: views.MsgStale()}},
	{play.ErrOver, http.StatusConflict, views.Notice{Message: views.MsgOver()}},
	{play.ErrNotYourTurn, http.StatusConflict, views.Notice{Message: views.MsgNotTurn()}},
	{play.ErrComputersTurn, http.StatusConflict, views.Notice{Message: views.MsgComputerTurn()}},
	{play.ErrNoGuest, http.StatusConflict, views.Notice{Message: views.MsgNoGuest()}},
	{play.ErrNothingToUndo, http.StatusConflict, views.Notice{Message: views.MsgNoUndo()}},
	{play.ErrUndoOff, http.StatusConflict, views.Notice{Message: views.MsgUndoOff()}},
	{play.ErrNoHint, http.StatusConflict, views.Notice{Message: views.MsgHintWhen()}},
	{play.ErrNotOnline, http.StatusConflict, views.Notice{Message: views.MsgOnline()}},
	{play.ErrRoundPlaying, http.StatusConflict, views.Notice{Message: views.MsgRoundPlaying()}},
	{play.ErrNotHost, http.StatusForbidden, views.Notice{Message: views.MsgNotHost()}},
	{play.ErrNotSeated, http.StatusForbidden, views.NoticeNotSeated()},
	{play.ErrNoGame, http.StatusNotFound, views.NoticeNoGame()},
	{play.ErrNoStep, http.StatusNotFound, views.NoticeNoStep()},
	{play.ErrNotYours, http.StatusForbidden, views.NoticeNotYours()},
	{play.ErrNoRoom, http.StatusNotFound, views.NoticeNoRoom()},
	{play.ErrExpired, http.StatusGone, views.NoticeExpired()},
	{play.ErrHintFailed, http.StatusServiceUnavailable, views.NoticeHintFailed()},
	{play.ErrReviewPlaying, http.StatusConflict, views.NoticeReviewPlaying()},
	{play.ErrReviewBusy, http.StatusServiceUnavailable, views.NoticeReviewBusy()},
	{play.ErrReviewsWaiting, http.StatusTooManyRequests, views.NoticeReviewsWaiting(play.MaxReviewsPerPlayer)},
	{play.ErrBadPlayOn, http.StatusBadRequest, views.NoticeBadPlayOn()},
	{play.ErrBadImport, http.StatusBadRequest, views.NoticeBadImport()},
	// The lobby's.
	{play.ErrSpectator, http.StatusForbidden, views.NoticeSpectator()},
	{play.ErrBadOffer, http.StatusBadRequest, views.NoticeBadOffer()},
	{play.ErrRatedAnonymous, http.StatusUnprocessableEntity, views.NoticeRatedAnonymous()},
	{play.ErrOwnChallenge, http.StatusUnprocessableEntity, views.NoticeOwnChallenge()},
	{play.ErrNoChallenge, http.StatusNotFound, views.NoticeNoChallenge()},
	{play.ErrNoPlayer, http.StatusNotFound, views.NoticeNoPlayer()},
	{play.ErrNoKind, http.StatusNotFound, views.NoticeNoKind()},
	{play.ErrNoKey, http.StatusNotFound, views.NoticeNoKey()},
	{club.ErrChallengeGone, http.StatusConflict, views.NoticeChallengeGone()},
	{club.ErrNotFound, http.StatusNotFound, views.NoticeNoGame()},
	{club.ErrRoomFull, http.StatusConflict, views.NoticeRoomFull()},
	{club.ErrUnavailable, http.StatusServiceUnavailable, views.NoticeUnavailable()},
}

// explain is the one place where errors become statuses and words. Anything
// it does not know is a 500, whose details go to the log only (but wrap
// answers club.ErrPlayerDeleted first: see playerDeleted).
func explain(err error) (int, views.Notice) {
	var r *refusal
	if errors.As(err, &r) {
		return r.status, r.Notice
	}
	if play.PlayOnOver(err) {
		return http.StatusConflict, views.NoticeBadPlayOn()
	}
	var illegal *play.IllegalMoveError
	if errors.As(err, &illegal) {
		return http.StatusUnprocessableEntity, views.Notice{Message: views.MsgIllegal(illegal.Board, illegal.Move)}
	}
	for _, e := range refusals {
		if errors.Is(err, e.err) {
			return e.status, e.Notice
		}
	}
	return http.StatusInternalServerError, views.NoticeInternal()
}

// wrap turns a handler that returns an error into a Gin handler, and
// answers its error: with the game's page when the error is about a game
// the request loaded, with the error page otherwise. A client that went
// away is logged as such, a refusal at info level with its cause (a 503
// too: any client can cause one), a fault (500) as an error.
func (s *Server) wrap(h func(*gin.Context) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		err := h(c)
		if err == nil {
			return
		}
		path := safePath(c.Request.URL.Path)
		if errors.Is(err, context.Canceled) && c.Request.Context().Err() != nil {
			s.log.Info("client went away", "path", path)
			c.Set(abortedKey, true)
			c.Abort()
			return
		}
		if errors.Is(err, club.ErrPlayerDeleted) {
			s.playerDeleted(c)
			return
		}
		status, n := explain(err)
		switch {
		case status == http.StatusInternalServerError:
			s.refused("fault")
			s.log.Error("request failed", "path", path, "status", status, "err", err)
		default:
			if errors.Is(err, club.ErrUnavailable) {
				s.refused("store")
			}
			s.log.Info("request refused", "path", path, "status", status, "cause", err)
		}
		var ob *onBoard
		if status < 500 && errors.As(err, &ob) {
			s.renderMatch(c, ob.m, status, n.Message, "")
			c.Abort()
			return
		}
		if n.Heading.IsZero() {
			// A message meant for a board that was not loaded.
			n.Heading = views.RefusedHeading()
		}
		s.renderError(c, status, n)
	}
}

// abortedKey marks a request whose client went away, for the request log.
const abortedKey = "aborted"

func (s *Server) errorPage(r *http.Request, n views.Notice) views.ErrorPage {
	p := views.ErrorPage{Base: s.base(r, n.Heading, views.SkipToMessage()), Heading: n.Heading, Message: n.Message}
	p.Here = "" // the language switch goes back by the Referer: a refused address is not repeated
	return p
}

func (s *Server) renderError(c *gin.Context, status int, n views.Notice) {
	s.writePage(c.Writer, c.Request, status, views.Error, s.errorPage(c.Request, n))
	c.Abort()
}
