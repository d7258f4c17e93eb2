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
// referenceEval is the learned evaluation as the weights define it: every
// pattern instance of the eight images of the board looked up in w.
func referenceEval(w patternWeights, p, o uint64) int {
	t := w[phaseOf(64-count(p|o))*phaseSize:][:phaseSize]
	v := 0
	features(p, o, func(i int) { v += int(t[i]) })
	scal := t[phaseSize-nScalars:]
	v += int(scal[0]) * (count(geo8.moves(p, o)) - count(geo8.moves(o, p))) / 8
	return v + int(scal[1])
}

// TestFoldedEvalMatchesReference checks the fast evaluation against the
// reference on random positions of every phase, with the embedded weights
// and with random ones (which no symmetry of training could hide a
// misread square behind).
func TestFoldedEvalMatchesReference(t *testing.T) {
	embedded, err := loadWeights(weights8gz)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	random := make(patternWeights, len(embedded))
	for i := range random {
		random[i] = int16(rng.IntN(2001) - 1000)
	}
	for name, w := range map[string]patternWeights{"embedded": embedded, "random": random} {
		tables, err := w.fold()
		if err != nil {
			t.Fatal(err)
		}
		for range 400 {
			b := randomPosition(rng, 8, 1+rng.IntN(60))
			p, o := geo8.to64(b)
			got := tables.eval(p, o, geo8.moves(p, o), geo8.moves(o, p))
			if want := referenceEval(w, p, o); got != want {
				t.Fatalf("%s weights: eval of %s = %d, want %d", name, b.Line(), got, want)
			}
		}
	}
}

func TestFoldDigits(t *testing.T) {
	for _, tc := range []struct{ idx, n, want int }{
		{0, 8, 0}, {1, 8, 2187}, {2, 3, 18}, {1 + 2*3, 3, 2*3 + 9},
	} {
		if got := reverseDigits(tc.idx, tc.n); got != tc.want {
			t.Errorf("reverseDigits(%d, %d) = %d, want %d", tc.idx, tc.n, got, tc.want)
		}
	}
	// Square 1 (row 0, column 1) read along columns is square 3.
	if got := transposeBlock(3); got != 27 {
		t.Errorf("transposeBlock(3) = %d, want 27", got)
	}
	if got := transposeBlock(transposeBlock(12345)); got != 12345 {
		t.Errorf("transposing twice gave %d", got)
	}
	big := make(patternWeights, nPhases*phaseSize)
	for i := range big {
		big[i] = 30000
	}
	if _, err := big.fold(); err == nil {
		t.Error("folding weights of 30000 did not report the overflow")
	}
}

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

// BenchmarkLearnedEval times the fast evaluation and the reference on
// the same positions.
func BenchmarkLearnedEval(b *testing.B) {
	w, err := loadWeights(weights8gz)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	var pos [64][4]uint64
	for i := range pos {
		p, o := geo8.to64(randomPosition(rng, 8, 10+rng.IntN(40)))
		pos[i] = [4]uint64{p, o, geo8.moves(p, o), geo8.moves(o, p)}
	}
	b.Run("folded", func(b *testing.B) {
		for b.Loop() {
			for _, x := range pos {
				learned8.eval(x[0], x[1], x[2], x[3])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pos)), "ns/eval")
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			for _, x := range pos {
				referenceEval(w, x[0], x[1])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pos)), "ns/eval")
	})
}
