package views

import (
	"slices"
	"testing"

	"reversi/game"
)

func TestDirectionName(t *testing.T) {
	want := []string{"up", "up and right", "right", "down and right", "down", "down and left", "left", "up and left"}
	for d := game.Up; d <= game.UpLeft; d++ {
		if got := DirectionName(d); got != want[d] {
			t.Errorf("DirectionName(%v) = %q, want %q", d, got, want[d])
		}
	}
}

func TestTrial(t *testing.T) {
	b, err := game.NewStart(game.Options{Size: 8, Start: game.Cross})
	if err != nil {
		t.Fatal(err)
	}
	sq := func(name string) game.Square {
		s, err := game.ParseSquare(8, name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	v := Trial(b, sq("f5"))
	if v.Heading != "Trial: Black at f5" || v.Summary != "A legal move: Black at f5 would turn over 1 disc: e5." {
		t.Errorf("Trial(f5) = %q, %q", v.Heading, v.Summary)
	}
	if want := "Left: e5 is white, and Black's d5 closes the line, so it would turn over."; !slices.Contains(v.Lines, want) {
		t.Errorf("Trial(f5) lines %q lack %q", v.Lines, want)
	}
	if v := Trial(b, sq("d4")); v.Summary != "d4 already holds a white disc. A disc goes only on an empty square." {
		t.Errorf("Trial(d4) summary = %q", v.Summary)
	}
}
