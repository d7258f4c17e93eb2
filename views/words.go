package views

import (
	"fmt"
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// This file holds the Texts the pages say outside the templates: the
// messages of refusals and errors, the narration of moves and the labels
// of the players. Their words are in the catalogues, lang/CODE/*.txt.

// Messages shown above a game's board when a request about it was refused.
func MsgStale() Text        { return Say("msg.stale") }
func MsgOver() Text         { return Say("msg.over") }
func MsgNotTurn() Text      { return Say("msg.notturn") }
func MsgComputerTurn() Text { return Say("msg.computerturn") }
func MsgNoUndo() Text       { return Say("msg.noundo") }
func MsgUndoOff() Text      { return Say("msg.undooff") }
func MsgHintWhen() Text     { return Say("msg.hintwhen") }
func MsgNoGuest() Text      { return Say("msg.noguest") }
func MsgOnline() Text       { return Say("msg.online") }
func MsgNoPly() Text        { return Say("msg.noply") }
func MsgRoundPlaying() Text { return Say("msg.roundplaying") }
func MsgNoVersion() Text    { return Say("msg.noversion") }
func MsgSides() Text        { return Say("msg.sides") }
func MsgNotHost() Text      { return Say("msg.nothost") }

// MsgBadMove is the message for a move that names no square of a board of
// the given size.
func MsgBadMove(size int) Text {
	return Say("msg.badmove", game.SquareAt(size, size-1, size-1).Name(size))
}

// MsgIllegal explains why move m cannot be played on b.
func MsgIllegal(b game.Board, m game.Square) Text {
	name := m.Name(b.Size())
	switch {
	case m == game.Pass:
		return Say("msg.illegal.pass")
	case b.At(m) != game.Empty:
		return Say("msg.illegal.taken", name)
	case b.Placing():
		return Say("msg.illegal.centre", name)
	}
	return Say("msg.illegal.noflip", name)
}

// Notice is a heading and a message, for a page that explains a refusal or
// an error on its own.
type Notice struct{ Heading, Message Text }

// Notices for the error page.
func NoticeInternal() Notice { return Notice{Say("notice.internal.h"), Say("notice.internal")} }
func NoticeUnavailable() Notice {
	return Notice{Say("notice.unavailable.h"), Say("notice.unavailable")}
}
func NoticeNotFound() Notice  { return Notice{Say("notice.notfound.h"), Say("notice.notfound")} }
func NoticeNoMethod() Notice  { return Notice{Say("notice.nomethod.h"), Say("notice.nomethod")} }
func NoticeCrossSite() Notice { return Notice{Say("notice.crosssite.h"), Say("notice.crosssite")} }
func NoticeNoGame() Notice    { return Notice{Say("notice.nogame.h"), Say("notice.nogame")} }
func NoticeNotYours() Notice  { return Notice{Say("notice.notyours.h"), Say("notice.notyours")} }
func NoticeNoRoom() Notice    { return Notice{Say("notice.noroom.h"), Say("notice.noroom")} }
func NoticeExpired() Notice   { return Notice{Say("notice.expired.h"), Say("notice.expired")} }
func NoticeNotSeated() Notice { return Notice{Say("notice.notseated.h"), Say("notice.notseated")} }
func NoticeRoomFull() Notice  { return Notice{Say("notice.roomfull.h"), Say("notice.roomfull")} }
func NoticeNoEvents() Notice  { return Notice{Say("notice.noevents.h"), Say("notice.noevents")} }
func NoticeNotAgain() Notice  { return Notice{Say("notice.notagain.h"), Say("notice.notagain")} }
func NoticeBadAfter() Notice  { return Notice{Say("notice.badafter.h"), Say("notice.badafter")} }
func NoticeTooManyWaits() Notice {
	return Notice{Say("notice.toomanywaits.h"), Say("notice.toomanywaits")}
}
func NoticeBusy() Notice       { return Notice{Say("notice.busy.h"), Say("notice.busy")} }
func NoticeHintFailed() Notice { return Notice{Say("notice.hintfailed.h"), Say("notice.hintfailed")} }
func NoticeTooLarge() Notice   { return Notice{Say("notice.toolarge.h"), Say("notice.toolarge")} }
func NoticeBadForm() Notice    { return Notice{Say("notice.badform.h"), Say("notice.badform")} }
func NoticeTooMany() Notice    { return Notice{Say("notice.toomany.h"), Say("notice.toomany")} }

// NoticeNetwork refuses a request because its network, not this browser,
// reached the limit of new players or games: a browser that sent nothing
// must not be told it sent too much.
func NoticeNetwork() Notice { return Notice{Say("notice.network.h"), Say("notice.network")} }

func NoticeBadPly() Notice    { return Notice{Say("notice.badply.h"), Say("notice.badply")} }
func NoticeBadImport() Notice { return Notice{Say("notice.badimport.h"), Say("notice.badimport")} }
func NoticeBadRecord() Notice { return Notice{Say("notice.badrecord.h"), Say("notice.badrecord")} }
func NoticeBadPlayOn() Notice { return Notice{Say("notice.badplayon.h"), Say("notice.badplayon")} }
func NoticeReviewPlaying() Notice {
	return Notice{Say("notice.reviewplaying.h"), Say("notice.reviewplaying")}
}
func NoticeReviewBusy() Notice { return Notice{Say("notice.reviewbusy.h"), Say("notice.reviewbusy")} }
func NoticeBadLanguage() Notice {
	return Notice{Say("notice.badlanguage.h"), Say("notice.badlanguage")}
}
func NoticeNoStep() Notice { return Notice{Say("notice.nostep.h"), Say("notice.nostep")} }

// NoticeReviewsWaiting refuses a review to a player who has as many
// waiting as one may.
func NoticeReviewsWaiting(n int) Notice {
	return Notice{Say("notice.reviewswaiting.h"), Say("notice.reviewswaiting", n)}
}

// NoticeIncomplete is the notice for a new-game form without the named
// choice.
func NoticeIncomplete(legend Text) Notice {
	return Notice{Say("notice.incomplete.h"), Say("notice.incomplete", legend)}
}

// Voice says who the page speaks to. You is the viewer's side, spoken to
// as "you"; in a game of two players on one device it is Empty, and both
// sides are named by colour.
type Voice struct{ You game.Color }

// Yours reports whether side c is the viewer's, whom the page calls "you".
func (v Voice) Yours(c game.Color) bool { return v.You != game.Empty && c == v.You }

// Event is one ply of the last turn: a placement with its flips, a
// free-start placement, or a pass.
type Event struct {
	Color  game.Color
	Square game.Square // game.Pass for a pass
	Placed bool        // a free-start placement, which flips nothing
	Flips  int
}

// Intro is what a narration starts with, on a game's first page.
type Intro int

// The intros.
const (
	NoIntro       Intro = iota
	IntroComputer       // a new game against the computer
	IntroOnline         // a new online game
	IntroLocal          // a new game for two at one device
)

// Ending is how a finished game ended, for its sentences.
type Ending struct {
	game.Result
	// Resigned is the side that resigned, and OnTime the side whose time
	// ran out, or Empty.
	Resigned, OnTime game.Color
	// Aborted is a game that ended before both sides had moved: no result.
	Aborted bool
}

// decided reports whether the game ended other than on the board.
func (e Ending) decided() bool {
	return e.Resigned != game.Empty || e.OnTime != game.Empty || e.Aborted
}

// Narrate says what the last turn did and what comes next, as in "You
// played f5 and flipped 1; White played f6 and flipped 1; your move".
func (v Voice) Narrate(intro Intro, evs []Event, b game.Board, end Ending, size int) Text {
	var parts []Text
	switch intro {
	case IntroComputer:
		parts = append(parts, Say("game.intro.computer", v.You))
	case IntroOnline:
		parts = append(parts, Say("game.intro.online", v.You))
	case IntroLocal:
		parts = append(parts, Say("game.intro.local"))
	}
	for _, ev := range evs {
		parts = append(parts, v.event(ev, size))
	}
	return Clauses(append(parts, v.Next(b, end))...)
}

// event says what one ply of the turn did.
func (v Voice) event(ev Event, size int) Text {
	sq, yours := ev.Square.Name(size), v.Yours(ev.Color)
	switch {
	case ev.Square == game.Pass && yours:
		return Say("game.you.passed")
	case ev.Square == game.Pass:
		return Say("game.passed", ev.Color)
	case ev.Placed && yours:
		return Say("game.you.placed", sq)
	case ev.Placed:
		return Say("game.placed", ev.Color, sq)
	case yours:
		return Say("game.you.played", ev.Flips, sq)
	}
	return Say("game.played", ev.Flips, ev.Color, sq)
}

// Next says whose move it is on b, or how the game ended.
func (v Voice) Next(b game.Board, end Ending) Text {
	if end.decided() || b.Over() {
		return Say("game.over", v.Outcome(end))
	}
	turn := b.Turn()
	switch {
	case b.MustPass() && v.Yours(turn):
		return Say("game.next.you.pass")
	case b.MustPass():
		return Say("game.next.pass", turn)
	case v.Yours(turn):
		return Say("game.next.you")
	}
	return Say("game.next", turn)
}

// Outcome says who won and by how much, who resigned or lost on time, or
// that the game was aborted.
func (v Voice) Outcome(end Ending) Text {
	if r := end.Resigned; r != game.Empty {
		if v.Yours(r) {
			return Say("game.outcome.you.resigned")
		}
		return Say("game.outcome.resigned", r)
	}
	if r := end.OnTime; r != game.Empty {
		if v.Yours(r) {
			return Say("game.outcome.you.ontime")
		}
		return Say("game.outcome.ontime", r)
	}
	if end.Aborted {
		return Say("game.outcome.aborted")
	}
	r := end.Result
	if r.Winner == game.Empty {
		return Say("game.outcome.draw", r.Black)
	}
	win, lose := r.Black, r.White
	if r.Winner == game.White {
		win, lose = lose, win
	}
	switch {
	case v.You == game.Empty:
		return Say("game.outcome.won", r.Winner, win, lose)
	case v.Yours(r.Winner):
		return Say("game.outcome.you.won", win, lose)
	}
	return Say("game.outcome.you.lost", lose, win)
}

// Waiting is the status of an online game whose guest has not come yet.
func (v Voice) Waiting() Text {
	return Clauses(Say("game.intro.online", v.You), Say("game.waiting.guest"))
}

// Undone is the status after an undo.
//
// Undo goes back to the position before the placement it takes back, so
// in a local game, where both colours are "you", the colour to move in b is
// the one whose move was taken back, and the sentence names it.
func (v Voice) Undone(b game.Board, end Ending) Text {
	if v.You == game.Empty {
		return Clauses(Say("game.undone", b.Turn()), v.Next(b, end))
	}
	return Clauses(Say("game.undone.you"), v.Next(b, end))
}

// SettingsSaved is the status after the settings changed.
func (v Voice) SettingsSaved(b game.Board, end Ending) Text {
	return Clauses(Say("game.saved"), v.Next(b, end))
}

// Hinted is the status that shows a hint.
func (v Voice) Hinted(sq game.Square, b game.Board, end Ending) Text {
	return Clauses(Say("game.hinted", sq.Name(b.Size())), v.Next(b, end))
}

// Opponent kinds, as the stored game names them.
const (
	OpponentComputer = "computer"
	OpponentLocal    = "local"
	OpponentOnline   = "online"
)

// GameHeading is a game page's heading.
func GameHeading(opponent string, you game.Color, level string) Text {
	switch opponent {
	case OpponentComputer:
		return Say("game.heading.computer", you, LevelName(level))
	case OpponentOnline:
		return Say("game.heading.online", you)
	}
	return Say("game.heading.local")
}

// WatchedHeading is a spectator's h1: black and white are the players'
// names (or Anonymous).
func WatchedHeading(black, white Text) Text {
	return Say("game.heading.watch", black, game.Black, white, game.White)
}

// PassLabel is the Pass button's label for the side to move.
func PassLabel(opponent string, turn game.Color) Text {
	if opponent == OpponentComputer {
		return Say("game.pass.you")
	}
	return Say("game.pass", turn)
}

// PlayerRole says who plays side c, for a player line: "you",
// "computer", "your friend", or nothing in a local game.
func PlayerRole(opponent string, you, c game.Color) Text {
	switch {
	case opponent != OpponentLocal && c == you:
		return Say("game.role.you")
	case opponent == OpponentComputer:
		return Say("game.role.computer")
	case opponent == OpponentOnline:
		return Say("game.role.friend")
	}
	return Text{}
}

// Winner names the winner on the result screen.
func Winner(opponent string, you game.Color, end Ending) Text {
	w := end.Winner
	if end.Resigned != game.Empty {
		w = end.Resigned.Opponent()
	}
	if end.OnTime != game.Empty {
		w = end.OnTime.Opponent()
	}
	switch {
	case end.Aborted:
		return Say("game.winner.aborted")
	case w == game.Empty:
		return Say("game.winner.draw")
	case opponent == OpponentComputer && w == you:
		return Say("game.winner.you", w)
	case opponent == OpponentComputer:
		return Say("game.winner.computer", w)
	}
	return Say("game.side", w)
}

// Describe is a one-line description of a game for links, as in "8×8, you
// (Black) against the computer (Easy), 3 moves played".
func Describe(opponent string, human game.Color, level string, size, moves int) Text {
	switch opponent {
	case OpponentLocal:
		return Say("home.describe.local", moves, size)
	case OpponentOnline:
		return Say("home.describe.online", moves, size)
	}
	return Say("home.describe.computer", moves, size, human, LevelName(level))
}

// DescribeGame is Describe for a stored game.
func DescribeGame(g *club.Game) Text {
	return Describe(string(g.Opponent), g.Human, g.Level, g.Record.Options.Size, movesPlayed(g))
}

// DescribeHome is DescribeGame for the home page's lists, which name the
// opponent of a game whose players met in the lobby, as in "8×8, online
// against Bob, 3 moves played".
func DescribeHome(h play.HomeGame) Text {
	if h.Lobby {
		return Say("home.describe.lobby", movesPlayed(h.Game), h.Game.Record.Options.Size, PlayerText(h.Opponent))
	}
	return DescribeGame(h.Game)
}

// movesPlayed counts g's moves, passes aside.
func movesPlayed(g *club.Game) int {
	moves := 0
	for _, m := range g.Record.Plies {
		if m != game.Pass {
			moves++
		}
	}
	return moves
}

// MatchScore says how an online match stands, in the viewer's words.
func MatchScore(round, mine, theirs, draws int) Text {
	if mine+theirs+draws == 0 {
		return Say("online.round", round)
	}
	return Say("online.score", round, mine, theirs, draws)
}

// Awaited is what an online player waits for, said two ways: the page's
// "Waiting for …." and its link "Check for …". The zero Awaited is
// nothing.
type Awaited struct{ Wait, Check Text }

// IsZero reports whether nothing is awaited.
func (a Awaited) IsZero() bool { return a.Wait.IsZero() }

// WaitingForGuest is the friend who has not opened the invite link yet.
func WaitingForGuest() Awaited {
	return Awaited{Say("online.wait.guest"), Say("online.check.guest")}
}

// WaitingForMove is the other side's move.
func WaitingForMove(c game.Color) Awaited {
	return Awaited{Say("online.wait.move", c), Say("online.check.move", c)}
}

// WatchingForMove is a spectator's wait for the move of player name,
// who plays c.
func WatchingForMove(name Text, c game.Color) Awaited {
	return Awaited{Say("online.watch.move", name, c), Say("online.watch.check", name, c)}
}

// WaitingForAnswer is the other side's answer to "play again?".
func WaitingForAnswer(c game.Color) Awaited {
	return Awaited{Say("online.wait.answer", c), Say("online.check.answer", c)}
}

// Join page words.
func JoinFull() Notice { return Notice{Say("join.full.h"), Say("join.full")} }
func JoinTitle() Text  { return Say("join.title") }

// JoinInvite is the invite page's heading and message for a seat of colour
// c on a board of the given size.
func JoinInvite(c game.Color, size int) Notice {
	return Notice{Say("join.invite.h"), Say("join.invite", size, c)}
}

// Saved says when a game was last played, for the home page's Continue:
// "(last move 1 December at 02:10 UTC)".
func Saved(t time.Time) Text {
	t = t.UTC()
	return Say("home.saved", t.Day(), Say(months[t.Month()-1]), fmt.Sprintf("%02d", t.Hour()), fmt.Sprintf("%02d", t.Minute()))
}

// SavedLocal is Saved's sentence for time.js, which puts the time, in
// the visitor's zone and worded by the browser, where {} stands.
func SavedLocal() Text { return Say("home.saved.local", "{}") }

// SavedAt is t for a <time datetime>: RFC 3339 in UTC, to the minute.
func SavedAt(t time.Time) string { return t.UTC().Format("2006-01-02T15:04Z") }

// months are the keys of the months' names.
var months = [12]string{"home.month.1", "home.month.2", "home.month.3", "home.month.4", "home.month.5", "home.month.6",
	"home.month.7", "home.month.8", "home.month.9", "home.month.10", "home.month.11", "home.month.12"}
