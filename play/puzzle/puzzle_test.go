package puzzle

import (
	"context"
	"errors"
	"strings"
	"testing"

	"reversi/game"
)

// sample is a position from the generator's first test run: 9 empties,
// Black to move, one move (b5) four discs better than any other.
const sample = "XXXXXXXX-XXXXXXXOXXXXXXX-XXXXXXXX-OXXXXX--OOXXXX-OOOOXXXOOOOOOXO X"

func TestMakeFormatParse(t *testing.T) {
	b, err := game.ParseLine(sample)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Make(context.Background(), b, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Best().Move.Name(Size) != "b5" || p.Best().Value != 50 {
		t.Errorf("best %s %+d, want b5 +50", p.Best().Move.Name(Size), p.Best().Value)
	}
	if p.FinalValue() != p.Best().Value {
		t.Errorf("the line ends at %+d, the best move is worth %+d", p.FinalValue(), p.Best().Value)
	}
	line := p.Format()
	q, err := Parse(line)
	if err != nil {
		t.Fatalf("Parse(%q): %v", line, err)
	}
	if q.Format() != line {
		t.Errorf("round trip:\n%s\n%s", line, q.Format())
	}
	if v, ok := q.Value(q.Moves[1].Move); !ok || v != p.Moves[1].Value {
		t.Errorf("Value(second move) = %d, %v", v, ok)
	}
	if _, ok := q.Value(game.SquareAt(Size, 0, 0)); ok {
		t.Errorf("a1 is not legal here but has a value")
	}
}

func TestParseRefuses(t *testing.T) {
	b, _ := game.ParseLine(sample)
	p, err := Make(context.Background(), b, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	good := p.Format()
	f := strings.Fields(good)
	bad := map[string]string{
		"fields":     strings.Join(f[:6], " "),
		"grade":      strings.Replace(good, " g", " g9", 1),
		"theme":      strings.Replace(good, " - ", " moon ", 1),
		"not best":   strings.Join(append(f[:5:5], swapFirstTwo(f[5]), f[6]), " "),
		"a move cut": strings.Join(append(f[:5:5], f[5][:strings.LastIndex(f[5], ",")], f[6]), " "),
		"line cut":   strings.Join(append(f[:6:6], f[6][:strings.LastIndex(f[6], ",")]), " "),
		"size":       "-------------------------------- X g1 w0/0/0 - a1:+2,b1:+0 a1",
	}
	for name, s := range bad {
		if _, err := Parse(s); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: Parse(%q) = %v, want ErrMalformed", name, s, err)
		}
	}
}

func swapFirstTwo(moves string) string {
	m := strings.Split(moves, ",")
	m[0], m[1] = m[1], m[0]
	return strings.Join(m, ",")
}

func TestMakeRefusesNonPuzzles(t *testing.T) {
	start, _ := game.NewStart(game.Options{Size: Size})
	if _, err := Make(context.Background(), start, 0, 1); !errors.Is(err, ErrNotAPuzzle) {
		t.Errorf("the start: %v, want ErrNotAPuzzle", err)
	}
}
