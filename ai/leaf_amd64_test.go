//go:build amd64 && !purego

package ai

import (
	"context"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"reversi/game"
)

// needLeafAsm skips a test of the assembly on a processor without it.
func needLeafAsm(t *testing.T) {
	t.Helper()
	if !useLeafAsm {
		t.Skip("this processor lacks AVX2, POPCNT or BMI1: the last six empties are searched in Go")
	}
}

// eachFlip runs test for each way of finding flips the processor has:
// with AVX-512's leading-zero count (subtest lzcnt) and without (smear).
func eachFlip(t *testing.T, test func(t *testing.T)) {
	t.Helper()
	needLeafAsm(t)
	defer func(saved bool) { leafLZCNT = saved }(leafLZCNT)
	for _, lz := range []bool{true, false} {
		name := "smear"
		if lz {
			name = "lzcnt"
		}
		if lz && !hasLZCNT() {
			t.Logf("%s: this processor lacks AVX-512's VPLZCNTQ", name)
			continue
		}
		leafLZCNT = lz
		t.Run(name, test)
	}
}

// leafBoard returns random discs for both sides with the squares of empty
// left clear; some boards are lopsided, where passes are common, and some
// sparse, as on 6×6 or early in the game.
func leafBoard(rng *rand.Rand, empty uint64) (p, o uint64) {
	p = rng.Uint64()
	switch rng.IntN(4) {
	case 0:
		p |= rng.Uint64() | rng.Uint64()
	case 1:
		p &= rng.Uint64() & rng.Uint64()
	}
	p &^= empty
	o = ^(p | empty)
	if rng.IntN(4) == 0 {
		sparse := rng.Uint64() | rng.Uint64()
		p, o = p&sparse, o&sparse
	}
	return p, o
}

// TestOneSquareAsm holds flipsAsm and last1asm to flips and last1 on
// random boards with one empty square (full boards, where last1 counts,
// and sparse ones, where it plays the move).
func TestOneSquareAsm(t *testing.T) {
	eachFlip(t, func(t *testing.T) {
		for i, tc := range []struct {
			name      string
			asm, want func(p, o uint64, sq int) int64
		}{
			{"flipsAsm",
				func(p, o uint64, sq int) int64 { return int64(flipsAsm(p, o, sq)) },
				func(p, o uint64, sq int) int64 { return int64(flips(p, o, sq)) }},
			{"last1asm",
				func(p, o uint64, sq int) int64 { return int64(last1asm(p, o, sq)) },
				func(p, o uint64, sq int) int64 { return int64(last1(p, o, sq)) }},
		} {
			t.Run(tc.name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(7, uint64(i)))
				for range 200000 {
					sq := rng.IntN(64)
					p, o := leafBoard(rng, 1<<uint(sq))
					if got, want := tc.asm(p, o, sq), tc.want(p, o, sq); got != want {
						t.Fatalf("%s(%#x, %#x, %d) = %#x, want %#x", tc.name, p, o, sq, got, want)
					}
				}
			})
		}
	})
}

// TestLast2And3Asm holds last2asm and last3asm to last2Go and last3Go:
// the same value for every window, not only the same bound, so the
// solver's tree is the same.
func TestLast2And3Asm(t *testing.T) {
	eachFlip(t, func(t *testing.T) {
		type search func(p, o uint64, sqs [smallEmpties]int8, alpha, beta int) int
		for _, tc := range []struct {
			name      string
			n         int
			asm, want search
		}{
			{"last2asm", 2,
				func(p, o uint64, s [smallEmpties]int8, alpha, beta int) int {
					return last2asm(p, o, int(s[0]), int(s[1]), alpha, beta)
				},
				func(p, o uint64, s [smallEmpties]int8, alpha, beta int) int {
					return last2Go(p, o, int(s[0]), int(s[1]), alpha, beta)
				}},
			{"last3asm", 3,
				func(p, o uint64, s [smallEmpties]int8, alpha, beta int) int {
					return last3asm(p, o, int(s[0]), int(s[1]), int(s[2]), alpha, beta)
				},
				func(p, o uint64, s [smallEmpties]int8, alpha, beta int) int {
					return last3Go(p, o, int(s[0]), int(s[1]), int(s[2]), alpha, beta)
				}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(11, uint64(tc.n)))
				for range 200000 {
					sqs, empty := randomEmpties(rng, tc.n)
					p, o := leafBoard(rng, empty)
					alpha, beta := randomWindow(rng)
					if got, want := tc.asm(p, o, sqs, alpha, beta), tc.want(p, o, sqs, alpha, beta); got != want {
						t.Fatalf("%s(%#x, %#x, %v, %d, %d) = %d, want %d", tc.name, p, o, sqs[:tc.n], alpha, beta, got, want)
					}
				}
			})
		}
	})
}

