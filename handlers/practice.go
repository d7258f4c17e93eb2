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
		page.Status = views.PracticeUndone
	case "reset":
		page.Status = views.PracticeRestarted
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
	title := views.PracticeTitle
	switch {
	case !message.IsZero():
		title = message
	case page.Trial != nil:
		title = views.PracticeTrialTitle(*page.Trial)
	case page.AskReset:
		title = views.PracticeAskTitle
	case !page.Status.IsZero():
		title = views.PracticePageTitle(page.Status)
	}
	page.Base = s.base(c.Request, title, views.SkipToBoard)
	page.JS = static.JS.Path
	page.Board = views.TrialBoard{
		TrialGrid: views.NewTrialBoard(b, marks),
		Action:    "/practice", // no fragment: w3m would send the query after it
		Label:     views.PracticeBoardLabel,
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

// practiceChange answers a POST that changes the practice board: it loads
// the board, checks the version the form was rendered at, applies change
// (a rule of play.Practice), and stores the board, first making the player
// (and the cookie) when there is none yet. A refusal is shown above the
// board, and changes nothing.
func (s *Server) practiceChange(c *gin.Context, did string, change func(*play.Practice) error) error {
	ctx := c.Request.Context()
	st, err := s.app.Practice(ctx, playerID(c))
	if err != nil {
		return err
	}
	v, ok := c.GetPostForm("version")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 0 || len(v) > 9 {
		return s.renderPractice(c, st, http.StatusBadRequest, views.MsgPracticeNoVersion, "", game.Pass)
	}
	err = st.Check(n)
	if err == nil {
		err = change(st)
	}
	if err == nil {
		p := playerID(c)
		switch {
		case p == "":
			if p, err = s.newPlayer(c); err != nil {
				return err
			}
			if err := s.savePlayer(c, p); err != nil {
				return err
			}
		case st.Version == 0:
			// A valid cookie whose player row is gone (a new database).
			if err := s.recordPlayer(c, p); err != nil {
				return err
			}
		}
		if st, err = s.app.SavePractice(ctx, p, st); err == nil {
			return redirect(c, "/practice?did="+did+"#status")
		}
	}
	if status, n := explain(err); status < 500 {
		return s.renderPractice(c, st, status, n.Message, "", game.Pass)
	}
	return err
}

func (s *Server) practiceMove(c *gin.Context) error {
	raw := c.PostForm("move")
	sq, perr := game.ParseSquare(8, strings.TrimSpace(raw))
	return s.practiceChange(c, "move", func(st *play.Practice) error {
		if perr != nil || len(raw) > 4 {
			return errBadSquare
		}
		return st.Move(sq)
	})
}

// errBadSquare is a practice placement that names no square.
var errBadSquare = errors.New("practice: not a square")

func (s *Server) practiceUndo(c *gin.Context) error {
	return s.practiceChange(c, "undo", (*play.Practice).Undo)
}

func (s *Server) practiceReset(c *gin.Context) error {
	return s.practiceChange(c, "reset", (*play.Practice).Reset)
}
