package ai

import (
	"math/bits"
	"time"
)

// The exact endgame search on the fast layout. Scores are final disc
// differences for the side to move, with empty squares counted for the
// winner. Near the end it switches to code without move generation:
// parity-ordered empties for the last few squares and a direct count for
// the very last one. Higher up it orders moves fastest-first (fewest replies
// for the opponent), by the midgame evaluation where many empties are left,
// keeps a transposition table, and cuts off on stable discs and on
// children that the table already refutes. At the root of a big 8×8
// solve, a midgame search of each move with the learned evaluation picks
// the move searched first, and its value gives the narrow window
// (aspiration) that the root is searched in first.

const (
	smallEmpties       = 6  // at or below this, the move-list-free search
	ttEmpties          = 8  // at or above this, use the transposition table
	fastEmpties        = 7  // at or above this, fastest-first ordering
	maxMoves           = 40 // more than any position has
	evalOrderEmpties   = 14 // at or above this, order by the evaluation
	searchOrderEmpties = 18 // at or above this, order by a shallow search
	searchOrderDepth   = 3
	etcEmpties         = 12 // at or above this, try enhanced transposition cutoffs
	nearEmpties        = 11 // below this, use the near table if there is one
	nearBits           = 16 // the near table's size (entries, log 2)
	// With a near table, whose probes cost no cache miss, the table and
	// the enhanced cutoffs pay from fewer empties.
	nearTTEmpties  = 7
	nearETCEmpties = 10
	// In Expert's selective search (deepCut), at or above this, order
	// by a search with the learned evaluation (see deepOrderDepth).
	deepOrderEmpties = 14
)

type key64 = [2]uint64

type solver64 struct {
	g  *geo64
	tt *table[key64]
	// near, if not nil, is the table of the nodes with fewer than
	// nearEmpties empties: small enough to stay in the processor's cache,
	// where tt, far bigger, costs a miss at nearly every probe, and those
	// nodes are the most numerous and the cheapest to search again.
	near *table[key64]
	b    *budget
	mid  *searcher64 // for move ordering far from the end
	// sel, if not 0, makes the search selective: at a null-window node
	// of endCutEmpties or more, a shallow search with the learned
	// evaluation (pc) that puts the score more than selT standard
	// deviations beyond the window cuts the node (see endCut). sel is
	// the level of the selective solve, higher for fewer cuts: the table
	// keeps it with each entry, and a search uses the bounds of its own
	// level or a stricter one (exact entries have 0 and serve all).
	sel  uint8
	selT float64
	pc   *searcher64
	// deepCut makes endCut predict from a deeper ProbCut search from
	// deepCutEmpties on (Expert's selective levels; see endCutParams),
	// and moveList order by pc's searches from deepOrderEmpties on.
	deepCut bool
	// lists holds the move list of the node searching with each number
	// of empties: at most one is being searched at a time (a pass keeps
	// the number, but the passing node has no list). A list in an array
	// on the stack would be cleared at every node.
	lists [64][maxMoves]solveMove
}

// table returns the table for nodes with the given number of empties.
func (s *solver64) table(empties int) *table[key64] {
	if empties < nearEmpties && s.near != nil {
		return s.near
	}
	return s.tt
}

// ttFrom and etcFrom return the numbers of empties from which the search
// uses the table and tries enhanced transposition cutoffs.
func (s *solver64) ttFrom() int {
	if s.near != nil {
		return nearTTEmpties
	}
	return ttEmpties
}

func (s *solver64) etcFrom() int {
	if s.near != nil {
		return nearETCEmpties
	}
	return etcEmpties
}

// usable reports whether the bounds of an entry of selectivity sel hold
// for this search.
func (s *solver64) usable(sel uint8) bool {
	return sel == 0 || (s.sel != 0 && sel >= s.sel)
}

// final returns the score of a finished game: disc difference with the
// empties counted for the winner.
func final(p, o uint64, empties int) int {
	d := count(p) - count(o)
	switch {
	case d > 0:
		return d + empties
	case d < 0:
		return d - empties
	}
	return 0
}