// randomEmpties returns n distinct random squares and their set.
func randomEmpties(rng *rand.Rand, n int) (sqs [smallEmpties]int8, empty uint64) {
	for i := range n {
		for {
			sq := rng.IntN(64)
			if empty&(1<<uint(sq)) == 0 {
				sqs[i], empty = int8(sq), empty|1<<uint(sq)
				break
			}
		}
	}
	return sqs, empty
}

// randomWindow returns a random window, sometimes the full one.
func randomWindow(rng *rand.Rand) (alpha, beta int) {
	if rng.IntN(5) == 0 {
		return -127, 127
	}
	alpha = rng.IntN(129) - 65
	return alpha, alpha + 1 + rng.IntN(20)
}

// TestLast4Asm holds the assembly to last4Go: the same value for every
// window and the same count of positions.
func TestLast4Asm(t *testing.T) {
	eachFlip(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(15, 16))
		s := &solver64{g: geo8, b: newBudget(context.Background(), 0, time.Time{})}
		for range 100000 {
			sqs, empty := randomEmpties(rng, 4)
			p, o := leafBoard(rng, empty)
			alpha, beta := randomWindow(rng)
			a, b, c, d := int(sqs[0]), int(sqs[1]), int(sqs[2]), int(sqs[3])
			s.b.nodes = 0
			want := s.last4Go(p, o, a, b, c, d, alpha, beta)
			got, n := last4asm(p, o, a, b, c, d, alpha, beta)
			if got != want || uint64(n) != s.b.nodes {
				t.Fatalf("last4asm(%#x, %#x, %d, %d, %d, %d, %d, %d) = %d in %d positions, want %d in %d",
					p, o, a, b, c, d, alpha, beta, got, n, want, s.b.nodes)
			}
		}
	})
}

func TestLast5Asm(t *testing.T) { testLastAsm(t, 5, 50000) }
func TestLast6Asm(t *testing.T) { testLastAsm(t, 6, 20000) }

// testLastAsm holds last5asm or last6asm to last5Go or last6Go on 8×8,
// after a pass or not.
func testLastAsm(t *testing.T, n, positions int) {
	eachFlip(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(17, uint64(n)))
		s := &solver64{g: geo8, b: newBudget(context.Background(), 0, time.Time{})}
		goSearch, asmSearch := s.last5Go, last5asm
		if n == 6 {
			goSearch, asmSearch = s.last6Go, last6asm
		}
		for range positions {
			sqs, empty := randomEmpties(rng, n)
			p, o := leafBoard(rng, empty)
			alpha, beta := randomWindow(rng)
			passed := rng.IntN(8) == 0
			s.b.nodes = 0
			want := goSearch(p, o, alpha, beta, &sqs, passed)
			got, nodes := asmSearch(p, o, alpha, beta, &sqs, passed)
			if got != want || uint64(nodes) != s.b.nodes {
				t.Fatalf("last%dasm(%#x, %#x, %d, %d, %v, %v) = %d in %d positions, want %d in %d",
					n, p, o, alpha, beta, sqs, passed, got, nodes, want, s.b.nodes)
			}
		}
	})
}

