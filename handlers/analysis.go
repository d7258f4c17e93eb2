package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// analysis values every legal move of the position that the address
// gives (position, side, moves); a move from the board's form (move) is
// answered with 303 to the address of the position it leads to.
func (s *Server) analysis(c *gin.Context) error {
	q, err := play.ParseAnalysisQuery(c.Query("position"), c.Query("side"), c.Query("moves"), c.Query("move"))
	if err != nil {
		return err
	}
	if q.Moved {
		return redirect(c, views.AnalysisURL(q.Start, q.Moves)+"#status")
	}
	f, err := s.app.Analyse(c.Request.Context(), q)
	if err != nil {
		return err
	}
	base := s.base(c.Request, views.AnalysisTitle(), views.SkipToAnalysis())
	s.writePage(c.Writer, c.Request, http.StatusOK, views.AnalysisName, views.AnalysisPageFor(base, f))
	return nil
}

// setup shows the set-up board at the position the address gives
// (position, side), with the square set turned to its next content.
func (s *Server) setup(c *gin.Context) error {
	b, err := play.ParseSetupQuery(c.Query("position"), c.Query("side"), c.Query("set"))
	if err != nil {
		return err
	}
	base := s.base(c.Request, views.SetupTitle(), views.SkipToSetup())
	base.JS = static.JS().Path // the arrow keys, and focus back on the square set
	s.writePage(c.Writer, c.Request, http.StatusOK, views.SetupName, views.SetupPageFor(base, b, levelField()))
	return nil
}
