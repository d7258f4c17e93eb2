package ai

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"reversi/ai/internal/scorecache"
	"reversi/game"
)

// TestDeepenEndsExact checks that the selective levels, which share the
// table with the exact one that follows them, leave its score exact: the
// table must not let a selective bound into the exact search. Every other
// position starts from a hint, a random move with a random score (as a
// midgame search might give, or a won or lost game's score): a poor hint
// may cost time but not exactness.
func TestDeepenEndsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 37))
	n := 40
	if testing.Short() {
		n = 8
	}
	for i := range n {
		b := randomPosition(rng, 8, 10+rng.IntN(7))
		if b.Over() || b.Moves().IsZero() {
			continue
		}
		want, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := engineFor(b, 16).(*engine64)
		e.learned = learned8
		var hint *rootHint
		if i%2 == 1 {
			moves := b.Moves().Squares()
			score := rng.IntN(2*6400) - 6400
			if i%4 == 3 {
				score = terminal(rng.IntN(129) - 64)
			}
			hint = &rootHint{move: e.g.sq64(moves[rng.IntN(len(moves))]), score: score}
		}
		score, move, done, ok := e.solveSelective(newBudget(context.Background(), 0, time.Time{}), []float64{0.5, 1.1, 2.0}, hint)
		if !ok || done != 4 {
			t.Fatalf("position %d: %d levels done, want 4", i, done)
		}
		if score != want.Score {
			t.Errorf("position %d (%s): score %+d, want %+d", i, b.Line(), score, want.Score)
		}
		next, _, err := b.Play(move)
		if err != nil {
			t.Fatalf("position %d: move %v: %v", i, move, err)
		}
		if got := -solveScore(t, next); got != want.Score {
			t.Errorf("position %d (%s): move %s scores %+d, want %+d", i, b.Line(), move.Name(8), got, want.Score)
		}
	}
}

// TestDeepenReportsEachLevel checks deepen's report: one call per level
// finished, in order, the last with the score and move deepen returns.
func TestDeepenReportsEachLevel(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 41))
	for i := 0; i < 4; {
		b := randomPosition(rng, 8, 12+rng.IntN(5))
		if b.Over() || b.Moves().IsZero() {
			continue
		}
		i++
		e := engineFor(b, 16).(*engine64)
		e.learned = learned8
		type level struct{ done, score, move int }
		var got []level
		score, move, done := e.deepen(newBudget(context.Background(), 0, time.Time{}), []float64{0.7, 1.5}, true, nil, func(done, score, move int) {
			got = append(got, level{done, score, move})
		})
		if done != 3 || len(got) != 3 {
			t.Fatalf("%s: %d levels done, %d reported; want 3 and 3", b.Line(), done, len(got))
		}
		for k, l := range got {
			if l.done != k+1 {
				t.Errorf("%s: report %d says %d levels done", b.Line(), k, l.done)
			}
		}
		if last := got[2]; last.score != score || last.move != move {
			t.Errorf("%s: last report %+d at %d, deepen returned %+d at %d", b.Line(), last.score, last.move, score, move)
		}
	}
}

// TestGuessDiscs checks the conversion of a midgame score to the root's
// first guess (a hint's, or orderRoot's): hundredths of a disc, or a
// finished game's score, to an even disc difference within ±64.
func TestGuessDiscs(t *testing.T) {
	for _, c := range []struct{ score, want int }{
		{0, 0}, {99, 0}, {250, 2}, {-250, -2}, {-300, -4}, {700, 6},
		{9999, 64}, {-9999, -64},
		{terminal(10), 10}, {terminal(-10), -10}, {terminal(64), 64}, {terminal(-7), -8},
	} {
		if got := guessDiscs(c.score); got != c.want {
			t.Errorf("guessDiscs(%d) = %d, want %d", c.score, got, c.want)
		}
	}
}

// TestCentidiscs checks that a finished game's score in a shallow search
// counts as its discs when a selective cut compares it with a bound.
func TestCentidiscs(t *testing.T) {
	for _, c := range []struct{ v, want int }{
		{0, 0}, {350, 350}, {-6399, -6399},
		{terminal(2), 200}, {terminal(64), 6400}, {terminal(-10), -1000}, {terminal(0), 0},
	} {
		if got := centidiscs(c.v); got != c.want {
			t.Errorf("centidiscs(%d) = %d, want %d", c.v, got, c.want)
		}
	}
}

