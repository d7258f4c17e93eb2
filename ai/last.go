package ai

// Counting the last move's flips without playing it. With one empty
// square left every other square holds a disc, so the discs a move there
// turns over depend on the mover's discs alone: along each of the four
// lines through the square, a table indexed by the line's pattern of the
// mover's discs gives the count.

// lastFlips[k][line] is the number of discs turned over by a move at
// position k of a line of eight squares, where line has a bit set for each
// of the mover's discs and every other square (k aside) is the
// opponent's. Lines shorter than eight (diagonals) leave their missing
// squares clear: a run into them never meets a disc of the mover, so it
// flips nothing, as a run off the board should.
var lastFlips = func() (t [8][256]uint8) {
	for k := range 8 {
		for line := range 256 {
			n := 0
			for _, d := range [2]int{-1, 1} {
				run := 0
				for i := k + d; i >= 0 && i < 8; i += d {
					if line>>uint(i)&1 != 0 {
						n += run
						break
					}
					run++
				}
			}
			t[k][line] = uint8(n)
		}
	}
	return t
}()

// lastLines holds, for each square, the masks of its diagonals and where
// it sits on each of its four lines.
type lastLine struct {
	diag, anti uint64 // the square's two diagonals
	col, row   uint8  // the square's column and row
}

var lastLines = func() (t [64]lastLine) {
	for sq := range 64 {
		c, r := sq%8, sq/8
		l := lastLine{col: uint8(c), row: uint8(r)}
		for i := range 64 {
			ci, ri := i%8, i/8
			if ci-ri == c-r {
				l.diag |= 1 << uint(i)
			}
			if ci+ri == c+r {
				l.anti |= 1 << uint(i)
			}
		}
		t[sq] = l
	}
	return t
}()

// lastCount returns how many discs p turns over by a move at sq when sq is
// the only empty square (all others p's or the opponent's).
func lastCount(p uint64, sq int) int {
	l := &lastLines[sq&63]
	c, r := l.col&7, l.row&7
	row := uint8(p >> (8 * r))
	col := uint8((p >> c & colA) * 0x0102040810204080 >> 56)
	// On a diagonal each square has its own column: the multiply gathers
	// them into the top byte by column.
	diag := uint8((p & l.diag) * colA >> 56)
	anti := uint8((p & l.anti) * colA >> 56)
	return int(lastFlips[c][row]) + int(lastFlips[r][col]) + int(lastFlips[c][diag]) + int(lastFlips[c][anti])
}
