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
const (
	MsgStale = "That board was out of date: the game has moved on since the page was loaded. " +
		"Here is the game as it stands now; nothing was changed."
	MsgOver         = "This game is over, so no more moves can be made."
	MsgNotTurn      = "It isn't your turn yet."
	MsgComputerTurn = "It's your move, not the computer's."
	MsgNoUndo       = "There is no move of yours to take back."
	MsgUndoOff      = "Undo is switched off for this game. You can switch it on in the settings."
	MsgHintWhen     = "A hint is only given when it's your move and you have a move to make."
	MsgNoGuest      = "Your friend hasn't taken the other seat yet: send them the invite link, and play starts when they open it."
	MsgOnline       = "Undo and hints are not part of online games: both players play on their own."
	MsgNoPly        = "The form didn't say which position it was sent from, so nothing was changed. Please try again from this page."
	MsgRoundPlaying = "This round isn't over yet, so it can't be played again."
	MsgNoVersion    = "The form didn't say which state of the room it was sent from, so nothing was changed."
	MsgSides        = "Choose whether to switch sides or keep them."
	MsgNotHost      = "Only the player who started this online game can change its settings."
)

// MsgBadMove is the message for a move that names no square of a board of
// the given size.
func MsgBadMove(size int) string {
	last := game.SquareAt(size, size-1, size-1).Name(size)
	return "That move wasn't understood: a move is a square from a1 to " + last + ", or pass."
}

// MsgIllegal explains why move m cannot be played on b.
func MsgIllegal(b game.Board, m game.Square) string {
	size := b.Size()
	switch {
	case m == game.Pass:
		return "You can't pass while you have a legal move."
	case b.At(m) != game.Empty:
		return m.Name(size) + " already holds a disc. Choose an empty square."
	case b.Placing():
		return m.Name(size) + " isn't one of the four centre squares, where the first discs go."
	}
	return m.Name(size) + " doesn't trap any of your opponent's discs, so it isn't a legal move."
}

// Notice is a heading and a message, for a page that explains a refusal or
// an error on its own.
type Notice struct{ Heading, Message string }

// Notices for the error page.
var (
	NoticeInternal = Notice{"Something went wrong",
		"Sorry, the server could not finish that request. Your game is saved as it was; please try again."}
	NoticeUnavailable = Notice{"Please try again in a moment",
		"The server can't reach its database just now, so nothing was changed. Your game is saved as it was; try again in a moment."}
	NoticeNotFound  = Notice{"Page not found", "There is no page at this address."}
	NoticeNoMethod  = Notice{"Not allowed here", "This address does not take that kind of request."}
	NoticeCrossSite = Notice{"Request refused", "This form was sent from another site, so it was not accepted. Nothing has changed."}
	NoticeNoGame    = Notice{"Game not found", "There is no game at this address. Check the link, or start a new game."}
	NoticeNotYours  = Notice{"This game isn't linked to this browser", "A game belongs to the browser that started it, and this browser's cookie doesn't match. " +
		"If you cleared your cookies or opened the link somewhere else, start a new game here."}
	NoticeNoRoom       = Notice{"Invite link not found", "This invite link doesn't lead to a game. Check that it was copied whole, or ask your friend for a new one."}
	NoticeExpired      = Notice{"This online game has expired", "Nobody has played in this room for a long time, so it was closed. Start a new online game from the home page and send a fresh invite link."}
	NoticeNotSeated    = Notice{"This game already has two players", "This online game is between two other browsers, so you can't move in it. Start your own game from the home page."}
	NoticeRoomFull     = Notice{"This game already has two players", "Someone else took the free seat first, so this invite link can't be used any more. Ask your friend for a new game."}
	NoticeNoEvents     = Notice{"No live updates here", "Only online games send live updates."}
	NoticeNotAgain     = Notice{"Page not found", "Only online games are played again from here; use Play again on the result page."}
	NoticeBadAfter     = Notice{"That address wasn't understood", "The live updates of a game are asked for from its page. Go back to the game and it will set them up again."}
	NoticeTooManyWaits = Notice{"Too many pages waiting", "This browser already has several pages waiting for live updates. Close some of them, or use the game page's link to check for a move."}
	NoticeBusy         = Notice{"The server is busy", "The server is waiting on too many games at once just now. Use the game page's link to check for a move, or try again in a moment."}
	NoticeHintFailed   = Notice{"No hint this time", "The computer couldn't work out a hint in time. Go back to the game and try again in a moment."}
	NoticeTooLarge     = Notice{"That request was too large", "The server only takes small forms, and this one was bigger than any of its pages sends. Nothing was changed."}
	NoticeBadForm      = Notice{"That form couldn't be read", "The form that was sent was not in a shape the server understands. Nothing was changed; please go back and try again."}
	NoticeTooMany      = Notice{"Slow down a little", "This browser sent a great many requests in a short time, so the last one was not carried out. Nothing was changed. Wait a moment, then go back and try again."}

	NoticeBadPly        = Notice{"That position isn't in this game", "The replay counts plies from 0, the start, to the last one played. Go back to the replay and step from there."}
	NoticeBadImport     = Notice{"That board or start isn't offered", "Choose a board size and an opening from the import form's lists."}
	NoticeBadRecord     = Notice{"That replay address wasn't understood", "The address of an imported game's replay carries its board, start and moves, and one of them was not readable. Import the game again."}
	NoticeBadPlayOn     = Notice{"That position couldn't be played on", "The form names a game and a position in it, and one of them was not readable, or the game is over there. Go back to the replay and try again."}
	NoticeReviewPlaying = Notice{"This game isn't over yet", "A game is reviewed once it is finished. Go back to the game and play it out."}
	NoticeReviewBusy    = Notice{"Too many reviews at once", "The server has many games to review just now. Please try again in a few minutes."}
	NoticeNoStep        = Notice{"No such step", "The tutorial has no step at this address. Start from the tutorial's first page."}
)

