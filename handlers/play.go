package handlers

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/views"
)

// own loads the game with the id in the URL, seen from the seat of the
// player whose cookie came with the request, who must hold one.
func (s *Server) own(c *gin.Context) (*play.Match, error) {
	m, err := s.app.Game(c.Request.Context(), playerID(c), c.Param("id"))
	if err == nil && m.Spectator && c.Request.Method == http.MethodPost {
		// Whoever watches a public game may read it, never act in it:
		// every form of the game refuses them here, whatever it is.
		return nil, play.ErrSpectator
	}
	return m, err
}

func (s *Server) showGame(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if after, ok := c.GetQuery("after"); ok && m.Room != nil {
		// A long poll from an online game's "Check for" link.
		if m, err = s.waitForChange(c, m, after); err != nil {
			return err
		}
		if !m.Current() {
			c.Redirect(http.StatusSeeOther, gameURL(m.Room.GameID)+"#status")
			return nil
		}
	}
	s.renderMatch(c, m, http.StatusOK, views.Text{}, c.Query("did"))
	return nil
}

// formPly reads the ply that a form about m was rendered at.
func formPly(c *gin.Context, m *play.Match) (int, error) {
	v, ok := c.GetPostForm("ply")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 0 || len(v) > 4 {
		return 0, showing(m, refuseMsg(http.StatusBadRequest, views.MsgNoPly()))
	}
	return n, nil
}

// gameForm loads the game in the URL and reads the ply of the form sent
// about it.
func (s *Server) gameForm(c *gin.Context) (*play.Match, int, error) {
	m, err := s.own(c)
	if err != nil {
		return nil, 0, err
	}
	ply, err := formPly(c, m)
	return m, ply, err
}

// move plays the player's move and, against the computer, its replies.
func (s *Server) move(c *gin.Context) error {
	m, ply, err := s.gameForm(c)
	if err != nil {
		return err
	}
	size := m.Game.Record.Options.Size
	raw := c.PostForm("move")
	if raw == "computer" && m.Game.Opponent == club.Computer {
		return s.saved(c, "")(s.app.Resume(c.Request.Context(), who(c), m, ply))
	}
	mv, err := game.ParseMove(size, strings.TrimSpace(raw))
	if err != nil || len(raw) > 8 {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgBadMove(size)))
	}
	return s.saved(c, "")(s.app.Move(c.Request.Context(), who(c), m, ply, mv))
}

// saved answers a change that the app has stored: 303 to the game's page,
// with did in the address; or, when it was refused, the refusal shown on
// the board of the match that the app returned.
func (s *Server) saved(c *gin.Context, did string) func(*play.Match, error) error {
	return func(m *play.Match, err error) error {
		if errors.Is(err, club.ErrNotFound) {
			return err // deleted meanwhile: no board to show
		}
		if err != nil {
			return showing(m, err)
		}
		url := gameURL(m.Game.ID)
		if did != "" {
			url += "?did=" + did
		}
		return redirect(c, url+"#status")
	}
}

func (s *Server) undo(c *gin.Context) error {
	m, ply, err := s.gameForm(c)
	if err != nil {
		return err
	}
	return s.saved(c, "undo")(s.app.Undo(c.Request.Context(), m, ply))
}

// resign resigns for the viewer's side (the side to move, on one device);
// the game page asks first, with ?ask=resign.
func (s *Server) resign(c *gin.Context) error {
	m, ply, err := s.gameForm(c)
	if err != nil {
		return err
	}
	return s.saved(c, "")(s.app.Resign(c.Request.Context(), m, ply))
}

func (s *Server) hintMove(c *gin.Context) error {
	m, ply, err := s.gameForm(c)
	if err != nil {
		return err
	}
	m, err = s.app.Hint(c.Request.Context(), who(c), m, ply)
	if errors.Is(err, play.ErrHintFailed) {
		return err // the error page: no board to show it on
	}
	return s.saved(c, "hint")(m, err)
}

// deleteGame deletes a game of the player's own, not played online; the
// game page asks first (?ask=delete), and the home page it lands on says
// that it was done (?did=delete).
func (s *Server) deleteGame(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if err := s.app.Delete(c.Request.Context(), m); errors.Is(err, play.ErrNotOnline) {
		return showing(m, err)
	} else if err != nil {
		return err
	}
	return redirect(c, "/?did=delete")
}

func (s *Server) settings(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	set := play.ParseSettings(c.Request.PostForm)
	if err := s.app.ChangeSettings(c.Request.Context(), m, playerID(c), set); errors.Is(err, play.ErrNotHost) {
		return showing(m, err)
	} else if err != nil {
		return err
	}
	return redirect(c, gameURL(m.Game.ID)+"?did=settings#status")
}
