package views

import (
	"html"
	"html/template"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"reversi/game"
)

// GamePage is the board of a game in play, or its result once it is over.
type GamePage struct {
	Base
	ID      string
	Heading Text // the h1: who plays whom
	Status  Text // what just happened and whose move it is; focused after a move
	Message Text // why the last request was refused, or empty
	Ply     int  // plies played: the version the forms send back
	Board   BoardView
	Players []PlayerLine
	// Pass shows the pass button, labelled PassLabel.
	Pass      bool
	PassLabel Text
	// Resume offers to let the computer move, in a game stored at its turn.
	Resume bool
	// CanResign offers to resign (a link to the question), and AskResign
	// asks it, with the form that posts ply to /games/{id}/resign.
	CanResign bool
	AskResign bool
	// CanDelete offers to delete the game (a link to the question), and
	// AskDelete asks it, with the form that posts to /games/{id}/delete.
	CanDelete bool
	AskDelete bool
	CanUndo   bool
	CanHint   bool
	ShowMoves bool
	AllowUndo bool
	Sound     bool
	Moves     string      // the moves so far, passes included
	Record    RecordView  // the numbered move list, transcript and downloads
	Result    *ResultView // set once the game is over
	Again     []Field     // a new game with the same choices, once over
	Online    *OnlineView // the room of an online game
	Clocks    *ClocksView // a clocked game's clocks, or nil (views/clock.go)
	// Spectator shows the board outside any form: the viewer only watches.
	Spectator bool
	// Opening names the opening the game follows, or is nothing;
	// Analysis is the address of a finished game's last position on the
	// analysis page, or empty.
	Opening  Text
	Analysis string
	// Kind says whether a lobby game is rated or casual, or is nothing.
	Kind Text
}

// PlayerLine is one side's line in the score.
type PlayerLine struct {
	Color string     // "black" or "white", the icon's class
	Side  game.Color // the side, said by its name
	// Role says who plays the side (PlayerRole): "you", "computer", "your
	// friend", or nothing in a local game.
	Role Text
	// Computer is set when the computer plays the side.
	Computer bool
	Discs    int
	ToMove   bool
	// Name ("Black") and Who ("you") are the replay page's words for the
	// side and its player, in English until that page says Side and Role
	// as the game page does.
	Name, Who string
}

// Line is the player line in words: "Black (you): 12, to move".
func (p PlayerLine) Line() Text {
	key, args := "game.player", []any{p.Side}
	if !p.Role.IsZero() {
		key, args = key+".who", append(args, p.Role)
	}
	if p.ToMove {
		key += ".tomove"
	}
	return Say(key, append(args, p.Discs)...)
}

// ResultView is a finished game's result.
type ResultView struct {
	Winner                 Text
	Black, White           int
	BlackScore, WhiteScore int
	Hints, Undos           int        // not shown for online games, which offer neither
	Resigned               game.Color // who resigned, or Empty
	OnTime                 game.Color // who lost on time, or Empty
	Aborted                bool       // no result: no winner, no score shown
}

// BoardView is a board ready for the template.
type BoardView struct {
	Size int
	Cols []string
	Rows []RowView
}

// BoardLegend says which marks a board shows, for the legend beside it:
// each is explained only when it is there to see.
type BoardLegend struct {
	Yours, Latest, Flipped bool // "yo", "pl" and "fl"
}

// Legend returns the marks v shows. The game page asks once per render.
func (v BoardView) Legend() (l BoardLegend) {
	for _, r := range v.Rows {
		for i := range r.Squares {
			c := r.Squares[i].Class
			if c == "" {
				continue
			}
			l.Yours = l.Yours || hasClass(c, "yo")
			l.Latest = l.Latest || hasClass(c, "pl")
			l.Flipped = l.Flipped || hasClass(c, "fl")
		}
	}
	return l
}

// RowView is one row of squares, top to bottom.
type RowView struct {
	Num     int
	Squares []SquareView
}

// SquareView is one square: a button in the board form.
type SquareView struct {
	Name     string // "d3"
	Disc     string // "black", "white" or "empty"
	Label    Text   // the accessible name: the square's name, content and marks
	Class    string
	Disabled bool
	// Value, if set, is shown in the square in place of its character:
	// the analysis's value of a legal move.
	Value string
}

