package views

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"reversi/game"
	"reversi/play"
)

// This file draws the review's pictures: the graph of the evaluation over
// the game and the small boards at its biggest mistakes, as inline SVG
// (no script, no request). Every picture is one image to a screen reader,
// named in words; the table of moves is the graph's text alternative.

// GraphPoint is Black's expected final disc difference after one judged
// move.
type GraphPoint struct {
	Number int // the move's number
	Black  int // the value for Black
	Exact  bool
}

// Turn is where a game turned: the biggest mistake of either side.
type Turn struct {
	Number       int
	Side         game.Color
	Played, Best string
	Loss         int
	Exact        bool
	Capped       bool // Loss is the cap of an estimate that said more
}

// Graph is the review's graph, drawn in the reader's language by SVG.
type Graph struct {
	points          []GraphPoint
	last, exactFrom int
	turn            Turn
	end             Text // how the game ended, when the moves do not say
}

// ReviewGraph draws points (in order of moves) as a line over the moves
// 1 to last: up is Black ahead, down White; a dashed line marks where the
// values become exact (from move exactFrom, 0 for none). turn, if its
// Number is not 0, is marked with a ring and said in the description.
func ReviewGraph(points []GraphPoint, last, exactFrom int, turn Turn) Graph {
	return Graph{points: points, last: last, exactFrom: exactFrom, turn: turn}
}

// SVG is the graph as an inline SVG image, named and described in l: the
// template calls it with the page's language, {{.Graph.SVG lang}}.
func (g Graph) SVG(l *Lang) template.HTML {
	points, last, exactFrom, turn := g.points, g.last, g.exactFrom, g.turn
	if len(points) == 0 || last <= 0 {
		return ""
	}
	const h, mid, scale = 132, 66, 64 // ±64 discs fill the height
	w := 4 * last
	x := func(n int) int { return 4 * n }
	y := func(v int) int { return mid - max(-scale, min(scale, v))*(mid-2)/scale }
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="graph" viewBox="0 0 %d %d" role="img" aria-labelledby="graph-t graph-d" preserveAspectRatio="none">`, w+4, h)
	desc := GraphDescription(points, turn)
	if !g.end.IsZero() {
		desc = Say("review.sentences", desc, g.end)
	}
	fmt.Fprintf(&sb, `<title id="graph-t">%s</title><desc id="graph-d">%s</desc>`,
		template.HTMLEscapeString(l.Say(GraphTitle())), template.HTMLEscapeString(l.Say(desc)))
	fmt.Fprintf(&sb, `<path d="M0 %dH%d" class="axis"/>`, mid, w+4)
	if exactFrom > 0 {
		fmt.Fprintf(&sb, `<path d="M%d 0V%d" class="exact"/>`, x(exactFrom), h)
	}
	sb.WriteString(`<polyline class="line" points="`)
	for i, p := range points {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(x(p.Number)) + "," + strconv.Itoa(y(p.Black)))
	}
	sb.WriteString(`"/>`)
	for _, p := range points {
		if p.Number == turn.Number {
			fmt.Fprintf(&sb, `<circle cx="%d" cy="%d" r="4" class="turn"/>`, x(p.Number), y(p.Black))
		}
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String()) // numbers and escaped words only
}

// GraphTitle() is the graph's title.
func GraphTitle() Text { return Say("review.graph.title") }

// GraphDescription says what the graph shows: where the evaluation began,
// its highest and lowest points, where it ended and where the game turned.
func GraphDescription(points []GraphPoint, turn Turn) Text {
	if len(points) == 0 {
		return Text{}
	}
	hi, lo := points[0], points[0]
	for _, p := range points {
		if p.Black > hi.Black {
			hi = p
		}
		if p.Black < lo.Black {
			lo = p
		}
	}
	first, last := points[0], points[len(points)-1]
	s := Say("review.graph.desc", Signed(first.Black), first.Number, Signed(hi.Black), hi.Number,
		Signed(lo.Black), lo.Number, Signed(last.Black), last.Number)
	if turn.Number == 0 {
		return Say("review.sentences", s, Say("review.graph.calm"))
	}
	key := "review.graph.turn.exact"
	switch {
	case turn.Capped:
		key = "review.graph.turn.more"
	case !turn.Exact:
		key = "review.graph.turn.estimate"
	}
	return Say("review.sentences", s, Say(key, turn.Loss, turn.Number, turn.Side, turn.Played, turn.Best))
}

