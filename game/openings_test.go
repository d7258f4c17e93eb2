package game

import (
	"strings"
	"testing"
)

func plies(t *testing.T, s string) []Square {
	t.Helper()
	g, err := ParseTranscript(Options{Size: 8}, s)
	if err != nil {
		t.Fatalf("ParseTranscript(%q): %v", s, err)
	}
	return g.Plies
}

// TestOpeningsLegal plays every named line from the cross start, and its
// keys are unique.
func TestOpeningsLegal(t *testing.T) {
	seen := map[string]bool{}
	for _, o := range namedOpenings {
		if seen[o.key] {
			t.Errorf("key %q twice", o.key)
		}
		seen[o.key] = true
		plies(t, o.moves)
	}
}

func TestOpeningOf(t *testing.T) {
	tests := []struct{ moves, want string }{
		{"f5 d6 c3 d3 c4", "tiger"},
		{"c4 e3 f6 e6 f5", "tiger"}, // turned half round
		{"d3 c5 f6 f5 e6", "tiger"}, // mirrored in the a1–h8 diagonal
		{"e6 f4 c3 c4 d3", "tiger"}, // and in the other
		{"f5 d6 c3 d3 c4 f4 c5 b3 c2", "rosebill"},
		{"f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6", "tamenori"}, // the longest that it starts with
		{"f5 d6 c5 f4 e3 c6 d3 f6 e6 d7", "rose"},
		{"f5 f6 e6 f4 c3", "buffalo"},
		{"f5 f6 e6 f4 g5", "heath"},
		{"f5 f6 e6 f4 e3", "cow"},
		{"f5 f6 e6 f4 e3 d6", "chimney"},
		{"f5 d6 c3", "perpendicular"},
		{"f5", ""},
	}
	for _, tt := range tests {
		o, ok := OpeningOf(plies(t, tt.moves))
		if o.Key != tt.want || ok != (tt.want != "") {
			t.Errorf("OpeningOf(%s) = %q, %v; want %q", tt.moves, o.Key, ok, tt.want)
		}
		if ok && len(o.Moves) > len(strings.Fields(tt.moves)) {
			t.Errorf("OpeningOf(%s) has %d moves", tt.moves, len(o.Moves))
		}
	}
}
