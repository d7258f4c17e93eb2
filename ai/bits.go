package ai

import (
	"slices"

	"reversi/game"
)

// The generic engine, on [game.Bits], for 10×10 (it works on every size
// the game package knows, and the tests check it against the fast one). It
// runs the same midgame search and evaluation as the fast engine, and its
// exact search is the same negascout with scores in discs and no depth
// limit, without the fast solver's special code for the last empties.

type keyBits = [2]game.Bits

// geoBits holds what the generic engine needs to know about a board size.
type geoBits struct {
	n                      int
	all, notFirst, notLast game.Bits // the board, less the first or last column
	firstCol, lastCol      game.Bits
	firstRow, lastRow      game.Bits
	corners                game.Bits
	corner, xs, cs         [4]game.Bits
	weight                 []int16
}

func newGeoBits(n int) *geoBits {
	g := &geoBits{n: n, weight: make([]int16, n*n)}
	at := func(c, r int) game.Bits { return game.Bit(game.SquareAt(n, c, r)) }
	for r := range n {
		for c := range n {
			x := at(c, r)
			g.all = g.all.Or(x)
			switch c {
			case 0:
				g.firstCol = g.firstCol.Or(x)
			case n - 1:
				g.lastCol = g.lastCol.Or(x)
			}
			switch r {
			case 0:
				g.firstRow = g.firstRow.Or(x)
			case n - 1:
				g.lastRow = g.lastRow.Or(x)
			}
		}
	}
	g.notFirst, g.notLast = g.all.AndNot(g.firstCol), g.all.AndNot(g.lastCol)
	for i, k := range cornersOf(n) {
		g.corner[i] = at(k.corner[0], k.corner[1])
		g.corners = g.corners.Or(g.corner[i])
		g.xs[i] = at(k.x[0], k.x[1])
		g.cs[i] = at(k.c[0][0], k.c[0][1]).Or(at(k.c[1][0], k.c[1][1]))
	}
	edges := g.firstCol.Or(g.lastCol).Or(g.firstRow).Or(g.lastRow)
	for sq := range game.Square(n * n) {
		w := int16(0)
		if edges.Has(sq) {
			w = 20
		}
		for i := range 4 {
			switch {
			case g.corner[i].Has(sq):
				w = 200
			case g.xs[i].Has(sq):
				w = -100
			case g.cs[i].Has(sq):
				w = -30
			}
		}
		g.weight[sq] = w
	}
	return g
}

var geoBitsBySize = map[int]*geoBits{6: newGeoBits(6), 8: newGeoBits(8), 10: newGeoBits(10)}

func shl(x game.Bits, n uint) game.Bits { return game.Bits{Lo: x.Lo << n, Hi: x.Hi<<n | x.Lo>>(64-n)} }
func shr(x game.Bits, n uint) game.Bits { return game.Bits{Lo: x.Lo>>n | x.Hi<<(64-n), Hi: x.Hi >> n} }

// neighbours returns the board squares next to any square of x.
func (g *geoBits) neighbours(x game.Bits) game.Bits {
	n := uint(g.n)
	right := shl(x, 1).Or(shl(x, n+1)).Or(shr(x, n-1)).And(g.notFirst)
	left := shr(x, 1).Or(shr(x, n+1)).Or(shl(x, n-1)).And(g.notLast)
	return right.Or(left).Or(shl(x, n)).Or(shr(x, n)).And(g.all)
}

// stable is geo64.stable for the generic layout.
func (g *geoBits) stable(p game.Bits) game.Bits {
	if p.And(g.corners).IsZero() {
		return game.Bits{}
	}
	n := uint(g.n)
	edges := g.firstCol.Or(g.lastCol).Or(g.firstRow).Or(g.lastRow)
	var s game.Bits
	for {
		h := shl(s, 1).And(g.notFirst).Or(shr(s, 1).And(g.notLast)).Or(g.firstCol).Or(g.lastCol)
		v := shl(s, n).Or(shr(s, n)).Or(g.firstRow).Or(g.lastRow)
		d1 := shl(s, n+1).And(g.notFirst).Or(shr(s, n+1).And(g.notLast)).Or(edges)
		d2 := shl(s, n-1).And(g.notLast).Or(shr(s, n-1).And(g.notFirst)).Or(edges)
		next := p.And(h).And(v).And(d1).And(d2)
		if next == s {
			return s
		}
		s = next
	}
}