// root solves the position exactly and returns its score and best move (a
// bit index, or -1 for a pass). A search stopped by its budget returns
// ok == false.
func (s *solver64) root(p, o uint64, report func(move, score, alpha int)) (score, move int, ok bool) {
	empties := count(s.g.mask &^ (p | o))
	if empties >= searchOrderEmpties {
		s.mid = &searcher64{g: s.g, tt: newTable[key64](16), b: newBudget(s.b.ctx, 0, time.Time{})}
		defer func() { s.b.nodes += s.mid.b.nodes }() // count its positions too
	}
	moves := s.g.moves(p, o)
	if moves == 0 {
		if s.g.moves(o, p) == 0 {
			return final(p, o, empties), -1, true
		}
		v := -s.search(o, p, -127, 127, empties, true)
		return v, -1, !s.b.aborted
	}
	var buf [maxMoves]solveMove
	list := s.order(&buf, p, o, moves, -1, empties)
	alpha, beta := -127, 127
	if empties >= searchOrderEmpties && s.g == geo8 && learned8 != nil {
		// The learned search's value of the first move, in hundredths
		// of a disc, guesses the score: search a window around it first.
		s.orderRoot(list, p, o, empties)
		guess := guessDiscs(-int(list[0].key))
		alpha, beta = max(-127, guess-aspiration-1), min(127, guess+aspiration+1)
		if s.sel == 0 {
			// A selective solve first: its best move goes first, and the
			// best moves it leaves in the table order the exact search's
			// nodes. Its score is not the centre of the window: a
			// narrower window around it lost more on the positions it
			// got wrong than it saved on the others.
			m, ok := s.preSolve(list, p, o, alpha, beta, empties)
			if !ok {
				return 0, -1, false
			}
			toFront(list, m)
		}
	}
	return s.rootAspire(list, p, o, alpha, beta, empties, report)
}

// preSelT is the threshold of the selective solve that precedes an exact
// one from searchOrderEmpties, in standard deviations of endCut's
// prediction. Measured on 65 endgames of 16 to 23 empties
// (docs/measurements.md): 0.8, 1.3, 1.5 and 2.0 searched more nodes.
const preSelT = 1.1

// preSolve solves the root's moves, in list's order, selectively at
// preSelT within (alpha, beta), as rootAspire does, and returns its best
// move. The table keeps its entries, marked as selective: their bounds do
// not serve the exact search (but those below the cuts do, see
// searchMoves), their moves do.
func (s *solver64) preSolve(list []solveMove, p, o uint64, alpha, beta, empties int) (move int, ok bool) {
	s.pc = &searcher64{g: s.g, tt: newTable[key64](16), b: s.b, learned: learned8}
	s.sel, s.selT = 1, preSelT
	defer func() { s.sel, s.pc = 0, nil }()
	_, move, ok = s.rootAspire(list, p, o, alpha, beta, empties, nil)
	return move, ok
}

// rootAspire searches the root's moves, first within (alpha, beta), then,
// if the score falls outside, again within the window beyond the bound it
// passed, with the best move so far searched first: the table makes the
// second search cheap. A selective search's value depends on its window,
// so it can fail low, then high, then low again forever: from the third
// search on, the window is the whole range, which nothing fails.
func (s *solver64) rootAspire(list []solveMove, p, o uint64, alpha, beta, empties int, report func(move, score, alpha int)) (score, move int, ok bool) {
	for tries := 1; ; tries++ {
		v, move, ok := s.rootWindow(list, p, o, alpha, beta, empties, report)
		switch {
		case !ok:
			return v, move, false
		case v <= alpha && alpha > -127:
			// Failed low: every move is at most v.
			alpha, beta = -127, v+1
		case v >= beta && beta < 127:
			// Failed high: move is at least v.
			alpha, beta = v-1, 127
		default:
			return v, move, true
		}
		if tries >= 2 {
			alpha, beta = -127, 127
		}
		toFront(list, move)
	}
}

// aspiration is the half width of the root's first window around the
// learned search's guess, in discs: wide enough that the guess usually
// holds, narrow enough that moves far from it are proved bad cheaply.
// Measured on the suite and r1–r9 (nodes in all, 2 to 8 discs), 6 was the
// least, mostly for r9; 4 did better on the smaller positions.
var aspiration = 6

// guessDiscs turns a midgame search value of the learned evaluation into
// a guess of the exact score, the centre of the root's first window: an
// even disc difference within ±64 (exact scores are even), a finished
// game's score as its discs.
func guessDiscs(v int) int {
	return max(-64, min(64, centidiscs(v)/100)) &^ 1
}

// pickNext moves the move of least key among list[i:] to list[i]: the
// moves are taken in order one at a time, so a cutoff spares the sorting
// of the rest.
func pickNext(list []solveMove, i int) {
	b := i
	for j := i + 1; j < len(list); j++ {
		if list[j].key < list[b].key {
			b = j
		}
	}
	list[i], list[b] = list[b], list[i]
}

