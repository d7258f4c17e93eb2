// Command seedgame searches for the tutorial's late game: a whole game from
// the 8×8 cross start, played by the rules, that ends like this. White
// plays c7 and turns over d7 alone, against its e7; Black has no move and
// passes; White plays b1 and turns over six discs along two lines; then
// neither side can move, with a8 empty, White 48 and Black 15.
//
// It plays random games that keep a8, b1 and c7 empty, and from ten empty
// squares on tries every way to fill the other seven. It prints each game
// it finds as a transcript (passes left out) and stops after -n of them.
//
//	go run ./scripts/seedgame -seed 1 -n 1
package main

import (
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"time"

	"reversi/game"
)

const (
	a8, b1, c7, d7 = 56, 1, 50, 51
	reserved       = uint64(1)<<a8 | uint64(1)<<b1 | uint64(1)<<c7
)

type node struct {
	p, o  uint64 // the side to move's discs, and the other side's
	white bool   // White is to move
}

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	want := flag.Int("n", 1, "games to find")
	limit := flag.Duration("t", 10*time.Minute, "give up after this long")
	flag.Parse()
	games := search(*seed, *want, time.Now().Add(*limit))
	for _, g := range games {
		fmt.Println(g)
	}
	if len(games) == 0 {
		fmt.Fprintln(os.Stderr, "no game found")
		os.Exit(1)
	}
}

// search returns up to want transcripts of games that end as the tutorial
// needs, trying random games from seed until deadline.
func search(seed uint64, want int, deadline time.Time) []string {
	rng := rand.New(rand.NewPCG(seed, 0))
	var found []string
	for len(found) < want && time.Now().Before(deadline) {
		plies, n, ok := playout(rng)
		if !ok {
			continue
		}
		endgame(n, plies, func(t []game.Square) bool {
			found = append(found, transcript(t))
			return len(found) < want
		})
	}
	return found
}

// playout plays random moves off the reserved squares until ten squares
// are empty, White's moves weighted towards those that turn more discs.
func playout(rng *rand.Rand) ([]game.Square, node, bool) {
	n := node{p: 1<<28 | 1<<35, o: 1<<27 | 1<<36} // Black: e4, d5; White: d4, e5
	var plies []game.Square
	for bits.OnesCount64(n.p|n.o) < 54 {
		m := game.Moves64(n.p, n.o)
		if m == 0 {
			if game.Moves64(n.o, n.p) == 0 {
				return nil, n, false
			}
			n = node{p: n.o, o: n.p, white: !n.white}
			plies = append(plies, game.Pass)
			continue
		}
		if m&^reserved == 0 {
			return nil, n, false
		}
		m &^= reserved
		sq := pick(rng, n, m)
		plies = append(plies, sq)
		n = play(n, sq)
	}
	return plies, n, true
}

func pick(rng *rand.Rand, n node, m uint64) game.Square {
	k := bits.OnesCount64(m)
	if n.white && rng.IntN(3) > 0 {
		best, bestF := game.Pass, -1
		for x := m; x != 0; x &= x - 1 {
			sq := game.Square(bits.TrailingZeros64(x))
			if f := bits.OnesCount64(game.Flips64(n.p, n.o, sq)) + rng.IntN(3); f > bestF {
				best, bestF = sq, f
			}
		}
		return best
	}
	i := rng.IntN(k)
	for x := m; ; x &= x - 1 {
		if i == 0 {
			return game.Square(bits.TrailingZeros64(x))
		}
		i--
	}
}

func play(n node, sq game.Square) node {
	f := game.Flips64(n.p, n.o, sq)
	return node{p: n.o &^ f, o: n.p | f | 1<<sq, white: !n.white}
}

// endgame tries every order of the free empty squares of n, then checks
// the ending.
// found is told of each game, and says whether to go on.
func endgame(n node, plies []game.Square, found func([]game.Square) bool) bool {
	if (n.p|n.o)|reserved == ^uint64(0) {
		if t, ok := ending(n, plies); ok {
			return found(t)
		}
		return true
	}
	m := game.Moves64(n.p, n.o)
	if m == 0 {
		if game.Moves64(n.o, n.p) == 0 {
			return true
		}
		return endgame(node{p: n.o, o: n.p, white: !n.white}, append(plies, game.Pass), found)
	}
	if m&^reserved == 0 {
		return true
	}
	for x := m &^ reserved; x != 0; x &= x - 1 {
		sq := game.Square(bits.TrailingZeros64(x))
		if !endgame(play(n, sq), append(plies[:len(plies):len(plies)], sq), found) {
			return false
		}
	}
	return true
}

// ending checks the last three plies from n, where only a8, b1 and c7
// are empty, and returns the whole game.
func ending(n node, plies []game.Square) ([]game.Square, bool) {
	if !n.white || plies[len(plies)-1] == game.Pass {
		return nil, false
	}
	if game.Flips64(n.p, n.o, c7) != 1<<d7 {
		return nil, false
	}
	n = play(n, c7)
	if game.Moves64(n.p, n.o) != 0 { // Black must have no move
		return nil, false
	}
	n = node{p: n.o, o: n.p, white: true}
	f := game.Flips64(n.p, n.o, b1)
	if bits.OnesCount64(f) != 6 || lines(f) != 2 {
		return nil, false
	}
	n = play(n, b1)
	if game.Moves64(n.p, n.o) != 0 || game.Moves64(n.o, n.p) != 0 {
		return nil, false
	}
	// Black to move: n.p is Black, n.o White.
	if bits.OnesCount64(n.o) != 48 || bits.OnesCount64(n.p) != 15 {
		return nil, false
	}
	return append(plies[:len(plies):len(plies)], c7, game.Pass, b1), true
}

// lines counts the directions from b1 along which the discs f lie.
func lines(f uint64) int {
	k := 0
	for _, dir := range []uint64{
		0xFC,               // right: c1..h1
		0x0202020202020200, // down: b2..b8
		1<<10 | 1<<19 | 1<<28 | 1<<37 | 1<<46 | 1<<55, // down and right: c2..h7
		1 << 8, // down and left: a2
	} {
		if f&dir != 0 {
			k++
		}
	}
	return k
}

func transcript(plies []game.Square) string {
	s := ""
	for _, sq := range plies {
		if sq != game.Pass {
			s += sq.Name(8)
		}
	}
	return s
}
