package ai

import (
	"reversi/game"
)

// The selective endgame search: the exact solver with ProbCut's cuts,
// after Buro, on the learned evaluation, as Edax's selectivity levels do.
// At a null-window node with endCutEmpties or more empties, a shallow
// search with the learned evaluation predicts the exact score, with an
// error whose mean and standard deviation were measured (endCutParams);
// when the prediction lies more than selT deviations beyond the window,
// the node is cut. Searched level after level with a rising threshold,
// the moves of one level order the next, and the last level is exact.

const (
	endCutEmpties  = 10 // at or above this, try a selective cut
	deepCutEmpties = 15 // at or above this, a deep cut predicts (see endCutParams)
)

// endCutParams returns the depth of the shallow search for a node of
// empties, the mean of the exact score less that search's value where the
// search lies above the window (hi, where a cut high is tried) and where
// it lies below it (lo), and its standard deviation, in hundredths of a
// disc.
//
// Without deep, the prediction is the evaluation alone: its deviation is 8
// to 12 discs, measured on 300 positions of 12 to 22 empties from games of
// Hard at 20 000 nodes a move after six random plies, each solved exactly
// (TestEndCutStatistics measures them again), and on 600 more; one mean
// serves both sides. With deep, below deepCutEmpties, it is the
// evaluation alone too, with the figures of the nodes of Expert's trees
// (below).
//
// With deep (Expert's selective levels), from deepCutEmpties on the
// prediction is a search of about half the empties less two plies (5 at
// 15 empties, 8 at 20, 10 at 24), itself pruned by the midgame's ProbCut
// at expertProbCut, as Edax predicts with a search of about half the
// depth: its deviation is 5 to 8 discs, so the cuts are tighter for the
// same threshold, and the search costs far less than the subtree it cuts.
// The deviations were measured on 463 positions of 10 to 26 empties, each
// solved (TestEndCutStatistics measures the deep prediction too); the
// means are those of the trees.
//
// In a search tree the exact score lies farther from the window than the
// prediction, on either side (TestEndCutTree): the positions a search
// meets are seldom close to its window (most follow a move that is good
// or bad by a margin), so where the prediction lies above the window the
// exact score is above it by more, where below by more below. The
// evaluation alone also underrates the side to move there, by 4 to 6
// discs on average. The exact solver's pre-solve keeps the game figures:
// it was tuned with them against Edax, and the deep cut was not measured
// there.
func endCutParams(empties int, deep bool) (depth, hi, lo, sd int) {
	if deep && empties >= deepCutEmpties {
		depth = empties/4*2 + empties&1 - 2
		hi, lo = 300, -50
		if depth&1 == 1 {
			hi, lo = 180, -250
		}
		switch {
		case empties < 16:
			sd = 720
		case empties < 18:
			sd = 800
		case empties < 20:
			sd = 700
		case empties < 22:
			sd = 640
		case empties < 24:
			sd = 580
		default:
			sd = 520
		}
		return depth, hi, lo, sd
	}
	if deep {
		// The selective search's cuts on the evaluation alone, measured
		// where they are tried: the evaluation errs by 11 to 12 discs
		// there, against 8 on positions of games.
		return 0, 650, 100, 1150
	}
	switch {
	case empties < 14:
		return 0, -100, -100, 800
	case empties < 18:
		return 0, 0, 0, 1200
	default:
		return 0, -40, -40, 990
	}
}

// endCutTried, if not nil, is called at every node where endCut tries a
// cut, with the node, the depth of its prediction and the null window's
// alpha: a measurement's hook (TestEndCutTree), nil in play.
var endCutTried func(p, o uint64, empties, depth, alpha int)

// predictor returns the search that makes the selective search's deep
// predictions, on 8×8: the learned evaluation, pruned by the midgame's
// ProbCut at expertProbCut, in table tt on budget b.
func predictor(tt *table[key64], b *budget) *searcher64 {
	return &searcher64{g: geo8, tt: tt, b: b, learned: learned8, probCut: expertProbCut}
}

// evalSD is about the evaluation's deviation from the exact score, in
// hundredths of a disc, at deepCutEmpties and more (8 to 11 discs).
const evalSD = 1000

// endCut tries a selective cut at a null-window node (beta = alpha+1)
// where p has moves: ok reports a cut, with the bound to return. Before a
// deep search, the evaluation must lie within selT times the mean of its
// deviation and the deep search's of the bound, as Edax checks: a search
// far from cutting is not tried. A deep search can reach the end of the
// game, whose score the midgame search puts beyond every evaluation: it
// is compared in discs (centidiscs), so that a win by 2 does not pass
// for more than a bound of 40.
func (s *solver64) endCut(p, o, moves uint64, alpha, empties int) (v int, ok bool) {
	beta := alpha + 1
	depth, hi, lo, sd := endCutParams(empties, s.deepCut)
	if endCutTried != nil {
		endCutTried(p, o, empties, depth, alpha)
	}
	margin := int(s.selT * float64(sd))
	hiTry, loTry := true, true
	if depth > 0 {
		ev := s.pc.learned.eval(p, o, moves, s.g.moves(o, p))
		evalMargin := int(s.selT * float64(sd+evalSD) / 2)
		hiTry, loTry = ev >= beta*100-evalMargin, ev < alpha*100+evalMargin
	}
	if bound := beta*100 + margin - hi; bound < 6400 && hiTry {
		if centidiscs(s.pc.pvs(p, o, depth, bound-1, bound, false)) >= bound && !s.b.aborted {
			return beta, true
		}
	}
	if bound := alpha*100 - margin - lo; bound > -6400 && loTry && !s.b.aborted {
		if centidiscs(s.pc.pvs(p, o, depth, bound, bound+1, false)) <= bound && !s.b.aborted {
			return alpha, true
		}
	}
	return 0, false
}