// Grid returns the board as a grid of buttons whose values the form sends
// under field, with the column letters above and the row numbers beside
// (hidden from screen readers: each button's name says its square). Each
// button holds its square's content as one character (see Char), spaced
// and with a line break after each row, so that a text browser shows the
// board as a grid; a graphical one draws the disc over it. It is
// written here rather than in a template because the board is the hot path
// of every page: up to a hundred squares with five attributes each, which a
// template would evaluate and escape one call at a time. Under load this
// halved the page's rendering time. The labels are said in the language
// given, in English when none is.
func (v BoardView) Grid(field string, in ...*Lang) template.HTML {
	l := English()
	if len(in) > 0 && in[0] != nil {
		l = in[0]
	}
	// A text browser has no grid: it lines the squares up only if each
	// takes the same columns. Row numbers are padded to the widest
	// (10 on 10×10), and squares to the widest value (an analysis's
	// "≈+10"), with no-break spaces in class tm, which a graphical
	// browser hides; the corner holds the row numbers' width.
	maxNum, sqW := 0, 1
	for _, r := range v.Rows {
		maxNum = max(maxNum, r.Num)
		for _, s := range r.Squares {
			sqW = max(sqW, utf8.RuneCountInString(s.Value))
		}
	}
	numW := len(strconv.Itoa(maxNum))
	var b strings.Builder
	b.Grow(160 + v.Size*(40+v.Size*110)) // an 8×8 board is 5–6 KB
	b.WriteString(`<div class="grid b`)
	b.WriteString(strconv.Itoa(v.Size))
	b.WriteString(`"><span aria-hidden="true">`)
	for range numW {
		b.WriteString(nbsp)
	}
	b.WriteString(`</span>`)
	for _, c := range v.Cols {
		b.WriteByte(' ')
		writePad(&b, "", sqW-utf8.RuneCountInString(c))
		b.WriteString(`<span aria-hidden="true">`)
		writeEscaped(&b, c)
		b.WriteString(`</span>`)
	}
	for _, r := range v.Rows {
		b.WriteString("<br>\n")
		num := strconv.Itoa(r.Num)
		writePad(&b, "", numW-len(num))
		b.WriteString(`<span aria-hidden="true">`)
		b.WriteString(num)
		b.WriteString(`</span>`)
		for i := range r.Squares {
			r.Squares[i].button(&b, field, l, sqW) // by pointer: a square is a hundred bytes
		}
	}
	b.WriteString("<br>\n</div>")
	return template.HTML(b.String())
}

// nbsp is a no-break space, which a text browser does not collapse.
const nbsp = "\u00a0"

// writePad writes mark after pad no-break spaces, in an element of
// class tm (a text browser's alone), or nothing if both are empty.
func writePad(b *strings.Builder, mark string, pad int) {
	if pad <= 0 && mark == "" {
		return
	}
	b.WriteString(`<i class="tm">`)
	for range pad {
		b.WriteString(nbsp)
	}
	b.WriteString(mark)
	b.WriteString(`</i>`)
}

// button writes the square as a button whose value the form sends under
// field, labelled in l: a game board's label from l's table of escaped
// words, any other said and escaped here. Its text takes width columns
// in a text browser (see Grid).
func (s *SquareView) button(b *strings.Builder, field string, l *Lang, width int) {
	// Each attribute's text before its value is written in one piece.
	// A marked square's text mark takes the place of the space before it:
	// a text browser, which has no stylesheet, shows "*X" in the square's
	// two columns; a graphical one hides it (class tm: display none, so it
	// is no grid item) and draws the mark. Outside the button, the mark
	// stays out of its accessible name, whose label says the mark.
	text := s.Value
	if text == "" {
		text = s.Char()
	}
	pad := width - utf8.RuneCountInString(text)
	if mark := s.TextMark(); mark != "" {
		writePad(b, mark, pad)
	} else {
		b.WriteByte(' ')
		writePad(b, "", pad)
	}
	b.WriteString(`<button name="`)
	writeEscaped(b, field)
	b.WriteString(`" value="`)
	writeEscaped(b, s.Name)
	if s.Disc != "empty" { // the stylesheet draws only discs
		b.WriteString(`" data-disc="`)
		writeEscaped(b, s.Disc)
	}
	b.WriteString(`" aria-label="`)
	if sl, ok := s.squareLabel(); ok {
		l.boardHTML.write(b, *sl)
	} else {
		writeEscaped(b, l.Say(s.Label))
	}
	if s.Class != "" {
		b.WriteString(`" class="`)
		writeEscaped(b, s.Class)
	}
	b.WriteByte('"')
	if s.Disabled {
		b.WriteString(" disabled")
	}
	b.WriteByte('>')
	if s.Value != "" {
		writeEscaped(b, s.Value)
	} else {
		b.WriteString(text)
	}
	b.WriteString("</button>")
}