// solveScore returns b's exact score for the side to move, passing for it
// when it must.
func solveScore(t *testing.T, b game.Board) int {
	t.Helper()
	if b.Over() {
		d := b.Count(b.Turn()) - b.Count(b.Turn().Opponent())
		return finalDiff(d, b.Count(game.Empty))
	}
	if b.Moves().IsZero() {
		nb, _, _ := b.Play(game.Pass)
		return -solveScore(t, nb)
	}
	sol, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return sol.Score
}

func finalDiff(d, empties int) int {
	switch {
	case d > 0:
		return d + empties
	case d < 0:
		return d - empties
	}
	return 0
}

var endCutMeasure = flag.Int("endcut", 0, "run TestEndCutStatistics on this many positions")

// TestEndCutStatistics measures what endCutParams holds: the mean and
// deviation of the exact score less a shallow learned search, by empties
// (12 to 23) and depth (0 to 6), and less the deep prediction (the depth
// endCutParams gives with deep, ProbCut at expertProbCut) from
// deepCutEmpties on, on positions from games of Hard at 20 000 nodes a
// move after six random plies. It solves every position (seconds each at
// 22 empties), so it runs only when asked:
//
//	go test ./ai -run TestEndCutStatistics -endcut 300 -v -timeout 1h
func TestEndCutStatistics(t *testing.T) {
	if *endCutMeasure == 0 {
		t.Skip("solves hundreds of endgames; run with -endcut N")
	}
	res := map[[2]int]*errAcc{}
	add := func(k [2]int, exact, pred int) {
		if res[k] == nil {
			res[k] = &errAcc{}
		}
		res[k].add(exact, pred)
	}
	// The depth keys of the deep prediction: by pairs of empties, as the
	// other depths, and by each number of empties, which tells its even
	// depths from its odd ones (endCutParams' means).
	const deep, deepByEmpties = -1, -2
	for i := range *endCutMeasure {
		rng := rand.New(rand.NewPCG(uint64(i), 991))
		b, ok := hardPosition(rng, 12+rng.IntN(11))
		if !ok {
			continue
		}
		e := b.Count(game.Empty)
		sol, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, o := geo8.to64(b)
		for d := 0; d <= 6; d++ {
			v, _ := fixedDepth(learned8, newTable[key64](16), p, o, d, 0)
			add([2]int{e / 2 * 2, d}, sol.Score*100, centidiscs(v))
		}
		if d, _, _, _ := endCutParams(e, true); d > 0 {
			v, _ := fixedDepth(learned8, newTable[key64](16), p, o, d, expertProbCut)
			add([2]int{e / 2 * 2, deep}, sol.Score*100, centidiscs(v))
			add([2]int{e, deepByEmpties}, sol.Score*100, centidiscs(v))
		}
	}
	for e := 12; e <= 22; e += 2 {
		for d := deep; d <= 6; d++ {
			if a := res[[2]int{e, d}]; a != nil {
				what := fmt.Sprintf("depth %d", d)
				if d == deep {
					what = "deep"
				}
				t.Logf("empties %d-%d %s: %s", e, e+1, what, a)
			}
		}
	}
	for e := deepCutEmpties; e <= 23; e++ {
		if a := res[[2]int{e, deepByEmpties}]; a != nil {
			d, _, _, _ := endCutParams(e, true)
			t.Logf("empties %d deep (depth %d): %s", e, d, a)
		}
	}
}

var (
	endCutTree       = flag.String("endcut.tree", "", "run TestEndCutTree on the positions of these score caches (-agreement.cache), comma-separated")
	endCutTreeRate   = flag.Int("endcut.tree.rate", 200, "TestEndCutTree solves one node in this many")
	endCutTreeDeep   = flag.Int("endcut.tree.deep", 0, "TestEndCutTree also solves this many nodes of each number of empties where a deep cut is tried, drawn at random")
	endCutTreeDeepTo = flag.Int("endcut.tree.deepto", 25, "TestEndCutTree's deep nodes have at most this many empties")
)