// child returns the score of move m of p's position (empties empty
// squares) for p, searched as principal variation search does: the
// first move in the full window, the others in a null window at alpha
// and again in the full one if they land inside it.
func (s *solver64) child(m *solveMove, p, o uint64, alpha, beta, empties int, first bool) int {
	x := uint64(1) << uint(m.sq)
	np, no := o&^m.flips, p|m.flips|x
	if first {
		return -s.searchMoves(np, no, m.replies, -beta, -alpha, empties-1, false)
	}
	v := -s.searchMoves(np, no, m.replies, -alpha-1, -alpha, empties-1, false)
	if v > alpha && v < beta && !s.b.aborted {
		v = -s.searchMoves(np, no, m.replies, -beta, -v, empties-1, false)
	}
	return v
}

// rootWindow searches the root's moves, in list's order, within the
// window (alpha, beta), failing soft: it returns the best score found and
// its move, the first move whose score reaches beta, or, when all fail
// low, the largest upper bound (and the move of the first move searched).
// It reports each move's score, exact or an upper bound, but not one that
// fails high: that move is known only once a wider window searches it
// again.
func (s *solver64) rootWindow(list []solveMove, p, o uint64, alpha, beta, empties int, report func(move, score, alpha int)) (best, bestMove int, ok bool) {
	best, bestMove = -127, int(list[0].sq)
	for i := range list {
		pickNext(list, i)
		m := &list[i]
		v := s.child(m, p, o, alpha, beta, empties, i == 0)
		if s.b.aborted {
			return best, bestMove, false
		}
		if v >= beta {
			return v, int(m.sq), true
		}
		if report != nil {
			report(int(m.sq), v, alpha)
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = int(m.sq)
				alpha = v
			}
		}
	}
	return best, bestMove, true
}

// orderRoot sorts the root's moves, already in order's order, by a
// midgame search of each with the learned evaluation, deeper the more
// empties are left: the first move searched sets the window for all the
// others, and a deeper look at the root costs little beside the solve.
func (s *solver64) orderRoot(list []solveMove, p, o uint64, empties int) {
	depth := min(10, empties-14)
	ms := &searcher64{g: s.g, tt: newTable[key64](18), b: newBudget(s.b.ctx, 0, s.b.deadline), learned: learned8}
	defer func() { s.b.nodes += ms.b.nodes }()
	for i := range list {
		m := &list[i]
		x := uint64(1) << uint(m.sq)
		m.key = int32(ms.pvs(o&^m.flips, p|m.flips|x, depth-1, -infinity, infinity, false))
	}
	sortSolveMoves(list)
}

type move64 struct {
	sq    int8
	key   int16
	flips uint64
}

// solveMove is a move of the solver's lists: its square, its ordering key
// (lowest first), the discs it flips and the opponent's replies after it,
// which the search of the move reuses.
type solveMove struct {
	sq      int8
	key     int32
	flips   uint64
	replies uint64
}

// order returns p's moves, best first: the table's move, then by
// mobilityKey (the opponent's replies first), with the opponent's view of
// the position after the move added on top far from the end: a shallow
// midgame search from searchOrderEmpties, the evaluation from
// evalOrderEmpties. At fastEmpties exactly, just above the move-list-free
// search, the key is cheaper: the opponent's replies (corners twice), then
// the square's value. A root with fewer than fastEmpties orders by the
// opponent's replies, then p's interior discs. Expert's selective search
// puts a search with the learned evaluation in place of the shallow
// midgame search and the evaluation from deepOrderEmpties on.
//
// The list lives in buf, which the root keeps on its stack and other nodes
// in s.lists: a node must not allocate.
func (s *solver64) order(buf *[maxMoves]solveMove, p, o, moves uint64, ttMove, empties int) []solveMove {
	list := s.moveList(buf, p, o, moves, ttMove, empties)
	sortSolveMoves(list)
	return list
}

