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
