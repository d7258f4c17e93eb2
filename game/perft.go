package game

import "math/bits"

// Perft returns the number of positions reached after depth plies from b.
// A forced pass counts as a ply, and a finished game is a leaf wherever it
// ends. It checks the move generator against published counts.
func Perft(b Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if b.size == 8 && !b.placing() {
		p, o := b.mover()
		return perft64(p.Lo, o.Lo, depth)
	}
	moves := b.Moves()
	if moves.IsZero() {
		if b.OpponentMoves().IsZero() {
			return 1
		}
		next, _, _ := b.Play(Pass)
		return Perft(next, depth-1)
	}
	if depth == 1 {
		return uint64(moves.Count())
	}
	var n uint64
	for sq := range moves.All() {
		next, _, _ := b.Play(sq)
		n += Perft(next, depth-1)
	}
	return n
}

// perft64 is Perft on the 8×8 fast path, for the side with discs p to move
// and depth ≥ 1. The last ply is counted, not played.
func perft64(p, o uint64, depth int) uint64 {
	moves := Moves64(p, o)
	if moves == 0 {
		if depth == 1 || Moves64(o, p) == 0 {
			return 1 // a pass, or the end of the game
		}
		return perft64(o, p, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := Square(bits.TrailingZeros64(moves))
		f := Flips64(p, o, sq)
		n += perft64(o&^f, p|f|1<<uint(sq), depth-1)
	}
	return n
}