// moveList is order without the sort: the moves with their keys, in the
// order of their squares. On 8×8 from seven to thirteen empties, where the
// processor has it, the assembly builds the list (leaf_amd64.s).
func (s *solver64) moveList(buf *[maxMoves]solveMove, p, o, moves uint64, ttMove, empties int) []solveMove {
	if useLeafAsm && s.g == geo8 {
		switch {
		case empties == fastEmpties:
			return buf[:moveList7asm(p, o, moves, ttMove, buf)]
		case empties > fastEmpties && empties < evalOrderEmpties:
			return buf[:moveListAsm(p, o, moves, ttMove, buf)]
		}
	}
	list := buf[:0]
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		x := uint64(1) << uint(sq)
		f := flips(p, o, sq)
		np, no := o&^f, p|f|x
		replies := s.g.moves(np, no)
		var k int
		switch {
		case empties >= deepOrderEmpties && s.deepCut:
			k = s.mobilityKey(np, no, replies, sq) + s.pc.pvs(np, no, deepOrderDepth(empties), -infinity, infinity, false)<<8
		case empties >= searchOrderEmpties && s.mid != nil:
			k = s.mobilityKey(np, no, replies, sq) + s.mid.pvs(np, no, searchOrderDepth, -infinity, infinity, false)<<8
		case empties >= evalOrderEmpties:
			k = s.mobilityKey(np, no, replies, sq) + s.g.eval(np, no, replies)<<5
		case empties >= fastEmpties+1:
			k = s.mobilityKey(np, no, replies, sq)
		case empties >= fastEmpties:
			k = (count(replies)+count(replies&s.g.corners))<<15 - int(orderValue[sq])
		default: // only at the root
			k = 16*count(replies) + 8*count(replies&s.g.corners) - s.quiet(no, np)
		}
		if sq == ttMove {
			k = -1 << 30
		}
		list = append(list, solveMove{sq: int8(sq), key: int32(k), flips: f, replies: replies})
	}
	return list
}

// deepOrderDepth is the depth of the search that orders the moves of a
// node of empties in Expert's selective search: the learned evaluation
// alone at 14 empties, 1 ply at 15 and 16, one more every two empties (6
// at 25 and 26). The search is pc's (the learned evaluation, ProbCut), in
// the table of the deep predictions, which have often searched the
// node's moves deeper already. On the 40 positions of 24 empties of the
// agreement run (seed 11), the ladder 0.7 to 2.0 searched 44% fewer
// positions than in the exact solve's order, in less time, and played a
// best move once more; at 26 empties 43% fewer (docs/measurements.md).
func deepOrderDepth(empties int) int {
	return (empties - 13) / 2
}

// sortMoves sorts list by key, lowest first, keeping the order of equal
// keys: an insertion sort, as lists are short.
func sortMoves(list []move64) {
	for i := 1; i < len(list); i++ {
		m := list[i]
		j := i
		for ; j > 0 && list[j-1].key > m.key; j-- {
			list[j] = list[j-1]
		}
		list[j] = m
	}
}

// quiet is a cheap tie-break for ordering: p's discs that touch no empty
// square (the fewer frontier discs, the better).
func (s *solver64) quiet(p, o uint64) int {
	empty := s.g.mask &^ (p | o)
	return count(p &^ neighbours(empty))
}

// sortSolveMoves is sortMoves for the solver's lists.
func sortSolveMoves(list []solveMove) {
	for i := 1; i < len(list); i++ {
		m := list[i]
		j := i
		for ; j > 0 && list[j-1].key > m.key; j-- {
			list[j] = list[j-1]
		}
		list[j] = m
	}
}

// search returns the score of the position, exact if it lies within
// (alpha, beta), else a bound beyond the one it passed (fail soft).
func (s *solver64) search(p, o uint64, alpha, beta, empties int, passed bool) int {
	return s.searchMoves(p, o, unknownMoves, alpha, beta, empties, passed)
}

// unknownMoves, as searchMoves' moves, asks it to find p's moves: no
// position has every square a legal move.
const unknownMoves = ^uint64(0)

