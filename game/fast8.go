package game

import "math/bits"

// The 8×8 hot path: one uint64 per side, a1 = bit 0, h8 = bit 63.

// notSides is every square but the a and h columns: the opposing discs
// that a horizontal or diagonal line may run through without wrapping.
const notSides = 0x7E7E7E7E7E7E7E7E

// Moves64 returns the squares where the player with discs p may move
// against the discs o on an 8×8 board.
func Moves64(p, o uint64) uint64 {
	inner := o & notSides
	m := fill64(p, inner, 1) | fill64(p, o, 8) | fill64(p, inner, 7) | fill64(p, inner, 9)
	return m &^ (p | o)
}

// fill64 returns the squares one step past every run of mask squares that
// starts next to a disc of p, in both senses of the shift d.
func fill64(p, mask uint64, d uint) uint64 {
	l := mask & (p << d)
	r := mask & (p >> d)
	l |= mask & (l << d)
	r |= mask & (r >> d)
	// Runs have at most six discs: extend two steps at a time where both
	// squares are in the mask.
	ml := mask & (mask << d)
	mr := ml >> d
	d2 := d + d
	l |= ml & (l << d2)
	r |= mr & (r >> d2)
	l |= ml & (l << d2)
	r |= mr & (r >> d2)
	return l<<d | r>>d
}

// Flips64 returns the discs of o that the move of p at sq turns over on an
// 8×8 board; it is empty when the move flips nothing. Along each of the
// eight rays from sq, the first square that is not o's must be p's, and the
// discs of o before it flip. On rays towards higher bits that first square
// is the ray's lowest such bit, and towards lower bits its highest.
func Flips64(p, o uint64, sq Square) uint64 {
	r := &rays64[sq&63]
	return flipsUp(p, o, r[0]) | flipsUp(p, o, r[1]) | flipsUp(p, o, r[2]) | flipsUp(p, o, r[3]) |
		flipsDown(p, o, r[4]) | flipsDown(p, o, r[5]) | flipsDown(p, o, r[6]) | flipsDown(p, o, r[7])
}

// flipsUp and flipsDown are written without branches on the discs (the
// compiler turns the ifs into conditional moves): which way a line ends is
// unpredictable, and a mispredicted branch costs more than the work.
func flipsUp(p, o, ray uint64) uint64 {
	b := ray &^ o
	first := b & -b
	f := ray & (first - 1)
	if first&p == 0 {
		f = 0
	}
	return f
}

func flipsDown(p, o, ray uint64) uint64 {
	b := ray &^ o
	// With b empty, the shift is out of range and first is 0.
	first := uint64(1) << uint(63-bits.LeadingZeros64(b))
	f := ray &^ (first<<1 - 1)
	if first&p == 0 {
		f = 0
	}
	return f
}

// rays64 holds, for each square, the squares along each of the eight
// directions, the square itself left out: first the four that step towards
// higher bits (right, down and left, down, down and right), then the four
// towards lower bits.
var rays64 = func() (t [64][8]uint64) {
	steps := [8][2]int{{1, 0}, {-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, -1}, {0, -1}, {-1, -1}}
	for sq := range 64 {
		c0, r0 := sq%8, sq/8
		for d, st := range steps {
			for c, r := c0+st[0], r0+st[1]; c >= 0 && c < 8 && r >= 0 && r < 8; c, r = c+st[0], r+st[1] {
				t[sq][d] |= 1 << uint(r*8+c)
			}
		}
	}
	return t
}()
