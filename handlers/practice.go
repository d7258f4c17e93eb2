package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// The practice board's pages: GET shows it (with a preview for ?try=), and
// every change is a POST answered with 303. Its rules are play.Practice's.

func (s *Server) practice(c *gin.Context) error {
	st, err := s.app.Practice(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	trial, err := parseTrial(c, st.Board)
	if err != nil {
		return err
	}
	return s.renderPractice(c, st, http.StatusOK, views.Text{}, c.Query("did"), trial)
}

// practiceAskReset shows the board with the question whether to start
// again: a GET changes nothing, and the answer is a POST.
func (s *Server) practiceAskReset(c *gin.Context) error {
	st, err := s.app.Practice(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	if !st.CanReset() {
		return redirect(c, "/practice#board")
	}
	return s.renderPractice(c, st, http.StatusOK, views.Text{}, "ask-reset", game.Pass)
}

// renderPractice writes the practice page with status; message says why a
// request was refused, did what the last request did ("move", "undo",
// "reset"), and trial is the square previewed, or game.Pass.
func (s *Server) renderPractice(c *gin.Context, st *play.Practice, status int, message views.Text, did string, trial game.Square) error {
	b := st.Board
	over := st.Over()
	page := views.PracticePage{
		Message: message, Version: st.Version, Placed: st.Placed, Limit: play.PracticeLimit, Over: over,
		CanUndo: st.CanUndo(), CanReset: st.CanReset(),
		Position: views.PositionText(b),
		Moves:    views.PracticeMoves(names8(st.Opening), names8(st.Plies)),
	}
	if over {
		page.Position = views.PracticeOverPosition(b)
	}
	marks := views.TrialMarks{Trial: game.Pass, Placed: game.Pass, Open: !over, NoLegal: over}
	switch did {
	case "move":
		if st.Last != game.Pass {
			page.Status = views.PracticeMoved(st.Mover, st.Last, st.Flips.Count())
			marks.Placed, marks.Flipped = st.Last, st.Flips
		}
	case "undo":
		page.Status = views.PracticeUndone()
	case "reset":
		page.Status = views.PracticeRestarted()
	case "ask-reset":
		page.AskReset = true
	}
	if st.Passed() && !over {
		page.Status = views.PracticePassed(page.Status, b.Turn().Opponent())
	}
	if over {
		page.Status = views.PracticeOver(page.Status, st.Placed)
	} else if trial != game.Pass {
		tv := views.Trial(b, trial)
		tv.Cancel = "/practice#board"
		page.Trial = &tv
		marks.Trial, marks.Lines = trial, b.Trial(trial)
		marks.Placed, marks.Flipped = game.Pass, game.Bits{}
		if b.Legal(trial) {
			page.Apply = trial.Name(8)
			page.ApplyLabel = views.PracticeApply(page.Apply, b.Turn())
		}
	}
	if m := b.Moves(); !over && page.Trial == nil && !page.AskReset && !m.IsZero() {
		sq := m.First().Name(8)
		page.Example = &views.ExampleMove{Mover: b.Turn(), Square: sq, URL: "/practice?try=" + sq}
	}
	title := views.PracticeTitle()
	switch {
	case !message.IsZero():
		title = message
	case page.Trial != nil:
		title = views.PracticeTrialTitle(*page.Trial)
	case page.AskReset:
		title = views.PracticeAskTitle()
	case !page.Status.IsZero():
		title = views.PracticePageTitle(page.Status)
	}
	page.Base = s.base(c.Request, title, views.SkipToBoard())
	page.JS = static.JS().Path
	page.Board = views.TrialBoard{
		TrialGrid: views.NewTrialBoard(b, marks),
		Action:    "/practice", // no fragment: w3m would send the query after it
		Label:     views.PracticeBoardLabel(),
	}
	if page.Trial != nil {
		page.Board.Cancel = "/practice#board"
	}
	s.writePage(c.Writer, c.Request, status, views.Practice, page)
	return nil
}

func names8(sqs []game.Square) []string {
	s := make([]string, len(sqs))
	for i, sq := range sqs {
		s[i] = sq.Name(8)
	}
	return s
}

// practiceVersion reads the version of the practice board that a form
// was rendered at.
func practiceVersion(c *gin.Context) (int, bool) {
	v, ok := c.GetPostForm("version")
	n, err := strconv.Atoi(v)
	return n, ok && err == nil && n >= 0 && len(v) <= 9
}

// enrol is play.Enrol for this request: it makes a player, and the
// cookie, for a browser that has none, within its network's limit, or
// records the player of a valid cookie whose row is gone (a new database).
func (s *Server) enrol(c *gin.Context) play.Enrol {
	return func() (string, error) {
		p := playerID(c)
		if p != "" {
			return p, s.recordPlayer(c, p)
		}
		p, err := s.newPlayer(c)
		if err != nil {
			return "", err
		}
		return p, s.savePlayer(c, p)
	}
}

// practiceAnswer answers a POST that changed the practice board (or was
// refused): 303 to the board, with did in the address; a refusal by the
// practice rules is shown above the board as it stands and changes
// nothing; a refusal of this front's (a limit) gets the error page.
func (s *Server) practiceAnswer(c *gin.Context, did string, st *play.Practice, err error) error {
	if err == nil {
		return redirect(c, "/practice?did="+did+"#status")
	}
	var front *refusal
	if status, n := explain(err); status < 500 && st != nil && !errors.As(err, &front) {
		return s.renderPractice(c, st, status, n.Message, "", game.Pass)
	}
	return err
}

// practiceRefused shows the board as stored with a refusal of the form
// itself (no version, no square), which is read before the app is asked.
func (s *Server) practiceRefused(c *gin.Context, err error) error {
	st, lerr := s.app.Practice(c.Request.Context(), playerID(c))
	if lerr != nil {
		return lerr
	}
	status, n := explain(err)
	return s.renderPractice(c, st, status, n.Message, "", game.Pass)
}

func (s *Server) practiceMove(c *gin.Context) error {
	version, ok := practiceVersion(c)
	if !ok {
		return s.practiceRefused(c, errNoVersion)
	}
	raw := c.PostForm("move")
	sq, err := game.ParseSquare(8, strings.TrimSpace(raw))
	if err != nil || len(raw) > 4 {
		return s.practiceRefused(c, errBadSquare)
	}
	st, err := s.app.PracticeMove(c.Request.Context(), playerID(c), s.enrol(c), version, sq)
	return s.practiceAnswer(c, "move", st, err)
}

// Refusals of practice forms, which the practice board shows.
var (
	errBadSquare = errors.New("practice: not a square")
	errNoVersion = refuseMsg(http.StatusBadRequest, views.MsgPracticeNoVersion())
)

func (s *Server) practiceUndo(c *gin.Context) error {
	version, ok := practiceVersion(c)
	if !ok {
		return s.practiceRefused(c, errNoVersion)
	}
	st, err := s.app.PracticeUndo(c.Request.Context(), playerID(c), s.enrol(c), version)
	return s.practiceAnswer(c, "undo", st, err)
}

func (s *Server) practiceReset(c *gin.Context) error {
	version, ok := practiceVersion(c)
	if !ok {
		return s.practiceRefused(c, errNoVersion)
	}
	st, err := s.app.PracticeReset(c.Request.Context(), playerID(c), s.enrol(c), version)
	return s.practiceAnswer(c, "reset", st, err)
}
