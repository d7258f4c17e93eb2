// Package puzzle holds the endgame puzzles: positions from the project's
// own games whose best move is proved by the exact solver, with every
// legal move's exact value and the line after the best move stored beside
// them, so that checking an answer costs no search. The set is made by
// `reversi puzzles` (cli/puzzles.go) and embedded from puzzles.txt, one
// puzzle a line. The package knows no words: themes and grades are typed
// values that views/ words.
package puzzle

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"reversi/game"
)

// Size is the board size of every puzzle.
const Size = 8

// Grades run from 1 (easiest) to MaxGrade.
const MaxGrade = 5

// Theme is a set of the ideas a puzzle turns on, one bit each.
type Theme uint8

// The themes.
const (
	// Corner: the best move takes a corner.
	Corner Theme = 1 << iota
	// Parity: the best move plays into an odd region of empty squares
	// while a worse move plays into an even one.
	Parity
	// WipeOut: after the best move, perfect play leaves the opponent
	// without a disc.
	WipeOut
	// PassDecides: the best move leaves the opponent without a move.
	PassDecides
	// Sacrifice: the best move hands the opponent a corner it could not
	// take before.
	Sacrifice
)

// themeNames is the order and the stored name of every theme.
var themeNames = []struct {
	t    Theme
	name string
}{
	{Corner, "corner"}, {Parity, "parity"}, {WipeOut, "wipeout"},
	{PassDecides, "pass"}, {Sacrifice, "sacrifice"},
}

// Themes returns the single themes in t, in their fixed order.
func (t Theme) Themes() []Theme {
	var out []Theme
	for _, e := range themeNames {
		if t&e.t != 0 {
			out = append(out, e.t)
		}
	}
	return out
}

// String returns the stored form: the themes' names joined by commas, or
// "-" for none.
func (t Theme) String() string {
	var names []string
	for _, e := range themeNames {
		if t&e.t != 0 {
			names = append(names, e.name)
		}
	}
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, ",")
}

func parseThemes(s string) (Theme, error) {
	if s == "-" {
		return 0, nil
	}
	var t Theme
	for name := range strings.SplitSeq(s, ",") {
		i := slices.IndexFunc(themeNames, func(e struct {
			t    Theme
			name string
		}) bool {
			return e.name == name
		})
		if i < 0 {
			return 0, fmt.Errorf("theme %q unknown", name)
		}
		t |= themeNames[i].t
	}
	return t, nil
}

// MoveValue is a legal move and its exact value: the final disc
// difference for the side to move after it, under perfect play by both
// sides, empty squares counted for the winner.
type MoveValue struct {
	Move  game.Square
	Value int
}

// Puzzle is one position and everything needed to judge an answer.
type Puzzle struct {
	// Number is the puzzle's place in the set, from 1.
	Number int
	Board  game.Board
	// Grade is the difficulty, 1 to MaxGrade.
	Grade int
	// Tries is how many times Normal and Hard were each asked for a
	// move; NormalWrong and HardWrong how many of their answers were
	// not the best move.
	Tries, NormalWrong, HardWrong int
	Themes                        Theme
	// Moves is every legal move, best first, then by falling value (ties
	// in square order). Moves[0] is the one answer, at least two discs
	// better than Moves[1].
	Moves []MoveValue
	// Line is the best move and the perfect play that follows it, to the
	// end of the game, passes included.
	Line []game.Square
}

// Best returns the best move and its value.
func (p *Puzzle) Best() MoveValue { return p.Moves[0] }

// Value returns the exact value of move m, and false if m is not legal.
func (p *Puzzle) Value(m game.Square) (int, bool) {
	for _, mv := range p.Moves {
		if mv.Move == m {
			return mv.Value, true
		}
	}
	return 0, false
}

// Empties returns the number of empty squares.
func (p *Puzzle) Empties() int { return p.Board.Count(game.Empty) }