// A rootHint is what a midgame search already found at the root: its
// best move (a bit index) and score (the learned evaluation's, in
// hundredths of a disc). It stands in for orderRoot's searches.
type rootHint struct {
	move, score int
	// tt is the midgame search's table, if not nil: the deep
	// predictions' searches, made the same way (the learned evaluation,
	// Expert's ProbCut), search on in it.
	tt *table[key64]
}

// thinkHint runs the midgame search on budget b, as Expert does before
// its selective search: its move, which stands if no selective level
// finishes, and the hint made of it, nil if the search finished no depth.
func (e *engine64) thinkHint(b *budget) (game.Square, *rootHint) {
	score, move, depth := e.think(b, game.Pass, e.empties())
	if depth == 0 {
		return move, nil
	}
	return move, &rootHint{move: e.g.sq64(move), score: score}
}

// deepen solves p's position selectively at each threshold of levels in
// turn (in standard deviations, rising), then, with exact set, exactly,
// until the budget ends. It returns the score and best move of the last
// level it finished (a bit index, or -1 for a pass) and how many it
// finished: len(levels)+1 means the score is exact. If hint is not nil,
// the hint's move is searched first and its score is the centre of the
// first window, instead of orderRoot's midgame search of every root move.
// If report is not nil, deepen calls it as each level finishes, with the
// number of levels done so far and that level's score and move.
func (s *solver64) deepen(p, o uint64, levels []float64, exact bool, hint *rootHint, report func(done, score, move int)) (score, move, done int) {
	empties := count(s.g.mask &^ (p | o))
	moves := s.g.moves(p, o)
	if moves == 0 || learned8 == nil || s.g != geo8 {
		score, move, ok := s.root(p, o, nil)
		if !ok {
			return 0, -1, 0
		}
		return score, move, len(levels) + 1
	}
	var pcTT *table[key64]
	if hint != nil {
		pcTT = hint.tt
	}
	if pcTT == nil {
		pcTT = newTable[key64](16)
	}
	s.pc = predictor(pcTT, s.b)
	s.deepCut = true
	defer func() { s.deepCut = false }()
	var buf [maxMoves]solveMove
	list := s.order(&buf, p, o, moves, -1, empties)
	guess := 0
	switch {
	case hint != nil:
		toFront(list, hint.move)
		guess = guessDiscs(hint.score)
	case empties >= searchOrderEmpties:
		s.orderRoot(list, p, o, empties)
		guess = guessDiscs(-int(list[0].key))
	}
	move = int(list[0].sq)
	n := len(levels)
	if exact {
		n++
	}
	for i := range n {
		if i < len(levels) {
			s.sel, s.selT = uint8(i+1), levels[i]
		} else {
			s.sel = 0
		}
		alpha, beta := max(-127, guess-aspiration-1), min(127, guess+aspiration+1)
		v, m, ok := s.rootAspire(list, p, o, alpha, beta, empties, nil)
		if !ok {
			break
		}
		score, move, done, guess = v, m, i+1, v
		if report != nil {
			report(done, score, move)
		}
		toFront(list, m)
	}
	return score, move, done
}

// deepen runs the solver's deepen on the engine's position. A hint comes
// from the engine's own midgame search, whose table goes with it to the
// deep predictions; the solver takes a new one.
func (e *engine64) deepen(b *budget, levels []float64, exact bool, hint *rootHint, report func(done, score, move int)) (score, move, done int) {
	if hint != nil {
		hint.tt, e.tt = e.tt, nil
	}
	return e.solver(b).deepen(e.p, e.o, levels, exact, hint, report)
}

// toFront moves the move on square sq, if list has it, to the front,
// keeping the order of the others, and gives it the least key, since
// rootWindow takes the moves in the order of their keys.
func toFront(list []solveMove, sq int) {
	for j := range list {
		if int(list[j].sq) == sq {
			first := list[j]
			for _, m := range list {
				first.key = min(first.key, m.key-1)
			}
			copy(list[1:j+1], list[:j])
			list[0] = first
			return
		}
	}
}

// solveSelective runs deepen on the engine's position, then exactly,
// from hint if it is not nil: ok is false if not even the first level
// finished.
func (e *engine64) solveSelective(b *budget, levels []float64, hint *rootHint) (score int, move game.Square, done int, ok bool) {
	score, m, done := e.deepen(b, levels, true, hint, nil)
	return score, e.square(m), done, done > 0
}