// searchMoves is search given p's moves, found already by the parent's
// ordering (or unknownMoves).
func (s *solver64) searchMoves(p, o, moves uint64, alpha, beta, empties int, passed bool) int {
	if s.b.tick() {
		return 0
	}
	if empties <= smallEmpties {
		var sqs [smallEmpties]int8
		n := s.emptiesByParity(p|o, &sqs)
		return s.small(p, o, alpha, beta, sqs, n, false)
	}
	if moves == unknownMoves {
		moves = s.g.moves(p, o)
	}
	if moves == 0 {
		if passed {
			return final(p, o, empties)
		}
		return -s.search(o, p, -beta, -alpha, empties, true)
	}
	if s.stableGate(o, alpha, 2*empties-2) {
		if v := s.stableBound(p, o); v <= alpha {
			return v
		}
	}
	k := key64{p, o}
	var h uint64
	ttMove := -1
	tt := s.table(empties)
	ttFrom := s.ttFrom()
	if empties >= ttFrom {
		h = mix64(p, o)
		if e, ok := tt.probe(k, h); ok {
			ttMove = int(e.move)
			if s.usable(e.sel) {
				var v int
				var done bool
				if v, alpha, beta, done = e.cut(alpha, beta); done {
					return v
				}
			}
		}
	}
	if s.sel != 0 && empties >= endCutEmpties && beta == alpha+1 {
		if v, ok := s.endCut(p, o, moves, alpha, empties); ok {
			return v
		}
		if s.b.aborted {
			return 0
		}
	}
	a0 := alpha
	best, bestMove := -127, -1
	// The moves are not sorted: each turn picks the best of those left,
	// as a cutoff often comes at the first and the others are then never
	// looked at again.
	list := s.moveList(&s.lists[empties&63], p, o, moves, ttMove, empties)
	if empties >= s.etcFrom() {
		// Enhanced transposition cutoff: a child that the table
		// already proves good enough cuts off without a search.
		ctt := s.table(empties - 1)
		for _, m := range list {
			x := uint64(1) << uint(m.sq)
			ck := key64{o &^ m.flips, p | m.flips | x}
			if e, ok := ctt.probe(ck, mix64(ck[0], ck[1])); ok && -int(e.hi) >= beta && s.usable(e.sel) {
				return -int(e.hi)
			}
		}
	}
	for i := range list {
		pickNext(list, i)
		m := &list[i]
		v := s.child(m, p, o, alpha, beta, empties, i == 0)
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
	if empties >= ttFrom {
		lo, hi := -127, 127
		switch {
		case best <= a0:
			hi = best
		case best >= beta:
			lo = best
		default:
			lo, hi = best, best
		}
		sel := s.sel
		if empties < endCutEmpties {
			// No node below this one was cut: the bounds are exact.
			sel = 0
		}
		tt.storeSel(k, h, empties, lo, hi, bestMove, sel)
	}
	return best
}

// oddSquares returns the squares of the quadrants with an odd number of
// empty squares.
func (s *solver64) oddSquares(discs uint64) uint64 {
	e := s.g.mask &^ discs
	q := &s.g.quads
	var odd uint64
	for i := range q {
		odd |= q[i] & -uint64(count(e&q[i])&1)
	}
	return odd
}

// emptiesByParity lists the empty squares, those in odd regions first, and
// returns how many there are.
func (s *solver64) emptiesByParity(discs uint64, sqs *[smallEmpties]int8) int {
	e := s.g.mask &^ discs
	odd := s.oddSquares(discs)
	n := 0
	for _, es := range [2]uint64{e & odd, e &^ odd} {
		for ; es != 0; es &= es - 1 {
			sqs[n] = int8(bits.TrailingZeros64(es))
			n++
		}
	}
	return n
}

// small searches the last few empties, listed in sqs[:n] in parity order,
// without move generation: each move keeps the others in the order of its
// parent's list.
func (s *solver64) small(p, o uint64, alpha, beta int, sqs [smallEmpties]int8, n int, passed bool) int {
	switch n {
	case 0:
		return final(p, o, 0)
	case 1:
		return last1(p, o, int(sqs[0]))
	case 2:
		return last2(p, o, int(sqs[0]), int(sqs[1]), alpha, beta)
	case 3:
		s.b.nodes++
		return last3(p, o, int(sqs[0]), int(sqs[1]), int(sqs[2]), alpha, beta)
	case 4:
		return s.last4(p, o, int(sqs[0]), int(sqs[1]), int(sqs[2]), int(sqs[3]), alpha, beta)
	case 5:
		return s.last5(p, o, alpha, beta, &sqs, passed)
	}
	return s.last6(p, o, alpha, beta, &sqs, passed)
}

// others5[i] lists, in order, the places of the four squares of five
// other than place i.
var others5 = [5][4]uint8{{1, 2, 3, 4}, {0, 2, 3, 4}, {0, 1, 3, 4}, {0, 1, 2, 4}, {0, 1, 2, 3}}

// last5 returns the score when five empty squares, sqs in parity order,
// are left and p is to move: small's loop without a list to copy, each
// move's four others passed to last4 in the same order. It counts its
// nodes as small does. On 8×8, where the processor has it, the assembly
// searches (leaf_amd64.s), else last5Go; so for last6.
func (s *solver64) last5(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) int {
	if useLeafAsm && s.g == geo8 {
		v, n := last5asm(p, o, alpha, beta, sqs, passed)
		s.b.nodes += uint64(n)
		return v
	}
	return s.last5Go(p, o, alpha, beta, sqs, passed)
}

// last5Go is last5 in Go.
func (s *solver64) last5Go(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) int {
	s.b.nodes++
	if s.stableGate(o, alpha, 12) {
		if v := s.stableBound(p, o); v <= alpha {
			return v
		}
	}
	best := -127
	for i := range 5 {
		sq := int(sqs[i]) & 63
		if adjacent[sq]&o == 0 {
			continue
		}
		f := flips(p, o, sq)
		if f == 0 {
			continue
		}
		r := &others5[i]
		v := -s.last4(o&^f, p|f|1<<uint(sq), int(sqs[r[0]]), int(sqs[r[1]]), int(sqs[r[2]]), int(sqs[r[3]]), -beta, -alpha)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
			alpha = max(alpha, v)
		}
	}
	if best == -127 {
		if passed {
			return -final(o, p, 5)
		}
		return -s.last5Go(o, p, -beta, -alpha, sqs, true)
	}
	return best
}

