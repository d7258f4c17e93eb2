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

//go:generate go run gen_last.go

// lastCount returns how many discs p turns over by a move at sq when sq is
// the only empty square (all others p's or the opponent's). Each square has
// its own function (last_sq.go, written by gen_last.go), whose lines are
// constants: the row is p's byte as it is, a column is gathered into a
// byte by a multiply, and so is a diagonal, each of whose squares has its
// own column.
func lastCount(p uint64, sq int) int {
	return lastCountSq[sq&63](p)
}