// Format returns the puzzle's stored line (without the number, which is
// its place in the file):
//
//	SQUARES SIDE g3 w2/1/3 corner,parity c4:+12,d3:+4 c4,d3,pass,e6
//
// the position as [game.Board.Line] writes it, the grade, the wrong
// answers of Normal and Hard out of the tries, the themes ("-" for none),
// every move's value best first and the line from the best move on.
func (p *Puzzle) Format() string {
	var sb strings.Builder
	sb.WriteString(p.Board.Line())
	fmt.Fprintf(&sb, " g%d w%d/%d/%d %s ", p.Grade, p.NormalWrong, p.HardWrong, p.Tries, p.Themes)
	for i, mv := range p.Moves {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "%s:%+d", mv.Move.Name(Size), mv.Value)
	}
	sb.WriteByte(' ')
	for i, m := range p.Line {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(m.Name(Size))
	}
	return sb.String()
}

// ErrMalformed is wrapped by Parse's errors.
var ErrMalformed = errors.New("malformed puzzle")

// Parse reads a line that Format wrote. It checks the line's form and
// that the moves are exactly the position's legal moves, the best first
// and strictly best, and that the line starts with the best move and is
// legal play; it does not check the values, which only the solver can.
func Parse(s string) (*Puzzle, error) {
	f := strings.Fields(s)
	if len(f) != 7 {
		return nil, fmt.Errorf("%w: %d fields, want 7", ErrMalformed, len(f))
	}
	b, err := game.ParseLine(f[0] + " " + f[1])
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	if b.Size() != Size {
		return nil, fmt.Errorf("%w: board size %d", ErrMalformed, b.Size())
	}
	p := &Puzzle{Board: b}
	if _, err := fmt.Sscanf(f[2], "g%d", &p.Grade); err != nil || p.Grade < 1 || p.Grade > MaxGrade {
		return nil, fmt.Errorf("%w: grade %q", ErrMalformed, f[2])
	}
	if _, err := fmt.Sscanf(f[3], "w%d/%d/%d", &p.NormalWrong, &p.HardWrong, &p.Tries); err != nil ||
		p.NormalWrong < 0 || p.HardWrong < 0 || p.NormalWrong > p.Tries || p.HardWrong > p.Tries {
		return nil, fmt.Errorf("%w: wrong answers %q", ErrMalformed, f[3])
	}
	if p.Themes, err = parseThemes(f[4]); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	var seen game.Bits
	for mv := range strings.SplitSeq(f[5], ",") {
		name, val, ok := strings.Cut(mv, ":")
		sq, err1 := game.ParseSquare(Size, name)
		v, err2 := strconv.Atoi(val)
		if !ok || err1 != nil || err2 != nil || seen.Has(sq) {
			return nil, fmt.Errorf("%w: move %q", ErrMalformed, mv)
		}
		seen = seen.Or(game.Bit(sq))
		p.Moves = append(p.Moves, MoveValue{sq, v})
	}
	if seen != b.Moves() || len(p.Moves) < 2 {
		return nil, fmt.Errorf("%w: the moves are not the position's legal moves, or fewer than two", ErrMalformed)
	}
	if !slices.IsSortedFunc(p.Moves, func(a, c MoveValue) int { return c.Value - a.Value }) || p.Moves[0].Value-p.Moves[1].Value < 2 {
		return nil, fmt.Errorf("%w: the first move is not the best by two discs", ErrMalformed)
	}
	cur := b
	for name := range strings.SplitSeq(f[6], ",") {
		m, err := game.ParseMove(Size, name)
		if err != nil {
			return nil, fmt.Errorf("%w: line: %w", ErrMalformed, err)
		}
		if cur, _, err = cur.Play(m); err != nil {
			return nil, fmt.Errorf("%w: line: %s: %w", ErrMalformed, name, err)
		}
		p.Line = append(p.Line, m)
	}
	if p.Line[0] != p.Moves[0].Move || !cur.Over() {
		return nil, fmt.Errorf("%w: the line does not start with the best move or end the game", ErrMalformed)
	}
	return p, nil
}

// FinalValue returns the value of the game at the end of the line for the
// side to move in the puzzle, as the solver counts it: disc difference,
// empties to the winner. A sound puzzle's is Best().Value.
func (p *Puzzle) FinalValue() int {
	b := p.Board
	for _, m := range p.Line {
		b, _, _ = b.Play(m)
	}
	r := b.Result()
	if p.Board.Turn() == game.Black {
		return r.BlackScore - r.WhiteScore
	}
	return r.WhiteScore - r.BlackScore
}
