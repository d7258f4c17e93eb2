package game

import (
	"iter"
	"math/bits"
)

// Bits is a set of squares: bit i (of Lo for i < 64, of Hi for i ≥ 64)
// is square i. See the package comment for the layout.
type Bits struct {
	Lo, Hi uint64
}

// Bit returns the set holding only sq.
func Bit(sq Square) Bits {
	if sq < 64 {
		return Bits{Lo: 1 << uint(sq)}
	}
	return Bits{Hi: 1 << uint(sq-64)}
}

// And returns the squares in both x and y.
func (x Bits) And(y Bits) Bits { return Bits{x.Lo & y.Lo, x.Hi & y.Hi} }

// Or returns the squares in x or y.
func (x Bits) Or(y Bits) Bits { return Bits{x.Lo | y.Lo, x.Hi | y.Hi} }

// AndNot returns the squares in x and not in y.
func (x Bits) AndNot(y Bits) Bits { return Bits{x.Lo &^ y.Lo, x.Hi &^ y.Hi} }

// IsZero reports whether x is empty.
func (x Bits) IsZero() bool { return x.Lo|x.Hi == 0 }

// Count returns the number of squares in x.
func (x Bits) Count() int { return bits.OnesCount64(x.Lo) + bits.OnesCount64(x.Hi) }

// Has reports whether sq is in x.
func (x Bits) Has(sq Square) bool {
	if sq < 0 {
		return false
	}
	if sq < 64 {
		return x.Lo>>uint(sq)&1 != 0
	}
	return x.Hi>>uint(sq-64)&1 != 0
}

// First returns the lowest square in x, or [Pass] if x is empty.
func (x Bits) First() Square {
	switch {
	case x.Lo != 0:
		return Square(bits.TrailingZeros64(x.Lo))
	case x.Hi != 0:
		return Square(64 + bits.TrailingZeros64(x.Hi))
	}
	return Pass
}

// All yields the squares of x in increasing order.
func (x Bits) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for lo := x.Lo; lo != 0; lo &= lo - 1 {
			if !yield(Square(bits.TrailingZeros64(lo))) {
				return
			}
		}
		for hi := x.Hi; hi != 0; hi &= hi - 1 {
			if !yield(Square(64 + bits.TrailingZeros64(hi))) {
				return
			}
		}
	}
}

// Squares returns the squares of x in increasing order.
func (x Bits) Squares() []Square {
	s := make([]Square, 0, x.Count())
	for sq := range x.All() {
		s = append(s, sq)
	}
	return s
}

// shl returns x shifted towards higher squares by n, 0 < n < 64.
func (x Bits) shl(n uint) Bits {
	return Bits{x.Lo << n, x.Hi<<n | x.Lo>>(64-n)}
}

// shr returns x shifted towards lower squares by n, 0 < n < 64.
func (x Bits) shr(n uint) Bits {
	return Bits{x.Lo>>n | x.Hi<<(64-n), x.Hi >> n}
}
