package ai

import (
	"math/bits"

	"reversi/game"
)

// The fast engine works on one uint64 per side in the 8×8 layout of
// [game.Moves64] (a1 = bit 0, h8 = bit 63). A 6×6 board sits in its top
// left corner: square (col, row) is bit row*8+col, the squares outside
// never hold a disc, and moves are masked to the board. Lines of discs
// never cross the empty outside, so [game.Moves64] and [game.Flips64] stay
// exact there.

const (
	colA   = 0x0101010101010101
	colH   = 0x8080808080808080
	row1   = 0x00000000000000FF
	row8   = 0xFF00000000000000
	notA   = ^uint64(colA)
	notH   = ^uint64(colH)
	edges8 = colA | colH | row1 | row8
)

// geo64 holds what the fast engine needs to know about a board size.
type geo64 struct {
	n       int    // 6 or 8
	mask    uint64 // the board's squares
	corners uint64
	xs, cs  [4]uint64 // X-square and C-squares of each corner
	corner  [4]uint64 // the corners, one bit each
	quad    [64]uint8 // parity region (quadrant) of each square
	quads   [4]uint64 // the squares of each quadrant
	weight  [64]int16 // static square values, for move ordering
	classes []uint64  // the board's squares by weight, highest first
}

// adjacent holds the squares next to each square: a move must touch an
// opposing disc to flip anything.
var adjacent = func() (a [64]uint64) {
	for sq := range 64 {
		a[sq] = neighbours(1 << uint(sq))
	}
	return a
}()

var geo6, geo8 = newGeo64(6), newGeo64(8)

func geoFor(n int) *geo64 {
	switch n {
	case 6:
		return geo6
	case 8:
		return geo8
	}
	return nil
}

func bit64(c, r int) uint64 { return 1 << uint(r*8+c) }

// cornerSquares are a corner of the board and the squares next to it, as
// (column, row): the X-square diagonally inside, and the two C-squares
// beside it along the edges.
type cornerSquares struct {
	corner, x [2]int
	c         [2][2]int
}

// cornersOf returns the four corners of an n×n board: a1, the far end of
// row 1, the far end of column a, and the far corner.
func cornersOf(n int) [4]cornerSquares {
	last := n - 1
	var out [4]cornerSquares
	for i, cr := range [4][2]int{{0, 0}, {last, 0}, {0, last}, {last, last}} {
		c, r := cr[0], cr[1]
		dc, dr := 1, 1
		if c == last {
			dc = -1
		}
		if r == last {
			dr = -1
		}
		out[i] = cornerSquares{corner: cr, x: [2]int{c + dc, r + dr}, c: [2][2]int{{c + dc, r}, {c, r + dr}}}
	}
	return out
}

func newGeo64(n int) *geo64 {
	g := &geo64{n: n}
	for r := range n {
		for c := range n {
			g.mask |= bit64(c, r)
			q := 0
			if c >= n/2 {
				q |= 1
			}
			if r >= n/2 {
				q |= 2
			}
			g.quad[r*8+c] = uint8(q)
			g.quads[q] |= bit64(c, r)
		}
	}
	for i, k := range cornersOf(n) {
		g.corner[i] = bit64(k.corner[0], k.corner[1])
		g.corners |= g.corner[i]
		g.xs[i] = bit64(k.x[0], k.x[1])
		g.cs[i] = bit64(k.c[0][0], k.c[0][1]) | bit64(k.c[1][0], k.c[1][1])
	}
	for sq := range 64 {
		x := uint64(1) << uint(sq)
		if x&g.mask == 0 {
			continue
		}
		c, r := sq%8, sq/8
		w := int16(0)
		if c == 0 || c == n-1 || r == 0 || r == n-1 {
			w = 20
		}
		for i := range 4 {
			switch {
			case x&g.corner[i] != 0:
				w = 200
			case x&g.xs[i] != 0:
				w = -100
			case x&g.cs[i] != 0:
				w = -30
			}
		}
		g.weight[sq] = w
	}
	for _, w := range []int16{200, 20, 0, -30, -100} {
		var class uint64
		for sq := range 64 {
			if g.weight[sq] == w && g.mask>>uint(sq)&1 != 0 {
				class |= 1 << uint(sq)
			}
		}
		g.classes = append(g.classes, class)
	}
	return g
}

// to64 returns the board's squares in the fast layout: the side to move's
// discs, the opponent's.
func (g *geo64) to64(b game.Board) (p, o uint64) {
	me := b.Turn()
	return g.pack(b.Discs(me)), g.pack(b.Discs(me.Opponent()))
}