// TestMoveListAsm holds moveList7asm and moveListAsm to moveList at seven
// empties and at eight to evalOrderEmpties-1.
func TestMoveListAsm(t *testing.T) {
	eachFlip(t, func(t *testing.T) {
		defer func(saved bool) { useLeafAsm = saved }(useLeafAsm)
		rng := rand.New(rand.NewPCG(23, 24))
		s := &solver64{g: geo8, b: newBudget(context.Background(), 0, time.Time{})}
		var goBuf, asmBuf [maxMoves]solveMove
		for range 100000 {
			var empty uint64
			for n := 4 + rng.IntN(30); count(empty) < n; {
				empty |= 1 << uint(rng.IntN(64))
			}
			p, o := leafBoard(rng, empty)
			moves := s.g.moves(p, o)
			ttMove := -1
			if moves != 0 && rng.IntN(2) == 0 {
				ttMove = int(bits.TrailingZeros64(moves))
			}
			useLeafAsm = false
			for _, tc := range []struct {
				name    string
				empties int
				list    func(p, o, moves uint64, ttMove int, buf *[maxMoves]solveMove) int
			}{
				{"moveList7asm", fastEmpties, moveList7asm},
				{"moveListAsm", fastEmpties + 1 + rng.IntN(evalOrderEmpties-fastEmpties-1), moveListAsm},
			} {
				want := s.moveList(&goBuf, p, o, moves, ttMove, tc.empties)
				got := asmBuf[:tc.list(p, o, moves, ttMove, &asmBuf)]
				if !slices.Equal(got, want) {
					t.Fatalf("%s(%#x, %#x, %#x, %d) = %v, want %v", tc.name, p, o, moves, ttMove, got, want)
				}
			}
		}
	})
}

// TestStableAsm holds stable<> to geo8.stableFull.
func TestStableAsm(t *testing.T) {
	eachFlip(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(21, 22))
		for range 200000 {
			_, empty := randomEmpties(rng, rng.IntN(smallEmpties+1))
			if rng.IntN(4) == 0 {
				empty |= rng.Uint64() & rng.Uint64()
			}
			p, o := leafBoard(rng, empty)
			if got, want := stableAsm(p, o), geo8.stableFull(p, o); got != want {
				t.Fatalf("stableAsm(%#x, %#x) = %#x, want %#x", p, o, got, want)
			}
		}
	})
}

var leafRace = flag.String("leafrace", "", "solve the endgames of testdata/edax-race.txt whose ids start with this (\"all\" for every one) with the assembly and without, in turn, and log both times")

// TestLeafRace is a measurement, not a check of speed: each position is
// solved with the last empties in assembly and in Go, one after the other
// in alternating order, so that the machine's drift falls on both; it
// fails only if the two differ in score, move or positions searched.
//
//	go test ./ai -run TestLeafRace -leafrace b -v -timeout 1h
func TestLeafRace(t *testing.T) {
	if *leafRace == "" {
		t.Skip("a measurement: run with -leafrace PREFIX (or all)")
	}
	needLeafAsm(t)
	data, err := os.ReadFile("testdata/edax-race.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer func(saved bool) { useLeafAsm = saved }(useLeafAsm)
	var total [2]time.Duration
	i := 0
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) != 3 || strings.HasPrefix(f[0], "#") || (*leafRace != "all" && !strings.HasPrefix(f[0], *leafRace)) {
			continue
		}
		b, err := game.ParseLine(f[1] + " " + f[2])
		if err != nil {
			t.Fatalf("%s: %v", f[0], err)
		}
		var took [2]time.Duration
		var sols [2]Solution
		for k := range 2 {
			asm := (i+k)%2 == 1
			useLeafAsm = asm
			start := time.Now()
			sol, err := Solve(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			v := 0
			if asm {
				v = 1
			}
			took[v], sols[v] = time.Since(start), sol
		}
		i++
		if sols[0] != sols[1] {
			t.Errorf("%s: Go %+v, assembly %+v", f[0], sols[0], sols[1])
		}
		total[0] += took[0]
		total[1] += took[1]
		t.Logf("%-4s %+3d %11d positions  Go %8.3f s  assembly %8.3f s  %.2f", f[0], sols[1].Score, sols[1].Nodes,
			took[0].Seconds(), took[1].Seconds(), took[1].Seconds()/took[0].Seconds())
	}
	flip := "smear"
	if leafLZCNT {
		flip = "lzcnt"
	}
	t.Logf("all: Go %.2f s, assembly (%s) %.2f s, %.3f", total[0].Seconds(), flip, total[1].Seconds(), total[1].Seconds()/total[0].Seconds())
}

