package views

import (
	"strings"

	"reversi/game"
	"reversi/play"
)

// A game's page presents the facts play decides of its match
// (play.GameFor) with what only the request knows (GameRequest), in one
// function, GamePageFor.

// MatchVoice is who the page speaks to: the viewer's seat, or both colours
// in a local game.
func MatchVoice(m *play.Match) Voice { return Voice{You: m.Seat} }

// GameRequest is what only the request knows of a game's page.
type GameRequest struct {
	// Base makes the page's Base from its title and skip link.
	Base func(Text, SkipLink) Base
	// JS is the board script's path, and Live the live-update script's,
	// given to a page that awaits something; Clock the clocks' countdown
	// script's, given to a clocked game's page.
	JS, Live, Clock string
	Message         Text   // why the last request was refused, or zero
	Did             string // what the last request did, when not a move: "undo", "hint", "settings"
	Ask             string // the question the address asks: "resign" or "delete"
	Record          RecordView
	Again           []Field // a new game with the same choices, offered once the game is over
	// The addresses of an online game's room: the room's current round,
	// the invite, where the play-again form posts, the long-poll link and
	// the event stream.
	NextRound, Invite, AgainAction, Check, Events string
}

// GamePageFor presents the facts of a game's page with the request's. A
// message is also the page's title; the page marks the last turn's discs
// unless the last request was an undo, and animates them only right after
// a move.
func GamePageFor(f play.GameFacts, r GameRequest) GamePage {
	opp := string(f.Opponent)
	status := gameStatus(f, r.Did)
	title := status
	if !r.Message.IsZero() {
		title = r.Message
	}
	page := GamePage{
		Base:      r.Base(title, SkipToBoard()),
		ID:        f.ID,
		Heading:   gameHeading(f),
		Spectator: f.Spectator,
		Status:    status,
		Message:   r.Message,
		Ply:       f.Ply,
		Board:     NewBoard(f.Board, gameMarks(f, r.Message.IsZero() && r.Did == "", r.Did)),
		Players:   gamePlayers(f),
		Pass:      f.Pass,
		Resume:    f.Resume,
		CanUndo:   f.CanUndo,
		CanHint:   f.CanHint,
		ShowMoves: f.ShowMoves,
		AllowUndo: f.AllowUndo,
		Sound:     f.Sound,
		Moves:     gameMoves(f),
		Record:    r.Record,
		Result:    gameResult(f),
		CanResign: f.CanResign,
		AskResign: f.CanResign && r.Ask == "resign",
		CanDelete: f.CanDelete,
		AskDelete: f.CanDelete && r.Ask == "delete",
	}
	page.JS = r.JS
	page.Clocks = clocksView(f.Clock, r.Clock)
	page.Opening = OpeningName(f.Opening)
	switch {
	case f.Lobby && f.Rated:
		page.Kind = Say("game.kind.rated")
	case f.Lobby:
		page.Kind = Say("game.kind.casual")
	}
	if f.Analysis != nil {
		page.Analysis = AnalysisURL(f.Analysis.Start, f.Analysis.Moves)
	}
	if f.Pass {
		page.PassLabel = PassLabel(opp, f.Board.Turn())
	}
	if f.Room != nil {
		page.Online = roomView(f, r)
		if page.Online.Events != "" {
			page.Live = r.Live
		}
	} else if page.Result != nil {
		page.Again = r.Again
	}
	return page
}

// gameHeading is the page's h1: who plays whom, seen from the viewer's
// seat, or, for a spectator, both players by name.
func gameHeading(f play.GameFacts) Text {
	if f.Spectator {
		return WatchedHeading(PlayerText(f.Names[game.Black]), PlayerText(f.Names[game.White]))
	}
	if f.Lobby && f.Seat != game.Empty {
		them := f.Seat.Opponent()
		return Say("game.heading.lobby", f.Seat, PlayerText(f.Names[them]), them)
	}
	return GameHeading(string(f.Opponent), f.Seat, f.Level)
}

// gameEnding is how the game stands, for the page's sentences.
func gameEnding(f play.GameFacts) Ending {
	o := f.Outcome
	return Ending{Result: o.Result, Resigned: o.Resigned, OnTime: o.OnTime, Aborted: o.Aborted}
}

// intros are the narration's intros, by play's.
var intros = map[play.Intro]Intro{play.IntroComputer: IntroComputer, play.IntroOnline: IntroOnline, play.IntroLocal: IntroLocal}