func (g *geoBits) moves(p, o game.Bits) game.Bits { return game.MovesFor(g.n, p, o) }

// eval is geo64.eval for the generic layout.
func (g *geoBits) eval(p, o, moves game.Bits) int {
	empty := g.all.AndNot(p.Or(o))
	v := wMobility * (moves.Count() - g.moves(o, p).Count())
	v += wPotential * (g.neighbours(o).And(empty).Count() - g.neighbours(p).And(empty).Count())
	v += wCorner * (p.And(g.corners).Count() - o.And(g.corners).Count())
	for i := range 4 {
		if !g.corner[i].And(empty).IsZero() {
			v += wX * (p.And(g.xs[i]).Count() - o.And(g.xs[i]).Count())
			v += wC * (p.And(g.cs[i]).Count() - o.And(g.cs[i]).Count())
		}
	}
	if !p.Or(o).And(g.corners).IsZero() {
		v += wStable * (g.stable(p).Count() - g.stable(o).Count())
	}
	if e := empty.Count(); e < 16 {
		v += wDisc * (16 - e) / 16 * (p.Count() - o.Count())
	}
	return v
}

func finalBits(p, o game.Bits, empties int) int {
	d := p.Count() - o.Count()
	switch {
	case d > 0:
		return d + empties
	case d < 0:
		return d - empties
	}
	return 0
}

// engineBits is the generic engine.
type engineBits struct {
	g         *geoBits
	p, o      game.Bits
	tableBits uint
	tt        *table[keyBits]
	b         *budget
	exact     bool // exact search: scores in discs, no depth limit
}

func newEngineBits(b game.Board, tableBits uint) *engineBits {
	me := b.Turn()
	return &engineBits{g: geoBitsBySize[b.Size()], p: b.Discs(me), o: b.Discs(me.Opponent()), tableBits: tableBits}
}

func (e *engineBits) empties() int { return e.g.all.AndNot(e.p.Or(e.o)).Count() }

func (e *engineBits) table() *table[keyBits] {
	return emptyTable(&e.tt, e.tableBits)
}

func (e *engineBits) solve(b *budget, progress func(RootMove)) (int, game.Square, bool) {
	e.b, e.exact = b, true
	e.table()
	moves := e.g.moves(e.p, e.o)
	if moves.IsZero() {
		if e.g.moves(e.o, e.p).IsZero() {
			return finalBits(e.p, e.o, e.empties()), game.Pass, true
		}
		v := -e.pvs(e.o, e.p, 127, -127, 127, true)
		return v, game.Pass, !b.aborted
	}
	list := e.rootList(moves)
	v, ok := e.root(list, 127, func(m rootMoveBits, alpha int) {
		if progress != nil {
			progress(RootMove{Move: m.sq, Score: m.score, Exact: m.score > alpha})
		}
	})
	if !ok {
		return 0, game.Pass, false
	}
	return v, list[0].sq, true
}

func (e *engineBits) think(b *budget, exclude game.Square, maxDepth int) (int, game.Square, int) {
	e.b, e.exact = b, false
	e.table()
	moves := e.g.moves(e.p, e.o)
	if exclude != game.Pass {
		moves = moves.AndNot(game.Bit(exclude))
	}
	if moves.IsZero() {
		return 0, game.Pass, 0
	}
	list := e.rootList(moves)
	score, move, depth := 0, list[0].sq, 0
	for d := 1; d <= maxDepth; d++ {
		v, ok := e.root(list, d, nil)
		if !ok {
			break
		}
		score, move, depth = v, list[0].sq, d
		if b.limit != 0 && b.nodes > b.limit/2 {
			break
		}
	}
	return score, move, depth
}

type rootMoveBits struct {
	sq     game.Square
	np, no game.Bits // the position after the move, opponent to move
	score  int
}

func (e *engineBits) rootList(moves game.Bits) []rootMoveBits {
	var list []rootMoveBits
	for _, m := range e.order(e.p, e.o, moves, game.Pass, true) { // deep: positions filled
		list = append(list, rootMoveBits{sq: m.sq, np: m.np, no: m.no})
	}
	return list
}

