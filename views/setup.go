package views

import (
	"strconv"
	"strings"

	"reversi/game"
	"reversi/play"
)

// SetupName is the set-up board's template.
const SetupName = "setup"

// SetupPage builds a position square by square: each square is a button
// of a GET form that turns it to its next content (empty, black, white),
// and the links change the side to move, start again or analyse it.
type SetupPage struct {
	Base
	Status Text // the side to move and the squares' count
	Board  BoardView
	// The board form's hidden fields: the position and its side to move.
	Position, Side string
	OtherSide      string // the same position with the other side to move
	// Analyse is the analysis of the position, or empty when it cannot be
	// analysed, and NotYet says why.
	Analyse string
	NotYet  Text
	// Boards are fresh boards to start from: empty and the start, in each
	// size.
	Boards []Link
	// PlayOn names the position for the form that starts a game from it
	// (template playon), and Groups are that form's choices; none when
	// the position cannot be played from.
	PlayOn []Field
	Groups []FieldGroup
}

// SetupURL is the set-up board's address for b.
func SetupURL(b game.Board) string { return "/setup?" + positionQuery(b) }

// SetupPageFor presents the set-up board at b; levels is the new-game
// form's level field, for the game played from b.
func SetupPageFor(base Base, b game.Board, levels FormField) SetupPage {
	n := b.Size()
	pos, side, _ := strings.Cut(b.Line(), " ")
	page := SetupPage{Base: base, Position: pos, Side: side, Board: setupBoard(b),
		Status: Say("setup.status", b.Turn(), b.Count(game.Black), b.Count(game.White), b.Count(game.Empty))}
	other, _ := game.NewBoard(n, b.Discs(game.Black), b.Discs(game.White), b.Turn().Opponent())
	page.OtherSide = SetupURL(other)
	if play.Analysable(b) == nil {
		page.Analyse = AnalysisURL(b, nil)
		if !b.Over() {
			page.Groups = PlayOnGroups(levels)
			page.PlayOn = []Field{{Name: "size", Value: strconv.Itoa(n)}, {Name: "start", Value: game.Setup.String()},
				{Name: "setup", Value: b.Line()}, {Name: "moves"}, {Name: "ply", Value: "0"}}
		}
	} else {
		page.NotYet = Say("setup.notyet")
	}
	empty, _ := game.NewBoard(n, game.Bits{}, game.Bits{}, game.Black)
	page.Boards = append(page.Boards, Link{URL: SetupURL(empty), Text: Say("setup.empty")})
	for _, size := range game.Sizes() {
		start, _ := game.NewStart(game.Options{Size: size})
		page.Boards = append(page.Boards, Link{URL: SetupURL(start), Text: Say("setup.start", size)})
	}
	return page
}

// setupWords are the keys of a set-up square's label, by its content.
var setupWords = map[game.Color]string{game.Empty: "setup.square.empty", game.Black: "setup.square.black", game.White: "setup.square.white"}

// setupBoard lays out b for the set-up form: every square a button that
// turns it to its next content, its label saying what it holds and what
// a press makes of it.
func setupBoard(b game.Board) BoardView {
	return layoutSquares(b, func(_ game.Square, name string, disc game.Color) SquareView {
		return SquareView{Name: name, Disc: disc.String(), Label: Say(setupWords[disc], name)}
	})
}

// The set-up board's title and skip link.
func SetupTitle() Text      { return Say("title.setup") }
func SkipToSetup() SkipLink { return SkipLink{"board", Say("skip.analysis")} }
