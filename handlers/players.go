package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/play"
	"reversi/views"
)

// The ratings' pages: a named player's profile, /players/{name} (beside
// the player's own page, /players/me: "me" is too short to be a name),
// and the best players of a kind, /players?size=8&speed=live.

// showProfile is a named player's profile, or 404.
func (s *Server) showProfile(c *gin.Context) error {
	p, err := s.app.Profile(c.Request.Context(), c.Param("name"))
	if err != nil {
		return err
	}
	page := views.NewProfilePage(s.base(c.Request, views.ProfileTitle(p.Player.Name), views.SkipToMain()), p)
	s.writePage(c.Writer, c.Request, http.StatusOK, views.ProfileName, page)
	return nil
}

// showPlayers is the list of the best players of the kind in the query
// (size and speed, 8×8 live by default), or 404 for a kind not kept.
func (s *Server) showPlayers(c *gin.Context) error {
	k, err := play.ParseKind(c.Query("size"), c.Query("speed"))
	if err != nil {
		return err
	}
	l, err := s.app.Leaders(c.Request.Context(), k)
	if err != nil {
		return err
	}
	page := views.NewPlayersPage(s.base(c.Request, views.PlayersTitle(), views.SkipToMain()), l)
	s.writePage(c.Writer, c.Request, http.StatusOK, views.PlayersName, page)
	return nil
}