// writeEscaped writes s escaped as html.EscapeString escapes it. Nearly
// every value on a board, a square's name, a disc, a class, has nothing
// to escape, and is written as it is without the replacer's work. (A
// loop over the bytes: strings.IndexAny builds its set on every call.)
func writeEscaped(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<', '>', '&', '\'', '"':
			b.WriteString(html.EscapeString(s))
			return
		}
	}
	b.WriteString(s)
}

// squareLabel returns the game board's label that s.Label holds, if it
// holds one.
func (s *SquareView) squareLabel() (*squareLabel, bool) {
	if s.Label.Key != squareLabelKey || len(s.Label.Args) != 1 || len(s.Label.Parts) > 0 {
		return nil, false
	}
	sl, ok := s.Label.Args[0].(*squareLabel)
	return sl, ok
}

// Char returns the square's content as one character, as a text browser
// shows it: X for a black disc, O for a white one, + for an empty square
// marked as a legal move and - for any other empty square (the letters of
// the positions in the tests, game.ParseBoard); x or o for a trial's
// hollow disc; on the strategy diagram K for a corner, x for an X-square
// and c for a C-square.
func (s SquareView) Char() string {
	switch {
	case s.Disc == "black":
		return "X"
	case s.Disc == "white":
		return "O"
	case hasClass(s.Class, "tb"):
		return "x"
	case hasClass(s.Class, "tw"):
		return "o"
	case hasClass(s.Class, "lg"):
		return "+"
	case hasClass(s.Class, "co"):
		return "K"
	case hasClass(s.Class, "xs"):
		return "x"
	case hasClass(s.Class, "cs"):
		return "c"
	}
	return "-"
}

// TextMark returns the mark a text browser shows before the square's
// character, where a graphical one draws a triangle, a tinted square or
// a dot: "*" before a disc just placed (the player's last move or the
// reply), "~" before one just flipped, or "" for no mark. The page's
// legend says what each means; the sentence above the board says who
// played.
func (s SquareView) TextMark() string {
	switch {
	case hasClass(s.Class, "yo"), hasClass(s.Class, "pl"):
		return "*"
	case hasClass(s.Class, "fl"):
		return "~"
	}
	return ""
}

// hasClass reports whether the space-separated list of classes has c.
func hasClass(list, c string) bool {
	for list != "" {
		var first string
		first, list, _ = strings.Cut(list, " ")
		if first == c {
			return true
		}
	}
	return false
}

// Marks says what to show on a board besides the discs.
type Marks struct {
	// Playable enables the empty squares, when a human is to move: the
	// legal moves, and the others, which the server refuses with a reason.
	Playable  bool
	ShowLegal bool
	// Placed are the discs the viewer placed in the last turn (both
	// sides' in a local game; "yo", or "pl" in a local game), Replies
	// those the opponent placed after ("pl", the latest news),
	// and Steps the animation step of every placed or flipped disc (from
	// 0). Opponent is the game's kind of opponent ("computer", "local",
	// "online"), whose reply the labels name.
	Placed   []game.Square
	Replies  []game.Square
	Opponent string
	Flipped  game.Bits
	Steps    map[game.Square]int
	Hint     game.Square // game.Pass for none
}

// maxStep is the highest animation step the stylesheet knows.
const maxStep = 20

