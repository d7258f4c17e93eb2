package ai

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
)

// The learned evaluation of 8×8, in the manner of the classic pattern
// engines: the board is read through ten patterns (the edge and the
// second, third and fourth rows, the 3×3 corner block, and the diagonals
// of 8 down to 4 squares), each in all eight symmetric images, and every
// configuration of a pattern (each square empty, the mover's or the
// opponent's: 3^n of them) has a learned weight, one table per game phase.
// The weights, plus one for the difference in mobility and a constant,
// sum to the predicted final disc difference for the side to move, in
// hundredths of a disc. They are fitted by the train command (see
// train.go) and embedded gzipped.

const (
	nPatterns    = 10
	nPhases      = 6
	phaseEmpties = 10 // a phase covers this many empties: 0–9, 10–19, … 50–60
	// scalar weights per phase: mobility difference, constant
	nScalars = 2
)

// patternLen is each pattern's number of squares: edge, rows 2 to 4,
// corner block, diagonals of 8, 7, 6, 5 and 4 squares.
var patternLen = [nPatterns]int{8, 8, 8, 8, 9, 8, 7, 6, 5, 4}

// patternOffset is where each pattern's table starts in a phase's weights.
var patternOffset, phaseSize = func() (off [nPatterns]int, size int) {
	for i, n := range patternLen {
		off[i] = size
		size += pow3(n)
	}
	return off, size + nScalars
}()

func pow3(n int) int {
	x := 1
	for range n {
		x *= 3
	}
	return x
}

// base3 maps a set of up to ten bits to the sum of 3^i over its bits i:
// the index of the mover's discs in a pattern; twice it for the opponent's.
var base3 = func() (t [1024]uint16) {
	for x := range t {
		v := 0
		for i := range 10 {
			if x>>i&1 != 0 {
				v += pow3(i)
			}
		}
		t[x] = uint16(v)
	}
	return t
}()

// symmetries returns the eight images of x under the symmetries of the
// square.
func symmetries(x uint64) [8]uint64 {
	t := transpose(x)
	return [8]uint64{
		x, bits.ReverseBytes64(x), mirror(x), bits.ReverseBytes64(mirror(x)),
		t, bits.ReverseBytes64(t), mirror(t), bits.ReverseBytes64(mirror(t)),
	}
}

// mirror swaps columns a and h, b and g, and so on.
func mirror(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	x = x>>1&k1 | x&k1<<1
	x = x>>2&k2 | x&k2<<2
	return x>>4&k4 | x&k4<<4
}

// transpose swaps rows and columns (a2 with b1, and so on).
func transpose(x uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	x ^= t ^ t>>7
	return x
}

// diagMask[k] holds the squares 9i for i < 8-k: the first 8-k squares of
// the long diagonal.
var diagMask = func() (m [5]uint64) {
	for k := range m {
		for i := range 8 - k {
			m[k] |= 1 << uint(9*i)
		}
	}
	return m
}()

// patternBits gathers each pattern's squares of one image into the low
// bits of a word, square i of the pattern in bit i.
func patternBits(x uint64) [nPatterns]uint64 {
	// The diagonal from column k of row 1: its squares, 9i+k, shifted
	// to 9i, then gathered into the top byte by a multiplication whose
	// partial products never overlap.
	const gather = 0x0101010101010101
	d := func(k uint) uint64 {
		return (x >> k & diagMask[k]) * gather >> 56
	}
	return [nPatterns]uint64{
		x & 0xFF, x >> 8 & 0xFF, x >> 16 & 0xFF, x >> 24 & 0xFF,
		x&7 | x>>8&7<<3 | x>>16&7<<6,
		d(0), d(1), d(2), d(3), d(4),
	}
}

// features calls f with the index of every pattern instance of p and o
// (p to move) in a phase's weights.
func features(p, o uint64, f func(i int)) {
	ps, os := symmetries(p), symmetries(o)
	for s := range 8 {
		pb, ob := patternBits(ps[s]), patternBits(os[s])
		for k := range nPatterns {
			f(patternOffset[k] + int(base3[pb[k]]) + 2*int(base3[ob[k]]))
		}
	}
}

// phaseOf returns the phase of a position with empties empty squares.
func phaseOf(empties int) int { return min(empties/phaseEmpties, nPhases-1) }

// patternWeights are the learned weights, nPhases tables of phaseSize.
type patternWeights []int16

//go:embed weights8.gz
var weights8gz []byte

// learned8 is the embedded evaluation, or nil if it failed to load (a test
// checks that it does not).
var learned8, learnedErr = loadTables(weights8gz)

// loadTables loads gzipped weights and folds them for [evalTables.eval].
func loadTables(gz []byte) (evalTables, error) {
	w, err := loadWeights(gz)
	if err != nil {
		return nil, err
	}
	return w.fold()
}

func loadWeights(gz []byte) (patternWeights, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("pattern weights: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("pattern weights: %w", err)
	}
	if len(raw) != 2*nPhases*phaseSize {
		return nil, fmt.Errorf("pattern weights: %d bytes, want %d", len(raw), 2*nPhases*phaseSize)
	}
	w := make(patternWeights, nPhases*phaseSize)
	for i := range w {
		w[i] = int16(binary.LittleEndian.Uint16(raw[2*i:]))
	}
	return w, nil
}

