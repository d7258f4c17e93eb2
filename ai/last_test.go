package ai

import (
	"math/rand/v2"
	"testing"
)

// TestLastCount checks the flip count of the last empty square against
// playing the move, for both sides, on random full boards.
func TestLastCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	for range n {
		sq := rng.IntN(64)
		x := uint64(1) << uint(sq)
		p := rng.Uint64() &^ x
		if rng.IntN(4) == 0 { // long runs
			p &= rng.Uint64() | rng.Uint64()
		}
		o := ^p &^ x
		for _, side := range [2][2]uint64{{p, o}, {o, p}} {
			if got, want := lastCount(side[0], sq), count(flips(side[0], side[1], sq)); got != want {
				t.Fatalf("lastCount(%#x, %d) = %d, want %d", side[0], sq, got, want)
			}
		}
	}
}

// TestLast1Full checks last1 on full 8×8 boards (the counted path) against
// playing the move out.
func TestLast1Full(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		sq := rng.IntN(64)
		x := uint64(1) << uint(sq)
		p := rng.Uint64() &^ x
		if rng.IntN(3) == 0 {
			p &= rng.Uint64()
		}
		o := ^p &^ x
		want := 0
		if f := flips(p, o, sq); f != 0 {
			want = final(p|f|x, o&^f, 0)
		} else if f := flips(o, p, sq); f != 0 {
			want = final(p&^f, o|f|x, 0)
		} else {
			want = final(p, o, 1)
		}
		if got := last1(p, o, sq); got != want {
			t.Fatalf("last1(%#x, %#x, %d) = %d, want %d", p, o, sq, got, want)
		}
	}
}
