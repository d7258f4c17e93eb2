package ai

import (
	"math/rand/v2"
	"testing"
)

// TestFullLines checks fullLines against a walk along each line.
func TestFullLines(t *testing.T) {
	full := func(filled uint64, sq, dr, dc int) bool {
		for _, s := range []int{1, -1} {
			for r, c := sq/8+s*dr, sq%8+s*dc; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+s*dr, c+s*dc {
				if filled>>(r*8+c)&1 == 0 {
					return false
				}
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		f := rng.Uint64() | rng.Uint64() | rng.Uint64() // mostly filled
		h, v, d9, d7 := fullLines(f)
		got := [4]uint64{h, v, d9, d7}
		for sq := range 64 {
			if f>>sq&1 == 0 {
				continue
			}
			for i, d := range [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
				if want := full(f, sq, d[0], d[1]); got[i]>>sq&1 == 1 != want {
					t.Fatalf("fullLines(%#x), square %d, direction %v: %v, want %v", f, sq, d, !want, want)
				}
			}
		}
	}
}

// TestStableFullHolds plays every continuation of random endgames of 3 to
// 7 empties, on 8×8 and 6×6, and checks that no disc stableFull calls
// stable is ever turned over, and that it finds every disc stable finds.
func TestStableFullHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 41))
	n := 400
	if testing.Short() {
		n = 60
	}
	for i := range n {
		size := []int{8, 6}[i%2]
		b := randomPosition(rng, size, 3+rng.IntN(5))
		g := geoFor(size)
		p, o := g.to64(b)
		sp, so := g.stableFull(p, o), g.stableFull(o, p)
		if g.stable(p)&^sp != 0 || g.stable(o)&^so != 0 {
			t.Fatalf("%s: stableFull misses discs stable finds", b.Line())
		}
		var walk func(x, y, sx, sy uint64, passed bool)
		walk = func(x, y, sx, sy uint64, passed bool) {
			if sx&^x != 0 || sy&^y != 0 {
				t.Fatalf("%s: a disc stableFull called stable was turned over", b.Line())
			}
			moves := g.moves(x, y)
			if moves == 0 {
				if !passed {
					walk(y, x, sy, sx, true)
				}
				return
			}
			for ; moves != 0; moves &= moves - 1 {
				sq := count(moves&-moves - 1)
				f := flips(x, y, sq)
				walk(y&^f, x|f|1<<uint(sq), sy, sx, false)
			}
		}
		walk(p, o, sp, so, false)
	}
}