// encode returns the weights as embedded: little-endian int16, gzipped.
func (w patternWeights) encode() ([]byte, error) {
	raw := make([]byte, 2*len(w))
	for i, v := range w {
		binary.LittleEndian.PutUint16(raw[2*i:], uint16(v))
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// evalTables are the weights folded for a fast evaluation. Every pattern
// instance is met twice among the eight images of the board, read in both
// directions (for the corner block: along rows and along columns), and the
// long diagonals four times; so each table entry holds the sum of the
// weights of a configuration and its reverse (doubled on the long
// diagonals), and the evaluation reads each line once, in either
// direction: 38 look-ups instead of 80, and no images to compute.
type evalTables []int16

// fold returns w's evaluation tables. It fails if a sum does not fit in
// an int16, which the trained weights are far from.
func (w patternWeights) fold() (evalTables, error) {
	t := make(evalTables, len(w))
	for ph := range nPhases {
		src, dst := w[ph*phaseSize:][:phaseSize], t[ph*phaseSize:][:phaseSize]
		for k, n := range patternLen {
			off := patternOffset[k]
			for idx := range pow3(n) {
				var other int
				if k == cornerPattern {
					other = transposeBlock(idx)
				} else {
					other = reverseDigits(idx, n)
				}
				v := int(src[off+idx]) + int(src[off+other])
				if k == longDiagonal {
					v *= 2
				}
				if v < math.MinInt16 || v > math.MaxInt16 {
					return nil, fmt.Errorf("pattern weights: phase %d, pattern %d, configuration %d: folded weight %d overflows", ph, k, idx, v)
				}
				dst[off+idx] = int16(v)
			}
		}
		copy(dst[phaseSize-nScalars:], src[phaseSize-nScalars:])
	}
	return t, nil
}

const (
	cornerPattern = 4 // the 3×3 corner block
	longDiagonal  = 5 // the diagonal of 8 squares
)

// reverseDigits returns the index of the configuration idx of an n-square
// line read from its other end.
func reverseDigits(idx, n int) int {
	r := 0
	for range n {
		r = 3*r + idx%3
		idx /= 3
	}
	return r
}

// transposeBlock returns the index of the 3×3 corner configuration idx
// (square 3i+j is row i, column j from the corner) read along columns.
func transposeBlock(idx int) int {
	var d [9]int
	for i := range d {
		d[i] = idx % 3
		idx /= 3
	}
	r := 0
	for i := 8; i >= 0; i-- {
		r = 3*r + d[i%3*3+i/3]
	}
	return r
}

// eval returns the predicted final disc difference for p, in hundredths
// of a disc, given p's legal moves and o's.
func (t evalTables) eval(p, o, pMoves, oMoves uint64) int {
	empties := 64 - count(p|o)
	w := t[phaseOf(empties)*phaseSize:][:phaseSize]
	idx := func(pb, ob uint64) int { return int(base3[pb]) + 2*int(base3[ob]) }
	v := 0
	// Rows and columns 1 to 4 from each edge: the bytes of the board and
	// of its transpose.
	pt, ot := transpose(p), transpose(o)
	for k := range 4 {
		lo, hi := uint(8*k), uint(8*(7-k))
		tk := w[patternOffset[k]:]
		v += int(tk[idx(p>>lo&0xFF, o>>lo&0xFF)]) + int(tk[idx(p>>hi&0xFF, o>>hi&0xFF)]) +
			int(tk[idx(pt>>lo&0xFF, ot>>lo&0xFF)]) + int(tk[idx(pt>>hi&0xFF, ot>>hi&0xFF)])
	}
	// The corner blocks: the a1 block of the board and of its images
	// flipped top to bottom, left to right, and both.
	pm, om := mirror(p), mirror(o)
	block := func(x uint64) uint64 { return x&7 | x>>5&0x38 | x>>10&0x1C0 }
	tc := w[patternOffset[cornerPattern]:]
	for _, x := range [4][2]uint64{{p, o}, {bits.ReverseBytes64(p), bits.ReverseBytes64(o)}, {pm, om}, {bits.ReverseBytes64(pm), bits.ReverseBytes64(om)}} {
		v += int(tc[idx(block(x[0]), block(x[1]))])
	}
	// The diagonals: those parallel to a1–h8 on the board, the others on
	// its mirror image; each starting on the first row or the first
	// column, gathered into a byte by a multiplication whose partial
	// products never overlap.
	const gather = 0x0101010101010101
	td := w[patternOffset[longDiagonal]:]
	v += int(td[idx(p&diagMask[0]*gather>>56, o&diagMask[0]*gather>>56)]) +
		int(td[idx(pm&diagMask[0]*gather>>56, om&diagMask[0]*gather>>56)])
	for k := uint(1); k < 5; k++ {
		m := diagMask[k]
		tk := w[patternOffset[longDiagonal+int(k)]:]
		v += int(tk[idx((p>>k&m)*gather>>56, (o>>k&m)*gather>>56)]) +
			int(tk[idx((p>>(8*k)&m)*gather>>56, (o>>(8*k)&m)*gather>>56)]) +
			int(tk[idx((pm>>k&m)*gather>>56, (om>>k&m)*gather>>56)]) +
			int(tk[idx((pm>>(8*k)&m)*gather>>56, (om>>(8*k)&m)*gather>>56)])
	}
	scal := w[phaseSize-nScalars:]
	v += int(scal[0]) * (count(pMoves) - count(oMoves)) / 8
	v += int(scal[1])
	return v
}
