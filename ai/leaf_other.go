//go:build !amd64 || purego

package ai

// Without the assembly the last six empties are searched in Go: these
// are never called.
const useLeafAsm = false

const noLeafAsm = "ai: no assembly for the last empties on this platform"

func last6asm(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) (score, nodes int) {
	panic(noLeafAsm)
}
func last5asm(p, o uint64, alpha, beta int, sqs *[smallEmpties]int8, passed bool) (score, nodes int) {
	panic(noLeafAsm)
}
func last4asm(p, o uint64, a, b, c, d, alpha, beta int) (score, nodes int) { panic(noLeafAsm) }
func last3asm(p, o uint64, a, b, c, alpha, beta int) int                   { panic(noLeafAsm) }
func last2asm(p, o uint64, a, b, alpha, beta int) int                      { panic(noLeafAsm) }

func moveList7asm(p, o, moves uint64, ttMove int, buf *[maxMoves]solveMove) int { panic(noLeafAsm) }
func moveListAsm(p, o, moves uint64, ttMove int, buf *[maxMoves]solveMove) int  { panic(noLeafAsm) }