// TestEndCutTree measures the mean and deviation of the exact score less
// the evaluation where the selective search tries its cuts on the
// evaluation alone (10 to 14 empties): in the trees of Expert's ladder
// (its midgame search's hint first, 16 000 000 positions) on the positions
// of score caches, one node in -endcut.tree.rate, each solved. Those are
// the figures endCutParams holds for the selective search: positions in a
// tree often follow a move that is not the opponent's best, and differ
// from the positions of games that TestEndCutStatistics draws. It gives
// them by number of empties, then by how far the evaluation lies from the
// window (hi and lo in endCutParams): a cut high is decided above it, a
// cut low below.
// With -endcut.tree.deep N it measures the deep predictions too (from
// deepCutEmpties to -endcut.tree.deepto): N nodes of each number of
// empties, drawn at random among those where a deep cut was tried, each
// predicted again in a table of its own and solved.
//
//	go test ./ai -run TestEndCutTree -endcut.tree FILE[,FILE] -v -timeout 1h
func TestEndCutTree(t *testing.T) {
	if *endCutTree == "" {
		t.Skip("searches and solves thousands of positions; run with -endcut.tree FILE")
	}
	var nodes []cutNode
	tried := 0
	var deep [65]struct {
		tried int
		nodes []cutNode
	}
	rng := rand.New(rand.NewPCG(3, 41))
	endCutTried = func(p, o uint64, empties, depth, alpha int) {
		n := cutNode{p, o, empties, depth, alpha}
		if depth > 0 {
			if empties > *endCutTreeDeepTo {
				return
			}
			// Reservoir sampling: each try is kept with equal chance.
			d := &deep[empties]
			if d.tried++; len(d.nodes) < *endCutTreeDeep {
				d.nodes = append(d.nodes, n)
			} else if k := rng.IntN(d.tried); k < len(d.nodes) {
				d.nodes[k] = n
			}
			return
		}
		if tried++; tried%*endCutTreeRate == 0 {
			nodes = append(nodes, n)
		}
	}
	defer func() { endCutTried = nil }()
	for _, f := range strings.Split(*endCutTree, ",") {
		cache, err := scorecache.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range cache.Positions() {
			b, err := game.ParseLine(line)
			if err != nil {
				t.Fatal(err)
			}
			eng := engineFor(b, tableBits).(*engine64)
			eng.learned, eng.probCut = learned8, expertProbCut
			_, hint := eng.thinkHint(newBudget(context.Background(), ExpertNodes/selThinkShare, time.Time{}))
			eng.deepen(newBudget(context.Background(), ExpertNodes*uint64(expertSettings.selFactor), time.Time{}), expertSettings.selLevels, false, hint, nil)
		}
		cache.Close()
	}
	endCutTried = nil
	t.Logf("cuts tried %d, solved %d", tried, len(nodes))
	var stats [deepCutEmpties]errAcc
	evalBands := newWindowBands(-3000, -2000, -1200, -800, -400, 0, 400, 800, 1200, 2000, 3000)
	for _, n := range nodes {
		ev := learned8.eval(n.p, n.o, geo8.moves(n.p, n.o), geo8.moves(n.o, n.p))
		exact := exactScore64(n.p, n.o) * 100
		stats[n.empties].add(exact, ev)
		evalBands.add(n, ev, exact)
	}
	for e := endCutEmpties; e < deepCutEmpties; e++ {
		_, hi, lo, sd := endCutParams(e, true)
		t.Logf("empties %d: %s (endCutParams: hi %d lo %d sd %d)", e, &stats[e], hi, lo, sd)
	}
	evalBands.log(t, "evaluation")
	deepBands := newWindowBands(-1600, -1000, -600, -300, 0, 300, 600, 1000, 1600)
	for e := range deep {
		d := &deep[e]
		if len(d.nodes) == 0 {
			continue
		}
		depth, hi, lo, sd := endCutParams(e, true)
		var a errAcc
		for _, n := range d.nodes {
			pc := predictor(newTable[key64](16), newBudget(context.Background(), 0, time.Time{}))
			pred := centidiscs(pc.pvs(n.p, n.o, depth, -6500, 6500, false))
			exact := exactScore64(n.p, n.o) * 100
			a.add(exact, pred)
			deepBands.add(n, pred, exact)
		}
		t.Logf("empties %d deep (depth %d, %d tried): %s (endCutParams: hi %d lo %d sd %d)", e, depth, d.tried, &a, hi, lo, sd)
	}
	deepBands.log(t, "deep prediction")
}