// others6[i] lists, in order, the places of the five squares of six other
// than place i.
var others6 = [6][5]uint8{{1, 2, 3, 4, 5}, {0, 2, 3, 4, 5}, {0, 1, 3, 4, 5}, {0, 1, 2, 4, 5}, {0, 1, 2, 3, 5}, {0, 1, 2, 3, 4}}

// last6 is last5 for six empty squares, each move's five others passed
// to last5 in the same order (no copy: a call of memmove costs more than
// the five bytes).
func (s *solver64) last6(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) int {
	if useLeafAsm && s.g == geo8 {
		v, n := last6asm(p, o, alpha, beta, sqs, passed)
		s.b.nodes += uint64(n)
		return v
	}
	return s.last6Go(p, o, alpha, beta, sqs, passed)
}

// last6Go is last6 in Go.
func (s *solver64) last6Go(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) int {
	s.b.nodes++
	if s.stableGate(o, alpha, 12) {
		if v := s.stableBound(p, o); v <= alpha {
			return v
		}
	}
	best := -127
	for i := range 6 {
		sq := int(sqs[i]) & 63
		if adjacent[sq]&o == 0 {
			continue
		}
		f := flips(p, o, sq)
		if f == 0 {
			continue
		}
		r := &others6[i]
		rest := [smallEmpties]int8{sqs[r[0]], sqs[r[1]], sqs[r[2]], sqs[r[3]], sqs[r[4]]}
		v := -s.last5(o&^f, p|f|1<<uint(sq), -beta, -alpha, &rest, false)
		if v > best {
			best = v
			if v >= beta {
				return v
			}
			alpha = max(alpha, v)
		}
	}
	if best == -127 {
		if passed {
			return -final(o, p, 6)
		}
		return -s.last6Go(o, p, -beta, -alpha, sqs, true)
	}
	return best
}

// last1 returns the score when one empty square, sq, is left and p is to
// move.
func last1(p, o uint64, sq int) int {
	if p|o|1<<(uint(sq)&63) == ^uint64(0) {
		// The 8×8 board is full but for sq: count the flips without
		// making them.
		d := 2*count(p) - 63
		if n := lastCount(p, sq); n != 0 {
			return d + 2*n + 1
		}
		if n := lastCount(o, sq); n != 0 {
			return d - 2*n - 1
		}
		if d > 0 {
			return d + 1
		}
		return d - 1
	}
	d := count(p) - count(o)
	if adjacent[sq]&o != 0 {
		if f := flips(p, o, sq); f != 0 {
			return d + 2*count(f) + 1
		}
	}
	if adjacent[sq]&p != 0 {
		if f := flips(o, p, sq); f != 0 {
			return d - 2*count(f) - 1
		}
	}
	switch {
	case d > 0:
		return d + 1
	case d < 0:
		return d - 1
	}
	return 0
}

// last4 returns the score when four empty squares, a, b, c and d (in
// parity order), are left and p is to move: small's loop unrolled, without
// the list of the others to copy. It counts its nodes as small does. Where
// the processor has it the assembly searches (leaf_amd64.s), else last4Go;
// so for last3 and last2.
func (s *solver64) last4(p, o uint64, a, b, c, d, alpha, beta int) int {
	if useLeafAsm {
		v, n := last4asm(p, o, a, b, c, d, alpha, beta)
		s.b.nodes += uint64(n)
		return v
	}
	return s.last4Go(p, o, a, b, c, d, alpha, beta)
}

