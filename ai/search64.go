package ai

import (
	"math/bits"
	"slices"
)

// searcher64 is the midgame search of the fast engine: negascout (PVS)
// with a transposition table, iterative deepening at the root, and moves
// ordered by the table's move, then by the opponent's replies and a square
// table.
type searcher64 struct {
	g  *geo64
	tt *table[key64]
	b  *budget
	// learned, if not nil, evaluates the leaves instead of the
	// hand-made evaluation (8×8 only).
	learned evalTables
	// probCut, if not 0, prunes null-window nodes that a shallow search
	// puts this many standard deviations beyond the window (see
	// probCut); learned evaluation only.
	probCut float64
}

// rootMove is a move at the root with the score of its last search.
type rootMove struct {
	sq    int
	flips uint64
	score int
}

// think deepens the search of p's position until the budget ends or the
// depth reaches maxDepth, and returns the best move of the deepest
// completed iteration, its score and that depth. Moves in exclude are not
// considered; with no move left it returns move -1. If no iteration
// completes, the move is the first in the static order, with depth 0.
func (s *searcher64) think(p, o, exclude uint64, maxDepth int) (score, move, depth int) {
	moves := s.g.moves(p, o) &^ exclude
	if moves == 0 {
		return 0, -1, 0
	}
	var list []rootMove
	var buf [maxMoves]move64
	for _, m := range s.order(&buf, p, o, moves, -1, true) {
		list = append(list, rootMove{sq: int(m.sq), flips: m.flips})
	}
	move = list[0].sq
	for d := 1; d <= maxDepth; d++ {
		v, ok := s.root(p, o, list, d)
		if !ok {
			break
		}
		score, move, depth = v, list[0].sq, d
		if s.b.limit != 0 && s.b.nodes > s.b.limit/2 {
			break // the next iteration would not finish
		}
	}
	return score, move, depth
}

// root searches the moves in list to depth and sorts list best first. It
// reports false if the budget stopped it.
func (s *searcher64) root(p, o uint64, list []rootMove, depth int) (int, bool) {
	alpha, beta := -infinity, infinity
	for i := range list {
		m := &list[i]
		x := uint64(1) << uint(m.sq)
		np, no := o&^m.flips, p|m.flips|x
		var v int
		if i == 0 {
			v = -s.pvs(np, no, depth-1, -beta, -alpha, false)
		} else {
			v = -s.pvs(np, no, depth-1, -alpha-1, -alpha, false)
			if v > alpha && !s.b.aborted {
				v = -s.pvs(np, no, depth-1, -beta, -alpha, false)
			}
		}
		if s.b.aborted {
			return 0, false
		}
		m.score = v
		if v > alpha {
			alpha = v
		} else {
			m.score = v - 1 // below the best: keep the order stable
		}
	}
	slices.SortStableFunc(list, func(a, b rootMove) int { return b.score - a.score })
	return list[0].score, true
}

const infinity = 30000

func (s *searcher64) pvs(p, o uint64, depth, alpha, beta int, passed bool) int {
	if s.b.tick() {
		return 0
	}
	moves := s.g.moves(p, o)
	if moves == 0 {
		if passed {
			return terminal(final(p, o, count(s.g.mask&^(p|o))))
		}
		return -s.pvs(o, p, depth, -beta, -alpha, true)
	}
	if depth == 0 {
		if s.learned != nil {
			return s.learned.eval(p, o, moves, s.g.moves(o, p))
		}
		return s.g.eval(p, o, moves)
	}
	k := key64{p, o}
	h := mix64(p, o)
	ttMove := -1
	if e, ok := s.tt.probe(k, h); ok {
		ttMove = int(e.move)
		if int(e.depth) >= depth {
			var v int
			var done bool
			if v, alpha, beta, done = e.cut(alpha, beta); done {
				return v
			}
		}
	}
	if s.probCut != 0 && depth >= probCutMinDepth && beta == alpha+1 {
		if v, ok := s.probCutoff(p, o, depth, alpha, beta); ok {
			return v
		}
		if s.b.aborted {
			return 0
		}
	}
	a0 := alpha
	best, bestMove := -infinity, -1
	var buf [maxMoves]move64
	var list []move64
	if depth >= 3 {
		list = s.order(&buf, p, o, moves, ttMove, true)
	} else {
		list = s.quickOrder(&buf, moves, ttMove)
	}
	for i, m := range list {
		if m.flips == 0 {
			m.flips = flips(p, o, int(m.sq))
		}
		x := uint64(1) << uint(m.sq)
		np, no := o&^m.flips, p|m.flips|x
		var v int
		if i == 0 {
			v = -s.pvs(np, no, depth-1, -beta, -alpha, false)
		} else {
			v = -s.pvs(np, no, depth-1, -alpha-1, -alpha, false)
			if v > alpha && v < beta && !s.b.aborted {
				v = -s.pvs(np, no, depth-1, -beta, -v, false)
			}
		}
		if s.b.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, int(m.sq)
			if v >= beta {
				break
			}
			alpha = max(alpha, v)
		}
	}
	lo, hi := -infinity, infinity
	switch {
	case best <= a0:
		hi = best
	case best >= beta:
		lo = best
	default:
		lo, hi = best, best
	}
	s.tt.store(k, h, depth, lo, hi, bestMove)
	return best
}

// order returns p's moves, best first: the table's move, then (with deep
// set) those that leave the opponent the fewest replies, then by the
// square table.
func (s *searcher64) order(buf *[maxMoves]move64, p, o, moves uint64, ttMove int, deep bool) []move64 {
	list := buf[:0]
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := flips(p, o, sq)
		k := -int(s.g.weight[sq])
		if deep {
			x := uint64(1) << uint(sq)
			replies := s.g.moves(o&^f, p|f|x)
			k += 32*count(replies) + 64*count(replies&s.g.corners)
		}
		if sq == ttMove {
			k = -1 << 14
		}
		list = append(list, move64{sq: int8(sq), key: int16(k), flips: f})
	}
	sortMoves(list)
	return list
}

// quickOrder lists the moves by classes of the square table, best class
// first, without computing flips (they are left 0): near the leaves, most
// nodes cut off after a move or two and a full sort would not pay.
func (s *searcher64) quickOrder(buf *[maxMoves]move64, moves uint64, ttMove int) []move64 {
	list := buf[:0]
	if ttMove >= 0 && moves>>uint(ttMove)&1 != 0 {
		list = append(list, move64{sq: int8(ttMove)})
		moves &^= 1 << uint(ttMove)
	}
	for _, class := range s.g.classes {
		for m := moves & class; m != 0; m &= m - 1 {
			list = append(list, move64{sq: int8(bits.TrailingZeros64(m))})
		}
	}
	return list
}