// Drawing is a mistake's small board, drawn in the reader's language by
// SVG.
type Drawing struct {
	b            game.Board
	played, best game.Square
	marks        Text
}

// MistakeBoard draws position b small, with the square played crossed
// (×) and the better square ringed (○): shapes, not colours, tell them
// apart, and the image's name, marks, says them in words.
func MistakeBoard(b game.Board, played, best game.Square, marks Text) Drawing {
	return Drawing{b: b, played: played, best: best, marks: marks}
}

// SVG is the drawing as an inline SVG image, named in l: the template
// calls it with the page's language, {{.Board.SVG lang}}.
func (d Drawing) SVG(l *Lang) template.HTML {
	b, played, best := d.b, d.played, d.best
	n := b.Size()
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="mboard" viewBox="0 0 %d %d" role="img" aria-label="%s">`, n, n, template.HTMLEscapeString(l.Say(d.marks)))
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" class="bd"/><path class="gl" d="`, n, n)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&sb, "M%d 0V%dM0 %dH%d", i, n, i, n)
	}
	sb.WriteString(`"/>`)
	for _, c := range []game.Color{game.Black, game.White} {
		fmt.Fprintf(&sb, `<g class="%s">`, map[game.Color]string{game.Black: "db", game.White: "dw"}[c])
		for sq := range game.Square(n * n) {
			if b.At(sq) == c {
				fmt.Fprintf(&sb, `<circle cx="%d.5" cy="%d.5" r=".4"/>`, sq.Col(n), sq.Row(n))
			}
		}
		sb.WriteString(`</g>`)
	}
	if played != game.Pass {
		c, r := played.Col(n), played.Row(n)
		fmt.Fprintf(&sb, `<path class="mk" d="M%d.2 %d.2l.6 .6m0 -.6l-.6 .6"/>`, c, r)
	}
	if best != game.Pass && best != played {
		fmt.Fprintf(&sb, `<circle class="mk" cx="%d.5" cy="%d.5" r=".3"/>`, best.Col(n), best.Row(n))
	}
	sb.WriteString(`</svg>`)
	return template.HTML(sb.String()) // numbers and escaped words only
}

// MistakeMarks says a mistake's board in words: "The position before
// move 37, White to move: g7, played, is crossed; a8, better, is ringed."
func MistakeMarks(number int, b game.Board, played, best game.Square) Text {
	n := b.Size()
	return Say("review.marks", number, b.Turn(), b.Count(game.Black), b.Count(game.White), played.Name(n), best.Name(n))
}

// ReviewInput is what a review page is made of: the stored verdicts, the
// game's positions, whose moves the viewer's review covers, and the
// addresses to link.
type ReviewInput struct {
	Moves     []play.MoveReview
	Mistakes  []play.MoveReview // the viewer's biggest, as play ranks them
	Turn      []play.MoveReview // the biggest of either side, first
	Positions []game.Board
	Size      int
	Mine      func(game.Color) bool
	Voice     Voice
	// Replay is the replay's address ready for a ply number.
	Replay string
	// Puzzles are the plies whose positions can be tried again as
	// puzzles, at the address Puzzle ready for a ply number.
	Puzzles              map[int]bool
	Puzzle               string
	ExactEmpties, Margin int
	// Plies are the game's plies, from Positions[0]: the mistakes' links
	// to the analysis page, and the opening's name.
	Plies []game.Square
	// End is how the game ended when its moves do not say it.
	End RecordEnd
}