// last4Go is last4 in Go.
func (s *solver64) last4Go(p, o uint64, a, b, c, d, alpha, beta int) int {
	s.b.nodes++
	best := -127
	if adjacent[a]&o != 0 {
		if f := flips(p, o, a); f != 0 {
			s.b.nodes++
			best = -last3(o&^f, p|f|1<<uint(a), b, c, d, -beta, -alpha)
			if best >= beta {
				return best
			}
			alpha = max(alpha, best)
		}
	}
	if adjacent[b]&o != 0 {
		if f := flips(p, o, b); f != 0 {
			s.b.nodes++
			if v := -last3(o&^f, p|f|1<<uint(b), a, c, d, -beta, -alpha); v > best {
				if v >= beta {
					return v
				}
				best, alpha = v, max(alpha, v)
			}
		}
	}
	if adjacent[c]&o != 0 {
		if f := flips(p, o, c); f != 0 {
			s.b.nodes++
			if v := -last3(o&^f, p|f|1<<uint(c), a, b, d, -beta, -alpha); v > best {
				if v >= beta {
					return v
				}
				best, alpha = v, max(alpha, v)
			}
		}
	}
	if adjacent[d]&o != 0 {
		if f := flips(p, o, d); f != 0 {
			s.b.nodes++
			if v := -last3(o&^f, p|f|1<<uint(d), a, b, c, -beta, -alpha); v > best {
				best = v
			}
		}
	}
	if best != -127 {
		return best
	}
	// p passes: o moves, and p's score is the smallest one.
	s.b.nodes++
	worst := 127
	if adjacent[a]&p != 0 {
		if f := flips(o, p, a); f != 0 {
			s.b.nodes++
			worst = last3(p&^f, o|f|1<<uint(a), b, c, d, alpha, beta)
			if worst <= alpha {
				return worst
			}
			beta = min(beta, worst)
		}
	}
	if adjacent[b]&p != 0 {
		if f := flips(o, p, b); f != 0 {
			s.b.nodes++
			if v := last3(p&^f, o|f|1<<uint(b), a, c, d, alpha, beta); v < worst {
				if v <= alpha {
					return v
				}
				worst, beta = v, min(beta, v)
			}
		}
	}
	if adjacent[c]&p != 0 {
		if f := flips(o, p, c); f != 0 {
			s.b.nodes++
			if v := last3(p&^f, o|f|1<<uint(c), a, b, d, alpha, beta); v < worst {
				if v <= alpha {
					return v
				}
				worst, beta = v, min(beta, v)
			}
		}
	}
	if adjacent[d]&p != 0 {
		if f := flips(o, p, d); f != 0 {
			s.b.nodes++
			if v := last3(p&^f, o|f|1<<uint(d), a, b, c, alpha, beta); v < worst {
				worst = v
			}
		}
	}
	if worst != 127 {
		return worst
	}
	return final(p, o, 4)
}

// last3 returns the score when three empty squares, a, b and c (in parity
// order), are left and p is to move.
func last3(p, o uint64, a, b, c, alpha, beta int) int {
	if useLeafAsm {
		return last3asm(p, o, a, b, c, alpha, beta)
	}
	return last3Go(p, o, a, b, c, alpha, beta)
}

// last3Go is last3 in Go.
func last3Go(p, o uint64, a, b, c, alpha, beta int) int {
	best := -127
	if adjacent[a]&o != 0 {
		if f := flips(p, o, a); f != 0 {
			best = -last2(o&^f, p|f|1<<uint(a), b, c, -beta, -alpha)
			if best >= beta {
				return best
			}
			alpha = max(alpha, best)
		}
	}
	if adjacent[b]&o != 0 {
		if f := flips(p, o, b); f != 0 {
			if v := -last2(o&^f, p|f|1<<uint(b), a, c, -beta, -alpha); v > best {
				if v >= beta {
					return v
				}
				best, alpha = v, max(alpha, v)
			}
		}
	}
	if adjacent[c]&o != 0 {
		if f := flips(p, o, c); f != 0 {
			if v := -last2(o&^f, p|f|1<<uint(c), a, b, -beta, -alpha); v > best {
				best = v
			}
		}
	}
	if best != -127 {
		return best
	}
	// p passes.
	worst := 127
	if adjacent[a]&p != 0 {
		if f := flips(o, p, a); f != 0 {
			worst = last2(p&^f, o|f|1<<uint(a), b, c, alpha, beta)
			if worst <= alpha {
				return worst
			}
			beta = min(beta, worst)
		}
	}
	if adjacent[b]&p != 0 {
		if f := flips(o, p, b); f != 0 {
			if v := last2(p&^f, o|f|1<<uint(b), a, c, alpha, beta); v < worst {
				if v <= alpha {
					return v
				}
				worst, beta = v, min(beta, v)
			}
		}
	}
	if adjacent[c]&p != 0 {
		if f := flips(o, p, c); f != 0 {
			if v := last2(p&^f, o|f|1<<uint(c), a, b, alpha, beta); v < worst {
				worst = v
			}
		}
	}
	if worst != 127 {
		return worst
	}
	return final(p, o, 3)
}

