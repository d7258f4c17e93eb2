package views

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"reversi/game"
)

// This file holds the words the pages say outside the templates: the
// messages of refusals and errors, the narration of moves, the labels of
// the players and the small grammar helpers they share. The templates hold
// the rest. A translation would start here and in the *.tmpl files.

// Messages shown above a game's board when a request about it was refused.
var (
	MsgStale        = Say("msg.stale")
	MsgOver         = Say("msg.over")
	MsgNotTurn      = Say("msg.notturn")
	MsgComputerTurn = Say("msg.computerturn")
	MsgNoUndo       = Say("msg.noundo")
	MsgUndoOff      = Say("msg.undooff")
	MsgHintWhen     = Say("msg.hintwhen")
	MsgNoGuest      = Say("msg.noguest")
	MsgOnline       = Say("msg.online")
	MsgNoPly        = Say("msg.noply")
	MsgRoundPlaying = Say("msg.roundplaying")
	MsgNoVersion    = Say("msg.noversion")
	MsgSides        = Say("msg.sides")
	MsgNotHost      = Say("msg.nothost")
)

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
var (
	NoticeInternal     = Notice{Say("notice.internal.h"), Say("notice.internal")}
	NoticeUnavailable  = Notice{Say("notice.unavailable.h"), Say("notice.unavailable")}
	NoticeNotFound     = Notice{Say("notice.notfound.h"), Say("notice.notfound")}
	NoticeNoMethod     = Notice{Say("notice.nomethod.h"), Say("notice.nomethod")}
	NoticeCrossSite    = Notice{Say("notice.crosssite.h"), Say("notice.crosssite")}
	NoticeNoGame       = Notice{Say("notice.nogame.h"), Say("notice.nogame")}
	NoticeNotYours     = Notice{Say("notice.notyours.h"), Say("notice.notyours")}
	NoticeNoRoom       = Notice{Say("notice.noroom.h"), Say("notice.noroom")}
	NoticeExpired      = Notice{Say("notice.expired.h"), Say("notice.expired")}
	NoticeNotSeated    = Notice{Say("notice.notseated.h"), Say("notice.notseated")}
	NoticeRoomFull     = Notice{Say("notice.roomfull.h"), Say("notice.roomfull")}
	NoticeNoEvents     = Notice{Say("notice.noevents.h"), Say("notice.noevents")}
	NoticeNotAgain     = Notice{Say("notice.notagain.h"), Say("notice.notagain")}
	NoticeBadAfter     = Notice{Say("notice.badafter.h"), Say("notice.badafter")}
	NoticeTooManyWaits = Notice{Say("notice.toomanywaits.h"), Say("notice.toomanywaits")}
	NoticeBusy         = Notice{Say("notice.busy.h"), Say("notice.busy")}
	NoticeHintFailed   = Notice{Say("notice.hintfailed.h"), Say("notice.hintfailed")}
	NoticeTooLarge     = Notice{Say("notice.toolarge.h"), Say("notice.toolarge")}
	NoticeBadForm      = Notice{Say("notice.badform.h"), Say("notice.badform")}
	NoticeTooMany      = Notice{Say("notice.toomany.h"), Say("notice.toomany")}

	NoticeBadPly        = Notice{Say("notice.badply.h"), Say("notice.badply")}
	NoticeBadImport     = Notice{Say("notice.badimport.h"), Say("notice.badimport")}
	NoticeBadRecord     = Notice{Say("notice.badrecord.h"), Say("notice.badrecord")}
	NoticeBadPlayOn     = Notice{Say("notice.badplayon.h"), Say("notice.badplayon")}
	NoticeReviewPlaying = Notice{Say("notice.reviewplaying.h"), Say("notice.reviewplaying")}
	NoticeReviewBusy    = Notice{Say("notice.reviewbusy.h"), Say("notice.reviewbusy")}
	NoticeBadLanguage   = Notice{Say("notice.badlanguage.h"), Say("notice.badlanguage")}
	NoticeNoStep        = Notice{Say("notice.nostep.h"), Say("notice.nostep")}
)

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

// ColorName is a side's name in a sentence: "Black" or "White".
func ColorName(c game.Color) string {
	if c == game.Black {
		return "Black"
	}
	return "White"
}

