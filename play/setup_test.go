package play_test

import (
	"errors"
	"strings"
	"testing"

	"reversi/game"
	"reversi/play"
)

func TestParseSetupQuery(t *testing.T) {
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, _, _ := strings.Cut(start.Line(), " ")
	// at returns pos with the square i (a1 = 0) holding c.
	at := func(pos string, i int, c byte) string { return pos[:i] + string(c) + pos[i+1:] }
	empty6 := strings.Repeat("-", 36)
	tests := []struct {
		name                string
		position, side, set string
		want                string // the position shown, "" for a refusal
	}{
		{"default", "", "", "", start.Line()},
		{"given", pos, "O", "", pos + " O"},
		{"in rows", pos[:32] + "\n" + pos[32:], "X", "", pos + " X"},
		{"empty to black", pos, "X", "a1", at(pos, 0, 'X') + " X"},
		{"black to white", pos, "O", "e4", at(pos, 28, 'O') + " O"},
		{"white to empty", pos, "X", "D4", at(pos, 27, '-') + " X"},
		{"6×6", empty6, "X", "f6", at(empty6, 35, 'X') + " X"},
		{"off the board", empty6, "X", "g1", ""},
		{"not a square", pos, "X", "z9", ""},
		{"short", pos[:63], "X", "", ""},
		{"no side", pos, "", "", ""},
		{"bad side", pos, "Y", "a1", ""},
		{"bad letter", at(pos, 5, 'Z'), "X", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := play.ParseSetupQuery(tt.position, tt.side, tt.set)
			if tt.want == "" {
				if !errors.Is(err, play.ErrBadPosition) {
					t.Errorf("err = %v, want ErrBadPosition", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := b.Line(); got != tt.want {
				t.Errorf("position %s, want %s", got, tt.want)
			}
		})
	}
}

// TestSetupCycles checks that three presses of a square give the position
// back, and that what the set-up board calls analysable the analysis
// takes.
func TestSetupCycles(t *testing.T) {
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, side, _ := strings.Cut(start.Line(), " ")
	for _, sq := range []string{"a1", "d4", "e4", "h8"} {
		p := pos
		for range 3 {
			b, err := play.ParseSetupQuery(p, side, sq)
			if err != nil {
				t.Fatal(err)
			}
			p, _, _ = strings.Cut(b.Line(), " ")
		}
		if p != pos {
			t.Errorf("three presses of %s: %s, want %s", sq, p, pos)
		}
	}
	for _, tt := range []struct {
		position string
		ok       bool
	}{
		{pos, true},
		{strings.Repeat("-", 64), false},
		{strings.Repeat("-", 27) + "X" + strings.Repeat("-", 36), false}, // d4 alone: placing
		{"X" + strings.Repeat("-", 63), true},                            // a1 alone: over at once
	} {
		b, err := game.ParseLine(tt.position + " X")
		if err != nil {
			t.Fatal(err)
		}
		err = play.Analysable(b)
		_, aerr := play.ParseAnalysisQuery(tt.position, "X", "", "")
		if (err == nil) != tt.ok || (aerr == nil) != tt.ok {
			t.Errorf("%s: Analysable %v, the analysis %v; want ok %v", tt.position, err, aerr, tt.ok)
		}
	}
}

func FuzzParseSetupQuery(f *testing.F) {
	start, _ := game.NewStart(game.Options{Size: 8})
	pos, side, _ := strings.Cut(start.Line(), " ")
	f.Add(pos, side, "c3")
	f.Add("", "", "")
	f.Add(strings.Repeat("-", 100), "O", "j10")
	f.Fuzz(func(t *testing.T, position, side, set string) {
		b, err := play.ParseSetupQuery(position, side, set)
		if err != nil {
			if !errors.Is(err, play.ErrBadPosition) {
				t.Fatalf("err %v is not ErrBadPosition", err)
			}
			return
		}
		// The position's line reads back as itself, and the set-up board
		// takes it.
		again, err := game.ParseLine(b.Line())
		if err != nil || again != b {
			t.Fatalf("%s reads back as %v, %v", b.Line(), again.Line(), err)
		}
		pos, side, _ := strings.Cut(b.Line(), " ")
		if same, err := play.ParseSetupQuery(pos, side, ""); err != nil || same != b {
			t.Fatalf("%s set up again: %v, %v", b.Line(), same.Line(), err)
		}
	})
}
