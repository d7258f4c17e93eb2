package game

import (
	"errors"
	"fmt"
	"strings"
)

// Start is the opening setup.
type Start int8

// The starts. Cross, the standard one, is the zero value.
const (
	Cross    Start = iota // d4, e5 white; e4, d5 black (on 8×8)
	Parallel              // the two top centre squares white, the bottom two black
	Free                  // empty board; the first four plies fill the centre
	Setup                 // a given position, [Options.Setup]: a game played on from another's
)

var startNames = [...]string{Cross: "cross", Parallel: "parallel", Free: "free", Setup: "setup"}

// String returns "cross", "parallel", "free" or "setup".
func (s Start) String() string {
	if s >= 0 && int(s) < len(startNames) {
		return startNames[s]
	}
	return fmt.Sprintf("Start(%d)", int(s))
}

// ParseStart parses the name of a start, as [Start.String] writes it.
func ParseStart(name string) (Start, error) {
	for s, n := range startNames {
		if strings.EqualFold(name, n) {
			return Start(s), nil
		}
	}
	return 0, fmt.Errorf("start %q: want cross, parallel or free", name)
}

// Options are what a game is set up with.
type Options struct {
	Size  int // 6, 8 or 10
	Start Start
	// Setup is the starting position, side to move included, when Start
	// is Setup; otherwise it is the zero Board.
	Setup Board
}

// Validate reports what is wrong with o, if anything.
func (o Options) Validate() error {
	if geometryOf(o.Size) == nil {
		return fmt.Errorf("board size %d: want 6, 8 or 10", o.Size)
	}
	switch {
	case o.Start < Cross || o.Start > Setup:
		return fmt.Errorf("unknown start %d", o.Start)
	case o.Start != Setup && o.Setup != Board{}:
		return fmt.Errorf("a %s start with a setup position", o.Start)
	case o.Start == Setup && o.Setup.Size() != o.Size:
		return fmt.Errorf("setup position of size %d for a %d×%d board", o.Setup.Size(), o.Size, o.Size)
	case o.Start == Setup && o.Setup.Over():
		return errors.New("setup position is a finished game")
	}
	return nil
}

// OptionsFrom returns the options of a game that starts at b: the cross,
// parallel or free placement start if b is one of them, Black to move,
// else a Setup start.
func OptionsFrom(b Board) (Options, error) {
	for _, s := range []Start{Cross, Parallel, Free} {
		o := Options{Size: b.Size(), Start: s}
		if want, err := NewStart(o); err == nil && want == b {
			return o, nil
		}
	}
	o := Options{Size: b.Size(), Start: Setup, Setup: b}
	return o, o.Validate()
}

// NewStart returns the starting position for o, Black to move.
func NewStart(o Options) (Board, error) {
	if err := o.Validate(); err != nil {
		return Board{}, err
	}
	n, h := o.Size, o.Size/2
	sq := func(c, r int) Bits { return Bit(Square(r*n + c)) }
	tl, tr, bl, br := sq(h-1, h-1), sq(h, h-1), sq(h-1, h), sq(h, h)
	var black, white Bits
	switch o.Start {
	case Cross:
		white, black = tl.Or(br), tr.Or(bl)
	case Parallel:
		white, black = tl.Or(tr), bl.Or(br)
	case Setup:
		return o.Setup, nil
	}
	return NewBoard(n, black, white, Black)
}

// Game is a game record: its options and every ply played, a square or
// [Pass]. Every position of the game is rebuilt from these, so undo,
// replay and transcripts share one path.
type Game struct {
	Options Options
	Plies   []Square
}

// NewGame returns a game with no plies played.
func NewGame(o Options) (*Game, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return &Game{Options: o}, nil
}

// Positions replays the game and returns every position, from the start
// (index 0) to the current one (index len(g.Plies)). It fails on the first
// ply that the rules forbid.
func (g *Game) Positions() ([]Board, error) {
	b, err := NewStart(g.Options)
	if err != nil {
		return nil, err
	}
	out := make([]Board, 0, len(g.Plies)+1)
	out = append(out, b)
	for i, m := range g.Plies {
		if b, _, err = b.Play(m); err != nil {
			return nil, fmt.Errorf("ply %d (%s): %w", i+1, m.Name(g.Options.Size), err)
		}
		out = append(out, b)
	}
	return out, nil
}

// Board returns the current position.
func (g *Game) Board() (Board, error) {
	ps, err := g.Positions()
	if err != nil {
		return Board{}, err
	}
	return ps[len(ps)-1], nil
}

// Play plays m, a square or [Pass], in the current position and records it.
// It returns the discs turned over. A move that the rules forbid leaves g
// unchanged.
func (g *Game) Play(m Square) (Bits, error) {
	b, err := g.Board()
	if err != nil {
		return Bits{}, err
	}
	_, f, err := b.Play(m)
	if err != nil {
		return Bits{}, err
	}
	g.Plies = append(g.Plies, m)
	return f, nil
}

