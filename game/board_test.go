package game

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func mustStart(t *testing.T, o Options) Board {
	t.Helper()
	b, err := NewStart(o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t *testing.T, s string) Board {
	t.Helper()
	b, err := ParseBoard(s)
	if err != nil {
		t.Fatalf("ParseBoard: %v", err)
	}
	return b
}

func names(size int, b Bits) []string {
	var out []string
	for sq := range b.All() {
		out = append(out, sq.Name(size))
	}
	slices.Sort(out)
	return out
}

func TestStarts(t *testing.T) {
	tests := []struct {
		o     Options
		board string
		moves []string
	}{
		{Options{Size: 8, Start: Cross}, "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", []string{"c4", "d3", "e6", "f5"}},
		{Options{Size: 8, Start: Parallel}, "--------\n--------\n--------\n---OO---\n---XX---\n--------\n--------\n--------\nX", []string{"c3", "d3", "e3", "f3"}},
		{Options{Size: 8, Start: Free}, "--------\n--------\n--------\n--------\n--------\n--------\n--------\n--------\nX", []string{"d4", "d5", "e4", "e5"}},
		{Options{Size: 6, Start: Cross}, "------\n------\n--OX--\n--XO--\n------\n------\nX", []string{"b3", "c2", "d5", "e4"}},
		{Options{Size: 10, Start: Cross}, strings.Repeat("----------\n", 4) + "----OX----\n----XO----\n" + strings.Repeat("----------\n", 4) + "X", []string{"d5", "e4", "f7", "g6"}},
	}
	for _, tt := range tests {
		t.Run(tt.o.String(), func(t *testing.T) {
			b := mustStart(t, tt.o)
			if got := b.String(); got != tt.board {
				t.Errorf("start =\n%s\nwant\n%s", got, tt.board)
			}
			if got := names(tt.o.Size, b.Moves()); !slices.Equal(got, tt.moves) {
				t.Errorf("Moves() = %v, want %v", got, tt.moves)
			}
		})
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name  string
		board string
		move  string
		flips []string
		err   error
	}{
		{"d3 flips d4", "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", "d3", []string{"d4"}, nil},
		{
			// f3 for Black brackets e3 against d3 and e4 against d5.
			"every closed line flips",
			"--------\n--------\n---XO---\n---XO---\n---XO---\n--------\n--------\n--------\nX",
			"f3", []string{"e3", "e4"}, nil,
		},
		{
			// A line that a flip would complete does not count: no chains.
			"no chain flips",
			"--------\n--------\n--------\n--OOX---\n--------\n--------\n--------\n--------\nX",
			"b4", []string{"c4", "d4"}, nil,
		},
		{"pass while a move exists", "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", "pass", nil, ErrIllegalMove},
		{"taken square", "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", "d4", nil, ErrIllegalMove},
		{"no outflank", "--------\n--------\n--------\n---OX---\n---XO---\n--------\n--------\n--------\nX", "a1", nil, ErrIllegalMove},
		{"placement off centre", "--------\n--------\n--------\n--------\n--------\n--------\n--------\n--------\nX", "c3", nil, ErrIllegalMove},
		{"placement on centre", "--------\n--------\n--------\n---X----\n--------\n--------\n--------\n--------\nO", "e5", nil, nil},
		{"game over", "XXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXX-\nO", "pass", nil, ErrGameOver},
		{
			"forced pass",
			"XXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXO\nXXXXXX--\nO",
			"pass", nil, nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			m, err := ParseMove(b.Size(), tt.move)
			if err != nil {
				t.Fatal(err)
			}
			next, f, err := b.Play(m)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Play(%s) error = %v, want %v", tt.move, err, tt.err)
			}
			if err != nil {
				if next != b {
					t.Errorf("Play(%s) failed but changed the board", tt.move)
				}
				return
			}
			if got := names(b.Size(), f); !slices.Equal(got, tt.flips) {
				t.Errorf("Play(%s) flips = %v, want %v", tt.move, got, tt.flips)
			}
			if next.Turn() != b.Turn().Opponent() {
				t.Errorf("after Play(%s) turn = %v, want %v", tt.move, next.Turn(), b.Turn().Opponent())
			}
		})
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		name  string
		board string
		want  Result
	}{
		{
			"black wins, empties to black",
			"XXXXXXXX\nXXXXXXXX\nXXXXXXXX\nXXXXXXXX\n--------\nOOOOOOOO\nOOOOOOOO\nOOOOO---\nX",
			Result{Black: 32, White: 21, Winner: Black, BlackScore: 43, WhiteScore: 21},
		},
		{
			"draw splits the empties",
			"XXXXXXXX\nXXXXXXXX\nXXXXXXXX\n--------\nOOOOOOOO\nOOOOOOOO\nOOOOOOOO\n--------\nX",
			Result{Black: 24, White: 24, Winner: Empty, BlackScore: 32, WhiteScore: 32},
		},
		{
			"wipe-out",
			"------\n------\n--OO--\n--OO--\n------\n------\nX",
			Result{Black: 0, White: 4, Winner: White, BlackScore: 0, WhiteScore: 36},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			if !b.Over() {
				t.Fatalf("Over() = false for\n%v", b)
			}
			if got := b.Result(); got != tt.want {
				t.Errorf("Result() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestNewBoardRejects(t *testing.T) {
	tests := []struct {
		name         string
		size         int
		black, white Bits
		turn         Color
	}{
		{"size", 7, Bits{}, Bits{}, Black},
		{"overlap", 8, Bit(3), Bit(3), Black},
		{"off the board", 6, Bit(40), Bits{}, Black},
		{"no side", 8, Bits{}, Bits{}, Empty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewBoard(tt.size, tt.black, tt.white, tt.turn); err == nil {
				t.Errorf("NewBoard(%d, %v, %v, %v) = nil error, want one", tt.size, tt.black, tt.white, tt.turn)
			}
		})
	}
}

func TestRegistries(t *testing.T) {
	for _, n := range Sizes() {
		if !ValidSize(n) {
			t.Errorf("Sizes lists %d, which ValidSize refuses", n)
		}
		if _, err := NewStart(Options{Size: n}); err != nil {
			t.Errorf("NewStart(size %d): %v", n, err)
		}
	}
	if !ValidSize(StandardSize) || ValidSize(7) {
		t.Errorf("ValidSize(%d) = false or ValidSize(7) = true", StandardSize)
	}
	for _, s := range Starts() {
		if got, err := ParseStart(s.String()); err != nil || got != s {
			t.Errorf("ParseStart(%q) = %v, %v, want %v", s, got, err, s)
		}
		if s == Setup {
			t.Error("Starts() offers Setup, which only playing on makes")
		}
	}
}