// A cutNode is a node where endCut tried a cut: the position, its number
// of empties, the depth of the prediction and the null window's alpha.
type cutNode struct {
	p, o                  uint64
	empties, depth, alpha int
}

// windowBands sums a prediction's errors by how far the prediction lies
// from the null window (alpha+½), in bands between edges (centidiscs),
// and by the parity of the prediction's depth.
type windowBands struct {
	edges []int
	all   []errAcc
	odd   []errAcc // odd depths only
}

func newWindowBands(edges ...int) *windowBands {
	return &windowBands{edges: edges, all: make([]errAcc, len(edges)+1), odd: make([]errAcc, len(edges)+1)}
}

// add counts one node, whose prediction (or evaluation) was pred.
func (w *windowBands) add(n cutNode, pred, exact int) {
	k, _ := slices.BinarySearch(w.edges, pred-n.alpha*100-50+1)
	w.all[k].add(exact, pred)
	if n.depth&1 == 1 {
		w.odd[k].add(exact, pred)
	}
}

func (w *windowBands) log(t *testing.T, what string) {
	for k := range w.all {
		if w.all[k].n < 2 {
			continue
		}
		band := "below " + strconv.Itoa(w.edges[0])
		switch {
		case k == len(w.edges):
			band = "from " + strconv.Itoa(w.edges[k-1])
		case k > 0:
			band = strconv.Itoa(w.edges[k-1]) + " to " + strconv.Itoa(w.edges[k])
		}
		line := fmt.Sprintf("%s less the window %s: %s", what, band, &w.all[k])
		if w.odd[k].n >= 2 {
			line += fmt.Sprintf("; odd depths %s", &w.odd[k])
		}
		t.Log(line)
	}
}

// exactScore64 solves the 8×8 position of p to move against o.
func exactScore64(p, o uint64) int {
	s := &solver64{g: geo8, tt: newTable[key64](16), near: newTable[key64](nearBits), b: newBudget(context.Background(), 0, time.Time{})}
	v, _, _ := s.root(p, o, nil)
	return v
}

// errAcc sums a prediction's errors (exact score less prediction), and
// the sums that fit the exact score on the prediction by least squares.
type errAcc struct{ n, s, s2, x, x2, xy float64 }

// add counts one prediction and the exact score.
func (a *errAcc) add(exact, pred int) {
	diff := float64(exact - pred)
	a.n++
	a.s += diff
	a.s2 += diff * diff
	x := float64(pred)
	a.x += x
	a.x2 += x * x
	a.xy += x * diff
}

// String gives their number, mean and standard deviation, and the fit:
// the exact score's slope on the prediction, the intercept and the
// residual deviation.
func (a *errAcc) String() string {
	m := a.s / a.n
	vd := a.s2/a.n - m*m
	mx := a.x / a.n
	vx := a.x2/a.n - mx*mx
	cxd := a.xy/a.n - mx*m
	cxy := vx + cxd // covariance of the prediction and the exact score
	vy := vx + 2*cxd + vd
	slope := cxy / vx
	return fmt.Sprintf("n %.0f mean %.0f sd %.0f; fit slope %.2f intercept %.0f sd %.0f",
		a.n, m, math.Sqrt(vd), slope, mx+m-slope*mx, math.Sqrt(vy-cxy*cxy/vx))
}