// last2 returns the score when two empty squares, a and b, are left and p
// is to move: by the assembly where the processor has it (leaf_amd64.s),
// else by last2Go.
func last2(p, o uint64, a, b, alpha, beta int) int {
	if useLeafAsm {
		return last2asm(p, o, a, b, alpha, beta)
	}
	return last2Go(p, o, a, b, alpha, beta)
}

// last2Go is last2 in Go.
func last2Go(p, o uint64, a, b, alpha, beta int) int {
	best := -127
	if adjacent[a]&o != 0 {
		if f := flips(p, o, a); f != 0 {
			best = -last1(o&^f, p|f|1<<uint(a), b)
			if best >= beta {
				return best
			}
		}
	}
	if adjacent[b]&o != 0 {
		if f := flips(p, o, b); f != 0 {
			best = max(best, -last1(o&^f, p|f|1<<uint(b), a))
		}
	}
	if best != -127 {
		return best
	}
	// p passes: o moves, and p's score is the smaller one.
	worst := 127
	if adjacent[a]&p != 0 {
		if f := flips(o, p, a); f != 0 {
			worst = last1(p&^f, o|f|1<<uint(a), b)
			if worst <= alpha {
				return worst
			}
		}
	}
	if adjacent[b]&p != 0 {
		if f := flips(o, p, b); f != 0 {
			worst = min(worst, last1(p&^f, o|f|1<<uint(b), a))
		}
	}
	if worst != 127 {
		return worst
	}
	return final(p, o, 2)
}

// mobilityKey is an ordering key for p's move at sq, which leaves the
// opponent np to move against no (p's discs after the move), lowest first
// and compared nearly field by field: the opponent's replies (corners count
// twice), then p's discs stable next to a corner (more first), then the
// opponent's potential mobility (empty squares next to p's discs, corners
// twice), then the square's static value (orderValue).
// These are the terms Edax orders by when its evaluation is blank; the
// square values are our own measurement, and the fields' places were
// tuned with our evaluation added on top, which the callers do.
func (s *solver64) mobilityKey(np, no, replies uint64, sq int) int {
	empty := s.g.mask &^ (np | no)
	pot := neighbours(no) & empty
	c := s.g.corners
	// A corner, and the discs beside it along the edges: stable while p
	// holds the corner (for 6×6 only the corner bits count here).
	st := ((c&no)<<1&^colA | (c&no)>>1&^colH | (c&no)<<8 | (c&no)>>8 | c) & no
	// Fields: replies from bit 15, stable discs from bit 11, potential
	// mobility from bit 5, and the square's value (0 to 20) below it. The
	// evaluation the callers add sits at bit 5 (14 to 17 empties) or 8
	// (the shallow search's value, from 18) and outweighs the lower
	// fields: the shifts are tuned with it, and moving the replies to bit
	// 16 cost 5 to 23% more nodes on the suite.
	return (count(replies)+count(replies&c))<<15 - count(st)<<11 + (count(pot)+count(pot&c))<<5 - int(orderValue[sq])
}

// orderValue ranks the squares of the 8×8 frame for move ordering: 20
// times how often, above the X-squares' rate, a legal move there was a
// best move, scaled so that corners get 20, in 5 000 random positions of
// 8 to 11 empties solved exactly (PCG seed 31, 41; the rates ran from
// 0.11 on X-squares to 0.37 on corners, averaged over the eight
// symmetric squares). A 6×6 board uses its top left part as is.
var orderValue = [64]int8{
	20, 3, 7, 8, 8, 7, 3, 20,
	3, 0, 3, 6, 6, 3, 0, 3,
	7, 3, 9, 10, 10, 9, 3, 7,
	8, 6, 10, 0, 0, 10, 6, 8,
	8, 6, 10, 0, 0, 10, 6, 8,
	7, 3, 9, 10, 10, 9, 3, 7,
	3, 0, 3, 6, 6, 3, 0, 3,
	20, 3, 7, 8, 8, 7, 3, 20,
}

// stableGate reports whether a node where o is the opponent should try
// the stability cutoff (stableBound) against alpha: when alpha is at least
// least (2·empties − 2, or 12 at 5 and 6 empties), where the cut comes
// often enough to pay for counting stable discs (lower thresholds spent
// more than the cuts saved: docs/measurements.md), and when o has discs
// enough for the bound to reach alpha.
func (s *solver64) stableGate(o uint64, alpha, least int) bool {
	return alpha >= least && s.g.n*s.g.n-2*count(o) <= alpha
}

// stableBound returns the most p can score, given that p can never turn
// o's stable discs over: the stability cutoff.
func (s *solver64) stableBound(p, o uint64) int {
	return s.g.n*s.g.n - 2*count(s.g.stableFull(o, p))
}
