package views

import (
	"fmt"
	"html/template"
	"strconv"

	"reversi/game"
)

// Pages of the records: a game's replay and the import form.
const (
	Replay = "replay"
	Import = "import"
)

// recordPages are parsed like the other pages.
var recordPages = []string{Replay, Import}

// RecordView is a game's record on its page: the numbered move list by
// colour, the transcript, and where to download or replay it.
type RecordView struct {
	Rows       []MoveRow
	Transcript string // the moves joined, passes left out
	// TranscriptURL and GGFURL download the record; ReplayURL steps
	// through it. Empty when not offered.
	TranscriptURL, GGFURL, ReplayURL string
	// End says how the game ended when the moves do not: a resignation.
	End string
}

// ResignedEnd says that resigned gave up a size×size game, and the
// tournament score that gives: "Black resigned: White wins, 64 to 0."
func ResignedEnd(resigned game.Color, size int) string {
	return fmt.Sprintf("%s resigned: %s wins, %d to 0 by the tournament score.",
		ColorName(resigned), ColorName(resigned.Opponent()), size*size)
}

// TranscriptEnd is the comment line a downloaded transcript ends with
// when the moves do not say how the game ended, or empty.
func TranscriptEnd(resigned game.Color, size int) string {
	if resigned == game.Empty {
		return ""
	}
	return "# " + ResignedEnd(resigned, size) + "\n"
}

// MoveRow is one line of the move list: Black's ply and White's after it.
type MoveRow struct {
	Black, White MoveCell
}

// MoveCell is one ply in the move list: a numbered move, a pass, or
// nothing (a game set up with White to move has no Black ply first).
type MoveCell struct {
	Number int    // the move's number, as in the transcript; 0 for a pass
	Move   string // the square, "pass", or empty
	URL    string // the replay after this ply, or empty
}

// NewRecordView lays out g's plies as rows of Black's and White's, moves
// numbered as in the transcript (passes are not numbered). replay, if not
// empty, is the replay's address with a query to which "ply=N" is
// appended. resigned, if not game.Empty, is the side that resigned the
// game, which the view then says.
func NewRecordView(g *game.Game, replay string, resigned game.Color) RecordView {
	v := RecordView{Transcript: g.Transcript()}
	if resigned != game.Empty {
		v.End = ResignedEnd(resigned, g.Options.Size)
	}
	start, err := game.NewStart(g.Options)
	if err != nil {
		return v
	}
	size, number := g.Options.Size, 0
	var row MoveRow
	half := 0 // 0: Black's cell is next, 1: White's
	if start.Turn() == game.White {
		half = 1
	}
	for i, m := range g.Plies {
		cell := MoveCell{Move: m.Name(size)}
		if m != game.Pass {
			number++
			cell.Number = number
		}
		if replay != "" {
			cell.URL = replay + "ply=" + strconv.Itoa(i+1)
		}
		if half == 0 {
			row.Black = cell
		} else {
			row.White = cell
			v.Rows = append(v.Rows, row)
			row = MoveRow{}
		}
		half ^= 1
	}
	if half == 1 {
		v.Rows = append(v.Rows, row)
	}
	return v
}

// ReplayPage is one position of a game, stepped through.
type ReplayPage struct {
	Base
	Heading string
	Status  string // what led to this position, and who is to move
	Diagram Diagram
	Players []PlayerLine
	// First, Back, Forward and Last are the addresses of the start, the
	// ply before, the ply after and the end, or empty where there is none.
	First, Back, Forward, Last string
	Ply, Plies                 int
	Record                     RecordView
	// Game is the address of the game itself, or empty for an imported
	// record.
	Game string
	// PlayOn holds the fields that name this position for "Play on from
	// here", and Groups the choices of the new game; nil when the game is
	// over at this position.
	PlayOn []Field
	Groups []RadioGroup
	// Verdict is the review's judgement of the move played from this
	// position, or nil; its best move is ringed on the board.
	Verdict *Verdict
}

