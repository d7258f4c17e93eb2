package game

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestTrial(t *testing.T) {
	// White to move after Black's d3: the tutorial's second step.
	b := mustParse(t, "--------\n--------\n---X----\n---XX---\n---XO---\n--------\n--------\n--------\nO")
	sq := func(s string) Square {
		x, err := ParseSquare(8, s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	lines := b.Trial(sq("f3"))
	got := map[Direction]Line{}
	for _, l := range lines {
		got[l.Direction] = l
	}
	if l := got[DownLeft]; l.Outcome != EmptyInWay || !slices.Equal(l.Opponent, []Square{sq("e4"), sq("d5")}) || l.End != sq("c6") {
		t.Errorf("f3 down and left = %+v, want e4, d5 then the empty c6", l)
	}
	if l := got[Left]; l.Outcome != NoOpponentNext || l.End != sq("e3") {
		t.Errorf("f3 left = %+v, want no opposing disc next (e3 empty)", l)
	}
	if l := got[Up]; l.Outcome != NoOpponentNext || l.End != sq("f2") {
		t.Errorf("f3 up = %+v, want no opposing disc next", l)
	}
	if l := b.Trial(sq("e3"))[Down]; l.Outcome != Brackets || !slices.Equal(l.Opponent, []Square{sq("e4")}) || l.End != sq("e5") {
		t.Errorf("e3 down = %+v, want e4 bracketed against e5", l)
	}
	edge := mustParse(t, "--------\n--------\n--------\n---XXXXX\n---XO---\n--------\n--------\n--------\nO")
	if l := edge.Trial(sq("c4"))[Right]; l.Outcome != OffBoard || len(l.Opponent) != 5 || l.End != Pass {
		t.Errorf("c4 right = %+v, want five discs running off the board", l)
	}
	if b.Trial(sq("d4")) != nil {
		t.Error("Trial of an occupied square is not nil")
	}
}

// TestTrialMatchesFlips checks that the bracketing lines of a trial hold
// exactly the discs that Flips turns over, on random positions.
func TestTrialMatchesFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range Sizes() {
		for range 200 {
			g := randomGame(t, rng, Options{Size: size, Start: Cross}, rng.IntN(size*size))
			b, _ := g.Board()
			for sq := range b.Discs(Empty).All() {
				var want []int
				for _, l := range b.Trial(sq) {
					if l.Outcome == Brackets {
						for _, x := range l.Opponent {
							want = append(want, int(x))
						}
					}
				}
				slices.Sort(want)
				if got := squaresOf(b.Flips(sq)); !slices.Equal(got, want) {
					t.Fatalf("Flips(%s) = %v, bracketing lines hold %v\n%v", sq.Name(size), got, want, b)
				}
			}
		}
	}
}
