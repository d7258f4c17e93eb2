package views

import (
	"net/url"
	"strings"

	"reversi/game"
	"reversi/play"
)

// AnalysisName is the analysis page's template.
const AnalysisName = "analysis"

// AnalysisPage values every legal move of a position: on the board, whose
// form plays a move, and in the table, whose rows carry each move's square
// (data-move) and value (data-value) for programs.
type AnalysisPage struct {
	Base
	Status  Text // the side to move and the empty squares, or the end
	Opening Text // the named opening the moves follow, if any
	Best    Text // the best move and its value, or why there is none
	Board   BoardView
	Moves   []AnalysisMove
	Line    Text // the best line, or nothing
	Note    Text // what the values are, and which are exact
	// Back and Forward step along the moves: back one move, forward by
	// the best one; empty when there is no step.
	Back, Forward string
	// The board form's hidden fields: the position the address gave, its
	// side to move and the moves played from it.
	Position, Side, MovesText string
	// Setup is the set-up form's text of the position shown, and
	// SetupSide its side to move, "X" or "O"; SetupBoard is the set-up
	// board's address for it.
	Setup, SetupSide, SetupBoard string
}

// AnalysisMove is one legal move's line in the table.
type AnalysisMove struct {
	Square string
	Value  int
	Exact  bool
	Shown  string // "+4", or "≈+4" for an estimate
	How    Text   // "exact", or the estimate's depth
	Href   string // the position after the move
}

// AnalysisURL is the address of the analysis of the position that moves
// lead to from start: the position and side to move, and the moves as a
// transcript (passes left out), if any.
func AnalysisURL(start game.Board, moves []game.Square) string {
	u := "/analysis?" + positionQuery(start)
	if t := transcriptOf(start.Size(), moves); t != "" {
		u += "&moves=" + t
	}
	return u
}

// positionQuery is the query that names b in an address: its squares
// (position) and side to move (side), as the analysis and the set-up
// board read them.
func positionQuery(b game.Board) string {
	pos, side, _ := strings.Cut(b.Line(), " ")
	return "position=" + url.QueryEscape(pos) + "&side=" + side
}

// transcriptOf writes moves as a transcript, passes left out.
func transcriptOf(size int, moves []game.Square) string {
	var sb strings.Builder
	for _, m := range moves {
		if m != game.Pass {
			sb.WriteString(m.Name(size))
		}
	}
	return sb.String()
}

// AnalysisPageFor presents f.
func AnalysisPageFor(base Base, f *play.AnalysisFacts) AnalysisPage {
	q, an := f.Query, f.Analysis
	b := q.Board
	n := b.Size()
	pos, side, _ := strings.Cut(q.Start.Line(), " ")
	setup, setupSide, _ := strings.Cut(b.Line(), " ")
	page := AnalysisPage{Base: base, Position: pos, Side: side, MovesText: transcriptOf(n, q.Moves),
		Setup: setup, SetupSide: setupSide, SetupBoard: SetupURL(b), Opening: OpeningName(f.Opening)}
	if b.Over() {
		r := b.Result()
		page.Status = Say("analysis.over", r.BlackScore, r.WhiteScore)
	} else {
		page.Status = Say("analysis.status", b.Turn(), b.Count(game.Empty))
	}
	if back := backOne(q.Moves); back != nil || len(q.Moves) > 0 && q.Moves[0] != game.Pass {
		page.Back = AnalysisURL(q.Start, back)
	}
	values := map[game.Square]play.MoveValue{}
	exact := an != nil && len(an.Moves) > 0
	if an != nil {
		for _, mv := range an.Moves {
			values[mv.Move] = mv
			am := AnalysisMove{Square: mv.Move.Name(n), Value: mv.Value, Exact: mv.Exact,
				Shown: shownValue(mv), How: howValued(mv), Href: AnalysisURL(q.Start, with(q.Moves, mv.Move))}
			exact = exact && mv.Exact
			page.Moves = append(page.Moves, am)
		}
		if best, ok := an.Best(); ok {
			page.Forward = AnalysisURL(q.Start, with(q.Moves, best.Move))
			page.Best = Say("analysis.best", best.Move.Name(n), shownValue(best), howValued(best))
			names := make([]string, 0, len(an.Line))
			for _, m := range an.Line {
				if m == game.Pass {
					names = append(names, "—")
				} else {
					names = append(names, m.Name(n))
				}
			}
			page.Line = Say("analysis.line", strings.Join(names, " "))
		}
	}
	switch {
	case b.Over():
		page.Best = Say("analysis.none.over")
	case len(page.Moves) == 0:
		page.Best = Say("analysis.none")
	case exact:
		page.Note = Say("analysis.note.exact")
	default:
		page.Note = Say("analysis.note.estimate", play.AnalysisExactEmpties(n))
	}
	page.Board = analysisBoard(b, values)
	return page
}

