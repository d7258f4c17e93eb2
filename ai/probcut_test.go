package ai

import (
	"math"
	"os"
	"strings"
	"testing"

	"reversi/game"
)

func TestProbCutParams(t *testing.T) {
	for depth := probCutMinDepth; depth <= 30; depth++ {
		shallow, _, sd := probCutParams(depth)
		if shallow < 1 || shallow >= depth || (depth-shallow)%2 != 0 {
			t.Errorf("depth %d: shallow depth %d, want 1 to depth-1 of the same parity", depth, shallow)
		}
		if sd <= 0 {
			t.Errorf("depth %d: deviation %d", depth, sd)
		}
	}
	// Past the table, the deepest measured depth of the same parity.
	for _, tc := range []struct{ depth, like int }{{10, 8}, {11, 9}, {16, 8}, {21, 9}} {
		_, m1, s1 := probCutParams(tc.depth)
		_, m2, s2 := probCutParams(tc.like)
		if m1 != m2 || s1 != s2 {
			t.Errorf("depth %d: mean %d sd %d, want depth %d's %d and %d", tc.depth, m1, s1, tc.like, m2, s2)
		}
	}
}

// TestProbCutStatistics measures again what probCutStats holds, on other
// positions than it was measured on, so that a retrained evaluation that
// changes them does not go unnoticed: each mean within a disc and each
// deviation within a quarter.
func TestProbCutStatistics(t *testing.T) {
	if testing.Short() {
		t.Skip("searches 80 positions to depth 8")
	}
	// The positions are fixed in a file (Normal's self-play, as it played
	// when the table was made) so that tuning a level's taste, which
	// changes midgamePositions, does not move the sample.
	data, err := os.ReadFile("testdata/probcut.txt")
	if err != nil {
		t.Fatal(err)
	}
	var positions []game.Board
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		b, err := game.ParseLine(line)
		if err != nil {
			t.Fatalf("testdata/probcut.txt: %v", err)
		}
		positions = append(positions, b)
	}
	n := float64(len(positions))
	var sum, sum2 [9]float64
	for _, pos := range positions {
		p, o := geo8.to64(pos)
		var v [9]int
		for d := 1; d <= 8; d++ {
			v[d], _ = fixedDepth(learned8, newTable[key64](tableBits), p, o, d, 0)
		}
		for d := probCutMinDepth; d <= 8; d++ {
			shallow, _, _ := probCutParams(d)
			x := float64(v[d] - v[shallow])
			sum[d] += x
			sum2[d] += x * x
		}
	}
	for d := probCutMinDepth; d <= 8; d++ {
		_, mean, sd := probCutParams(d)
		m := sum[d] / n
		s := math.Sqrt(sum2[d]/n - m*m)
		t.Logf("depth %d: mean %.0f (table %d), sd %.0f (table %d)", d, m, mean, s, sd)
		if math.Abs(m-float64(mean)) > 100 || math.Abs(s-float64(sd)) > float64(sd)/4 {
			t.Errorf("depth %d: measured mean %.0f and sd %.0f, the table has %d and %d", d, m, s, mean, sd)
		}
	}
}

// TestProbCutSearchesLess checks that Expert's ProbCut searches fewer
// nodes to a given depth and mostly agrees with the full search: its value
// within two deviations of the full one in nearly every position.
func TestProbCutSearchesLess(t *testing.T) {
	positions := midgamePositions(t, 8, 12)
	if testing.Short() {
		positions = positions[:4]
	}
	const depth = 9
	_, _, sd := probCutParams(depth)
	var fullNodes, cutNodes uint64
	far := 0
	for _, pos := range positions {
		p, o := geo8.to64(pos)
		full, n1 := fixedDepth(learned8, newTable[key64](tableBits), p, o, depth, 0)
		cut, n2 := fixedDepth(learned8, newTable[key64](tableBits), p, o, depth, expertProbCut)
		fullNodes += n1
		cutNodes += n2
		if math.Abs(float64(full-cut)) > 2*float64(sd) {
			far++
		}
	}
	t.Logf("%d positions to depth %d: %d nodes without ProbCut, %d with; %d values more than two deviations off",
		len(positions), depth, fullNodes, cutNodes, far)
	if cutNodes*2 > fullNodes {
		t.Errorf("ProbCut searched %d nodes, the full search %d: want under half", cutNodes, fullNodes)
	}
	if far > len(positions)/6 {
		t.Errorf("%d of %d values more than two deviations from the full search's", far, len(positions))
	}
}