// discWord names what is on a square in a board's labels: "black",
// "white" or "empty".
func discWord(c game.Color) string {
	switch c {
	case game.Black:
		return "black"
	case game.White:
		return "white"
	}
	return "empty"
}

// Capital returns s with its first letter in upper case.
func Capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Sentence joins parts with semicolons and capitalises the first letter.
func Sentence(parts ...string) string { return Capital(strings.Join(parts, "; ")) }

// Plural returns "1 disc" or "3 discs".
func Plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + one + "s"
}

// IsAre returns "is" for one and "are" for more.
func IsAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// JoinAnd lists words in prose: "a", "a and b", "a, b and c".
func JoinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Voice says who the page speaks to. You is the viewer's side, named
// "you"; in a game of two players on one device it is Empty, and both
// sides are named by colour.
type Voice struct{ You game.Color }

// Who names side c: "you", "Black" or "White".
func (v Voice) Who(c game.Color) string {
	if v.You != game.Empty && c == v.You {
		return "you"
	}
	return ColorName(c)
}

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
	// Resigned is the side that resigned, or Empty.
	Resigned game.Color
}

// Narrate says what the last turn did and what comes next, as in "You
// played f5 and flipped 1; White played f6 and flipped 1; your move".
func (v Voice) Narrate(intro Intro, evs []Event, b game.Board, end Ending, size int) string {
	var parts []string
	switch intro {
	case IntroComputer:
		parts = append(parts, "New game: you play "+ColorName(v.You))
	case IntroOnline:
		parts = append(parts, "Online game: you play "+ColorName(v.You))
	case IntroLocal:
		parts = append(parts, "New game for two players")
	}
	for _, ev := range evs {
		who := v.Who(ev.Color)
		switch {
		case ev.Square == game.Pass && who == "you":
			parts = append(parts, "you passed")
		case ev.Square == game.Pass:
			parts = append(parts, who+" had no move and passed")
		case ev.Placed:
			parts = append(parts, who+" placed a disc on "+ev.Square.Name(size))
		default:
			parts = append(parts, fmt.Sprintf("%s played %s and flipped %d", who, ev.Square.Name(size), ev.Flips))
		}
	}
	return Sentence(append(parts, v.Next(b, end))...)
}

// Next says whose move it is on b, or how the game ended.
func (v Voice) Next(b game.Board, end Ending) string {
	if end.Resigned != game.Empty {
		return "the game is over: " + v.Outcome(end)
	}
	if b.Over() {
		return "the game is over: " + v.Outcome(end)
	}
	who := v.Who(b.Turn())
	switch {
	case b.MustPass() && who == "you":
		return "you have no move and must pass"
	case b.MustPass():
		return who + " has no move and must pass"
	case who == "you":
		return "your move"
	}
	return who + " to move"
}

// Outcome says who won and by how much, or who resigned.
func (v Voice) Outcome(end Ending) string {
	if r := end.Resigned; r != game.Empty {
		if who := v.Who(r); who == "you" {
			return "you resigned"
		}
		return v.Who(r) + " resigned"
	}
	r := end.Result
	if r.Winner == game.Empty {
		return "a draw, " + strconv.Itoa(r.Black) + " discs each"
	}
	win, lose := r.Black, r.White
	if r.Winner == game.White {
		win, lose = lose, win
	}
	who, verb := v.Who(r.Winner), "won"
	if v.You != game.Empty && who != "you" {
		who, verb = "you", "lost"
		win, lose = lose, win
	}
	return fmt.Sprintf("%s %s %d to %d", who, verb, win, lose)
}

// Statuses of a game page that are not a narration.
func (v Voice) Waiting() string {
	return Sentence("online game: you play "+ColorName(v.You), "waiting for your friend to open the invite link")
}

// Undone is the status after an undo.
//
// Undo goes back to the position before the placement it takes back, so
// in a local game, where both colours are "you", the colour to move in b is
// the one whose move was taken back, and the sentence names it.
func (v Voice) Undone(b game.Board, end Ending) string {
	if v.You == game.Empty {
		return Sentence("you took back "+ColorName(b.Turn())+"'s move", v.Next(b, end))
	}
	return Sentence("you took back your move", v.Next(b, end))
}

