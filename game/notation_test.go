package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSquareNames(t *testing.T) {
	tests := []struct {
		size int
		name string
		sq   Square
	}{
		{8, "a1", 0}, {8, "h1", 7}, {8, "a2", 8}, {8, "d3", 19}, {8, "h8", 63},
		{6, "a1", 0}, {6, "f6", 35}, {6, "a2", 6},
		{10, "j1", 9}, {10, "a10", 90}, {10, "j10", 99},
	}
	for _, tt := range tests {
		if got := tt.sq.Name(tt.size); got != tt.name {
			t.Errorf("Square(%d).Name(%d) = %q, want %q", tt.sq, tt.size, got, tt.name)
		}
		for _, in := range []string{tt.name, strings.ToUpper(tt.name)} {
			if got, err := ParseSquare(tt.size, in); err != nil || got != tt.sq {
				t.Errorf("ParseSquare(%d, %q) = %d, %v, want %d", tt.size, in, got, err, tt.sq)
			}
		}
	}
}

func TestParseSquareRejects(t *testing.T) {
	tests := []struct {
		size int
		in   string
		why  string
	}{
		{8, "", "want a letter and a number"},
		{8, "i1", "column must be a to h"},
		{8, "a9", "row must be 1 to 8"},
		{8, "a0", "row must be 1 to 8"},
		{8, "a01", "row must be 1 to 8"},
		{8, "a+1", "row must be 1 to 8"},
		{6, "g1", "column must be a to f"},
		{10, "k10", "column must be a to j"},
		{10, "a11", "row must be 1 to 10"},
		{8, "pass", "want a letter and a number"},
		{7, "a1", "board size 7"},
	}
	for _, tt := range tests {
		_, err := ParseSquare(tt.size, tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("ParseSquare(%d, %q) error = %v, want one saying %q", tt.size, tt.in, err, tt.why)
		}
	}
}

func TestParseLine(t *testing.T) {
	const line = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
	b, err := ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Line(); got != line {
		t.Errorf("Line() = %q, want %q", got, line)
	}
	if b.At(0) != White || b.At(7) != Black || b.At(1) != Empty || b.Turn() != Black {
		t.Errorf("ParseLine put the discs in the wrong places:\n%v", b)
	}
	if got := b.Count(Empty); got != 20 {
		t.Errorf("Count(Empty) = %d, want 20", got)
	}
	for _, bad := range []struct{ in, why string }{
		{"", "want the squares"},
		{strings.Repeat("-", 64), "want the squares"},
		{strings.Repeat("-", 63) + " X", "63 squares"},
		{strings.Repeat("-", 63) + "Z X", "not X, O or -"},
		{strings.Repeat("-", 64) + " Y", "side to move"},
		{strings.Repeat("-", 64) + " -", "side to move"},
	} {
		if _, err := ParseLine(bad.in); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("ParseLine(%q) error = %v, want one saying %q", bad.in, err, bad.why)
		}
	}
}

func TestParseBoardRejects(t *testing.T) {
	for _, bad := range []struct{ in, why string }{
		{"", "empty position"},
		{"---\n---\nX", "2 rows"},
		{strings.Repeat("--------\n", 7) + "-------\nX", "row 8 has 7 squares"},
		{strings.Repeat("--------\n", 7) + "-------*\nX", "not X, O or -"},
		{strings.Repeat("--------\n", 8) + "white", "side to move"},
	} {
		if _, err := ParseBoard(bad.in); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("ParseBoard(%q) error = %v, want one saying %q", bad.in, err, bad.why)
		}
	}
}

func TestTranscript(t *testing.T) {
	g, err := ParseTranscript(Options{Size: 8, Start: Cross}, "F5d6 C3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.Transcript(), "f5d6c3"; got != want {
		t.Errorf("Transcript() = %q, want %q", got, want)
	}
	for _, bad := range []struct{ in, why string }{
		{"f5f5", "move 2 (f5)"},
		{"f5a1", "move 2 (a1): illegal move"},
		{"f5z9", "move 2 (z9): square"},
		{"55", "move 1 (55): square"},
	} {
		if _, err := ParseTranscript(Options{Size: 8, Start: Cross}, bad.in); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("ParseTranscript(%q) error = %v, want one saying %q", bad.in, err, bad.why)
		}
	}
}

// TestTranscriptPasses plays random games, writes their transcripts (passes
// left out) and reads them back: the passes must come back where they were.
func TestTranscriptPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	passes := 0
	for _, size := range Sizes() {
		for _, start := range []Start{Cross, Parallel, Free} {
			o := Options{Size: size, Start: start}
			for range 50 {
				g := randomGame(t, rng, o, 1000)
				if slices.Contains(trimPass(g.Plies), Pass) {
					passes++
				}
				back, err := ParseTranscript(o, g.Transcript())
				if err != nil {
					t.Fatalf("ParseTranscript(%q): %v", g.Transcript(), err)
				}
				if !slices.Equal(back.Plies, trimPass(g.Plies)) {
					t.Fatalf("%v: ParseTranscript(%q).Plies = %v, want %v", o, g.Transcript(), back.Plies, g.Plies)
				}
			}
		}
	}
	if passes == 0 {
		t.Error("no game had a pass: the test proves nothing")
	}
}

