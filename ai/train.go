package ai

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"time"
)

// Training of the learned evaluation (pattern.go), from data made here:
// self-play games of the midgame search (hand-made evaluation, a small node
// budget, random moves in the opening and now and then later), each solved
// exactly from solveAt empties on, every position of the perfect-play line
// from there labelled with its exact score and every earlier position with
// the exact score where the solve began. Everything depends only on the
// seed: searches are bounded by nodes, never by the clock.

// TrainConfig sets up [Train].
type TrainConfig struct {
	Games   int    // self-play games
	Seed    uint64 // game i uses the seed and i
	SolveAt int    // empties at which a game is solved exactly
	Nodes   uint64 // the self-play search's budget per move
	Epochs  int    // passes of the fit over the data
	Workers int    // games played at once (the result does not depend on it)
	Log     io.Writer

	// Teacher, if not nil, holds the gzipped weights of an earlier
	// generation. Positions before a game's solve are then labelled by
	// TeacherShare times the teacher's search value at TeacherDepth plies
	// plus the rest times the game's result, instead of the result alone:
	// the result of a weak, noisy self-play game says little about a
	// position thirty moves before the end, and a search with a fitted
	// evaluation says more.
	Teacher      []byte
	TeacherDepth int
	TeacherShare float64
}

// sample is a labelled position: p to move, and its final disc
// difference for p.
type sample struct {
	p, o  uint64
	score int8
	exact bool // score is the exact score, not the game's result
}

// Train plays the games, fits the weights and returns them, gzipped, as
// the embedded file holds them.
func Train(ctx context.Context, c TrainConfig) ([]byte, error) {
	if c.Workers < 1 {
		c.Workers = 1
	}
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, format+"\n", args...)
		}
	}
	t0 := time.Now()
	var teacher evalTables
	if c.Teacher != nil {
		var err error
		if teacher, err = loadTables(c.Teacher); err != nil {
			return nil, fmt.Errorf("teacher: %w", err)
		}
	}
	data, err := selfPlay(ctx, c, teacher, logf)
	if err != nil {
		return nil, err
	}
	logf("%d games, %d positions in %v", c.Games, len(data), time.Since(t0).Round(time.Second))
	w := fit(data, c.Epochs, logf)
	logf("fitted in %v", time.Since(t0).Round(time.Second))
	return w.encode()
}

