package game

import (
	"math/rand/v2"
	"testing"
)

// midgames returns positions from random 8×8 games, 20 to 40 plies in.
func midgames(b *testing.B, o Options) []Board {
	rng := rand.New(rand.NewPCG(1, 1))
	var out []Board
	for len(out) < 256 {
		g := randomGame(b, rng, o, 20+rng.IntN(21))
		if pos, _ := g.Board(); !pos.Over() {
			out = append(out, pos)
		}
	}
	return out
}

func BenchmarkMoves64(b *testing.B) {
	ps := midgames(b, Options{Size: 8, Start: Cross})
	var sink uint64
	i := 0
	for b.Loop() {
		p, o := ps[i%len(ps)].mover()
		sink += Moves64(p.Lo, o.Lo)
		i++
	}
	_ = sink
}

func BenchmarkFlips64(b *testing.B) {
	ps := midgames(b, Options{Size: 8, Start: Cross})
	var sink uint64
	i := 0
	for b.Loop() {
		pos := ps[i%len(ps)]
		p, o := pos.mover()
		sink += Flips64(p.Lo, o.Lo, pos.Moves().First())
		i++
	}
	_ = sink
}

func BenchmarkMoves(b *testing.B) {
	for _, size := range Sizes() {
		b.Run(Options{Size: size, Start: Cross}.String(), func(b *testing.B) {
			ps := midgames(b, Options{Size: size, Start: Cross})
			n := 0
			i := 0
			for b.Loop() {
				n += ps[i%len(ps)].Moves().Count()
				i++
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	for _, size := range Sizes() {
		b.Run(Options{Size: size, Start: Cross}.String(), func(b *testing.B) {
			ps := midgames(b, Options{Size: size, Start: Cross})
			i := 0
			for b.Loop() {
				pos := ps[i%len(ps)]
				pos.Play(pos.Moves().First())
				i++
			}
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, tt := range []struct {
		size, depth int
	}{{6, 8}, {8, 8}, {10, 6}} {
		b.Run(Options{Size: tt.size, Start: Cross}.String(), func(b *testing.B) {
			start, _ := NewStart(Options{Size: tt.size, Start: Cross})
			var leaves uint64
			for b.Loop() {
				leaves = Perft(start, tt.depth)
			}
			b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}
