//go:build amd64 && !purego

package ai

import (
	"golang.org/x/sys/cpu"

	"reversi/game"
)

//go:generate go run gen_leaf.go

// useLeafAsm says whether the last six empties are searched by the
// assembly in leaf_amd64.s, which needs AVX2, POPCNT and BMI1's ANDN and
// TZCNT.
var useLeafAsm = cpu.X86.HasAVX2 && cpu.X86.HasPOPCNT && cpu.X86.HasBMI1

// leafLZCNT says whether the assembly finds the flips towards lower bits
// by AVX-512's leading-zero count on 256-bit vectors (AVX512CD and
// AVX512VL), or else by smearing the bits, which takes 5 to 15% longer
// over a solve. GODEBUG=cpu.avx512f=off turns it off.
var leafLZCNT = hasLZCNT()

// hasLZCNT says whether the processor has VPLZCNTQ on 256-bit vectors.
func hasLZCNT() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512CD && cpu.X86.HasAVX512VL
}

// last6asm and last5asm are last6Go and last5Go in assembly on 8×8 (the
// stability cutoff they make assumes it); last4asm, last3asm and last2asm
// are last4Go, last3Go and last2Go on any board. last6asm, last5asm and
// last4asm return the positions they made too, which the Go adds to the
// budget as it goes.
//
//go:noescape
func last6asm(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) (score, nodes int)

//go:noescape
func last5asm(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) (score, nodes int)

//go:noescape
func last4asm(p, o uint64, a, b, c, d, alpha, beta int) (score, nodes int)

//go:noescape
func last3asm(p, o uint64, a, b, c, alpha, beta int) int

//go:noescape
func last2asm(p, o uint64, a, b, alpha, beta int) int

// moveList7asm and moveListAsm are moveList on 8×8 at seven empties and
// from eight to evalOrderEmpties-1: they fill buf with the moves, their
// flips, replies and keys, and return how many.
//
//go:noescape
func moveList7asm(p, o, moves uint64, ttMove int, buf *[maxMoves]solveMove) int

//go:noescape
func moveListAsm(p, o, moves uint64, ttMove int, buf *[maxMoves]solveMove) int

// last1asm, stableAsm and flipsAsm are last1, geo8.stableFull and flips
// in assembly, for the tests.
//
//go:noescape
func last1asm(p, o uint64, sq int) int

//go:noescape
func stableAsm(p, o uint64) uint64

//go:noescape
func flipsAsm(p, o uint64, sq int) uint64

// leafRays holds each square's eight rays (game.Rays64) for the assembly.
//
//lint:ignore U1000 read by leaf_amd64.s
var leafRays = func() (t [64][8]uint64) {
	for sq := range 64 {
		t[sq] = game.Rays64(game.Square(sq))
	}
	return t
}()

// leafLines holds, for each square, what the assembly needs to count the
// last empty's flips along its four lines (as lastCount does): the line's
// mask, a multiplier that gathers the masked discs into the top byte in
// the line's order, and the offset into lastFlips of the square's place on
// the line. Rows and both diagonals gather each disc at its column, a
// column each disc at its row.
//
//lint:ignore U1000 read by leaf_amd64.s
var leafLines = func() (t [64][12]uint64) {
	const (
		col0   = 0x0101010101010101
		gather = 0x0102040810204080
	)
	for sq := range 64 {
		r, c := sq/8, sq%8
		var diag, anti uint64
		for i := range 8 {
			if j := i - r + c; j >= 0 && j < 8 {
				diag |= 1 << uint(i*8+j)
			}
			if j := r + c - i; j >= 0 && j < 8 {
				anti |= 1 << uint(i*8+j)
			}
		}
		t[sq] = [12]uint64{
			0xff << uint(8*r), col0 << uint(c), diag, anti,
			1 << uint(56-8*r), gather >> uint(c), col0, col0,
			uint64(256 * c), uint64(256 * r), uint64(256 * c), uint64(256 * c),
		}
	}
	return t
}()
