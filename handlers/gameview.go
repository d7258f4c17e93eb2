package handlers

import (
	"github.com/gin-gonic/gin"

	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// This file builds a game's page: play decides its facts from the match,
// views presents them, and this adds what only the request knows: its
// addresses, its question, its room's links.

// gamePage builds the whole page of m. message says why the last request
// was refused, if it was; did names what the last request did ("undo",
// "hint", "settings") when it was not a move.
func (s *Server) gamePage(c *gin.Context, m *play.Match, message views.Text, did string) views.GamePage {
	r := views.GameRequest{
		Base: func(t views.Text, sk views.SkipLink) views.Base { return s.base(c.Request, t, sk) },
		JS:   static.JS().Path, Live: static.Live().Path, Clock: static.Clock().Path, Message: message, Did: did, Ask: c.Query("ask"),
		Record: recordView(m),
	}
	if m.Room != nil {
		at := gameURL(m.Game.ID)
		r.NextRound, r.Invite, r.AgainAction = gameURL(m.Room.GameID)+"#status", s.origin(c)+inviteURL(m.Room.Token), at+"/again"
		r.Check, r.Events = at+"?after="+m.Stamp()+"#status", at+"/events?after="+m.Stamp()
	} else if !m.Playing() {
		r.Again = againFields(m.Game)
	}
	return views.GamePageFor(play.GameFor(m), r)
}

// renderMatch writes m's page with the given status.
func (s *Server) renderMatch(c *gin.Context, m *play.Match, status int, message views.Text, did string) {
	s.writePage(c.Writer, c.Request, status, views.Play, s.gamePage(c, m, message, did))
}

// origin returns the scheme and host of the app's public address: the
// configured one, or else the one the request came to.
func (s *Server) origin(c *gin.Context) string {
	if s.publicURL != "" {
		return s.publicURL
	}
	scheme := "http://"
	if s.secure || c.Request.TLS != nil {
		scheme = "https://"
	}
	return scheme + c.Request.Host
}