// UndoTo takes the game back to the position after ply plies.
func (g *Game) UndoTo(ply int) error {
	if ply < 0 || ply > len(g.Plies) {
		return fmt.Errorf("undo to ply %d: the game has %d plies", ply, len(g.Plies))
	}
	g.Plies = g.Plies[:ply]
	return nil
}

// Transcript returns the moves joined without separators, lowercase, with
// passes left out: "f5d6c3".
func (g *Game) Transcript() string {
	var sb strings.Builder
	for _, m := range g.Plies {
		if m != Pass {
			sb.WriteString(m.Name(g.Options.Size))
		}
	}
	return sb.String()
}

// ParseTranscript reads a transcript for a game set up with o, and
// returns the game with the passes it implies put back. It reads the
// moves as players write them: joined ("f5d6c3d3c4") or apart, in any
// case, separated by spaces, dashes or commas ("F5-D6-C3", "f5, d6"),
// numbered ("1. f5 d6 2. c3 d3", "1.f5", "2... d3"), with explicit passes
// ("pass", "PA" or "--" where the side to move has none), and with
// comments from "#" to the end of a line. It rejects squares that do not
// parse and moves that the rules forbid with a [*RecordError] that names
// the first bad move and its number, passes counted as written.
func ParseTranscript(o Options, s string) (*Game, error) {
	g, err := NewGame(o)
	if err != nil {
		return nil, err
	}
	b, err := NewStart(o)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, text := range transcriptTokens(s) {
		n++
		if text == "--" || strings.EqualFold(text, "pass") || strings.EqualFold(text, "pa") {
			if b, err = playMove(b, Pass, n, text); err != nil {
				return nil, err
			}
			g.Plies = append(g.Plies, Pass)
			continue
		}
		sq, err := ParseSquare(o.Size, text)
		if err != nil {
			return nil, notSquare(n, text, o.Size, err)
		}
		if b.MustPass() {
			b, _, _ = b.Play(Pass)
			g.Plies = append(g.Plies, Pass)
		}
		if b, err = playMove(b, sq, n, text); err != nil {
			return nil, err
		}
		g.Plies = append(g.Plies, sq)
	}
	return g, nil
}

// transcriptTokens splits a transcript into its moves as written: squares
// (a letter and its digits), passes, and anything else that is neither
// a move number nor a separator, so that the parser can name it.
func transcriptTokens(s string) []string {
	var out []string
	for line := range strings.SplitSeq(s, "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, f := range strings.FieldsFunc(line, func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\r' || r == ',' || r == ';' || r == '\u00a0'
		}) {
			if f == "--" {
				out = append(out, f)
				continue
			}
			for part := range strings.SplitSeq(f, "-") {
				out = append(out, splitMoves(part)...)
			}
		}
	}
	return out
}

// splitMoves splits one field without separators: a move number ("12."
// or "12...") is dropped, a pass kept whole, and joined squares cut
// before each letter ("f5d6" is f5 and d6). A field that is not a run of
// letter-and-digits squares is kept whole ("zz", "f5x"), so that the
// parser names it as written, not a piece of it.
func splitMoves(f string) []string {
	i := 0
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		i++
	}
	if i > 0 && i < len(f) && f[i] == '.' {
		for i < len(f) && f[i] == '.' {
			i++
		}
		f = f[i:]
	}
	if f == "" {
		return nil
	}
	if strings.EqualFold(f, "pass") || strings.EqualFold(f, "pa") {
		return []string{f}
	}
	var out []string
	for i := 0; i < len(f); {
		j := i + 1
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		if j == i+1 || f[i] >= '0' && f[i] <= '9' { // no digits, or no letter
			return []string{f}
		}
		out = append(out, f[i:j])
		i = j
	}
	return out
}

// String returns the options as "8x8 cross", or with a setup position
// "8x8 setup" and the position's [Board.Line].
func (o Options) String() string {
	if o.Start == Setup {
		return fmt.Sprintf("%dx%d %s %s", o.Size, o.Size, o.Start, o.Setup.Line())
	}
	return fmt.Sprintf("%dx%d %s", o.Size, o.Size, o.Start)
}

// A RecordError says what is wrong with a transcript or a GGF record, as
// data: for a bad move its number (1 for the first move written), the move
// as written, its square and the [Reason]; for a record that cannot be read
// the Reason and the part of the record at fault. The words that a page
// shows are the views' to choose; [RecordError.Error] is for logs.
type RecordError struct {
	// Move is the number of the first bad move, or 0 when the record
	// itself cannot be read.
	Move int
	// Text is that move as written: "a1", "W[f5]", or for [NotSquare] the
	// square alone, "z9".
	Text string
	// Square is the move's square, or [Pass] for a pass and whenever
	// there is no square: a move that is not one, or a record that
	// cannot be read.
	Square Square
	// Reason says what is wrong.
	Reason Reason
	// Side is the side that may not pass, for [PassWithMove], or the side
	// whose turn it was, for [NotTurn].
	Side Color
	// Size is the board's size, for [NotSquare], [TypeMismatch] and
	// [SquareCount].
	Size int
	// Count is the number of squares in the board setup, for
	// [SquareCount].
	Count int
	// Limit is the longest record read, in KB, for [TooLong].
	Limit int
	// Value is the part of the record at fault, as written: the game
	// of [NotOthello], the TY of [VariantRules] and [TypeMismatch], the BO
	// of [SetupShort], the size of [BadSize], the one character of
	// [BadDisc], the side to move of [BadSide], the start of what
	// follows for [PropertyExpected] (cut short with "…"), the property's
	// name for [UnclosedProperty].
	Value string
	// Err is the cause; it wraps [ErrIllegalMove] or [ErrGameOver] for a
	// move that the rules forbid.
	Err error
}