// PlayOnGroups are the choices of a game played on from a replay. Its
// levels are the new-game form's level field, Normal chosen.
func PlayOnGroups(levels FormField) []RadioGroup {
	level := Group(levels, "normal")
	return []RadioGroup{
		{Name: "opponent", Legend: "Against", Choices: []Choice{
			{Value: "computer", Label: "the computer, playing the side to move yourself", Checked: true},
			{Value: "local", Label: "a friend on this device"}}},
		level,
	}
}

// ReplayHeading is the replay page's heading.
func ReplayHeading(o game.Options, imported bool) string {
	what := "Replay"
	if imported {
		what = "Replay of an imported game"
	}
	return fmt.Sprintf("%s, %d×%d", what, o.Size, o.Size)
}

// ReplayStatus says what led to position b, ply ply of plies: the move
// just played (by, at sq, turning flips discs; game.Pass for a pass), and
// then who is to move or how the game ended.
func ReplayStatus(ply, plies, number int, by game.Color, sq game.Square, flips int, b game.Board, resigned game.Color) string {
	var s string
	switch {
	case ply == 0:
		s = "The starting position"
	case sq == game.Pass:
		s = fmt.Sprintf("Ply %d of %d: %s passed", ply, plies, ColorName(by))
	case b.Placing() || flips == 0:
		s = fmt.Sprintf("Move %d (ply %d of %d): %s placed %s", number, ply, plies, ColorName(by), sq.Name(b.Size()))
	default:
		s = fmt.Sprintf("Move %d (ply %d of %d): %s played %s and turned %s", number, ply, plies, ColorName(by), sq.Name(b.Size()), Plural(flips, "disc"))
	}
	r := b.Result()
	switch {
	case ply == plies && resigned != game.Empty:
		return s + ". " + ResignedEnd(resigned, b.Size())
	case b.Over() && r.Winner == game.Empty:
		return fmt.Sprintf("%s. The game is over: a draw, %d all.", s, r.Black)
	case b.Over():
		return fmt.Sprintf("%s. The game is over: %s wins, %d to %d.", s, ColorName(r.Winner), max(r.Black, r.White), min(r.Black, r.White))
	case ply == plies:
		return fmt.Sprintf("%s. %s to move; the record ends here.", s, ColorName(b.Turn()))
	}
	return fmt.Sprintf("%s. %s to move.", s, ColorName(b.Turn()))
}

// ReplayDiagram lays out b with the last placement and its flips marked,
// and the review's best move, if not game.Pass, ringed; described in words
// for screen readers.
func ReplayDiagram(b game.Board, placed game.Square, flipped game.Bits, best game.Square, status string) Diagram {
	v := layout(b, func(sq game.Square, _ game.Color, label, class []string) (bool, []string, []string) {
		switch {
		case sq == placed:
			class = append(class, "pl")
		case flipped.Has(sq):
			class = append(class, "fl")
		}
		if sq == best {
			class = append(class, "hint")
		}
		return false, label, class
	})
	return Diagram{Board: v, Title: Plain("The board: " + status),
		Description: Plain(fmt.Sprintf("Black %d, White %d.", b.Count(game.Black), b.Count(game.White)))}
}

// ImportPage is the form that takes a transcript or a GGF record.
type ImportPage struct {
	Base
	Message    string // why the last record was refused, or empty
	Transcript string // what was sent, to correct
	// Groups are the board size and start of a transcript, as chosen.
	Groups []RadioGroup
}

// ImportGroups are the import form's choices of board size and start, from
// the new-game form's fields, with size and start chosen (their defaults
// when not among the values).
func ImportGroups(fields []FormField, size, start string) []RadioGroup {
	var gs []RadioGroup
	for _, f := range fields {
		switch f.Name {
		case "size":
			gs = append(gs, Group(f, size))
		case "start":
			gs = append(gs, Group(f, start))
		}
	}
	return gs
}

// Import words.
const (
	ImportTitle   = "Import a game"
	MsgImportSize = "That record is too long: a game fits in 4 KB."
)

// ReviewPageName is the review page.
const ReviewPageName = "review"

func init() { recordPages = append(recordPages, ReviewPageName) }

