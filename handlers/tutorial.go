package handlers

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

func stepURL(n int) string { return "/tutorial/" + strconv.Itoa(n) }

func (s *Server) tutorialIndex(c *gin.Context) error {
	page := views.TutorialIndexPage{Base: s.base(c.Request, views.TutorialIndexTitle(), views.SkipToMain())}
	for i := range play.Steps() {
		page.Steps = append(page.Steps, views.StepLink{URL: stepURL(i + 1), Title: views.TutorialStepWords(i + 1).Title})
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialIndex, page)
	return nil
}

func (s *Server) tutorialStep(c *gin.Context) error {
	n, err := strconv.Atoi(c.Param("step"))
	if err != nil || c.Param("step") != strconv.Itoa(n) {
		n = 0 // no step has it
	}
	f, err := play.StepFor(n)
	if err != nil {
		return err // play.ErrNoStep: 404
	}
	trial, err := parseTrial(c, f.Board)
	if err != nil {
		return err
	}
	answer, chose := c.GetQuery("answer")
	page, title := views.TutorialPageFor(f.Try(trial, answer, chose), stepURL(n), stepURL)
	page.Base = s.base(c.Request, title, views.SkipToBoard())
	page.JS = static.JS().Path
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialStep, page)
	return nil
}

// parseTrial reads the square of a trial placement, ?try=f3, or returns
// game.Pass when there is none.
func parseTrial(c *gin.Context, b game.Board) (game.Square, error) {
	v, ok := c.GetQuery("try")
	if !ok || v == "" {
		return game.Pass, nil
	}
	sq, err := game.ParseSquare(b.Size(), strings.TrimSpace(v))
	if err != nil || len(v) > 4 {
		return game.Pass, refuse(http.StatusBadRequest, views.NoticeBadTrial(b.Size()))
	}
	return sq, nil
}
