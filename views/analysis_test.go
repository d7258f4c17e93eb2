package views

import (
	"strings"
	"testing"

	"reversi/game"
	"reversi/play"
)

// TestOpeningNames: every named opening has its name in every language.
func TestOpeningNames(t *testing.T) {
	for _, l := range Languages() {
		for _, k := range game.OpeningKeys() {
			if !l.Has(openingPrefix + k) {
				t.Errorf("%s lacks the name of opening %q", l.Code, k)
			}
		}
	}
}

// TestBackOne steps back over a move and the passes after it.
func TestBackOne(t *testing.T) {
	a, b := game.Square(1), game.Square(2)
	tests := []struct{ in, want []game.Square }{
		{nil, nil},
		{[]game.Square{a}, nil},
		{[]game.Square{a, b}, []game.Square{a}},
		{[]game.Square{a, b, game.Pass}, []game.Square{a}},
		{[]game.Square{game.Pass}, nil},
	}
	for _, tt := range tests {
		if got := backOne(tt.in); len(got) != len(tt.want) {
			t.Errorf("backOne(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestReviewOfResigned: a resigned game's review says so, and its caption
// names only what the graph draws.
func TestReviewOfResigned(t *testing.T) {
	b, _ := game.NewStart(game.Options{Size: 8})
	f5, _ := game.ParseSquare(8, "f5")
	after, _, _ := b.Play(f5)
	var page ReviewPage
	FillReview(&page, ReviewInput{
		Moves:     []play.MoveReview{{Ply: 0, Number: 1, Side: game.Black, Played: f5, Best: f5, BestValue: 7, PlayedValue: 7}},
		Positions: []game.Board{b, after}, Size: 8, Plies: []game.Square{f5},
		End: RecordEnd{Resigned: game.White}, Margin: 12,
	})
	en := English()
	if got := en.Say(page.End); !strings.Contains(got, "White resigned") {
		t.Errorf("End = %q, want the resignation", got)
	}
	if svg := string(page.Graph.SVG(en)); !strings.Contains(svg, "White resigned") || strings.Contains(svg, "at the end") {
		t.Errorf("the graph's description does not say the resignation:\n%s", svg)
	}
	if c := en.Say(page.Caption); strings.Contains(c, "dashed") || strings.Contains(c, "ring") {
		t.Errorf("caption %q names a line or a ring the graph does not draw", c)
	}
}
