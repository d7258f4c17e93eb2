package ai

import "math/bits"

// flips returns the discs of o that p's move at sq turns over on the 8×8
// layout: the same as [game.Flips64], computed from precomputed rays. Along
// each ray from sq, the first square that is not o's must be p's, and the
// o discs before it flip.
func flips(p, o uint64, sq int) uint64 {
	r := &rays[sq&63]
	return flipUp(p, o, r[0]) | flipUp(p, o, r[1]) | flipUp(p, o, r[2]) | flipUp(p, o, r[3]) |
		flipDown(p, o, r[4]) | flipDown(p, o, r[5]) | flipDown(p, o, r[6]) | flipDown(p, o, r[7])
}

// flipUp returns the flips along a ray towards higher bits, where the
// first blocker is the lowest bit.
func flipUp(p, o, ray uint64) uint64 {
	b := ray &^ o
	first := b & -b
	if first&p == 0 {
		return 0
	}
	return ray & (first - 1)
}

// flipDown returns the flips along a ray towards lower bits, where the
// first blocker is the highest bit.
func flipDown(p, o, ray uint64) uint64 {
	b := ray &^ o
	if b == 0 {
		return 0
	}
	first := uint64(1) << uint(63-bits.LeadingZeros64(b))
	if first&p == 0 {
		return 0
	}
	return ray &^ (first<<1 - 1)
}

// rays holds, for each square, the squares along each of the eight
// directions (not the square itself): the first four step towards higher
// bits (east, south-west, south, south-east in board terms), the last four
// towards lower bits.
var rays = func() (t [64][8]uint64) {
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