// TestDeepOrderFirstMoves checks the order Expert's selective search
// gives the moves from deepOrderEmpties on (a search with the learned
// evaluation) against the exact solve's (the evaluation, a shallow
// midgame search): on positions from games of Hard, the move it puts
// first must lose fewer discs in all, each solved exactly (on these 60,
// of 16 to 18 empties, 154 discs against 422). A broken key loses more:
// 1 606 discs with the search's value subtracted, 458 with it left out.
func TestDeepOrderFirstMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 29))
	n := 60
	if testing.Short() {
		n = 12
	}
	// first returns the move b's solver searches first, in the selective
	// search's order if deep is set, else in the exact solve's.
	first := func(b game.Board, deep bool) game.Square {
		e := engineFor(b, 16).(*engine64)
		s := e.solver(newBudget(context.Background(), 0, time.Time{}))
		if deep {
			s.pc = predictor(newTable[key64](16), s.b)
			s.deepCut = true
		} else {
			s.mid = &searcher64{g: s.g, tt: newTable[key64](16), b: s.b}
		}
		var buf [maxMoves]solveMove
		list := s.order(&buf, e.p, e.o, s.g.moves(e.p, e.o), -1, b.Count(game.Empty))
		return e.square(int(list[0].sq))
	}
	var loss [2]int // the exact solve's order, the selective search's
	best := 0
	for i := 0; i < n; {
		b, ok := hardPosition(rng, deepOrderEmpties+2+i%3)
		if !ok {
			continue
		}
		i++
		want := solveScore(t, b)
		for k, deep := range []bool{false, true} {
			next, _, err := b.Play(first(b, deep))
			if err != nil {
				t.Fatal(err)
			}
			got := -solveScore(t, next)
			loss[k] += want - got
			if deep && got == want {
				best++
			}
		}
	}
	t.Logf("%d positions: first moves lose %d discs in the exact solve's order, %d in the selective search's (a best move first in %d)", n, loss[0], loss[1], best)
	if loss[1] >= loss[0] {
		t.Errorf("the selective search's first moves lose %d discs, the exact solve's %d: want fewer", loss[1], loss[0])
	}
}

// hardPosition plays a game of Hard at 20 000 nodes a move, after six
// random plies, to the given number of empty squares: ok is false if the
// game ends or skips that number, or the side to move there must pass.
func hardPosition(rng *rand.Rand, empties int) (b game.Board, ok bool) {
	b, _ = game.NewStart(game.Options{Size: 8})
	for b.Count(game.Empty) > empties && !b.Over() {
		var m game.Square
		switch {
		case b.Moves().IsZero():
			m = game.Pass
		case 60-b.Count(game.Empty) < 6:
			ms := b.Moves().Squares()
			m = ms[rng.IntN(len(ms))]
		default:
			m, _ = Player{Level: Hard, Nodes: 20000, MoveTime: time.Hour}.Choose(context.Background(), b, rng)
		}
		b, _, _ = b.Play(m)
	}
	return b, !b.Over() && !b.Moves().IsZero() && b.Count(game.Empty) == empties
}

var (
	selLevelsMeasure = flag.Int("sellevels", 0, "run TestSelectiveLevels on this many positions")
	selLevelsEmpties = flag.Int("sellevels.empties", 24, "empty squares of TestSelectiveLevels' positions")
	selLevelsLadders = flag.String("sellevels.ladders", "1.1,1.5,2.0,2.6", "TestSelectiveLevels' ladders, comma-separated, each one or more levels joined by +")
	selLevelsCache   = flag.String("sellevels.cache", "", "TestSelectiveLevels takes its positions, and the exact scores known, from this score cache of TestExpertAgreement (-agreement.cache), and adds what it solves")
	selLevelsHint    = flag.Bool("sellevels.hint", false, "TestSelectiveLevels runs Expert's midgame search first, as Expert does, and starts each ladder from its move, value and table")
	selLevelsBudgets = flag.String("sellevels.budgets", "", "TestSelectiveLevels also reports, for each of these budgets (millions of positions, comma-separated), how often the move of the last level finished within it (else the midgame search's, with -sellevels.hint) is an exact best")
	selLevelsEach    = flag.Bool("sellevels.each", false, "TestSelectiveLevels logs, for each position, each level's move, what it loses and the positions searched when it finished")
)

// parseLadders reads -sellevels.ladders: "1.1,1.5+2.0" is level 1.1 alone,
// then 1.5 followed by 2.0 in one search.
func parseLadders(s string) ([][]float64, error) {
	var out [][]float64
	for _, ladder := range strings.Split(s, ",") {
		var levels []float64
		for _, f := range strings.Split(ladder, "+") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || v <= 0 || (len(levels) > 0 && v <= levels[len(levels)-1]) {
				return nil, fmt.Errorf("ladder %q: want rising thresholds above 0 joined by +", ladder)
			}
			levels = append(levels, v)
		}
		out = append(out, levels)
	}
	return out, nil
}

func TestParseLadders(t *testing.T) {
	got, err := parseLadders("1.1,1.5+2.0+2.6")
	if err != nil || !slices.EqualFunc(got, [][]float64{{1.1}, {1.5, 2.0, 2.6}}, slices.Equal) {
		t.Errorf("parseLadders = %v, %v", got, err)
	}
	for _, bad := range []string{"", "1.1,", "2.0+1.5", "x", "0", "1.1++2"} {
		if _, err := parseLadders(bad); err == nil {
			t.Errorf("parseLadders(%q) took it", bad)
		}
	}
}

