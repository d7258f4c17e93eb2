package views

import (
	"strconv"
	"strings"

	"reversi/game"
	"reversi/play"
)

// Pages of the records: a game's replay and the import form.
const (
	Replay = "replay"
	Import = "import"
)

// RecordView is a game's record on its page: the numbered move list by
// colour, the transcript, and where to download or replay it.
type RecordView struct {
	Rows       []MoveRow
	Transcript string // the moves joined, passes left out
	// TranscriptURL and GGFURL download the record; ReplayURL steps
	// through it. Empty when not offered.
	TranscriptURL, GGFURL, ReplayURL string
	// End says how the game ended when the moves do not: a resignation.
	End Text
}

// ResignedEnd says that resigned gave up a size×size game, and the
// tournament score that gives: "Black resigned: White wins, 64 to 0."
func ResignedEnd(resigned game.Color, size int) Text {
	return Say("record.resigned", resigned, resigned.Opponent(), size*size)
}

// RecordEnd is how a game ended when its moves do not say it: a
// resignation, a loss on time, an abort. Its zero value is a game the
// moves tell (played out, or still going on).
type RecordEnd struct {
	Resigned, OnTime game.Color
	Aborted          bool
}

// EndOf is the record's end of a game with outcome o.
func EndOf(o play.Outcome) RecordEnd {
	return RecordEnd{Resigned: o.Resigned, OnTime: o.OnTime, Aborted: o.Aborted}
}

// Say says the end on a size×size board, with the tournament score it
// gives, or nothing for a game the moves tell.
func (e RecordEnd) Say(size int) Text {
	switch {
	case e.Resigned != game.Empty:
		return ResignedEnd(e.Resigned, size)
	case e.OnTime != game.Empty:
		return Say("record.ontime", e.OnTime, e.OnTime.Opponent(), size*size)
	case e.Aborted:
		return Say("record.aborted")
	}
	return Text{}
}

// TranscriptEnd is the comment line a downloaded transcript ends with
// when the moves do not say how the game ended, or empty, said in l, the
// language of the page it was downloaded from: the comment is for the
// person reading the file (importing skips it), so it speaks as the page
// did. The moves themselves are language-free.
func TranscriptEnd(l *Lang, end RecordEnd, size int) string {
	t := end.Say(size)
	if t.IsZero() {
		return ""
	}
	return "# " + l.Say(t) + "\n"
}

// MoveRow is one line of the move list: Black's ply and White's after it.
type MoveRow struct {
	Black, White MoveCell
}

// MoveCell is one ply in the move list: a numbered move, a pass, or
// nothing (a game set up with White to move has no Black ply first).
type MoveCell struct {
	Number int    // the move's number, as in the transcript; 0 for a pass
	Move   string // the square, or empty
	Pass   bool   // a pass, said in the reader's words
	URL    string // the replay after this ply, or empty
}

