package views

import (
	"testing"

	"reversi/game"
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
