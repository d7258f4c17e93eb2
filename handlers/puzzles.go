package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
	"reversi/static"
	"reversi/views"
)

// The endgame puzzles. A puzzle is a GET; an answer is a POST, which
// counts it in the player's progress and answers 303 to the verdict's own
// address, a GET that needs no state (every move's value is stored with
// the puzzle). The rules are play's, the words views'.

func (s *Server) puzzleIndex(c *gin.Context) error {
	pr, err := s.app.PuzzleProgress(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	page := views.NewPuzzleIndex(pr, play.NextFor(pr, 0), s.app.DailyPuzzle())
	page.Base = s.base(views.PuzzleIndexTitle, views.SkipToMain)
	s.writePage(c.Writer, c.Request, http.StatusOK, views.PuzzleIndexName, page)
	return nil
}

func (s *Server) puzzleDaily(c *gin.Context) error {
	return redirect(c, views.PuzzleURL(s.app.DailyPuzzle())+"#status")
}

// puzzleParam returns the puzzle that the address names.
func puzzleParam(c *gin.Context) (*puzzle.Puzzle, error) {
	raw := c.Param("n")
	n, err := strconv.Atoi(raw)
	if err != nil || len(raw) > 6 {
		return nil, refuse(http.StatusNotFound, views.NoticeNoPuzzle)
	}
	p, err := play.Puzzle(n)
	if err != nil {
		return nil, &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle, cause: err}
	}
	return p, nil
}

func (s *Server) showPuzzle(c *gin.Context) error {
	p, err := puzzleParam(c)
	if err != nil {
		return err
	}
	return s.renderPuzzle(c, p, nil, http.StatusOK, "")
}

// puzzleVerdict shows the verdict on the move in the address.
func (s *Server) puzzleVerdict(c *gin.Context) error {
	p, err := puzzleParam(c)
	if err != nil {
		return err
	}
	sq, err := game.ParseSquare(puzzle.Size, c.Param("move"))
	if err != nil {
		return refuse(http.StatusNotFound, views.NoticeNoPuzzle)
	}
	ans, err := play.CheckPuzzle(p, sq)
	if err != nil {
		return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle, cause: err}
	}
	return s.renderPuzzle(c, p, &ans, http.StatusOK, "")
}

// answerPuzzle judges and counts an answer. A refused one (not a square,
// not legal) is shown on the puzzle and changes nothing, not even a new
// player.
func (s *Server) answerPuzzle(c *gin.Context) error {
	p, err := puzzleParam(c)
	if err != nil {
		return err
	}
	raw := c.PostForm("move")
	sq, err := game.ParseSquare(puzzle.Size, strings.TrimSpace(raw))
	if err != nil || len(raw) > 4 {
		return s.renderPuzzle(c, p, nil, http.StatusBadRequest, views.MsgPuzzleSquare)
	}
	if _, err := play.CheckPuzzle(p, sq); err != nil {
		return s.renderPuzzle(c, p, nil, http.StatusUnprocessableEntity, views.MsgIllegal(p.Board, sq))
	}
	player := playerID(c)
	if player == "" {
		if player, err = s.newPlayer(c); err != nil {
			return err
		}
		if err := s.savePlayer(c, player); err != nil {
			return err
		}
	} else if err := s.recordPlayer(c, player); err != nil {
		return err
	}
	ans, err := s.app.AnswerPuzzle(c.Request.Context(), player, p.Number, sq)
	if errors.Is(err, play.ErrPuzzleStale) {
		return s.renderPuzzle(c, p, &ans, http.StatusConflict, views.MsgPuzzleStale)
	}
	if err != nil {
		return err
	}
	return redirect(c, views.PuzzleURL(p.Number)+"/answer/"+sq.Name(puzzle.Size)+"#status")
}

// renderPuzzle writes puzzle p's page with status: the task, or the
// verdict on ans; message says why a request was refused.
func (s *Server) renderPuzzle(c *gin.Context, p *puzzle.Puzzle, ans *play.PuzzleAnswer, status int, message string) error {
	pr, err := s.app.PuzzleProgress(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	page := views.NewPuzzlePage(p, ans, pr, play.NextFor(pr, p.Number), s.app.DailyPuzzle())
	page.Message = message
	title := page.Heading + ": " + page.Status
	if message != "" {
		title = message
	}
	page.Base = s.base(title, views.SkipToBoard)
	page.JS = static.JS.Path
	s.writePage(c.Writer, c.Request, status, views.PuzzlePageName, page)
	return nil
}