// NewRecordView lays out g's plies as rows of Black's and White's, moves
// numbered as in the transcript (passes are not numbered). replay, if not
// empty, is the replay's address with a query to which "ply=N" is
// appended. end, if not zero, is how the game ended when the moves do
// not say it (a resignation, a loss on time, an abort), which the view
// then says.
func NewRecordView(g *game.Game, replay string, end RecordEnd) RecordView {
	v := RecordView{Transcript: g.Transcript(), End: end.Say(g.Options.Size)}
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
		cell := MoveCell{Pass: m == game.Pass}
		if m != game.Pass {
			number++
			cell.Number, cell.Move = number, m.Name(size)
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
	Heading Text
	Status  Text // what led to this position, and who is to move
	Diagram ReplayBoard
	Players []ReplayPlayer
	// First, Back, Forward and Last are the addresses of the start, the
	// ply before, the ply after and the end, or empty where there is none.
	First, Back, Forward, Last string
	Ply, Plies                 int
	Record                     RecordView
	// Game is the address of the game itself, or empty for an imported
	// record.
	Game string
	// PlayOn holds the fields that name this position for "Play on from
	// here", and Groups the choices of the new game after the opponent
	// (the template's): nil when the game is over at this position.
	PlayOn []Field
	Groups []FieldGroup
	// Verdict is the review's judgement of the move played from this
	// position, or nil; its best move is ringed on the board.
	Verdict *Verdict
	// Opening names the opening the game follows, or is nothing, and
	// Analysis is the address of this position on the analysis page, or
	// empty (the placement phase; a game that goes on).
	Opening  Text
	Analysis string
}

// ReplayStatusOf says what led to the replay's position and who is to
// move, or how the game ended.
func ReplayStatusOf(f play.ReplayFacts, end RecordEnd) Text {
	return ReplayStatus(f.Ply, f.Plies, f.Number, f.By, f.Placed, f.Flips.Count(), f.Board, end)
}

// ReplayPageFor is the replay's page of f: at is the replay's address
// ready for "ply=N" (an imported record's starts "/replay?"), end how a
// stored game ended when its moves do not say it, levels the new-game
// form's level field for "play on from here".
func ReplayPageFor(base Base, f play.ReplayFacts, at string, end RecordEnd, levels FormField) ReplayPage {
	g, b := f.Record, f.Board
	link := func(n int) string {
		if n == f.Ply || n < 0 || n > f.Plies {
			return ""
		}
		return at + "ply=" + strconv.Itoa(n) + "#status"
	}
	status := ReplayStatusOf(f, end)
	page := ReplayPage{
		Base:    base,
		Heading: ReplayHeading(g.Options, strings.HasPrefix(at, "/replay?")),
		Status:  status,
		Diagram: ReplayDiagram(b, f.Placed, f.Flips, game.Pass, status),
		First:   link(0), Back: link(f.Ply - 1), Forward: link(f.Ply + 1), Last: link(f.Plies),
		Ply: f.Ply, Plies: f.Plies,
		Record: NewRecordView(g, at, end),
	}
	if !b.Over() {
		page.Groups = PlayOnGroups(levels)
		o := g.Options
		page.PlayOn = []Field{{Name: "size", Value: strconv.Itoa(o.Size)}, {Name: "start", Value: o.Start.String()},
			{Name: "moves", Value: g.Transcript()}, {Name: "ply", Value: strconv.Itoa(f.Ply)}}
		if o.Start == game.Setup {
			page.PlayOn = append(page.PlayOn, Field{Name: "setup", Value: o.Setup.Line()})
		}
	}
	if start, err := game.NewStart(g.Options); err == nil {
		page.Opening = OpeningName(play.OpeningOf(start, g.Plies))
		if !b.Placing() {
			page.Analysis = AnalysisURL(start, g.Plies[:f.Ply])
		}
	}
	for _, c := range []game.Color{game.Black, game.White} {
		page.Players = append(page.Players, ReplayPlayer{Color: c, Discs: b.Count(c), ToMove: !b.Over() && b.Turn() == c})
	}
	return page
}

// PlayOnGroups are the choices of a game played on from a replay after
// its opponent, which the template offers: the new-game form's level
// field, Normal chosen.
func PlayOnGroups(levels FormField) []FieldGroup {
	return []FieldGroup{Fieldset(levels, "normal")}
}

// ReplayPlayer is one side's line in a replay's score.
type ReplayPlayer struct {
	Color  game.Color
	Who    Text // ReplayWho's, or nothing
	Discs  int
	ToMove bool
}

// Line says the player's line: "Black (you): 6", "White: 3, to move".
func (p ReplayPlayer) Line() Text {
	switch {
	case p.Who.IsZero() && p.ToMove:
		return Say("replay.player.tomove", p.Color, p.Discs)
	case p.Who.IsZero():
		return Say("replay.player", p.Color, p.Discs)
	case p.ToMove:
		return Say("replay.player.who.tomove", p.Color, p.Who, p.Discs)
	}
	return Say("replay.player.who", p.Color, p.Who, p.Discs)
}

// ReplayWho names who played side c of a stored game, for the replay's
// score: you, the computer, your friend, or nothing in a game for two at
// one device.
func ReplayWho(opponent string, you, c game.Color) Text {
	switch {
	case opponent != OpponentLocal && c == you:
		return Say("replay.who.you")
	case opponent == OpponentComputer:
		return Say("replay.who.computer")
	case opponent == OpponentOnline:
		return Say("replay.who.friend")
	}
	return Text{}
}

// GGFPlayer names side c for a GGF record's PB or PW in l, the language
// of the page it was downloaded from: "Black (you)" or "White (computer,
// easy)" on an English page, "Noir (vous)" on a French one. who is
// ReplayWho's, and level the computer's level as stored, or empty (an
// identifier, kept as it is). The names are for people reading the
// record, and a GGF file is UTF-8, so they speak as the page did; the
// moves and the result stay GGF's own notation.
func GGFPlayer(l *Lang, c game.Color, who Text, level string) string {
	name, w := l.Color(c), l.Say(who)
	if level != "" {
		w += ", " + level
	}
	if w == "" {
		return name
	}
	return name + " (" + w + ")"
}

// ReplayHeading is the replay page's heading.
func ReplayHeading(o game.Options, imported bool) Text {
	if imported {
		return Say("replay.heading.imported", o.Size)
	}
	return Say("replay.heading", o.Size)
}

// ReplayStatus says what led to position b, ply ply of plies: the move
// just played (by, at sq, turning flips discs; game.Pass for a pass), and
// then who is to move or how the game ended.
func ReplayStatus(ply, plies, number int, by game.Color, sq game.Square, flips int, b game.Board, end RecordEnd) Text {
	var s Text
	switch {
	case ply == 0:
		s = Say("replay.start")
	case sq == game.Pass:
		s = Say("replay.passed", ply, plies, by)
	case b.Placing() || flips == 0:
		s = Say("replay.placed", number, ply, plies, by, sq.Name(b.Size()))
	default:
		s = Say("replay.played", flips, number, ply, plies, by, sq.Name(b.Size()))
	}
	r := b.Result()
	switch {
	case ply == plies && !end.Say(b.Size()).IsZero():
		return Say("replay.resigned", s, end.Say(b.Size()))
	case b.Over() && r.Winner == game.Empty:
		return Say("replay.draw", s, r.Black)
	case b.Over():
		return Say("replay.won", s, r.Winner, max(r.Black, r.White), min(r.Black, r.White))
	case ply == plies:
		return Say("replay.recordends", s, b.Turn())
	}
	return Say("replay.tomove", s, b.Turn())
}

// ReplayBoard is a replay's board, drawn for reading as a Diagram is,
// with its name and description in the reader's words.
type ReplayBoard struct {
	Board              BoardView
	Title, Description Text
}

// ReplayDiagram lays out b with the last placement and its flips marked,
// and the review's best move, if not game.Pass, ringed; described in words
// for screen readers.
func ReplayDiagram(b game.Board, placed game.Square, flipped game.Bits, best game.Square, status Text) ReplayBoard {
	v := layoutWords(b, func(sq game.Square, _ game.Color, class []string) (bool, squareLabel, []string) {
		switch {
		case sq == placed:
			class = append(class, "pl")
		case flipped.Has(sq):
			class = append(class, "fl")
		}
		if sq == best {
			class = append(class, "hint")
		}
		return false, squareLabel{}, class
	})
	return ReplayBoard{Board: v, Title: Say("replay.board", status),
		Description: Say("replay.counts", b.Count(game.Black), b.Count(game.White))}
}

// ImportPage is the form that takes a transcript or a GGF record.
type ImportPage struct {
	Base
	Message    Text   // why the last record was refused, or empty
	Transcript string // what was sent, to correct
	// Groups are the board size and start of a transcript, as chosen.
	Groups []FieldGroup
}

// ImportGroups are the import form's choices of board size and start, from
// the new-game form's fields, with size and start chosen (their defaults
// when not among the values).
func ImportGroups(fields []FormField, size, start string) []FieldGroup {
	var gs []FieldGroup
	for _, f := range fields {
		switch f.Name {
		case "size":
			gs = append(gs, Fieldset(f, size))
		case "start":
			gs = append(gs, Fieldset(f, start))
		}
	}
	return gs
}

// Import words.
func ImportTitle() Text   { return Say("import.title") }
func MsgImportSize() Text { return Say("import.toolarge") }

// ReviewPageName is the review page.
const ReviewPageName = "review"

// Review words.
func ReviewTitle() Text   { return Say("review.title") }
func ReviewReady() Text   { return Say("review.ready") }
func ReviewRunning() Text { return Say("review.running") }
func ReviewNone() Text    { return Say("review.none") }

// ReviewPage is a finished game's review.
type ReviewPage struct {
	Base
	Game     string // the game's address
	Status   Text
	Playing  bool
	Mistakes []Mistake // the biggest mistakes, biggest first
	Moves    []Verdict // every judged move, in order
	// Graph is the evaluation over the game, an inline SVG image whose
	// text alternative is the table of Moves.
	Graph Graph
	// ExactEmpties is where the exact judgement began; Margin the
	// smallest estimated loss called a mistake; Bound the discs every
	// value lies within (size²); Cap the largest estimated loss stated.
	ExactEmpties, Margin, Bound, Cap int
	// Check is the "Check again" link while the review runs, and Events
	// the event stream that the live-update script listens to meanwhile;
	// Start is the form's action that asks for a review.
	Check, Events, Start string
	// Opening names the opening the game follows, or is nothing; End says
	// how the game ended when its moves do not (a resignation, a loss on
	// time), or is nothing.
	Opening Text
	End     Text
	// Caption says what the graph draws; First and Last are the numbers
	// of the moves at its two ends, for the axis.
	Caption     Text
	First, Last int
}

// Mistake is one of the biggest mistakes: its verdict, a small board of
// the position before it with the move played and the better one marked,
// and where to replay it or play on from it.
type Mistake struct {
	Verdict
	Board          Drawing
	Marks          Text // the marks in words
	Replay, PlayOn string
	// Puzzle is the address of the position as a puzzle to try again,
	// or empty when the review solved none there.
	Puzzle string
	// Analysis is the address of the position on the analysis page.
	Analysis string
}

// Verdict is the judgement of one move, for a sentence.
type Verdict struct {
	Number int
	// Side is the mover, and You whether the page speaks to the mover:
	// its sentence says "you" rather than the side's name.
	Side         game.Color
	You          bool
	Played, Best string
	// BestValue and PlayedValue are the final disc difference for the
	// mover after Best and after Played; Loss is their difference.
	BestValue, PlayedValue, Loss int
	Exact, Forced                bool
	Replay                       string // the replay before the move, or empty
	// Mine is whether the viewer's review covers the move (its sentence
	// is for the viewer).
	Mine bool
	// Unsure is an estimated loss within twice the estimate's error, and
	// Capped one beyond what the estimate's error was measured for: Loss
	// is then the cap, and the words say "more than".
	Unsure, Capped bool
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
func (v Verdict) LossText() Text {
	switch {
	case v.Exact || v.Loss == 0:
		return Plain(strconv.Itoa(v.Loss))
	case v.Unsure:
		return Say("review.cell.unsure", v.Loss)
	case v.Capped:
		return Say("review.cell.more", v.Loss)
	}
	return Plain("≈" + strconv.Itoa(v.Loss))
}

// Sentence puts the verdict in words: "Move 41, you played b7; a8 was
// best, ending +6 with perfect play; b7 ends −4, a loss of 10 discs."
func (v Verdict) Sentence() Text {
	head := Say("review.head", v.Number, v.Side, v.Played)
	if v.You {
		head = Say("review.head.you", v.Number, v.Played)
	}
	switch {
	case v.Forced:
		return Say("review.forced", head)
	case v.Exact && v.Loss == 0:
		return Say("review.exactbest", head, Signed(v.PlayedValue))
	case v.Exact:
		return Say("review.exactloss", v.Loss, head, v.Best, Signed(v.BestValue), v.Played, Signed(v.PlayedValue))
	case v.Loss == 0:
		return Say("review.asgood", head, Signed(v.PlayedValue))
	case v.Unsure:
		return Say("review.unsure", head, v.Best, Signed(v.BestValue), Signed(v.PlayedValue))
	}
	if v.Capped {
		return Say("review.estloss.more", v.Loss, head, v.Best, Signed(v.BestValue), Signed(v.PlayedValue), v.Played)
	}
	return Say("review.estloss", v.Loss, head, v.Best, Signed(v.BestValue), Signed(v.PlayedValue), v.Played)
}

// Signed writes a disc difference with its sign, a true minus for losses.
func Signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return "+" + strconv.Itoa(n)
}