// FillReview puts a stored review on page: the graph, the table of moves
// and the biggest mistakes with their boards and links.
func FillReview(page *ReviewPage, in ReviewInput) {
	page.ExactEmpties, page.Margin = in.ExactEmpties, in.Margin
	page.Bound, page.Cap = in.Size*in.Size, play.EstimatedLossCap(in.Size)
	if len(in.Positions) > 0 {
		page.Opening = OpeningName(play.OpeningOf(in.Positions[0], in.Plies))
	}
	var points []GraphPoint
	exactFrom, last := 0, 0
	for _, mr := range in.Moves {
		v := NewVerdict(mr, in, in.Voice)
		page.Moves = append(page.Moves, v)
		last = mr.Number
		if mr.Forced {
			continue
		}
		p := GraphPoint{Number: mr.Number, Black: mr.PlayedValue, Exact: mr.Exact}
		if mr.Side == game.White {
			p.Black = -p.Black
		}
		if mr.Exact && exactFrom == 0 {
			exactFrom = mr.Number
		}
		points = append(points, p)
	}
	var turn Turn
	if len(in.Turn) > 0 {
		t := in.Turn[0]
		loss, capped := t.ShownLoss(in.Size)
		turn = Turn{Number: t.Number, Side: t.Side, Played: t.Played.Name(in.Size), Best: t.Best.Name(in.Size), Loss: loss, Exact: t.Exact, Capped: capped}
	}
	page.Graph = ReviewGraph(points, last, exactFrom, turn)
	page.End = in.End.Say(in.Size)
	page.Graph.end = page.End
	page.Caption = graphCaption(points, exactFrom, turn)
	if len(points) > 0 {
		page.First, page.Last = points[0].Number, last
	}
	for _, mr := range in.Mistakes {
		b := in.Positions[mr.Ply]
		marks := MistakeMarks(mr.Number, b, mr.Played, mr.Best)
		at := in.Replay + strconv.Itoa(mr.Ply)
		mk := Mistake{Verdict: NewVerdict(mr, in, in.Voice),
			Board: MistakeBoard(b, mr.Played, mr.Best, marks), Marks: marks, Replay: at + "#status", PlayOn: at + "#playon"}
		if len(in.Positions) > 0 && mr.Ply <= len(in.Plies) {
			mk.Analysis = AnalysisURL(in.Positions[0], in.Plies[:mr.Ply]) + "#status"
		}
		if in.Puzzles[mr.Ply] {
			mk.Puzzle = in.Puzzle + strconv.Itoa(mr.Ply) + "#status"
		}
		page.Mistakes = append(page.Mistakes, mk)
	}
}

// NewVerdict puts one judged move into the page's terms; its replay link
// is in.Replay's, if any, at the move's ply.
func NewVerdict(mr play.MoveReview, in ReviewInput, v Voice) Verdict {
	if in.Replay != "" {
		in.Replay += strconv.Itoa(mr.Ply)
	}
	loss, capped := mr.ShownLoss(in.Size)
	return Verdict{
		Number: mr.Number, Side: mr.Side, You: v.You != game.Empty && mr.Side == v.You,
		Played: mr.Played.Name(in.Size), Best: mr.Best.Name(in.Size),
		BestValue: mr.BestValue, PlayedValue: mr.PlayedValue, Loss: loss,
		Exact: mr.Exact, Forced: mr.Forced, Mine: in.Mine == nil || in.Mine(mr.Side),
		Unsure: !mr.Exact && loss > 0 && loss < in.Margin, Capped: capped,
		Replay: in.Replay,
	}
}

// graphCaption says what the graph draws, and only that: the middle line
// and the sides, the dashed line where the values become exact if there
// is one, the ring where the game turned if it is drawn, and the table.
func graphCaption(points []GraphPoint, exactFrom int, turn Turn) Text {
	parts := []Text{Say("review.caption.line")}
	if exactFrom > 0 {
		parts = append(parts, Say("review.caption.exact", exactFrom))
	}
	for _, p := range points {
		if turn.Number != 0 && p.Number == turn.Number {
			parts = append(parts, Say("review.caption.ring", turn.Number))
			break
		}
	}
	parts = append(parts, Say("review.caption.table"))
	out := parts[0]
	for _, p := range parts[1:] {
		out = Say("review.sentences", out, p)
	}
	return out
}
