package ai

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkFlips measures the flips of a move on random 8×8 positions, the
// search's innermost call (game.Flips64, whose test holds it to the
// reference rules).
func BenchmarkFlips(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	type pos struct {
		p, o uint64
		sq   int
	}
	var ps []pos
	for len(ps) < 1024 {
		discs := rng.Uint64() | rng.Uint64()
		p := discs & rng.Uint64()
		sq := rng.IntN(64)
		if discs>>uint(sq)&1 == 0 {
			ps = append(ps, pos{p, discs &^ p, sq})
		}
	}
	var sink uint64
	for b.Loop() {
		for _, x := range ps {
			sink ^= flips(x.p, x.o, x.sq)
		}
	}
	_ = sink
}