// NewBoard lays out b with m for the board template.
func NewBoard(b game.Board, m Marks) BoardView {
	moves := b.Moves()
	return layoutWords(b, func(sq game.Square, disc game.Color, class []string) (bool, squareLabel, []string) {
		var label squareLabel
		legal := moves.Has(sq)
		// Every empty square can be pressed, legal or not: the server
		// answers an illegal one by saying why (422).
		open := m.Playable && disc == game.Empty
		if legal && m.ShowLegal {
			class = append(class, "lg")
			label.marks |= markLegal
			label.flips = b.Flips(sq).Count()
		}
		if sq == m.Hint {
			class = append(class, "hint")
			label.marks |= markHint
		}
		// A disc placed and then flipped by the reply keeps both marks.
		// In a local game both sides are the viewer, and a disc placed is
		// only "just placed".
		switch {
		case slices.Contains(m.Placed, sq) && m.Opponent == OpponentLocal:
			class = append(class, "pl")
			label.marks |= markPlaced
		case slices.Contains(m.Placed, sq):
			class = append(class, "yo")
			label.marks |= markPlacedYou
		case slices.Contains(m.Replies, sq) && m.Opponent == OpponentComputer:
			class = append(class, "pl")
			label.marks |= markReplyComputer
		case slices.Contains(m.Replies, sq):
			class = append(class, "pl")
			label.marks |= markReplyOpponent
		}
		if m.Flipped.Has(sq) {
			class = append(class, "fl")
			label.marks |= markFlipped
		}
		if st, ok := m.Steps[sq]; ok && st > 0 {
			class = append(class, steps[min(st, maxStep)])
		}
		return open, label, class
	})
}

// steps are the classes of the animation steps, "s1" to "s20", by step.
var steps = func() (s [maxStep + 1]string) {
	for i := range s {
		s[i] = "s" + strconv.Itoa(i)
	}
	return s
}()

// discWords are the keys of what a square holds, by colour.
var discWords = map[game.Color]string{game.Black: "board.disc.black", game.White: "board.disc.white", game.Empty: "board.disc.empty"}

// layoutWords lays out b row by row, each square as square describes it:
// whether its button is enabled, and its label's marks and its classes,
// which square appends to class. The label says the square's name and
// content first, then the marks (see boardWords): "d3, empty, legal move".
func layoutWords(b game.Board, square func(sq game.Square, disc game.Color, class []string) (open bool, _ squareLabel, _ []string)) BoardView {
	n := b.Size()
	v := BoardView{Size: n, Cols: columns[:n:n], Rows: make([]RowView, n)}
	// One allocation each for the board's squares, their labels and the
	// labels' Texts' arguments, rather than one per square.
	all := make([]SquareView, n*n)
	labels := make([]squareLabel, n*n)
	args := make([]any, n*n)
	var classes [6]string
	for r := range n {
		row := RowView{Num: r + 1, Squares: all[r*n : (r+1)*n : (r+1)*n]}
		for c := range n {
			i := r*n + c
			sq := game.SquareAt(n, c, r)
			disc := b.At(sq)
			name := nameOf(n, sq)
			open, label, class := square(sq, disc, classes[:0])
			label.name, label.disc = name, disc
			labels[i] = label
			args[i] = &labels[i]
			row.Squares[c] = SquareView{Name: name, Disc: disc.String(), Disabled: !open,
				Label: Text{Key: squareLabelKey, Args: args[i : i+1 : i+1]}, Class: strings.Join(class, " ")}
		}
		v.Rows[r] = row
	}
	return v
}

// nameOf is sq.Name(n), from a table for the sizes the game supports.
func nameOf(n int, sq game.Square) string {
	if names, ok := squareNames[n]; ok && sq >= 0 && int(sq) < len(names) {
		return names[sq]
	}
	return sq.Name(n)
}

// squareNames are the squares' names of each size of board, by square:
// named once rather than on every page.
var squareNames = func() map[int][]string {
	m := make(map[int][]string)
	for _, n := range game.Sizes() {
		names := make([]string, n*n)
		for i := range names {
			names[i] = game.Square(i).Name(n)
		}
		m[n] = names
	}
	return m
}()

// columns are the boards' column letters, enough for the largest board.
var columns = []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"}

// Distance returns how many steps apart two squares of a size×size board
// are, counting a diagonal step as one: the order in which flips are shown,
// from the placed disc outward.
func Distance(size int, a, b game.Square) int {
	dc := a.Col(size) - b.Col(size)
	dr := a.Row(size) - b.Row(size)
	return max(dc, -dc, dr, -dr)
}
