package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"reversi/game"
)

// TestReviewEstimateError measures the review's midgame estimates (the
// value of the best move by the review's search, and the loss of the move
// Normal played) against
// the exact values on held-out 8×8 positions: games of a
// seed that training never uses, opened by random plies, played on by
// Normal to the given numbers of empties. It logs, per number of empties,
// the rms and worst error, the bias, and the scale that fits best with
// the error it would leave: the evidence for correcting the scale or not. Its solves
// take minutes, so it runs only with REVERSI_MEASURE set;
// REVERSI_MEASURE_EMPTIES (default 24,26,28), REVERSI_MEASURE_SKIP and REVERSI_MEASURE_N
// (positions per count, default 6) choose how many.
func TestReviewEstimateError(t *testing.T) {
	if os.Getenv("REVERSI_MEASURE") == "" {
		t.Skip("solves endgames of 24 empties and more; set REVERSI_MEASURE=1")
	}
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	counts := []int{24, 26, 28}
	if s := os.Getenv("REVERSI_MEASURE_EMPTIES"); s != "" {
		counts = nil
		for f := range strings.SplitSeq(s, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			counts = append(counts, n)
		}
	}
	per := 6
	if s := os.Getenv("REVERSI_MEASURE_N"); s != "" {
		per, _ = strconv.Atoi(s)
	}
	// REVERSI_MEASURE_SKIP passes over the first positions of each count,
	// to add positions to a measurement already made.
	skip, _ := strconv.Atoi(os.Getenv("REVERSI_MEASURE_SKIP"))
	ctx := context.Background()
	var allEst, allExact, lossAllEst, lossAllExact, shownEst, shownLoss []float64
	for _, empties := range counts {
		var est, exact, lossEst, lossExact []float64
		seen := 0
		for i := uint64(0); len(est) < per; i++ {
			b, m, ok := heldOutPosition(ctx, uint64(empties)*1000+i, empties)
			if !ok {
				continue
			}
			if seen++; seen <= skip {
				continue
			}
			start := time.Now()
			after, _, err := b.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			best, played, _, err := judge(ctx, b, after, DefaultNodes)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(ctx, b, nil)
			if err != nil {
				t.Fatal(err)
			}
			next, err := Solve(ctx, after, nil)
			if err != nil {
				t.Fatal(err)
			}
			e, x := float64(best)/100, float64(sol.Score)
			est, exact = append(est, e), append(exact, x)
			loss, exactLoss := float64(best-played)/100, float64(sol.Score+next.Score)
			lossEst, lossExact = append(lossEst, loss), append(lossExact, exactLoss)
			t.Logf("%d empties, %s, played %s: best %+.2f (exact %+.0f), loss %.2f (exact %.0f) (%.1fs)", empties, b.Line(),
				m.Name(8), e, x, loss, exactLoss, time.Since(start).Seconds())
		}
		logErrors(t, strconv.Itoa(empties)+" empties, best value", est, exact)
		logErrors(t, strconv.Itoa(empties)+" empties, loss", lossEst, lossExact)
		allEst, allExact = append(allEst, est...), append(allExact, exact...)
		lossAllEst, lossAllExact = append(lossAllEst, lossEst...), append(lossAllExact, lossExact...)
		// As the review shows them, with its correction of scale.
		s := float64(EstimateScale(8, empties)) / 10
		for i := range est {
			shownEst, shownLoss = append(shownEst, est[i]*s), append(shownLoss, lossEst[i]*s)
		}
	}
	logErrors(t, "all, best value", allEst, allExact)
	logErrors(t, "all, loss", lossAllEst, lossAllExact)
	logErrors(t, "all, best value as the review shows it", shownEst, allExact)
	logErrors(t, "all, loss as the review shows it", shownLoss, lossAllExact)
}

// logErrors logs the errors of estimates est against exact values: rms,
// worst and mean (the bias), the scale k that fits est·k to exact best,
// and the rms error once scaled by k.
func logErrors(t *testing.T, what string, est, exact []float64) {
	var num, den float64
	for i := range est {
		num += est[i] * exact[i]
		den += est[i] * est[i]
	}
	k := 1.0
	if den > 0 {
		k = num / den
	}
	stats := func(k float64) (rms, worst, mean float64) {
		for i := range est {
			e := est[i]*k - exact[i]
			rms += e * e
			worst = max(worst, math.Abs(e))
			mean += e
		}
		n := float64(len(est))
		return math.Sqrt(rms / n), worst, mean / n
	}
	r, w, m := stats(1)
	rs, ws, _ := stats(k)
	t.Logf("%s, %d positions: rms error %.2f discs, worst %.2f, bias %+.2f; best scale %.2f, which would give rms %.2f, worst %.2f",
		what, len(est), r, w, m, k, rs, ws)
}

// heldOutPosition plays game i of the held-out seed, random plies then
// Normal's moves, to a position with the given empties and a choice of
// moves, and the move Normal plays there, if the game gets there.
func heldOutPosition(ctx context.Context, i uint64, empties int) (game.Board, game.Square, bool) {
	rng := rand.New(rand.NewPCG(heldOutSeed, i))
	b, err := game.NewStart(game.Options{Size: 8})
	if err != nil {
		return b, game.Pass, false
	}
	random := 4 + rng.IntN(10)
	for ply := 0; !b.Over(); ply++ {
		if b.Count(game.Empty) < empties {
			return b, game.Pass, false
		}
		var m game.Square
		if list := b.Moves().Squares(); ply < random && len(list) > 0 {
			m = list[rng.IntN(len(list))]
		} else if m, err = Choose(ctx, b, Normal, rng); err != nil {
			return b, game.Pass, false
		}
		if b.Count(game.Empty) == empties && b.Moves().Count() > 1 {
			return b, m, true
		}
		if b, _, err = b.Play(m); err != nil {
			return b, game.Pass, false
		}
	}
	return b, game.Pass, false
}
