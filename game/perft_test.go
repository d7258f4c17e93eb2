package game

import "testing"

// Published perft counts from the 8×8 cross start, passes counted as plies.
var perftCross8 = []uint64{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800}

func TestPerftCross8(t *testing.T) {
	b, err := NewStart(Options{Size: 8, Start: Cross})
	if err != nil {
		t.Fatal(err)
	}
	for depth, want := range perftCross8 {
		if depth > 9 && testing.Short() {
			t.Logf("skipping depth %d in -short mode", depth)
			continue
		}
		if got := Perft(b, depth); got != want {
			t.Errorf("Perft(cross 8×8, %d) = %d, want %d", depth, got, want)
		}
	}
}
