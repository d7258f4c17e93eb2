package ai

import "math/bits"

// flips returns the discs of o that p's move at sq turns over on the 8×8
// layout: the same as [game.Flips64], computed from precomputed rays. Along
// each ray from sq, the first square that is not o's must be p's, and the
// o discs before it flip.
func flips(p, o uint64, sq int) uint64 {
	var f uint64
	r := &rays[sq]
	// Rays towards higher bits: the first blocker is the lowest bit.
	for d := range 4 {
		ray := r[d]
		if b := ray &^ o; b != 0 {
			first := b & -b
			if first&p != 0 {
				f |= ray & (first - 1)
			}
		}
	}
	// Rays towards lower bits: the first blocker is the highest bit.
	for d := 4; d < 8; d++ {
		ray := r[d]
		if b := ray &^ o; b != 0 {
			first := uint64(1) << uint(63-bits.LeadingZeros64(b))
			if first&p != 0 {
				f |= ray &^ (first<<1 - 1)
			}
		}
	}
	return f
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
