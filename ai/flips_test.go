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