// SettingsSaved is the status after the settings changed.
func (v Voice) SettingsSaved(b game.Board, end Ending) string {
	return Sentence("settings saved", v.Next(b, end))
}

// Hinted is the status that shows a hint.
func (v Voice) Hinted(sq game.Square, b game.Board, end Ending) string {
	return Sentence("hint: "+sq.Name(b.Size())+" is the strongest move here (marked with a ring)", v.Next(b, end))
}

// Opponent kinds, as the stored game names them.
const (
	OpponentComputer = "computer"
	OpponentLocal    = "local"
	OpponentOnline   = "online"
)

// GameHeading is a game page's heading.
func GameHeading(opponent string, you game.Color, level string) string {
	switch opponent {
	case OpponentComputer:
		return "You (" + ColorName(you) + ") against the computer, " + LevelName(level)
	case OpponentOnline:
		return "You (" + ColorName(you) + ") against a friend online"
	}
	return "Two players on one device"
}

// PassLabel is the Pass button's label for the side to move.
func PassLabel(opponent string, turn game.Color) string {
	if opponent == OpponentComputer {
		return "Pass (you have no legal move)"
	}
	return "Pass (" + ColorName(turn) + " has no legal move)"
}

// PlayerWho is the "who" of a player line: "you", "computer", "your
// friend", or nothing in a local game.
func PlayerWho(opponent string, you, c game.Color) string {
	switch {
	case opponent != OpponentLocal && c == you:
		return "you"
	case opponent == OpponentComputer:
		return "computer"
	case opponent == OpponentOnline:
		return "your friend"
	}
	return ""
}

// Winner names the winner on the result screen.
func Winner(opponent string, you game.Color, end Ending) string {
	w := end.Winner
	if end.Resigned != game.Empty {
		w = end.Resigned.Opponent()
	}
	switch {
	case w == game.Empty:
		return "Nobody: a draw"
	case opponent == OpponentComputer && w == you:
		return "You (" + ColorName(w) + ")"
	case opponent == OpponentComputer:
		return "The computer (" + ColorName(w) + ")"
	}
	return ColorName(w)
}

// Describe is a one-line description of a game for links, as in "8×8, you
// (Black) against the computer (Easy), 3 moves played".
func Describe(opponent string, human game.Color, level string, size, moves int) string {
	var who string
	switch opponent {
	case OpponentLocal:
		who = "two players on one device"
	case OpponentOnline:
		who = "online with a friend"
	default:
		who = "you (" + ColorName(human) + ") against the computer (" + LevelName(level) + ")"
	}
	return fmt.Sprintf("%d×%d, %s, %s played", size, size, who, Plural(moves, "move"))
}

// MatchScore says how an online match stands, in the viewer's words.
func MatchScore(round, mine, theirs, draws int) string {
	if mine+theirs+draws == 0 {
		return fmt.Sprintf("Round %d of the match.", round)
	}
	return fmt.Sprintf("Round %d. Match score: you %d, your friend %d, draws %d.", round, mine, theirs, draws)
}

// Waiting names what an online player waits for.
func WaitingForGuest() string { return "your friend to open the invite link" }

// WaitingForMove names the other side's move being waited for.
func WaitingForMove(c game.Color) string { return ColorName(c) + "'s move" }

// WaitingForAnswer names the other side's answer to "play again?".
func WaitingForAnswer(c game.Color) string { return ColorName(c) + "'s answer" }

// Join page words.
var (
	JoinFull  = Notice{Say("join.full.h"), Say("join.full")}
	JoinTitle = Say("join.title")
)

// JoinInvite is the invite page's heading and message for a seat of colour
// c on a board of the given size.
func JoinInvite(c game.Color, size int) Notice {
	return Notice{Say("join.invite.h"), Say("join.invite", c, size)}
}

// Saved says when a game was last played, for the home page's Continue:
// "last move 1 December at 02:10 UTC".
func Saved(t time.Time) string {
	return "last move " + t.UTC().Format("2 January at 15:04") + " UTC"
}