// TestSelectiveLevels measures each ladder of the selective endgame
// search (one level alone, or several in one search as Expert runs them)
// without a clock: how often its move is an exact best, the mean discs it
// loses, and the positions it searches, on positions from games of Hard
// (hardPosition). It solves every position and every move a ladder chose
// that is not the solver's, so it runs only when asked:
//
//	go test ./ai -run TestSelectiveLevels -sellevels 24 [-sellevels.empties 24] [-sellevels.ladders 1.1+1.5+2.0,2.0] -v -timeout 2h
//
// With -sellevels.cache FILE, a score cache that TestExpertAgreement wrote
// (-agreement.cache), it runs on the first N of that file's positions
// instead, solving only the moves whose scores the file lacks (and adding
// them to it).
func TestSelectiveLevels(t *testing.T) {
	if *selLevelsMeasure == 0 {
		t.Skip("solves dozens of big endgames; run with -sellevels N")
	}
	if e := *selLevelsEmpties; e < 1 || e > 60 {
		t.Fatalf("-sellevels.empties %d: want 1 to 60", e)
	}
	levels, err := parseLadders(*selLevelsLadders)
	if err != nil {
		t.Fatalf("-sellevels.ladders: %v", err)
	}
	var budgets []float64
	if *selLevelsBudgets != "" {
		for _, f := range strings.Split(*selLevelsBudgets, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || v <= 0 {
				t.Fatalf("-sellevels.budgets: %q: want millions of positions above 0", f)
			}
			budgets = append(budgets, v)
		}
	}
	type acc struct {
		best, loss int
		nodes      []uint64
		time       time.Duration
		// within[j] counts the exact bests within budgets[j].
		within []int
	}
	res := make([]acc, len(levels))
	for k := range res {
		res[k].within = make([]int, len(budgets))
	}
	cache, err := scorecache.Open(*selLevelsCache)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	cached := cache.Positions()
	// score returns the exact score of b, or of b's move m if m is not
	// game.Pass, for b's side to move, solving it if the cache lacks it.
	score := func(b game.Board, m game.Square) int {
		what := scorecache.Top
		if m != game.Pass {
			what = m.Name(8)
		}
		v, err := cache.Score(b.Line(), what, func() (int, error) {
			if m == game.Pass {
				return solveScore(t, b), nil
			}
			next, _, err := b.Play(m)
			if err != nil {
				return 0, err
			}
			return -solveScore(t, next), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	n, minE, maxE := 0, 64, 0
	for i := 0; n < *selLevelsMeasure; i++ {
		var b game.Board
		if *selLevelsCache != "" {
			if i == len(cached) {
				break
			}
			if b, err = game.ParseLine(cached[i]); err != nil {
				t.Fatal(err)
			}
		} else {
			rng := rand.New(rand.NewPCG(uint64(i), 1207))
			var ok bool
			if b, ok = hardPosition(rng, *selLevelsEmpties); !ok {
				continue
			}
		}
		n++
		e := b.Count(game.Empty)
		minE, maxE = min(minE, e), max(maxE, e)
		want := score(b, game.Pass)
		for k, lv := range levels {
			eng := engineFor(b, tableBits).(*engine64)
			t0 := time.Now()
			var hint *rootHint
			if *selLevelsHint {
				eng.learned, eng.probCut = learned8, expertProbCut
				_, hint = eng.thinkHint(newBudget(context.Background(), ExpertNodes/selThinkShare, time.Time{}))
			}
			bud := newBudget(context.Background(), 0, time.Time{})
			// The move of each level as it finishes, and the positions
			// searched by then.
			type level struct {
				move  int
				nodes uint64
			}
			var done []level
			_, m, _ := eng.deepen(bud, lv, false, hint, func(_, _, move int) {
				done = append(done, level{move, bud.nodes})
			})
			res[k].time += time.Since(t0)
			res[k].nodes = append(res[k].nodes, bud.nodes)
			// Without a level finished, Expert plays the hint's move.
			fallback := game.Pass
			if hint != nil {
				fallback = eng.square(hint.move)
			}
			for j, mb := range budgets {
				played := fallback
				for _, d := range done {
					if float64(d.nodes) <= mb*1e6 {
						played = eng.square(d.move)
					}
				}
				if played != game.Pass && score(b, played) == want {
					res[k].within[j]++
				}
			}
			if *selLevelsEach {
				var line strings.Builder
				for j, d := range done {
					sq := eng.square(d.move)
					fmt.Fprintf(&line, " %.1f: %s loses %d at %.1f M;", lv[j], sq.Name(8), want-score(b, sq), float64(d.nodes)/1e6)
				}
				t.Logf("%s (%+d):%s", b.Line(), want, strings.TrimSuffix(line.String(), ";"))
			}
			got := score(b, eng.square(m))
			if got == want {
				res[k].best++
			} else {
				res[k].loss += want - got
				t.Logf("%s (%+d): ladder %v plays %s (%+d)", b.Line(), want, lv, eng.square(m).Name(8), got)
			}
		}
	}
	if n == 0 {
		t.Fatalf("%s holds no position", *selLevelsCache)
	}
	empties := fmt.Sprint(minE)
	if maxE != minE {
		empties = fmt.Sprintf("%d-%d", minE, maxE)
	}
	for k, lv := range levels {
		r := res[k]
		slices.Sort(r.nodes)
		var sum uint64
		for _, x := range r.nodes {
			sum += x
		}
		t.Logf("ladder %v at %s empties: exact best %d/%d, mean loss %.2f discs; positions mean %.1f M, median %.1f M, most %.1f M; %v in all",
			lv, empties, r.best, n, float64(r.loss)/float64(n),
			float64(sum)/float64(n)/1e6, float64(r.nodes[n/2])/1e6, float64(r.nodes[n-1])/1e6, r.time.Round(time.Millisecond))
		for j, mb := range budgets {
			t.Logf("ladder %v within %g M positions: exact best %d/%d", lv, mb, r.within[j], n)
		}
	}
}

// TestToFrontLeadsTheSearch checks that the move toFront moves is the one
// rootWindow searches first: it takes moves in the order of their keys.
func TestToFrontLeadsTheSearch(t *testing.T) {
	for _, c := range []struct {
		keys []int32
		sq   int
	}{
		{[]int32{1, 2, 3}, 2},
		{[]int32{5, -3, 7, 0}, 3},
		{[]int32{-1 << 30, 4}, 1},
		{[]int32{9}, 0},
	} {
		list := make([]solveMove, len(c.keys))
		for i, k := range c.keys {
			list[i] = solveMove{sq: int8(i), key: k}
		}
		toFront(list, c.sq)
		pickNext(list, 0)
		if int(list[0].sq) != c.sq {
			t.Errorf("keys %v, toFront(%d): %d is searched first", c.keys, c.sq, list[0].sq)
		}
	}
}

// TestDeepenHandsOnTheHintTable checks that the deep predictions of the
// selective search search on in the table of the midgame search that gave
// its hint, as Expert runs them, and that the solver takes a table of its
// own.
func TestDeepenHandsOnTheHintTable(t *testing.T) {
	const line = "--XXXXX-OOXXXX--OOOOOXOOOXOXXOO--XOXOXO--XOOXXX---O--X---------- X"
	b, err := game.ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	used := func(tt *table[key64]) (n int) {
		for _, e := range tt.entries {
			if e.used {
				n++
			}
		}
		return n
	}
	eng := engineFor(b, 16).(*engine64)
	eng.learned, eng.probCut = learned8, expertProbCut
	score, move, depth := eng.think(newBudget(context.Background(), 20000, time.Time{}), game.Pass, eng.empties())
	if depth == 0 {
		t.Fatal("the midgame search finished no depth")
	}
	thinkTT := eng.tt
	before := used(thinkTT)
	hint := &rootHint{move: eng.g.sq64(move), score: score}
	eng.deepen(newBudget(context.Background(), 300000, time.Time{}), []float64{1.1}, false, hint, nil)
	if hint.tt != thinkTT {
		t.Error("the hint does not carry the midgame search's table")
	}
	if eng.tt == thinkTT {
		t.Error("the solver searched in the midgame search's table")
	}
	if after := used(thinkTT); after <= before {
		t.Errorf("the deep predictions stored nothing in the midgame search's table (%d entries before, %d after)", before, after)
	}
}
