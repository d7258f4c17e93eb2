package ai

import (
	"context"
	"math/rand/v2"
	"testing"
)

// patternSquares lists each pattern's squares on the board, in the order
// of patternBits: the reference the bit tricks are checked against.
var patternSquares = [nPatterns][]int{
	{0, 1, 2, 3, 4, 5, 6, 7},
	{8, 9, 10, 11, 12, 13, 14, 15},
	{16, 17, 18, 19, 20, 21, 22, 23},
	{24, 25, 26, 27, 28, 29, 30, 31},
	{0, 1, 2, 8, 9, 10, 16, 17, 18},
	{0, 9, 18, 27, 36, 45, 54, 63},
	{1, 10, 19, 28, 37, 46, 55},
	{2, 11, 20, 29, 38, 47},
	{3, 12, 21, 30, 39},
	{4, 13, 22, 31},
}

func TestPatternBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for range 200 {
		x := rng.Uint64()
		got := patternBits(x)
		for k, sqs := range patternSquares {
			var want uint64
			for i, sq := range sqs {
				want |= (x >> uint(sq) & 1) << uint(i)
			}
			if got[k] != want {
				t.Fatalf("patternBits(%#x)[%d] = %#b, want %#b", x, k, got[k], want)
			}
		}
	}
}

// TestSymmetries checks that the eight images are distinct maps that
// keep the board's lines: x's image under each is found once among the
// images of any symmetric image of x.
func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 100 {
		x := rng.Uint64() & rng.Uint64()
		imgs := symmetries(x)
		for _, y := range imgs {
			if count(y) != count(x) {
				t.Fatalf("an image of %#x has %d discs, want %d", x, count(y), count(x))
			}
			// The images of an image are the images of x.
			set := map[uint64]bool{}
			for _, z := range imgs {
				set[z] = true
			}
			for _, z := range symmetries(y) {
				if !set[z] {
					t.Fatalf("image %#x of an image of %#x is not an image of it", z, x)
				}
			}
		}
	}
	if got := transpose(1 << 1); got != 1<<8 {
		t.Errorf("transpose(b1) = %#x, want a2", got)
	}
	if got := mirror(1); got != 1<<7 {
		t.Errorf("mirror(a1) = %#x, want h1", got)
	}
}

// TestLearnedEvalIsSymmetric checks that the learned evaluation scores
// the eight images of a position alike.
func TestLearnedEvalIsSymmetric(t *testing.T) {
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	for range 50 {
		b := randomPosition(rng, 8, 10+rng.IntN(40))
		p, o := geo8.to64(b)
		ps, os := symmetries(p), symmetries(o)
		want := learned8.eval(p, o, geo8.moves(p, o), geo8.moves(o, p))
		for s := range 8 {
			if got := learned8.eval(ps[s], os[s], geo8.moves(ps[s], os[s]), geo8.moves(os[s], ps[s])); got != want {
				t.Fatalf("eval of image %d of %s = %d, want %d", s, b.Line(), got, want)
			}
		}
	}
}

// TestLearnedEvalPredictsEndgames checks the trained weights on held-out
// positions, games of seeds the training never uses, each solved exactly
// from 18 empties: the learned evaluation must predict their exact scores
// better than the hand-made one, even with the hand-made one's scale fitted
// to these very positions.
func TestLearnedEvalPredictsEndgames(t *testing.T) {
	if testing.Short() {
		t.Skip("solves endgames")
	}
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	var data []sample
	for i := range uint64(24) {
		data = append(data, trainingGame(context.Background(), heldOutSeed, i, 18, 3000)...)
	}
	learned, hand, n := compareEvals(data, 10, 18)
	t.Logf("%d positions of 10 to 18 empties: rms error learned %.2f discs, hand-made (best scale) %.2f discs", n, learned, hand)
	if n < 100 {
		t.Fatalf("only %d held-out positions", n)
	}
	if learned >= hand*0.9 {
		t.Errorf("learned evaluation's rms error %.2f discs, want under 90%% of the hand-made one's %.2f", learned, hand)
	}
}