// Reason is what is wrong with a record: a move that is not a square or
// that the rules forbid, or a record that cannot be read at all.
type Reason int8

// The reasons. The zero value, Unreadable, says no more than that.
const (
	Unreadable Reason = iota // nothing more precise is known

	// A move, numbered in RecordError.Move.
	NotSquare    // not a square of the Size×Size board
	SquareTaken  // the square already holds a disc
	NoFlips      // it outflanks no disc
	AlreadyOver  // the game was already over
	PassWithMove // Side cannot pass while a move exists
	NotCentre    // in the free placement start, the first four discs go on the centre squares
	NotTurn      // a GGF move by the side that did not have the turn: it is Side's

	// The record as a whole; RecordError.Move is 0.
	EmptyRecord      // there is nothing but spaces
	TooLong          // longer than Limit KB
	NoGGFStart       // a GGF record starts with "(;" and this one does not
	NoGGFEnd         // the game does not end with ";)"
	TextAfterEnd     // there is more after the ";)" that ends the game
	PropertyExpected // a property name and "[" were expected at Value
	UnclosedProperty // the property Value has no closing "]"
	NotOthello       // GM names a game, Value, that is not Othello
	TwoSetups        // two BO properties
	SetupAfterMoves  // BO after the moves
	NoSetup          // no BO
	SetupOver        // BO is a finished game
	VariantRules     // TY, Value, is an anti or synchro game, whose rules differ
	TypeMismatch     // TY, Value, does not match the Size×Size board
	SetupShort       // BO, Value, lacks the squares or the side to move
	BadSize          // BO's size, Value, is not 6, 8 or 10
	SquareCount      // BO has Count squares, not Size×Size
	BadDisc          // BO holds Value, which is not *, O or -
	BadSide          // BO's side to move, Value, is not * or O
)

var reasonNames = [...]string{
	Unreadable: "Unreadable", NotSquare: "NotSquare", SquareTaken: "SquareTaken", NoFlips: "NoFlips",
	AlreadyOver: "AlreadyOver", PassWithMove: "PassWithMove", NotCentre: "NotCentre", NotTurn: "NotTurn",
	EmptyRecord: "EmptyRecord", TooLong: "TooLong", NoGGFStart: "NoGGFStart", NoGGFEnd: "NoGGFEnd",
	TextAfterEnd: "TextAfterEnd", PropertyExpected: "PropertyExpected", UnclosedProperty: "UnclosedProperty",
	NotOthello: "NotOthello", TwoSetups: "TwoSetups", SetupAfterMoves: "SetupAfterMoves", NoSetup: "NoSetup",
	SetupOver: "SetupOver", VariantRules: "VariantRules", TypeMismatch: "TypeMismatch", SetupShort: "SetupShort",
	BadSize: "BadSize", SquareCount: "SquareCount", BadDisc: "BadDisc", BadSide: "BadSide",
}

// String returns the reason's name as in Go, "NoFlips", for logs and
// tests.
func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

func (e *RecordError) Error() string {
	if e.Move == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("move %d (%s): %v", e.Move, e.Text, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

func notSquare(n int, text string, size int, err error) *RecordError {
	return &RecordError{Move: n, Text: text, Square: Pass, Reason: NotSquare, Size: size, Err: err}
}

// badRecord returns the error of a record that cannot be read for reason
// r; err says why, for logs.
func badRecord(r Reason, err error) *RecordError {
	return &RecordError{Square: Pass, Reason: r, Err: err}
}

// playMove plays m, move number n written as text, and says in a
// [*RecordError] why the rules forbid it if they do.
func playMove(b Board, m Square, n int, text string) (Board, error) {
	next, _, err := b.Play(m)
	if err == nil {
		return next, nil
	}
	e := &RecordError{Move: n, Text: text, Square: m, Reason: NoFlips, Err: err}
	switch {
	case errors.Is(err, ErrGameOver):
		e.Reason = AlreadyOver
	case m == Pass:
		e.Reason, e.Side = PassWithMove, b.Turn()
	case b.At(m) != Empty:
		e.Reason = SquareTaken
	case b.Placing():
		e.Reason = NotCentre
	}
	return b, e
}