// selfPlay plays the games and returns their labelled positions, in the
// order of the games. It logs its progress every twentieth of the games,
// as a run solved from 20 empties takes most of an hour or more.
func selfPlay(ctx context.Context, c TrainConfig, teacher evalTables, logf func(string, ...any)) ([]sample, error) {
	games := make([][]sample, c.Games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, step, t0 := 0, max(1, c.Games/20), time.Now()
	for range c.Workers {
		wg.Go(func() {
			for i := range jobs {
				games[i] = trainingGame(ctx, c.Seed, uint64(i), c.SolveAt, c.Nodes)
				if teacher != nil {
					relabel(games[i], teacher, c.TeacherDepth, c.TeacherShare)
				}
				mu.Lock()
				if done++; done%step == 0 && done < c.Games {
					logf("%d of %d games played, %v", done, c.Games, time.Since(t0).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for i := range c.Games {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []sample
	for _, g := range games {
		out = append(out, g...)
	}
	return out, nil
}

// trainingGame plays one self-play game on 8×8 and returns its labelled
// positions.
func trainingGame(ctx context.Context, seed, i uint64, solveAt int, nodes uint64) []sample {
	rng := rand.New(rand.NewPCG(seed, i))
	g := geo8
	// Black on e4 and d5, White on d4 and e5; Black to move.
	p, o := uint64(1<<28|1<<35), uint64(1<<27|1<<36)
	black := true // p is Black
	randomPlies := 4 + rng.IntN(10)
	var path []sample // scores to be filled in
	var blackOf []bool
	tt := newTable[key64](16)
	// finish labels the path, given Black's final score, and appends line.
	finish := func(blackScore int, line []sample) []sample {
		for k := range path {
			path[k].score = int8(blackScore)
			if !blackOf[k] {
				path[k].score = int8(-blackScore)
			}
		}
		return append(path, line...)
	}
	for ply := 0; ; ply++ {
		empties := 64 - count(p|o)
		moves := g.moves(p, o)
		if moves == 0 {
			if g.moves(o, p) == 0 {
				score := final(p, o, empties)
				if !black {
					score = -score
				}
				return finish(score, nil)
			}
			p, o, black = o, p, !black
			continue
		}
		if empties <= solveAt {
			score, line, ok := perfectLine(ctx, p, o)
			if !ok {
				return nil
			}
			if !black {
				score = -score
			}
			return finish(score, line)
		}
		path = append(path, sample{p: p, o: o})
		blackOf = append(blackOf, black)
		var sq int
		if ply < randomPlies || rng.Float64() < 0.05 {
			for range rng.IntN(count(moves)) {
				moves &= moves - 1
			}
			sq = bits.TrailingZeros64(moves)
		} else {
			tt.clear()
			s := &searcher64{g: g, tt: tt, b: newBudget(ctx, nodes, time.Time{})}
			_, sq, _ = s.think(p, o, 0, empties)
		}
		f := flips(p, o, sq)
		p, o, black = o&^f, p|f|1<<uint(sq), !black
	}
}

// relabel blends into the labels of the positions before a game's solve
// (those not marked exact) share times the teacher's search value to
// depth.
func relabel(game []sample, teacher evalTables, depth int, share float64) {
	tt := newTable[key64](16)
	for k := range game {
		sp := &game[k]
		if sp.exact {
			continue
		}
		tt.clear()
		v, _ := fixedDepth(teacher, tt, sp.p, sp.o, depth, 0)
		label := share*discs(v) + (1-share)*float64(sp.score)
		sp.score = int8(max(-64, min(64, math.Round(label))))
	}
}

// fixedDepth returns the full-window value of p's position searched to
// depth with the learned evaluation t (and ProbCut at probCut standard
// deviations, if not 0), with no budget, and the nodes it took.
func fixedDepth(t evalTables, tt *table[key64], p, o uint64, depth int, probCut float64) (int, uint64) {
	s := &searcher64{g: geo8, tt: tt, b: newBudget(context.Background(), 0, time.Time{}), learned: t, probCut: probCut}
	return s.pvs(p, o, depth, -infinity, infinity, false), s.b.nodes
}

// discs converts a midgame search value of the learned evaluation to
// discs: hundredths of a disc, or a finished game's [terminal] score.
func discs(v int) float64 { return float64(centidiscs(v)) / 100 }

// perfectLine solves p's position and follows a best line to the end. It
// returns the exact score for p and every position on the line where
// someone moves, each with its exact score for its mover.
func perfectLine(ctx context.Context, p, o uint64) (score int, line []sample, ok bool) {
	// One table for the whole line: every later position was searched
	// under the first, so its entries make the later solves cheap.
	tt := newTable[key64](18)
	for first := true; ; first = false {
		s := &solver64{g: geo8, tt: tt, b: newBudget(ctx, 0, time.Time{})}
		v, move, ok := s.root(p, o, nil)
		if !ok {
			return 0, nil, false
		}
		if first {
			score = v
		}
		if geo8.moves(p, o) == 0 {
			if geo8.moves(o, p) == 0 {
				return score, line, true
			}
			p, o = o, p // a pass
			continue
		}
		line = append(line, sample{p: p, o: o, score: int8(v), exact: true})
		f := flips(p, o, move)
		p, o = o&^f, p|f|1<<uint(move)
	}
}

// fitRate is the share of its error by which a sample moves the
// prediction.
const fitRate = 0.03

// fit fits the weights of each phase to the samples by stochastic gradient
// descent on the squared error, in discs.
func fit(data []sample, epochs int, logf func(string, ...any)) patternWeights {
	w := make(patternWeights, nPhases*phaseSize)
	rng := rand.New(rand.NewPCG(1, 2))
	for ph := range nPhases {
		// A phase learns from its own positions and a few empties either
		// side, so that neighbouring phases agree at their border.
		lo, hi := ph*phaseEmpties-3, (ph+1)*phaseEmpties+2
		if ph == nPhases-1 {
			hi = 64
		}
		var set []sample
		for _, s := range data {
			if e := 64 - count(s.p|s.o); e >= lo && e <= hi {
				set = append(set, s)
			}
		}
		fw := make([]float64, phaseSize)
		if len(set) == 0 {
			continue
		}
		idx := make([]int, 0, 8*nPatterns)
		mse := 0.0
		for range epochs {
			rng.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
			mse = 0
			for _, s := range set {
				idx = idx[:0]
				features(s.p, s.o, func(i int) { idx = append(idx, i) })
				mob := float64(count(geo8.moves(s.p, s.o))-count(geo8.moves(s.o, s.p))) / 8
				pred := fw[phaseSize-1] + fw[phaseSize-2]*mob
				for _, i := range idx {
					pred += fw[i]
				}
				e := float64(s.score) - pred
				mse += e * e
				// Normalised least mean squares: the step moves the
				// prediction a fixed share of the way to the label, however
				// often a configuration recurs among the symmetric images
				// (a weight seen m times gets m times the step).
				slices.Sort(idx)
				norm := 1 + mob*mob
				for j := 0; j < len(idx); {
					k := j
					for k < len(idx) && idx[k] == idx[j] {
						k++
					}
					norm += float64((k - j) * (k - j))
					j = k
				}
				step := fitRate * e / norm
				for _, i := range idx {
					fw[i] += step
				}
				fw[phaseSize-2] += step * mob
				fw[phaseSize-1] += step
			}
		}
		logf("phase %d (%d–%d empties): %d positions, rms error %.2f discs", ph, max(lo, 0), hi, len(set), math.Sqrt(mse/float64(len(set))))
		t := w[ph*phaseSize:][:phaseSize]
		for i, v := range fw {
			t[i] = int16(max(-32000, min(32000, math.Round(v*100))))
		}
	}
	return w
}

// heldOutSeed seeds the games that test the trained weights; training
// runs use other seeds.
const heldOutSeed = 0xE7A1

// compareEvals returns the rms error, in discs, of the learned and the
// hand-made evaluation on the samples with lo to hi empties, and their
// number. The hand-made evaluation is not in discs: its scale is fitted to
// the samples by least squares, which favours it.
func compareEvals(data []sample, lo, hi int) (learned, hand float64, n int) {
	var sl, shy, shh float64
	var hs, ys []float64
	for _, s := range data {
		e := 64 - count(s.p|s.o)
		if e < lo || e > hi {
			continue
		}
		pm, om := geo8.moves(s.p, s.o), geo8.moves(s.o, s.p)
		y := float64(s.score)
		d := float64(learned8.eval(s.p, s.o, pm, om))/100 - y
		sl += d * d
		h := float64(geo8.eval(s.p, s.o, pm))
		shy += h * y
		shh += h * h
		hs, ys = append(hs, h), append(ys, y)
		n++
	}
	if n == 0 {
		return 0, 0, 0
	}
	scale := 0.0
	if shh > 0 {
		scale = shy / shh
	}
	var se float64
	for i := range hs {
		d := scale*hs[i] - ys[i]
		se += d * d
	}
	return math.Sqrt(sl / float64(n)), math.Sqrt(se / float64(n)), n
}