// NoticeReviewsWaiting refuses a review to a player who has as many
// waiting as one may.
func NoticeReviewsWaiting(n int) Notice {
	msg := "You have a game waiting for its review. Once it is done, ask again."
	if n != 1 {
		games := strconv.Itoa(n)
		if w, ok := smallNumbers[n]; ok {
			games = w
		}
		msg = "You have " + games + " games waiting for their reviews. Once one of them is done, ask again."
	}
	return Notice{"Your reviews are waiting", msg}
}

// smallNumbers are the numbers a sentence spells out.
var smallNumbers = map[int]string{1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}

// NoticeIncomplete is the notice for a new-game form without the named
// choice.
func NoticeIncomplete(legend string) Notice {
	return Notice{"That new-game form was incomplete",
		"Please go back to the home page and choose every option of the new game (" + legend + " was missing)."}
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
	JoinFull = Notice{"This game already has two players",
		"Two players are already playing in this room, so there is no seat left for you. You can start a game of your own from the home page."}
	JoinTitle = "Join an online game"
)

// JoinInvite is the invite page's heading and message for a seat of colour
// c on a board of the given size.
func JoinInvite(c game.Color, size int) Notice {
	return Notice{"Your friend invites you to play Reversi",
		fmt.Sprintf("You will play %s on a %d×%d board, each on your own device. Taking the seat ties it to this browser.",
			ColorName(c), size, size)}
}

// Saved says when a game was last played, for the home page's Continue:
// "last move 1 December at 02:10 UTC".
func Saved(t time.Time) string {
	return "last move " + t.UTC().Format("2 January at 15:04") + " UTC"
}

// RecordProblem says what is wrong with a record that was pasted or
// uploaded, as a sentence: "Move 12, a1, is not allowed: it outflanks no
// disc." or "The record cannot be read: it is empty."
func RecordProblem(e *game.RecordError) string {
	switch e.Reason {
	case game.NotSquare:
		return fmt.Sprintf("Move %d, %q, is not a square of the %d×%d board.", e.Move, e.Text, e.Size, e.Size)
	case game.SquareTaken, game.NoFlips, game.AlreadyOver, game.PassWithMove, game.NotCentre, game.NotTurn:
		return fmt.Sprintf("Move %d, %s, is not allowed: %s.", e.Move, e.Text, moveFault(e))
	}
	if e.Move > 0 {
		return fmt.Sprintf("Move %d, %s, is not allowed.", e.Move, e.Text)
	}
	why := recordFault(e)
	if why == "" {
		return "The record cannot be read."
	}
	return "The record cannot be read: " + why + "."
}

// moveFault says why the rules forbid a move of a record.
func moveFault(e *game.RecordError) string {
	switch e.Reason {
	case game.SquareTaken:
		return "that square is taken"
	case game.AlreadyOver:
		return "the game was already over"
	case game.PassWithMove:
		return ColorName(e.Side) + " cannot pass while a move exists"
	case game.NotCentre:
		return "the first four discs go on the centre squares"
	case game.NotTurn:
		return "it is " + ColorName(e.Side) + "'s turn"
	}
	return "it outflanks no disc"
}

// recordFault says why a record cannot be read, or nothing if the reason
// is not a record's.
func recordFault(e *game.RecordError) string {
	switch e.Reason {
	case game.EmptyRecord:
		return "it is empty"
	case game.TooLong:
		return fmt.Sprintf("it is longer than %d KB", e.Limit)
	case game.NoGGFStart:
		return "a GGF record starts with (;"
	case game.NoGGFEnd:
		return "the game does not end with ;)"
	case game.TextAfterEnd:
		return "there is more after the end of the game, ;)"
	case game.PropertyExpected:
		return fmt.Sprintf("a property name and [ were expected at %q", e.Value)
	case game.UnclosedProperty:
		return "the property " + e.Value + "[ has no closing ]"
	case game.NotOthello:
		return fmt.Sprintf("it is a game of %q, not Othello", e.Value)
	case game.TwoSetups:
		return "it has two board setups (BO)"
	case game.SetupAfterMoves:
		return "its board setup (BO) comes after the moves"
	case game.NoSetup:
		return "it has no board setup (BO)"
	case game.SetupOver:
		return "its board setup is a finished game"
	case game.VariantRules:
		return "it is an anti or synchro game (TY[" + e.Value + "]), whose rules differ"
	case game.TypeMismatch:
		return fmt.Sprintf("its game type TY[%s] does not match the %d×%d board", e.Value, e.Size, e.Size)
	case game.SetupShort:
		return "its board setup BO[" + e.Value + "] lacks the squares or the side to move"
	case game.BadSize:
		return fmt.Sprintf("its board size %q is not 6, 8 or 10", e.Value)
	case game.SquareCount:
		return fmt.Sprintf("its board setup has %d squares, not %d", e.Count, e.Size*e.Size)
	case game.BadDisc:
		return fmt.Sprintf("its board setup holds %s, which is not *, O or -", quoteChar(e.Value))
	case game.BadSide:
		return fmt.Sprintf("its side to move %q is not * or O", e.Value)
	}
	return ""
}

// quoteChar quotes the first byte of s as Go quotes a character, 'Z'.
func quoteChar(s string) string {
	if s == "" {
		return "''"
	}
	return fmt.Sprintf("%q", rune(s[0]))
}
