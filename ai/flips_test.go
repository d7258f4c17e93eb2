package ai

import (
	"math/rand/v2"
	"testing"

	"reversi/game"
)

func TestFlipsMatchesGame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 20000 {
		discs := rng.Uint64() | rng.Uint64()
		p := discs & rng.Uint64()
		o := discs &^ p
		sq := rng.IntN(64)
		if discs>>uint(sq)&1 != 0 {
			continue
		}
		if got, want := flips(p, o, sq), game.Flips64(p, o, game.Square(sq)); got != want {
			t.Fatalf("flips(%#x, %#x, %d) = %#x, want %#x", p, o, sq, got, want)
		}
	}
}

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