// BenchmarkLeaf searches random positions of four and five empties (full
// boards, random windows) by the Go and by the assembly, with AVX-512's
// leading-zero count (asm) and without (smear); calls do not wait on each
// other, so this is the throughput, not the latency a solve sees.
func BenchmarkLeaf(b *testing.B) {
	if !useLeafAsm {
		b.Skip("this processor lacks the instructions the assembly needs")
	}
	rng := rand.New(rand.NewPCG(19, 20))
	type leaf struct {
		p, o        uint64
		sqs         [smallEmpties]int8
		alpha, beta int
	}
	for _, n := range []int{4, 5} {
		leaves := make([]leaf, 1024)
		for i := range leaves {
			sqs, empty := randomEmpties(rng, n)
			p := rng.Uint64() &^ empty
			alpha := rng.IntN(41) - 20
			leaves[i] = leaf{p, ^(p | empty), sqs, alpha, alpha + 1}
		}
		s := &solver64{g: geo8, b: newBudget(context.Background(), 0, time.Time{})}
		search := map[string]func(l *leaf) int{
			"go": func(l *leaf) int {
				if n == 4 {
					return s.last4Go(l.p, l.o, int(l.sqs[0]), int(l.sqs[1]), int(l.sqs[2]), int(l.sqs[3]), l.alpha, l.beta)
				}
				return s.last5Go(l.p, l.o, l.alpha, l.beta, &l.sqs, false)
			},
			"asm": func(l *leaf) int {
				if n == 4 {
					v, _ := last4asm(l.p, l.o, int(l.sqs[0]), int(l.sqs[1]), int(l.sqs[2]), int(l.sqs[3]), l.alpha, l.beta)
					return v
				}
				v, _ := last5asm(l.p, l.o, l.alpha, l.beta, &l.sqs, false)
				return v
			},
		}
		search["smear"] = search["asm"]
		for _, name := range []string{"go", "asm", "smear"} {
			if name == "asm" && !hasLZCNT() {
				continue
			}
			b.Run(fmt.Sprintf("%d/%s", n, name), func(b *testing.B) {
				// The Go functions call down through last4, last3 and
				// last2, which would pick the assembly.
				defer func(asm, lz bool) { useLeafAsm, leafLZCNT = asm, lz }(useLeafAsm, leafLZCNT)
				useLeafAsm, leafLZCNT = name != "go", name == "asm"
				f, i := search[name], 0
				for b.Loop() {
					f(&leaves[i&1023])
					i++
				}
			})
		}
	}
}

// TestLeafSmearNeedsNoAVX512 reads leaf_amd64.s for what the differential
// tests cannot see, since both ways give the same answers: that the
// functions after FLIP's second definition use no AVX-512 instruction and
// call only each other, and that every entry goes to the VPLZCNTQ
// function only when ·leafLZCNT is set. Otherwise a processor without
// AVX-512 would stop on an illegal instruction.
func TestLeafSmearNeedsNoAVX512(t *testing.T) {
	src, err := os.ReadFile("leaf_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	first, second, ok := strings.Cut(string(src), "#undef FLIP\n")
	if !ok {
		t.Fatal("leaf_amd64.s does not define FLIP twice")
	}
	if !strings.Contains(first, "VPLZCNTQ") {
		t.Error("the first FLIP does not count leading zeros")
	}
	smear, entries, ok := strings.Cut(second, "\nTEXT ·")
	if !ok {
		t.Fatal("leaf_amd64.s has no entries after the second FLIP")
	}
	for _, op := range []string{"VPLZCNT", "VPTERNLOG", "VPCONFLICT", "ZMM", "Z0", "K1"} {
		if strings.Contains(smear, op) {
			t.Errorf("the functions for AVX2 alone use %s", op)
		}
	}
	called := regexp.MustCompile(`(?m)^\s+(?:CALL|JMP)\s+(\w+)<>\(SB\)`)
	for _, m := range called.FindAllStringSubmatch(smear, -1) {
		if !strings.HasSuffix(m[1], "_smear") {
			t.Errorf("a function for AVX2 alone calls %s", m[1])
		}
	}
	choice := regexp.MustCompile(`CMPB ·leafLZCNT\(SB\), \$0\n\tJEQ  smear\n\t(CALL|JMP ) (\w+)<>\(SB\)\n(?:\tJMP  chosen\n)?\nsmear:\n\t(CALL|JMP ) (\w+)<>\(SB\)\n`)
	n := 0
	for entry := range strings.SplitSeq(entries, "\nTEXT ·") {
		name, _, _ := strings.Cut(entry, "(")
		m := choice.FindStringSubmatch(entry)
		if m == nil || m[1] != m[3] || strings.HasSuffix(m[2], "_smear") || m[4] != m[2]+"_smear" {
			t.Errorf("entry %s does not choose %q by ·leafLZCNT", name, m)
			continue
		}
		n++
	}
	if n < 10 {
		t.Errorf("%d entries choose, want the ten Go calls", n)
	}
}
