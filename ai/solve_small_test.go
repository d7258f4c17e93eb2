package ai

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"
)

// negamax is a plain exact search on the 8×8 layout, the reference for
// the solver's special cases.
func negamax(p, o uint64, passed bool) int {
	empty := ^(p | o)
	best := -127
	for e := empty; e != 0; e &= e - 1 {
		sq := bits.TrailingZeros64(e)
		f := flips(p, o, sq)
		if f == 0 {
			continue
		}
		best = max(best, -negamax(o&^f, p|f|1<<uint(sq), false))
	}
	if best != -127 {
		return best
	}
	if passed {
		return -final(o, p, count(empty))
	}
	return -negamax(o, p, true)
}

// checkBound fails unless v is a fail-soft result of searching a position
// worth want with the window (alpha, beta).
func checkBound(t *testing.T, what string, p, o uint64, alpha, beta, v, want int) {
	t.Helper()
	switch {
	case v <= alpha && want > v, v >= beta && want < v, v > alpha && v < beta && v != want:
		t.Fatalf("%s(%#x, %#x, %d, %d) = %d, exact score %d", what, p, o, alpha, beta, v, want)
	}
}

// TestSmallEmpties checks last4, last3 and small (last5 and last6) against the plain search
// on random full-board positions with three to six empties, including
// ones where a side has to pass, with random windows.
func TestSmallEmpties(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 44))
	s := &solver64{g: geo8, b: newBudget(context.Background(), 0, time.Time{})}
	for i := range 20000 {
		n := 3 + i%4
		var empty uint64
		for count(empty) < n {
			empty |= 1 << uint(rng.IntN(64))
		}
		p := rng.Uint64()
		if i%4 == 0 { // lopsided positions, where passes are common
			p |= rng.Uint64() | rng.Uint64()
		}
		p &^= empty
		o := ^(p | empty)
		want := negamax(p, o, false)
		var sqs [smallEmpties]int8
		m := s.emptiesByParity(p|o, &sqs)
		alpha := rng.IntN(129) - 65
		beta := alpha + 1 + rng.IntN(20)
		if i%5 == 0 {
			alpha, beta = -127, 127
		}
		sq := func(k int) int { return int(sqs[k]) }
		switch n {
		case 3:
			checkBound(t, "last3", p, o, alpha, beta, last3(p, o, sq(0), sq(1), sq(2), alpha, beta), want)
		case 4:
			checkBound(t, "last4", p, o, alpha, beta, s.last4(p, o, sq(0), sq(1), sq(2), sq(3), alpha, beta), want)
		}
		checkBound(t, "small", p, o, alpha, beta, s.small(p, o, alpha, beta, sqs, m, false), want)
	}
}