// Review words.
const (
	ReviewTitle   = "Review of the game"
	ReviewReady   = "The computer has judged every move."
	ReviewRunning = "The computer is judging the moves of this game; it takes ten seconds or so, longer when the server is busy."
	ReviewNone    = "This game has not been reviewed yet."
)

// ReviewPage is a finished game's review.
type ReviewPage struct {
	Base
	Game     string // the game's address
	Status   string
	Playing  bool
	Mistakes []Mistake // the biggest mistakes, biggest first
	Moves    []Verdict // every judged move, in order
	// Graph is the evaluation over the game, an inline SVG image whose
	// text alternative is the table of Moves.
	Graph template.HTML
	// ExactEmpties is where the exact judgement began; Margin the
	// smallest estimated loss called a mistake.
	ExactEmpties, Margin int
	// Check is the "Check again" link while the review runs, and Events
	// the event stream that the live-update script listens to meanwhile;
	// Start is the form's action that asks for a review.
	Check, Events, Start string
}

// Mistake is one of the biggest mistakes: its verdict, a small board of
// the position before it with the move played and the better one marked,
// and where to replay it or play on from it.
type Mistake struct {
	Verdict
	Board          template.HTML
	Marks          string // the marks in words
	Replay, PlayOn string
}

// Verdict is the judgement of one move, for a sentence.
type Verdict struct {
	Number       int
	Who          string // "you", "Black" or "White"
	Played, Best string
	// BestValue and PlayedValue are the final disc difference for the
	// mover after Best and after Played; Loss is their difference.
	BestValue, PlayedValue, Loss int
	Exact, Forced                bool
	Replay                       string // the replay before the move, or empty
	// Color is the mover's colour name, and Mine whether the viewer's
	// review covers the move (its sentence is for the viewer).
	Color string
	Mine  bool
	// Unsure is an estimated loss within twice the estimate's error.
	Unsure bool
}

// Value writes a value for the table: exact as it is, an estimate with ≈.
func (v Verdict) Value(n int) string {
	if v.Exact {
		return Signed(n)
	}
	return "≈" + Signed(n)
}

// LossText writes the loss for the table: "0", "12", "≈9", or for an
// estimated loss within the error "≈3, unsure".
func (v Verdict) LossText() string {
	switch {
	case v.Exact || v.Loss == 0:
		return strconv.Itoa(v.Loss)
	case v.Unsure:
		return "≈" + strconv.Itoa(v.Loss) + ", unsure"
	}
	return "≈" + strconv.Itoa(v.Loss)
}

// Sentence puts the verdict in words: "Move 41, you played b7; a8 was
// best, ending +6 with perfect play; b7 ends −4, a loss of 10 discs."
func (v Verdict) Sentence() string {
	head := fmt.Sprintf("Move %d, %s played %s", v.Number, v.Who, v.Played)
	switch {
	case v.Forced:
		return head + ", the only move."
	case v.Exact && v.Loss == 0:
		return fmt.Sprintf("%s, a best move: it ends %s with perfect play.", head, Signed(v.PlayedValue))
	case v.Exact:
		return fmt.Sprintf("%s; %s was best, ending %s with perfect play; %s ends %s, a loss of %s.",
			head, v.Best, Signed(v.BestValue), v.Played, Signed(v.PlayedValue), Plural(v.Loss, "disc"))
	case v.Loss == 0:
		return fmt.Sprintf("%s, as good as any by the search's estimate (about %s).", head, Signed(v.PlayedValue))
	case v.Unsure:
		return fmt.Sprintf("%s; %s looked a little better (about %s against %s), within the estimate's error.",
			head, v.Best, Signed(v.BestValue), Signed(v.PlayedValue))
	}
	return fmt.Sprintf("%s; %s looked better: about %s against %s for %s, a loss of about %s.",
		head, v.Best, Signed(v.BestValue), Signed(v.PlayedValue), v.Played, Plural(v.Loss, "disc"))
}

// Signed writes a disc difference with its sign, a true minus for losses.
func Signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return "+" + strconv.Itoa(n)
}