// backOne returns moves less the last move made, and the passes after it.
func backOne(moves []game.Square) []game.Square {
	i := len(moves)
	for i > 0 && moves[i-1] == game.Pass {
		i--
	}
	if i == 0 {
		return nil
	}
	return moves[: i-1 : i-1]
}

// with returns moves and m after them, in a new slice.
func with(moves []game.Square, m game.Square) []game.Square {
	return append(moves[:len(moves):len(moves)], m)
}

// shownValue writes a move's value: "+4", or "≈+4" for an estimate.
func shownValue(mv play.MoveValue) string {
	if mv.Exact {
		return Signed(mv.Value)
	}
	return "≈" + Signed(mv.Value)
}

// howValued says how a value was found: exact, or estimated to a depth.
func howValued(mv play.MoveValue) Text {
	if mv.Exact {
		return Say("analysis.exact")
	}
	return Say("analysis.estimate", mv.Depth)
}

// analysisBoard lays out b for the analysis's form: each legal move a
// button that plays it, showing its value, every other square a disabled
// one that names its content.
func analysisBoard(b game.Board, values map[game.Square]play.MoveValue) BoardView {
	return layoutSquares(b, func(sq game.Square, name string, disc game.Color) SquareView {
		s := SquareView{Name: name, Disc: disc.String(), Disabled: true,
			Label: Say("analysis.square", name, Say(discWords[disc]))}
		if mv, ok := values[sq]; ok {
			s.Disabled, s.Class = false, "av"
			s.Label = Say("analysis.square.move", name, shownValue(mv), howValued(mv))
			s.Value = shownValue(mv)
		}
		return s
	})
}

// layoutSquares lays out b row by row, each square as square makes it
// from its name and content.
func layoutSquares(b game.Board, square func(sq game.Square, name string, disc game.Color) SquareView) BoardView {
	n := b.Size()
	v := BoardView{Size: n, Cols: columns[:n:n], Rows: make([]RowView, n)}
	for r := range n {
		row := RowView{Num: r + 1, Squares: make([]SquareView, n)}
		for c := range n {
			sq := game.SquareAt(n, c, r)
			row.Squares[c] = square(sq, nameOf(n, sq), b.At(sq))
		}
		v.Rows[r] = row
	}
	return v
}

// openingPrefix begins the key of an opening's name.
const openingPrefix = "opening."

// OpeningName names the opening o, or is nothing when o has no name.
func OpeningName(o play.Opening) Text {
	if o.Key == "" {
		return Text{}
	}
	name := openingPrefix + o.Key // openings.txt has every game.OpeningKeys key
	return Say("opening.named", Say(name))
}

// The analysis page's title, skip link and refusals.
func AnalysisTitle() Text      { return Say("title.analysis") }
func SkipToAnalysis() SkipLink { return SkipLink{"board", Say("skip.analysis")} }
func NoticeBadPosition() Notice {
	return Notice{Say("notice.position.heading"), Say("notice.position")}
}
func NoticeAnalysisBusy() Notice {
	return Notice{Say("notice.analysisbusy.heading"), Say("notice.analysisbusy")}
}