// gameStatus is the page's status heading: what the last request did and
// what comes next.
func gameStatus(f play.GameFacts, did string) Text {
	v, b, end := Voice{You: f.Seat}, f.Board, gameEnding(f)
	switch {
	case did == "undo": // even back where a hint was given: the undo is news
		return v.Undone(b, end)
	case f.Hint != game.Pass:
		return v.Hinted(f.Hint, b, end)
	case f.Waiting:
		return v.Waiting()
	case did == "settings":
		return v.SettingsSaved(b, end)
	}
	evs := make([]Event, len(f.LastTurn))
	for i, ev := range f.LastTurn {
		evs[i] = Event{Color: ev.Color, Square: ev.Square, Placed: ev.Placed, Flips: ev.Flips.Count()}
	}
	return v.Narrate(intros[f.Intro], evs, b, end, f.Size)
}

// gameMarks returns the last turn's placed and flipped discs, with
// animation steps from each placed disc outward, the computer's reply
// after the player's move, and the hint's ring.
func gameMarks(f play.GameFacts, animate bool, did string) Marks {
	mk := Marks{Hint: f.Hint, Opponent: string(f.Opponent), Playable: f.Playable, ShowLegal: f.ShowLegal}
	if did == "undo" {
		return mk
	}
	steps := map[game.Square]int{}
	base := 0
	for _, ev := range f.LastTurn {
		if ev.Square == game.Pass {
			continue
		}
		// A placement keeps its mark even when a later reply of the turn
		// flips it; the animation steps follow the latest event.
		steps[ev.Square] = base
		if ev.Human {
			mk.Placed = append(mk.Placed, ev.Square)
		} else {
			mk.Replies = append(mk.Replies, ev.Square)
		}
		top := base
		for sq := range ev.Flips.All() {
			d := base + Distance(f.Size, ev.Square, sq)
			steps[sq] = d
			mk.Flipped = mk.Flipped.Or(game.Bit(sq))
			top = max(top, d)
		}
		base = top + 2
	}
	if animate {
		mk.Steps = steps
	}
	return mk
}

// gamePlayers are the two lines of the score.
func gamePlayers(f play.GameFacts) []PlayerLine {
	lines := make([]PlayerLine, 0, 2)
	for _, c := range []game.Color{game.Black, game.White} {
		role := PlayerRole(string(f.Opponent), f.Seat, c)
		if f.Spectator || f.Lobby && c != f.Seat {
			role = PlayerText(f.Names[c]) // players who met in the lobby go by name
		}
		lines = append(lines, PlayerLine{
			Color: c.String(), Side: c, Role: role,
			Computer: f.Computer == c, Discs: f.Board.Count(c), ToMove: f.ToMove == c,
		})
	}
	return lines
}

// gameResult is the result screen of a finished game, or nil.
func gameResult(f play.GameFacts) *ResultView {
	if f.Playing {
		return nil
	}
	o := f.Outcome
	return &ResultView{
		Winner: Winner(string(f.Opponent), f.Seat, gameEnding(f)), Black: o.Black, White: o.White,
		BlackScore: o.BlackScore, WhiteScore: o.WhiteScore, Hints: f.Hints, Undos: f.Undos,
		Resigned: o.Resigned, OnTime: o.OnTime, Aborted: o.Aborted,
	}
}

// gameMoves is the moves so far, passes included.
func gameMoves(f play.GameFacts) string {
	names := make([]string, len(f.Plies))
	for i, mv := range f.Plies {
		names[i] = mv.Name(f.Size)
	}
	return strings.Join(names, " ")
}

// roomView is what the game page shows of its room.
func roomView(f play.GameFacts, r GameRequest) *OnlineView {
	room, v := f.Room, &OnlineView{}
	if room.Later {
		v.NextRound = r.NextRound
	}
	if room.Invite {
		v.Invite = r.Invite
	}
	var waiting Awaited
	switch room.Awaiting {
	case play.AwaitingGuest:
		waiting = WaitingForGuest()
	case play.AwaitingMove:
		waiting = WaitingForMove(room.Them)
		if f.Spectator {
			waiting = WatchingForMove(PlayerText(f.Names[room.Them]), room.Them)
		}
	case play.AwaitingAnswer:
		waiting = WaitingForAnswer(room.Them)
	}
	if a := room.Again; a != nil {
		v.Again = &AgainView{Action: r.AgainAction, Version: a.Version, Mine: a.Mine, Theirs: a.Theirs, Them: room.Them}
	}
	if !waiting.IsZero() {
		v.Waiting, v.Check, v.Events = waiting, r.Check, r.Events
	}
	switch {
	case f.Spectator: // the score counts "mine" and "theirs"
	case f.Lobby:
		if s := room.Score; s.Mine+s.Theirs+s.Draws > 0 {
			v.Score = Say("online.score.named", s.Round, s.Mine, s.Theirs, s.Draws, PlayerText(f.Names[room.Them]))
		}
	default:
		v.Score = MatchScore(room.Score.Round, room.Score.Mine, room.Score.Theirs, room.Score.Draws)
	}
	return v
}
