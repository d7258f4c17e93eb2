package game

// The 8×8 hot path: one uint64 per side, a1 = bit 0, h8 = bit 63.

// notSides is every square but the a and h columns: the opposing discs
// that a horizontal or diagonal line may run through without wrapping.
const notSides = 0x7E7E7E7E7E7E7E7E

// Moves64 returns the squares where the player with discs p may move
// against the discs o on an 8×8 board.
func Moves64(p, o uint64) uint64 {
	inner := o & notSides
	m := fill64(p, inner, 1) | fill64(p, o, 8) | fill64(p, inner, 7) | fill64(p, inner, 9)
	return m &^ (p | o)
}

// fill64 returns the squares one step past every run of mask squares that
// starts next to a disc of p, in both senses of the shift d.
func fill64(p, mask uint64, d uint) uint64 {
	l := mask & (p << d)
	r := mask & (p >> d)
	l |= mask & (l << d)
	r |= mask & (r >> d)
	// Runs have at most six discs: extend two steps at a time where both
	// squares are in the mask.
	ml := mask & (mask << d)
	mr := ml >> d
	d2 := d + d
	l |= ml & (l << d2)
	r |= mr & (r >> d2)
	l |= ml & (l << d2)
	r |= mr & (r >> d2)
	return l<<d | r>>d
}

// Flips64 returns the discs of o that the move of p at sq turns over on an
// 8×8 board; it is empty when the move flips nothing.
func Flips64(p, o uint64, sq Square) uint64 {
	x := uint64(1) << uint(sq)
	inner := o & notSides
	return rayUp(x, p, inner, 1) | rayDown(x, p, inner, 1) |
		rayUp(x, p, o, 8) | rayDown(x, p, o, 8) |
		rayUp(x, p, inner, 7) | rayDown(x, p, inner, 7) |
		rayUp(x, p, inner, 9) | rayDown(x, p, inner, 9)
}

func rayUp(x, p, mask uint64, d uint) uint64 {
	f := mask & (x << d)
	f |= mask & (f << d)
	f |= mask & (f << d)
	f |= mask & (f << d)
	f |= mask & (f << d)
	f |= mask & (f << d)
	if p&(f<<d) == 0 {
		return 0
	}
	return f
}

func rayDown(x, p, mask uint64, d uint) uint64 {
	f := mask & (x >> d)
	f |= mask & (f >> d)
	f |= mask & (f >> d)
	f |= mask & (f >> d)
	f |= mask & (f >> d)
	f |= mask & (f >> d)
	if p&(f>>d) == 0 {
		return 0
	}
	return f
}