// trimPass drops a pass at the very end, which no transcript can show.
func trimPass(p []Square) []Square {
	if len(p) > 0 && p[len(p)-1] == Pass {
		return p[:len(p)-1]
	}
	return p
}

// randomGame plays up to plies random legal plies from the start of o.
func randomGame(t testing.TB, rng *rand.Rand, o Options, plies int) *Game {
	t.Helper()
	g, err := NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewStart(o)
	for range plies {
		if b.Over() {
			break
		}
		m := Pass
		if moves := b.Moves().Squares(); len(moves) > 0 {
			m = moves[rng.IntN(len(moves))]
		}
		if b, _, err = b.Play(m); err != nil {
			t.Fatal(err)
		}
		g.Plies = append(g.Plies, m)
	}
	return g
}

func TestGameUndo(t *testing.T) {
	g, err := ParseTranscript(Options{Size: 8, Start: Cross}, "f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := g.Positions()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.UndoTo(2); err != nil {
		t.Fatal(err)
	}
	b, err := g.Board()
	if err != nil {
		t.Fatal(err)
	}
	if b != ps[2] {
		t.Errorf("after UndoTo(2) board =\n%v\nwant\n%v", b, ps[2])
	}
	if err := g.UndoTo(3); err == nil {
		t.Error("UndoTo(3) on a 2-ply game succeeded")
	}
	if _, err := g.Play(Pass); err == nil {
		t.Error("Play(Pass) with moves available succeeded")
	}
	if len(g.Plies) != 2 {
		t.Errorf("a rejected Play changed the record: %v", g.Plies)
	}
	if _, err := g.Play(SquareAt(8, 2, 2)); err != nil { // c3
		t.Errorf("Play(c3): %v", err)
	}
}

// TestTranscriptNotations reads the ways players write a game: numbered,
// with dashes or commas, in either case, with explicit passes and
// comments; and names the first bad move as written.
func TestTranscriptNotations(t *testing.T) {
	cross8 := Options{Size: 8, Start: Cross}
	for _, tc := range []struct {
		o      Options
		in     string
		want   string // the transcript read, or empty for an error
		reason Reason
		move   int
	}{
		{cross8, "f5d6c3d3c4", "f5d6c3d3c4", 0, 0},
		{cross8, "1. f5 d6 2. c3 d3 3. c4", "f5d6c3d3c4", 0, 0},
		{cross8, "1.f5 d6 2.c3 d3 3.C4", "f5d6c3d3c4", 0, 0},
		{cross8, "1. f5 2... d6", "f5d6", 0, 0},
		{cross8, "F5-D6-C3-D3-C4", "f5d6c3d3c4", 0, 0},
		{cross8, "f5, d6, c3,d3 ,c4", "f5d6c3d3c4", 0, 0},
		{cross8, "f5 d6\n# Black resigned\nc3", "f5d6c3", 0, 0},
		{cross8, "f5 d6 pass", "", PassWithMove, 3},
		{cross8, "1. f5 d6 2. c3 x9", "", NotSquare, 4},
		{cross8, "1. f5 f5", "", SquareTaken, 2},
		{cross8, "a1", "", NoFlips, 1},
		{Options{Size: 8, Start: Free}, "a1", "", NotCentre, 1},
		{cross8, "1 f5", "", NotSquare, 1},
	} {
		g, err := ParseTranscript(tc.o, tc.in)
		if tc.want != "" {
			if err != nil || g.Transcript() != tc.want {
				t.Errorf("ParseTranscript(%q) = %v, %v; want %s", tc.in, g, err, tc.want)
			}
			continue
		}
		var re *RecordError
		if !errors.As(err, &re) || re.Reason != tc.reason || re.Move != tc.move {
			t.Errorf("ParseTranscript(%q) error %+v; want %v at move %d", tc.in, err, tc.reason, tc.move)
		}
	}
	// A move that is not a square is named as written, whole.
	for _, tc := range []struct{ in, text string }{
		{"f5 zz", "zz"}, {"f5 z", "z"}, {"f5 d6x", "d6x"}, {"f5d6 c3zz", "c3zz"}, {"f5 z9", "z9"},
	} {
		var re *RecordError
		if _, err := ParseTranscript(cross8, tc.in); !errors.As(err, &re) || re.Reason != NotSquare || re.Text != tc.text {
			t.Errorf("ParseTranscript(%q) error %+v; want NotSquare naming %q", tc.in, err, tc.text)
		}
	}
	// An explicit pass where the side to move has none is read, and the
	// same pass left out is put back.
	rng := rand.New(rand.NewPCG(27, 1))
	for range 200 {
		g := randomGame(t, rng, Options{Size: 6}, 40)
		var parts []string
		for _, m := range g.Plies {
			parts = append(parts, m.Name(6))
		}
		back, err := ParseTranscript(Options{Size: 6}, strings.Join(parts, " "))
		if err != nil || !slices.Equal(back.Plies, g.Plies) {
			t.Fatalf("%v with its passes written: %v, %v", parts, back, err)
		}
	}
}
