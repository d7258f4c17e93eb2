package handlers

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
	"reversi/static"
	"reversi/views"
)

// showPuzzle shows the list (no :n), puzzle :n, or the verdict on the
// answer :move, which needs no state: every move's value is stored.
func (s *Server) showPuzzle(c *gin.Context) error {
	if c.Param("n") == "" {
		return s.renderPuzzle(c, nil, nil, http.StatusOK, views.Text{})
	}
	p, ans, err := play.PuzzleAnswerFor(c.Param("n"), c.Param("move"))
	if err != nil || c.Param("move") != "" && ans == nil {
		return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle, cause: err}
	}
	return s.renderPuzzle(c, p, ans, http.StatusOK, views.Text{})
}

// answerPuzzle counts an answer and answers 303 to its verdict; one that
// is no legal move changes nothing, not even a new player.
func (s *Server) answerPuzzle(c *gin.Context) error {
	p, ans, err := play.PuzzleAnswerFor(c.Param("n"), c.PostForm("move"))
	if p == nil {
		return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle, cause: err}
	} else if ans == nil && errors.Is(err, game.ErrIllegalMove) {
		return s.renderPuzzle(c, p, nil, http.StatusUnprocessableEntity, views.MsgPuzzleAnswer(err))
	} else if ans == nil {
		return s.renderPuzzle(c, p, nil, http.StatusBadRequest, views.MsgPuzzleSquare)
	}
	player := playerID(c)
	if player == "" {
		if player, err = s.newPlayer(c); err == nil {
			err = s.savePlayer(c, player)
		}
	} else {
		err = s.recordPlayer(c, player)
	}
	if err == nil {
		err = s.app.AnswerPuzzle(c.Request.Context(), player, p.Number, ans.Move)
	}
	if err != nil {
		return err
	}
	return redirect(c, views.PuzzleURL(p.Number)+"/answer/"+ans.Move.Name(puzzle.Size)+"#status")
}

// renderPuzzle writes puzzle p's page, or the list when p is nil.
func (s *Server) renderPuzzle(c *gin.Context, p *puzzle.Puzzle, ans *play.PuzzleAnswer, status int, message views.Text) error {
	pr, err := s.app.PuzzleProgress(c.Request.Context(), playerID(c))
	if err == nil {
		name, page := views.PuzzlePages(func(t views.Text, sk views.SkipLink) views.Base { return s.base(c.Request, t, sk) }, static.JS.Path, p, ans, pr, s.app.DailyPuzzle(), message)
		s.writePage(c.Writer, c.Request, status, name, page)
	}
	return err
}
