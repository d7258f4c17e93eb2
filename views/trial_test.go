package views

import (
	"slices"
	"testing"

	"reversi/game"
)

func TestDirectionName(t *testing.T) {
	want := []string{"up", "up and right", "right", "down and right", "down", "down and left", "left", "up and left"}
	for d := game.Up; d <= game.UpLeft; d++ {
		if got := English().Say(DirectionName(d)); got != want[d] {
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
	en := English()
	v := Trial(b, sq("f5"))
	if h, s := en.Say(v.Heading), en.Say(v.Summary); h != "Trial: Black at f5" || s != "A legal move: Black at f5 would turn over 1 disc: e5." {
		t.Errorf("Trial(f5) = %q, %q", h, s)
	}
	var lines []string
	for _, l := range v.Lines {
		lines = append(lines, en.Say(l))
	}
	if want := "Left: e5 is white, and Black's d5 closes the line, so it would turn over."; !slices.Contains(lines, want) {
		t.Errorf("Trial(f5) lines %q lack %q", lines, want)
	}
	if v := Trial(b, sq("d4")); en.Say(v.Summary) != "d4 already holds a white disc. A disc goes only on an empty square." {
		t.Errorf("Trial(d4) summary = %q", en.Say(v.Summary))
	}
}
