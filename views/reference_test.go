package views

import (
	"testing"

	"reversi/game"
)

// TestFullGame replays the rules page's full-board game.
func TestFullGame(t *testing.T) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, fullGame)
	if err != nil {
		t.Fatalf("ParseTranscript(fullGame): %v", err)
	}
	b, err := g.Board()
	if err != nil {
		t.Fatal(err)
	}
	if r := b.Result(); !b.Over() || b.Count(game.Empty) != 0 || r.Black != 33 || r.White != 31 {
		t.Errorf("fullGame ends over=%v with %d empty, Black %d, White %d; want a full board, 33 to 31", b.Over(), b.Count(game.Empty), r.Black, r.White)
	}
}

// TestReferencePagesBuild builds every reference page: each section's
// diagrams match the paragraphs that title and describe them.
func TestReferencePagesBuild(t *testing.T) {
	for _, name := range []string{"rules", "strategy", "faq", "history"} {
		p, err := Reference(name)
		if err != nil {
			t.Errorf("Reference(%q): %v", name, err)
			continue
		}
		if p.Lead.IsZero() || (len(p.Sections) == 0 && len(p.FAQ) == 0) {
			t.Errorf("Reference(%q) is empty: %+v", name, p)
		}
	}
}
