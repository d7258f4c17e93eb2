package views

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"reversi/game"
	"reversi/play"
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

// TestTrialWordsInEveryLanguage says the trials of every square of a few
// positions in every language: each sentence is found (no key is said
// as itself), and the Japanese has no English word left.
func TestTrialWordsInEveryLanguage(t *testing.T) {
	latin := regexp.MustCompile(`[A-Za-z]{2,}`)
	for _, moves := range []string{"", "d3", "d3e3", "f5f6e6f4", play.LateBeforePass} {
		for _, pass := range []bool{false, true} {
			b, _, _, err := play.Step{Moves: moves, Pass: pass && moves == play.LateBeforePass}.Position()
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range Languages() {
				for sq := range game.Square(64) {
					v := Trial(b, sq) // afresh for each language: saying a Text fills in its arguments
					texts := append([]Text{v.Heading, v.Summary, TrialTitle(v, Plain("x"))}, v.Lines...)
					grid := NewTrialBoard(b, TrialMarks{Trial: sq, Lines: b.Trial(sq), Placed: game.Pass, Open: true})
					for _, row := range grid.labels {
						texts = append(texts, row...)
					}
					for _, x := range texts {
						s := l.Say(x)
						if s == "" || strings.Contains(s, "trial.") || strings.Contains(s, "%!") {
							t.Errorf("%s: %s after %q: %q", l.Code, sq.Name(8), moves, s)
						}
						if l.Code == "ja" {
							if w := latin.FindString(s); w != "" && !untranslated(l, w) {
								t.Errorf("ja: %s after %q says %q: %q", sq.Name(8), moves, w, s)
							}
						}
					}
				}
			}
		}
	}
}

// untranslated reports whether word is English that l says because the
// shared words it borrows (site.txt: side names, lists) lack its
// translation yet.
func untranslated(l *Lang, word string) bool {
	for _, key := range []string{"color.black", "color.white", "list.and", "list.comma"} {
		if !l.Has(key) && strings.Contains(English().T(key), word) {
			return true
		}
	}
	return false
}
