package game

// A direction steps from a square to a neighbour: a shift of the bit index,
// and the mask of squares that a step may land on (the board, less the column
// that a step across the side edge would wrap into).
type direction struct {
	shift int
	mask  Bits
}

func (d direction) step(x Bits) Bits {
	if d.shift > 0 {
		return x.shl(uint(d.shift)).And(d.mask)
	}
	return x.shr(uint(-d.shift)).And(d.mask)
}

// geometry holds what depends on the board size.
type geometry struct {
	n      int
	all    Bits // every square of the board
	centre Bits // the four centre squares
	dirs   [8]direction
}

// Sizes returns the supported board sizes, smallest first, in a slice of
// the caller's own: the list itself cannot be changed from outside.
func Sizes() []int { return []int{6, 8, 10} }

var geometries = func() map[int]*geometry {
	m := make(map[int]*geometry)
	for _, n := range Sizes() {
		m[n] = newGeometry(n)
	}
	return m
}()

func newGeometry(n int) *geometry {
	g := &geometry{n: n}
	var firstCol, lastCol Bits
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			sq := Square(r*n + c)
			g.all = g.all.Or(Bit(sq))
			if c == 0 {
				firstCol = firstCol.Or(Bit(sq))
			}
			if c == n-1 {
				lastCol = lastCol.Or(Bit(sq))
			}
		}
	}
	h := n / 2
	for _, sq := range []int{(h-1)*n + h - 1, (h-1)*n + h, h*n + h - 1, h*n + h} {
		g.centre = g.centre.Or(Bit(Square(sq)))
	}
	// A step that moves one column right can only wrap into the first
	// column, and one that moves left only into the last.
	right := g.all.AndNot(firstCol)
	left := g.all.AndNot(lastCol)
	g.dirs = [8]direction{
		{1, right}, {-1, left},
		{n, g.all}, {-n, g.all},
		{n + 1, right}, {n - 1, left},
		{-n + 1, right}, {-n - 1, left},
	}
	return g
}

func geometryOf(n int) *geometry {
	return geometries[n]
}

// moves returns the squares where p may move against o.
func (g *geometry) moves(p, o Bits) Bits {
	empty := g.all.AndNot(p.Or(o))
	var m Bits
	for _, d := range g.dirs {
		x := d.step(p).And(o)
		for range g.n - 3 {
			x = x.Or(d.step(x).And(o))
		}
		m = m.Or(d.step(x))
	}
	return m.And(empty)
}

// flips returns the discs of o that p's move at sq turns over.
func (g *geometry) flips(p, o Bits, sq Square) Bits {
	var f Bits
	start := Bit(sq)
	for _, d := range g.dirs {
		var run Bits
		for x := d.step(start); ; x = d.step(x) {
			if !x.And(o).IsZero() {
				run = run.Or(x)
				continue
			}
			if !x.And(p).IsZero() {
				f = f.Or(run)
			}
			break
		}
	}
	return f
}
