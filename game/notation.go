package game

import (
	"fmt"
	"strconv"
	"strings"
)

// SquareAt returns the square in column col and row row (both from 0) of a
// size×size board.
func SquareAt(size, col, row int) Square { return Square(row*size + col) }

// Col returns the column of sq (0 = a) on a size×size board.
func (sq Square) Col(size int) int { return int(sq) % size }

// Row returns the row of sq (0 = row 1, the top) on a size×size board.
func (sq Square) Row(size int) int { return int(sq) / size }

// Name returns the square's name on a size×size board, such as "d3", or
// "pass" for [Pass].
func (sq Square) Name(size int) string {
	if sq == Pass {
		return "pass"
	}
	if sq < 0 || int(sq) >= size*size {
		return fmt.Sprintf("Square(%d)", int(sq))
	}
	return string(rune('a'+sq.Col(size))) + strconv.Itoa(sq.Row(size)+1)
}

// ParseSquare parses a square's name, in any case, for a size×size board:
// "a1" to "f6", "h8" or "j10".
func ParseSquare(size int, s string) (Square, error) {
	if geometryOf(size) == nil {
		return Pass, fmt.Errorf("board size %d: want 6, 8 or 10", size)
	}
	last := string(rune('a'+size-1)) + strconv.Itoa(size)
	if len(s) < 2 || len(s) > 3 {
		return Pass, fmt.Errorf("square %q: want a letter and a number, a1 to %s", s, last)
	}
	col := int(lower(s[0]) - 'a')
	if col < 0 || col >= size {
		return Pass, fmt.Errorf("square %q: column must be a to %c", s, 'a'+size-1)
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || s[1] == '0' || s[1] == '+' || row < 1 || row > size {
		return Pass, fmt.Errorf("square %q: row must be 1 to %d", s, size)
	}
	return SquareAt(size, col, row-1), nil
}

// ParseMove parses a square's name or "pass", in any case.
func ParseMove(size int, s string) (Square, error) {
	if strings.EqualFold(s, "pass") {
		if geometryOf(size) == nil {
			return Pass, fmt.Errorf("board size %d: want 6, 8 or 10", size)
		}
		return Pass, nil
	}
	return ParseSquare(size, s)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func (c Color) letter() byte {
	switch c {
	case Black:
		return 'X'
	case White:
		return 'O'
	}
	return '-'
}

func colorOf(c byte) (Color, bool) {
	switch c {
	case 'X', 'x':
		return Black, true
	case 'O', 'o':
		return White, true
	case '-', '.':
		return Empty, true
	}
	return Empty, false
}

// String returns the board as text: one line per row from the top, X for
// black, O for white and - for empty, then a line with the side to move,
// X or O. [ParseBoard] reads it back.
func (b Board) String() string {
	n := b.Size()
	var sb strings.Builder
	for r := range n {
		for c := range n {
			sb.WriteByte(b.At(SquareAt(n, c, r)).letter())
		}
		sb.WriteByte('\n')
	}
	sb.WriteByte(b.turn.letter())
	return sb.String()
}

// ParseBoard reads a board written as [Board.String] does: n rows of n
// squares (X black, O white, - or . empty) and a last line naming the side
// to move, X or O. Blank lines and spaces around lines are ignored.
func ParseBoard(s string) (Board, error) {
	var lines []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return Board{}, fmt.Errorf("empty position")
	}
	rows, side := lines[:len(lines)-1], lines[len(lines)-1]
	n := len(rows)
	if geometryOf(n) == nil {
		return Board{}, fmt.Errorf("position has %d rows: want 6, 8 or 10", n)
	}
	var black, white Bits
	for r, row := range rows {
		if len(row) != n {
			return Board{}, fmt.Errorf("row %d has %d squares: want %d", r+1, len(row), n)
		}
		for c := range n {
			color, ok := colorOf(row[c])
			if !ok {
				return Board{}, fmt.Errorf("row %d, column %c: %q is not X, O or -", r+1, 'a'+c, row[c])
			}
			switch color {
			case Black:
				black = black.Or(Bit(SquareAt(n, c, r)))
			case White:
				white = white.Or(Bit(SquareAt(n, c, r)))
			}
		}
	}
	turn, err := parseSide(side)
	if err != nil {
		return Board{}, err
	}
	return NewBoard(n, black, white, turn)
}

func parseSide(s string) (Color, error) {
	if c, ok := colorOf(s[0]); ok && len(s) == 1 && c != Empty {
		return c, nil
	}
	return Empty, fmt.Errorf("side to move %q: want X or O", s)
}

// Line returns the one-line form used by endgame test suites: every square
// row by row from a1 (X, O or -), a space, and the side to move, X or O.
func (b Board) Line() string {
	n := b.Size()
	buf := make([]byte, 0, n*n+2)
	for sq := range Square(n * n) {
		buf = append(buf, b.At(sq).letter())
	}
	return string(append(buf, ' ', b.turn.letter()))
}

// ParseLine reads the one-line form that [Board.Line] writes: 36, 64 or 100
// squares (X, O, - or .), whitespace, then X or O.
func ParseLine(s string) (Board, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return Board{}, fmt.Errorf("position %q: want the squares, a space and the side to move", s)
	}
	sqs := f[0]
	n := 0
	for _, size := range Sizes() {
		if len(sqs) == size*size {
			n = size
		}
	}
	if n == 0 {
		return Board{}, fmt.Errorf("position has %d squares: want 36, 64 or 100", len(sqs))
	}
	var black, white Bits
	for i := range len(sqs) {
		color, ok := colorOf(sqs[i])
		if !ok {
			return Board{}, fmt.Errorf("square %s: %q is not X, O or -", Square(i).Name(n), sqs[i])
		}
		switch color {
		case Black:
			black = black.Or(Bit(Square(i)))
		case White:
			white = white.Or(Bit(Square(i)))
		}
	}
	turn, err := parseSide(f[1])
	if err != nil {
		return Board{}, err
	}
	return NewBoard(n, black, white, turn)
}
