package handlers

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
	"reversi/static"
	"reversi/views"
)

// showPuzzle shows the list (no :n), puzzle :n, or the verdict on the
// answer :move, to a player who has answered (else the puzzle, first).
func (s *Server) showPuzzle(c *gin.Context) error {
	if c.Param("n") == "" {
		return s.renderPuzzle(c, nil, nil, http.StatusOK, views.Text{})
	}
	p, ans, err := play.PuzzleAnswerFor(c.Param("n"), c.Param("move"))
	if err != nil || c.Param("move") != "" && ans == nil {
		return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle(), cause: err}
	}
	if ans != nil {
		if ok, err := s.app.MayShowVerdict(c.Request.Context(), playerID(c), p.Number); err != nil {
			return err
		} else if !ok {
			return redirect(c, views.PuzzleURL(p.Number)+"#board")
		}
	}
	return s.renderPuzzle(c, p, ans, http.StatusOK, views.Text{})
}

// answerPuzzle counts an answer and answers 303 to its verdict; one that
// is no legal move changes nothing, not even a new player.
func (s *Server) answerPuzzle(c *gin.Context) error {
	p, ans, err := play.PuzzleAnswerFor(c.Param("n"), c.PostForm("move"))
	if p == nil {
		return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle(), cause: err}
	} else if ans == nil && errors.Is(err, game.ErrIllegalMove) {
		return s.renderPuzzle(c, p, nil, http.StatusUnprocessableEntity, views.MsgPuzzleAnswer(err))
	} else if ans == nil {
		return s.renderPuzzle(c, p, nil, http.StatusBadRequest, views.MsgPuzzleSquare())
	}
	player := playerID(c)
	if player == "" {
		if player, err = s.newPlayer(c); err == nil {
			err = s.savePlayer(c, player)
		}
		if err == nil {
			err = s.app.AnswerPuzzle(c.Request.Context(), player, p.Number, ans.Move)
		}
	} else {
		// A player with a cookie has a row (the cookie lives no longer
		// than an unseen player's row, and the session keeps the last-seen
		// time), so the answer is one write; should the row be gone (a
		// database started afresh), it is made and the answer saved again.
		err = s.app.AnswerPuzzle(c.Request.Context(), player, p.Number, ans.Move)
		if err != nil && !errors.Is(err, play.ErrPuzzleStale) {
			if err = s.recordPlayer(c, player); err == nil {
				err = s.app.AnswerPuzzle(c.Request.Context(), player, p.Number, ans.Move)
			}
		}
	}
	if err != nil {
		return err
	}
	return redirect(c, views.PuzzleURL(p.Number)+"/answer/"+ans.Move.Name(puzzle.Size)+"#status")
}

// renderPuzzle writes puzzle p's page, or the list when p is nil.
func (s *Server) renderPuzzle(c *gin.Context, p *puzzle.Puzzle, ans *play.PuzzleAnswer, status int, message views.Text) error {
	pr, err := s.app.PuzzleProgress(c.Request.Context(), playerID(c))
	base := func(t views.Text, sk views.SkipLink) views.Base { return s.base(c.Request, t, sk) }
	if err == nil && p == nil {
		s.writePage(c.Writer, c.Request, status, views.PuzzleIndexName, views.PuzzleIndexPageFor(play.PuzzleIndexFor(pr, s.app.DailyPuzzle()), base))
	} else if err == nil {
		s.writePage(c.Writer, c.Request, status, views.PuzzlePageName, views.PuzzlePageFor(play.PuzzleFor(p, ans, pr, s.app.DailyPuzzle()), base, static.JS().Path, message))
	}
	return err
}

// showReviewPuzzle shows the viewer's mistake at :ply of a reviewed game as
// a puzzle, or the verdict on the answer :move.
func (s *Server) showReviewPuzzle(c *gin.Context) error {
	m, mp, err := s.reviewPuzzle(c)
	if err != nil {
		return err
	}
	var ans *play.PuzzleAnswer
	if mv := c.Param("move"); mv != "" {
		if ans, err = play.PuzzleMove(mp.Puzzle, mv); err != nil {
			return &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle(), cause: err}
		}
	}
	return s.renderReviewPuzzle(c, m, mp, ans, http.StatusOK, views.Text{})
}

// answerReviewPuzzle answers 303 to the verdict on an answer to a review's
// puzzle, which counts for no progress: it changes nothing.
func (s *Server) answerReviewPuzzle(c *gin.Context) error {
	m, mp, err := s.reviewPuzzle(c)
	if err != nil {
		return err
	}
	ans, err := play.PuzzleMove(mp.Puzzle, c.PostForm("move"))
	switch {
	case errors.Is(err, game.ErrIllegalMove):
		return s.renderReviewPuzzle(c, m, mp, nil, http.StatusUnprocessableEntity, views.MsgPuzzleAnswer(err))
	case err != nil:
		return s.renderReviewPuzzle(c, m, mp, nil, http.StatusBadRequest, views.MsgPuzzleSquare())
	}
	return redirect(c, gameURL(m.Game.ID)+"/review/puzzles/"+strconv.Itoa(mp.Ply)+"/answer/"+ans.Move.Name(puzzle.Size)+"#status")
}

// reviewPuzzle loads the viewer's game and the puzzle at :ply of its review.
func (s *Server) reviewPuzzle(c *gin.Context) (*play.Match, *play.MistakePuzzle, error) {
	m, err := s.own(c)
	if err != nil {
		return nil, nil, err
	}
	ply, err := strconv.Atoi(c.Param("ply"))
	if err != nil || len(c.Param("ply")) > 4 {
		return nil, nil, &refusal{status: http.StatusNotFound, Notice: views.NoticeNoPuzzle(), cause: err}
	}
	mp, err := s.app.ReviewPuzzle(c.Request.Context(), m, ply)
	return m, mp, err
}

func (s *Server) renderReviewPuzzle(c *gin.Context, m *play.Match, mp *play.MistakePuzzle, ans *play.PuzzleAnswer, status int, message views.Text) error {
	page := views.NewReviewPuzzlePage(gameURL(m.Game.ID), mp.Ply, mp.Move, mp.Puzzle, ans, message)
	page.Base = s.base(c.Request, page.Title, views.SkipToBoard())
	page.JS = static.JS().Path
	s.writePage(c.Writer, c.Request, status, views.PuzzlePageName, page)
	return nil
}
