package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// ref is a slow, obviously correct Reversi: a plain array of squares, each
// direction walked one square at a time. The differential tests hold the
// bitboards to it.
type ref struct {
	n     int
	cells []Color // row by row from a1
	turn  Color
	ply   int // plies played, for the free placement phase
	free  bool
}

func newRef(o Options) *ref {
	r := &ref{n: o.Size, cells: make([]Color, o.Size*o.Size), turn: Black, free: o.Start == Free}
	h := o.Size / 2
	set := func(c, row int, col Color) { r.cells[row*r.n+c] = col }
	switch o.Start {
	case Cross:
		set(h-1, h-1, White)
		set(h, h, White)
		set(h, h-1, Black)
		set(h-1, h, Black)
	case Parallel:
		set(h-1, h-1, White)
		set(h, h-1, White)
		set(h-1, h, Black)
		set(h, h, Black)
	}
	return r
}

var refDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func (r *ref) placing() bool { return r.free && r.ply < 4 }

func (r *ref) isCentre(c, row int) bool {
	h := r.n / 2
	return (c == h-1 || c == h) && (row == h-1 || row == h)
}

// flips lists the squares that the side to move turns over at (c, row).
func (r *ref) flips(c, row int) []int {
	if r.cells[row*r.n+c] != Empty || r.placing() {
		return nil
	}
	var out []int
	for _, d := range refDirs {
		var line []int
		x, y := c+d[0], row+d[1]
		for x >= 0 && x < r.n && y >= 0 && y < r.n && r.cells[y*r.n+x] == r.turn.Opponent() {
			line = append(line, y*r.n+x)
			x, y = x+d[0], y+d[1]
		}
		if x >= 0 && x < r.n && y >= 0 && y < r.n && r.cells[y*r.n+x] == r.turn && len(line) > 0 {
			out = append(out, line...)
		}
	}
	slices.Sort(out)
	return out
}

func (r *ref) moves() []int {
	var out []int
	for i, c := range r.cells {
		if c != Empty {
			continue
		}
		if r.placing() {
			if r.isCentre(i%r.n, i/r.n) {
				out = append(out, i)
			}
		} else if len(r.flips(i%r.n, i/r.n)) > 0 {
			out = append(out, i)
		}
	}
	return out
}

func (r *ref) opponentMoves() []int {
	r.turn = r.turn.Opponent()
	defer func() { r.turn = r.turn.Opponent() }()
	return r.moves()
}

func (r *ref) play(sq int) {
	if sq >= 0 {
		for _, f := range r.flips(sq%r.n, sq/r.n) {
			r.cells[f] = r.turn
		}
		r.cells[sq] = r.turn
	}
	r.turn = r.turn.Opponent()
	r.ply++
}

func (r *ref) count(c Color) int {
	n := 0
	for _, x := range r.cells {
		if x == c {
			n++
		}
	}
	return n
}

func squaresOf(b Bits) []int {
	var out []int
	for sq := range b.All() {
		out = append(out, int(sq))
	}
	return out
}

// TestDifferential plays random games with the bitboards and the reference
// side by side, on every size and start, and compares every position.
func TestDifferential(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 40
	}
	for _, size := range Sizes() {
		for _, start := range []Start{Cross, Parallel, Free} {
			o := Options{Size: size, Start: start}
			t.Run(o.String(), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(size), uint64(start)))
				for i := range games {
					playDifferential(t, o, rng, i)
					if t.Failed() {
						return
					}
				}
			})
		}
	}
}

func playDifferential(t *testing.T, o Options, rng *rand.Rand, game int) {
	t.Helper()
	b, err := NewStart(o)
	if err != nil {
		t.Fatal(err)
	}
	r := newRef(o)
	for ply := 0; ; ply++ {
		where := func() string { return fmt.Sprintf("%v game %d ply %d\n%v", o, game, ply, b) }
		for sq := range r.cells {
			want := r.flips(sq%r.n, sq/r.n)
			if got := squaresOf(b.Flips(Square(sq))); !slices.Equal(got, want) {
				t.Fatalf("%s: Flips(%s) = %v, want %v", where(), Square(sq).Name(o.Size), got, want)
			}
		}
		want := r.moves()
		if got := squaresOf(b.Moves()); !slices.Equal(got, want) {
			t.Fatalf("%s: Moves() = %v, want %v", where(), got, want)
		}
		refOver := len(want) == 0 && len(r.opponentMoves()) == 0
		refPass := len(want) == 0 && !refOver
		if b.Over() != refOver || b.MustPass() != refPass {
			t.Fatalf("%s: Over, MustPass = %v, %v, want %v, %v", where(), b.Over(), b.MustPass(), refOver, refPass)
		}
		if got, want := b.Count(Black), r.count(Black); got != want {
			t.Fatalf("%s: Count(Black) = %d, want %d", where(), got, want)
		}
		if got, want := b.Count(White), r.count(White); got != want {
			t.Fatalf("%s: Count(White) = %d, want %d", where(), got, want)
		}
		if refOver {
			if _, _, err := b.Play(Pass); err != ErrGameOver {
				t.Fatalf("%s: Play(Pass) on a finished game: err = %v, want ErrGameOver", where(), err)
			}
			return
		}
		m := Pass
		if len(want) > 0 {
			m = Square(want[rng.IntN(len(want))])
		}
		if b, _, err = b.Play(m); err != nil {
			t.Fatalf("%s: Play(%s): %v", where(), m.Name(o.Size), err)
		}
		r.play(int(m))
	}
}

// TestFlips64MatchesReference compares Flips64 (the generated code per
// square), flipsRays (the rays looked up) and flipsLines (the lines looked
// up), from which the generator takes its parts, with the reference on random 8×8 positions, reachable or not, for
// every empty square.
func TestFlips64MatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 64))
	r := &ref{n: 8, cells: make([]Color, 64), turn: Black}
	for range 5000 {
		w, x, y, z := rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()
		discs := w&x | y&z // about half the squares full
		p := discs & rng.Uint64()
		o := discs &^ p
		for sq := range 64 {
			switch {
			case p>>uint(sq)&1 != 0:
				r.cells[sq] = Black
			case o>>uint(sq)&1 != 0:
				r.cells[sq] = White
			default:
				r.cells[sq] = Empty
			}
		}
		for sq := range 64 {
			if discs>>uint(sq)&1 != 0 {
				continue
			}
			var want uint64
			for _, f := range r.flips(sq%8, sq/8) {
				want |= 1 << uint(f)
			}
			if got := Flips64(p, o, Square(sq)); got != want {
				t.Fatalf("Flips64(%#x, %#x, %s) = %#x, want %#x", p, o, Square(sq).Name(8), got, want)
			}
			if got := flipsLines(p, o, Square(sq)); got != want {
				t.Fatalf("flipsLines(%#x, %#x, %s) = %#x, want %#x", p, o, Square(sq).Name(8), got, want)
			}
			if got := flipsRays(p, o, Square(sq)); got != want {
				t.Fatalf("flipsRays(%#x, %#x, %s) = %#x, want %#x", p, o, Square(sq).Name(8), got, want)
			}
		}
	}
}