func (e *engineBits) root(list []rootMoveBits, depth int, report func(rootMoveBits, int)) (int, bool) {
	alpha, beta := -infinity, infinity
	for i := range list {
		m := &list[i]
		var v int
		if i == 0 {
			v = -e.pvs(m.np, m.no, depth-1, -beta, -alpha, false)
		} else {
			v = -e.pvs(m.np, m.no, depth-1, -alpha-1, -alpha, false)
			if v > alpha && !e.b.aborted {
				v = -e.pvs(m.np, m.no, depth-1, -beta, -alpha, false)
			}
		}
		if e.b.aborted {
			return 0, false
		}
		m.score = v
		if report != nil {
			report(*m, alpha)
		}
		if v > alpha {
			alpha = v
		} else {
			m.score = v - 1
		}
	}
	slices.SortStableFunc(list, func(a, b rootMoveBits) int { return b.score - a.score })
	return list[0].score, true
}

// moveBits is a move and the position it leads to (opponent to move),
// which order leaves empty near the leaves, where most moves are never
// played.
type moveBits struct {
	sq     game.Square
	key    int
	np, no game.Bits
}

func (e *engineBits) order(p, o, moves game.Bits, ttMove game.Square, deep bool) []moveBits {
	list := make([]moveBits, 0, moves.Count())
	for sq := range moves.All() {
		k := -int(e.g.weight[sq])
		var np, no game.Bits // left empty unless deep: see play
		if deep {
			f := game.FlipsFor(e.g.n, p, o, sq)
			np, no = o.AndNot(f), p.Or(f).Or(game.Bit(sq))
			replies := e.g.moves(np, no)
			k += 32*replies.Count() + 64*replies.And(e.g.corners).Count()
		}
		if sq == ttMove {
			k = -1 << 20
		}
		list = append(list, moveBits{sq: sq, key: k, np: np, no: no})
	}
	slices.SortStableFunc(list, func(a, b moveBits) int { return a.key - b.key })
	return list
}

func (e *engineBits) pvs(p, o game.Bits, depth, alpha, beta int, passed bool) int {
	if e.b.tick() {
		return 0
	}
	moves := e.g.moves(p, o)
	if moves.IsZero() {
		if passed {
			d := finalBits(p, o, e.g.all.AndNot(p.Or(o)).Count())
			if e.exact {
				return d
			}
			return terminal(d)
		}
		return -e.pvs(o, p, depth, -beta, -alpha, true)
	}
	if depth == 0 && !e.exact {
		return e.g.eval(p, o, moves)
	}
	k := keyBits{p, o}
	h := mix64(p.Lo^o.Hi*0x9E3779B97F4A7C15, o.Lo^p.Hi*0xC2B2AE3D27D4EB4F)
	ttMove := game.Pass
	if en, ok := e.tt.probe(k, h); ok {
		if en.move >= 0 {
			ttMove = game.Square(en.move)
		}
		if int(en.depth) >= depth {
			var v int
			var done bool
			if v, alpha, beta, done = en.cut(alpha, beta); done {
				return v
			}
		}
	}
	a0 := alpha
	best, bestMove := -infinity, game.Pass
	deep := depth >= 3
	if e.exact {
		deep = e.g.all.AndNot(p.Or(o)).Count() >= fastEmpties
	}
	for i, m := range e.order(p, o, moves, ttMove, deep) {
		if m.no.IsZero() { // not played yet by order
			f := game.FlipsFor(e.g.n, p, o, m.sq)
			m.np, m.no = o.AndNot(f), p.Or(f).Or(game.Bit(m.sq))
		}
		var v int
		if i == 0 {
			v = -e.pvs(m.np, m.no, depth-1, -beta, -alpha, false)
		} else {
			v = -e.pvs(m.np, m.no, depth-1, -alpha-1, -alpha, false)
			if v > alpha && v < beta && !e.b.aborted {
				v = -e.pvs(m.np, m.no, depth-1, -beta, -v, false)
			}
		}
		if e.b.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m.sq
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
	d := depth
	if e.exact {
		d = 127
	}
	e.tt.store(k, h, d, lo, hi, int(bestMove))
	return best
}
