package ai

// ProbCut (Buro's selective search) for the learned evaluation: a
// shallow search predicts a deep one, v(depth) ≈ v(shallow) + mean, with
// an error of standard deviation sd. At a null-window node, when the
// shallow search puts the value more than probCut standard deviations
// above the window (or below it), the deep search is skipped and the
// bound returned, so the search reaches a few plies deeper in the same
// nodes at the risk of a rare wrong cut.
//
// The shallow depth is about half the depth, of the same parity. The
// means and deviations, in hundredths of a disc, were measured on 230
// positions 20 to 30 plies into games between Normal players (the first
// 230 of midgamePositions; depth 9 on the first 150), the learned
// evaluation at both depths, full-window searches; TestProbCutStatistics
// measures them again on 80 others.

const (
	probCutMinDepth = 3
	expertProbCut   = 1.5 // Expert's threshold, in standard deviations
)

// probCutStats holds, by depth, the mean of v(depth) − v(shallow) and
// its standard deviation.
var probCutStats = [...]struct{ mean, sd int }{
	3: {-47, 332},
	4: {91, 311},
	5: {-35, 289},
	6: {163, 434},
	7: {-30, 395},
	8: {159, 343},
	9: {-1, 329},
}

// probCutParams returns the shallow depth, mean and deviation for depth
// (3 or more); past the measured depths, those of the deepest measured
// depth of the same parity.
func probCutParams(depth int) (shallow, mean, sd int) {
	d := depth
	if last := len(probCutStats) - 1; d > last {
		d = last - (d-last)&1
	}
	st := probCutStats[d]
	return depth/4*2 + depth&1, st.mean, st.sd
}

// probCutoff tries ProbCut at a null-window node (beta == alpha+1) of
// depth: ok reports a cut, with the bound to return.
func (s *searcher64) probCutoff(p, o uint64, depth, alpha, beta int) (v int, ok bool) {
	if alpha <= -winScore/2 || beta >= winScore/2 {
		return 0, false
	}
	shallow, mean, sd := probCutParams(depth)
	margin := int(s.probCut * float64(sd))
	if bound := beta + margin - mean; bound < winScore/2 {
		if s.pvs(p, o, shallow, bound-1, bound, false) >= bound && !s.b.aborted {
			return beta, true
		}
	}
	if bound := alpha - margin - mean; bound > -winScore/2 && !s.b.aborted {
		if s.pvs(p, o, shallow, bound, bound+1, false) <= bound && !s.b.aborted {
			return alpha, true
		}
	}
	return 0, false
}
