package handlers

import (
	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// This file builds a game's page from a match: views builds each part of
// it from the match (views/match.go), this adds what only the request
// knows: its addresses, its question, its room's links.

// gamePage builds the whole page of m. message says why the last request
// was refused, if it was; did names what the last request did ("undo",
// "hint", "settings") when it was not a move.
func (s *Server) gamePage(c *gin.Context, m *play.Match, message views.Text, did string) views.GamePage {
	g, b := m.Game, m.Board()
	status := views.MatchStatus(m, did)
	title := status
	if !message.IsZero() {
		title = message
	}
	canPlay := m.CanPlay()
	page := views.GamePage{
		Base:      s.base(c.Request, title, views.SkipToBoard),
		ID:        g.ID,
		Heading:   views.GameHeading(string(g.Opponent), m.Seat, g.Level),
		Status:    status,
		Message:   message,
		Ply:       m.Ply(),
		Board:     views.NewBoard(b, views.MatchMarks(m, message.IsZero() && did == "", did)),
		Players:   views.MatchPlayers(m),
		Pass:      canPlay && b.MustPass(),
		Resume:    m.Playing() && !m.HumanToMove() && g.Opponent == club.Computer,
		CanUndo:   m.CanUndo(),
		CanHint:   m.CanHint(),
		ShowMoves: g.ShowMoves,
		AllowUndo: g.AllowUndo,
		Sound:     g.Sound,
		Moves:     views.MatchMoves(m),
		Record:    recordView(m),
		Result:    views.MatchResult(m),
		CanResign: m.Playing() && m.Current() && !m.Waiting(),
	}
	page.AskResign = page.CanResign && c.Query("ask") == "resign"
	page.CanDelete = m.Room == nil
	page.AskDelete = page.CanDelete && c.Query("ask") == "delete"
	page.JS = static.JS.Path
	if page.Pass {
		page.PassLabel = views.PassLabel(string(g.Opponent), b.Turn())
	}
	if m.Room != nil {
		page.Online = s.onlineView(c, m)
		if page.Online.Events != "" {
			page.Live = static.Live.Path
		}
	} else if page.Result != nil {
		page.Again = againFields(g)
	}
	return page
}

// renderMatch writes m's page with the given status.
func (s *Server) renderMatch(c *gin.Context, m *play.Match, status int, message views.Text, did string) {
	s.writePage(c.Writer, c.Request, status, views.Play, s.gamePage(c, m, message, did))
}

// onlineView is what the game page shows of m's room.
func (s *Server) onlineView(c *gin.Context, m *play.Match) *views.OnlineView {
	r := m.Room
	v := &views.OnlineView{}
	b := m.Board()
	var waiting views.Awaited
	switch {
	case !m.Current():
		v.NextRound = gameURL(r.GameID) + "#status"
	case m.Waiting():
		if m.Host {
			v.Invite = s.origin(c) + inviteURL(r.Token)
		}
		waiting = views.WaitingForGuest()
	case m.Playing() && b.Turn() != m.Seat:
		waiting = views.WaitingForMove(b.Turn())
	case !m.Playing():
		a := &views.AgainView{Action: gameURL(m.Game.ID) + "/again", Version: r.Version, Them: m.Seat.Opponent()}
		a.Mine, a.Theirs = string(r.GuestAgain), string(r.HostAgain)
		if m.Host {
			a.Mine, a.Theirs = a.Theirs, a.Mine
		}
		v.Again = a
		if a.Mine != "" {
			waiting = views.WaitingForAnswer(m.Seat.Opponent())
		}
	}
	if !waiting.IsZero() {
		v.Waiting = waiting
		v.Check = gameURL(m.Game.ID) + "?after=" + m.Stamp() + "#status"
		v.Events = gameURL(m.Game.ID) + "/events?after=" + m.Stamp()
	}
	sc := m.Score()
	v.Score = views.MatchScore(sc.Round, sc.Mine, sc.Theirs, sc.Draws)
	return v
}

// describe is a one-line description of a game for links.
func describe(g *club.Game) views.Text {
	moves := 0
	for _, m := range g.Record.Plies {
		if m != game.Pass {
			moves++
		}
	}
	return views.Describe(string(g.Opponent), g.Human, g.Level, g.Record.Options.Size, moves)
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