func (g *geo64) pack(x game.Bits) uint64 {
	if g.n == 8 {
		return x.Lo
	}
	var out uint64
	for sq := range x.All() {
		out |= 1 << uint(g.sq64(sq))
	}
	return out
}

// sq64 maps a board square to its bit in the fast layout.
func (g *geo64) sq64(sq game.Square) int {
	n := g.n
	return int(sq)/n*8 + int(sq)%n
}

// square maps a bit of the fast layout back to a board square.
func (g *geo64) square(i int) game.Square {
	return game.Square(i/8*g.n + i%8)
}

// moves returns p's legal moves against o.
func (g *geo64) moves(p, o uint64) uint64 {
	return game.Moves64(p, o) & g.mask
}

// neighbours returns the squares next to any square of x, in the 8×8
// frame (callers mask to the board).
func neighbours(x uint64) uint64 {
	return x<<8 | x>>8 |
		(x<<1|x<<9|x>>7)&notA |
		(x>>1|x>>9|x<<7)&notH
}

// stable returns discs of p that can never be turned over: those that, on
// each of the four lines through them, touch the edge or a stable disc of
// p. It misses discs made safe by full lines, so it is a lower bound.
func (g *geo64) stable(p uint64) uint64 {
	if p&g.corners == 0 {
		return 0
	}
	return g.stableAlong(p, 0, 0, 0, 0)
}

// stableAlong returns p's discs that, on each of the four lines through
// them, touch the edge or another such disc, or lie in the given full
// lines (rows, columns, a1–h8 and a8–h1 diagonals).
func (g *geo64) stableAlong(p, fh, fv, f9, f7 uint64) uint64 {
	out := ^g.mask // outside squares act as the edge
	var s uint64
	for {
		a := s | out
		h := (a<<1)&notA | (a>>1)&notH | colA | colH | fh
		v := a<<8 | a>>8 | row1 | row8 | fv
		d1 := (a<<9)&notA | (a>>9)&notH | edges8 | f9
		d2 := (a<<7)&notH | (a>>7)&notA | edges8 | f7
		next := p & h & v & d1 & d2
		if next == s {
			return s
		}
		s = next
	}
}

func count(x uint64) int { return bits.OnesCount64(x) }

// fullLines returns, for each of the four directions, the squares whose
// line in that direction holds no empty square; filled must count the
// squares off the board as filled. Each half line is checked in three
// doublings: a square keeps its bit while the square 1, 2, then 4 steps
// on keeps its own, or the edge comes first.
func fullLines(filled uint64) (h, v, d9, d7 uint64) {
	l := filled
	l &= l>>1 | colH
	l &= l>>2 | (colH | colH>>1)
	l &= l>>4 | (colH | colH>>1 | colH>>2 | colH>>3)
	h = (l & colA) * 0xFF
	c := filled & (filled >> 8)
	c &= c >> 16
	c &= c >> 32
	v = (c & 0xFF) * colA
	d9 = halfUp(filled, 9, row8|colH) & halfDown(filled, 9, row1|colA)
	d7 = halfUp(filled, 7, row8|colA) & halfDown(filled, 7, row1|colH)
	return h, v, d9, d7
}

// halfUp returns the filled squares from which every square d, 2d, …
// steps up (towards higher bits) to the edge is filled; edge holds the
// squares with no next square that way. halfDown is the same downwards.
func halfUp(filled uint64, d uint, edge uint64) uint64 {
	e2 := edge | edge>>d
	e4 := e2 | e2>>(2*d)
	l := filled
	l &= l>>d | edge
	l &= l>>(2*d) | e2
	return l & (l>>(4*d) | e4)
}

func halfDown(filled uint64, d uint, edge uint64) uint64 {
	e2 := edge | edge<<d
	e4 := e2 | e2<<(2*d)
	l := filled
	l &= l<<d | edge
	l &= l<<(2*d) | e2
	return l & (l<<(4*d) | e4)
}

// stableFull is stable with full lines: a disc of p is stable when, on
// each of the four lines through it, it touches the edge or a stable disc
// of p, or the line has no empty square. It is still a lower bound.
func (g *geo64) stableFull(p, o uint64) uint64 {
	fh, fv, f9, f7 := fullLines(p | o | ^g.mask)
	return g.stableAlong(p, fh, fv, f9, f7)
}
