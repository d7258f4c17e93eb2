package handlers

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// startReview asks for the review of a finished game and sends the player
// to its page.
func (s *Server) startReview(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if err := s.app.RequestReview(c.Request.Context(), m, playerID(c), play.Network(c.ClientIP())); err != nil {
		return err
	}
	return redirect(c, gameURL(m.Game.ID)+"/review#status")
}

// showReview shows the review, or says that it is being worked out; with
// ?wait it waits for it first (the "Check again" link's long poll).
func (s *Server) showReview(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	load := s.app.Review
	if _, wait := c.GetQuery("wait"); wait {
		// The long poll counts among the waiters; over the caps it does
		// not wait, and the page answers at once.
		if wait, leave, ok := s.enterPoll(c); ok {
			defer leave()
			load = func(ctx context.Context, m *play.Match) (*play.Review, error) {
				sr, err := s.app.WaitForReview(wait, m)
				if stoppedEarly(c, err) {
					return s.app.Review(ctx, m)
				}
				return sr, err
			}
		}
	}
	sr, err := load(ctx, m)
	if err != nil {
		return err
	}
	done := s.app.ReviewRunning(m)
	page := views.ReviewPage{
		Base:    s.base(c.Request, views.ReviewTitle(), views.SkipToReview()),
		Game:    gameURL(m.Game.ID),
		Playing: m.Playing(),
	}
	switch {
	case sr != nil:
		page.Status = views.ReviewReady()
		size := m.Game.Record.Options.Size
		mine := func(c game.Color) bool { return play.ReviewedFor(m, c) }
		views.FillReview(&page, views.ReviewInput{Moves: sr.Moves, Mistakes: sr.Mistakes(3, mine),
			Turn: sr.Mistakes(1, func(game.Color) bool { return true }), Positions: m.Positions, Size: size,
			Mine: mine, Voice: views.MatchVoice(m), Replay: gameURL(m.Game.ID) + "/replay?ply=",
			Puzzles: sr.PuzzlePlies(m), Puzzle: gameURL(m.Game.ID) + "/review/puzzles/",
			ExactEmpties: sr.ExactEmpties, Margin: play.ReviewMargin(size), Plies: m.Game.Record.Plies, End: views.EndOf(m.Outcome())})
	case done != nil:
		page.Status = views.ReviewRunning()
		page.Check = gameURL(m.Game.ID) + "/review?wait=1#status"
		page.Events = gameURL(m.Game.ID) + "/review/events"
		page.Live = static.Live().Path
	case !m.Playing():
		page.Status = views.ReviewNone()
		page.Start = gameURL(m.Game.ID) + "/review"
	default:
		page.Status = views.NoticeReviewPlaying().Message
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.ReviewPageName, page)
	return nil
}

// reviewEvents is the review page's event stream while the review runs:
// one "change" event, naming the page to load, once the review is stored
// (or has stopped), and a heartbeat comment meanwhile.
func (s *Server) reviewEvents(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	leave, err := s.enterWaiters(c)
	if err != nil {
		return err
	}
	defer leave()
	done := s.app.ReviewRunning(m)
	page := gameURL(m.Game.ID) + "/review#status"
	first := ""
	if done == nil { // done already, or never asked for: the page says which
		first = page
	}
	s.stream(c, first, done, func() string { return page })
	return nil
}
