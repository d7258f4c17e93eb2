package handlers

import (
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/db"
	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// This file builds a game's page from a match: each builder makes one part
// of views.GamePage, and the words come from package views.

// voice is who the page speaks to: the viewer's seat, or both colours in a
// local game.
func voice(m *play.Match) views.Voice { return views.Voice{You: m.Seat} }

// ending is how m stands, for the page's sentences.
func ending(m *play.Match) views.Ending {
	o := m.Outcome()
	return views.Ending{Result: o.Result, Resigned: o.Resigned}
}

// events turns the last turn into the page's events.
func events(evs []play.Event) []views.Event {
	out := make([]views.Event, len(evs))
	for i, ev := range evs {
		out[i] = views.Event{Color: ev.Color, Square: ev.Square, Placed: ev.Placed, Flips: ev.Flips.Count()}
	}
	return out
}

// intro is what the first page of a game says first.
func intro(m *play.Match) views.Intro {
	switch {
	case m.Game.Opponent == db.Computer && m.UndoTarget() < 0 && !m.HumanPassed():
		return views.IntroComputer
	case m.Game.Opponent == db.Online && m.Ply() == 0:
		return views.IntroOnline
	case m.Game.Opponent == db.Local && m.Ply() == 0:
		return views.IntroLocal
	}
	return views.NoIntro
}

// statusLine is the page's status heading: what the last request did and
// what comes next.
func statusLine(m *play.Match, did string) views.Text {
	v, b, end := voice(m), m.Board(), ending(m)
	if sq, ok := m.Hint(); ok {
		return v.Hinted(sq, b, end)
	}
	switch {
	case m.Waiting():
		return v.Waiting()
	case did == "undo":
		return v.Undone(b, end)
	case did == "settings":
		return v.SettingsSaved(b, end)
	}
	return v.Narrate(intro(m), events(m.LastTurn()), b, end, m.Game.Record.Options.Size)
}

// marks returns the last turn's placed and flipped discs, with animation
// steps from each placed disc outward, the computer's reply after the
// player's move, and the hint's ring.
func marks(m *play.Match, animate bool, did string) views.Marks {
	mk := views.Marks{Hint: game.Pass, Opponent: string(m.Game.Opponent)}
	if did != "undo" {
		size := m.Game.Record.Options.Size
		steps := map[game.Square]int{}
		base := 0
		for _, ev := range m.LastTurn() {
			if ev.Square == game.Pass {
				continue
			}
			// A placement keeps its mark even when a later reply of the
			// turn flips it; the animation steps follow the latest event.
			steps[ev.Square] = base
			if m.IsHuman(ev.Color) {
				mk.Placed = append(mk.Placed, ev.Square)
			} else {
				mk.Replies = append(mk.Replies, ev.Square)
			}
			top := base
			for f := range ev.Flips.All() {
				d := base + views.Distance(size, ev.Square, f)
				steps[f] = d
				mk.Flipped = mk.Flipped.Or(game.Bit(f))
				top = max(top, d)
			}
			base = top + 2
		}
		if animate {
			mk.Steps = steps
		}
	}
	if sq, ok := m.Hint(); ok {
		mk.Hint = sq
	}
	mk.Playable = m.CanPlay() && !m.Board().MustPass()
	// Rings only for the one who may move now: not for a side waiting for
	// the other's move, nor while an online game waits for its guest.
	mk.ShowLegal = m.Game.ShowMoves && m.CanPlay()
	return mk
}

// players are the two lines of the score.
func players(m *play.Match) []views.PlayerLine {
	b, playing := m.Board(), m.Playing() && !m.Waiting()
	var lines []views.PlayerLine
	for _, c := range []game.Color{game.Black, game.White} {
		lines = append(lines, views.PlayerLine{
			Color: c.String(), Side: c, Role: views.PlayerRole(string(m.Game.Opponent), m.Seat, c),
			Computer: m.Game.Opponent == db.Computer && c != m.Seat,
			Discs:    b.Count(c), ToMove: playing && !m.Waiting() && b.Turn() == c,
		})
	}
	return lines
}

// result is the result screen of a finished game, or nil.
func result(m *play.Match) *views.ResultView {
	if m.Playing() {
		return nil
	}
	o := m.Outcome()
	return &views.ResultView{
		Winner: views.Winner(string(m.Game.Opponent), m.Seat, ending(m)), Black: o.Black, White: o.White,
		BlackScore: o.BlackScore, WhiteScore: o.WhiteScore, Hints: m.Game.Hints, Undos: m.Game.Undos,
		Resigned: o.Resigned,
	}
}

// moveList is the moves so far, passes included.
func moveList(m *play.Match) string {
	size := m.Game.Record.Options.Size
	names := make([]string, len(m.Game.Record.Plies))
	for i, mv := range m.Game.Record.Plies {
		names[i] = mv.Name(size)
	}
	return strings.Join(names, " ")
}

// gamePage builds the whole page of m. message says why the last request
// was refused, if it was; did names what the last request did ("undo",
// "hint", "settings") when it was not a move.
func (s *Server) gamePage(c *gin.Context, m *play.Match, message views.Text, did string) views.GamePage {
	g, b := m.Game, m.Board()
	status := statusLine(m, did)
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
		Board:     views.NewBoard(b, marks(m, message.IsZero() && did == "", did)),
		Players:   players(m),
		Pass:      canPlay && b.MustPass(),
		Resume:    m.Playing() && !m.HumanToMove() && g.Opponent == db.Computer,
		CanUndo:   m.CanUndo(),
		CanHint:   m.CanHint(),
		ShowMoves: g.ShowMoves,
		AllowUndo: g.AllowUndo,
		Sound:     g.Sound,
		Moves:     moveList(m),
		Record:    recordView(m),
		Result:    result(m),
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
func describe(g *db.Game) views.Text {
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
