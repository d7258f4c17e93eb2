package ai

import (
	"math/rand/v2"

	"reversi/game"
)

// Personalities of Easy and Normal: one ply, no search. (Beginner has
// none: it plays at random within its two rules about corners.)
const (
	easyWhim       = 0.10 // chance that Easy plays any move that keeps corners safe
	normalCareless = 0.02 // chance that Normal plays any corner-safe move
	normalEndgame  = 10   // empties from which Normal counts discs
)

// beginner plays a legal move at random, with two rules: it takes a
// corner when it can, and it does not give one away (leave the opponent a
// legal move on a corner) when some other move does not. When every move
// gives a corner away it plays any of them.
//
// The draw is weighted by the fourth power of the discs a move turns
// over, as a child's eye goes to the big captures. Uniform chance with the
// two corner rules beat Easy and Normal most of the time
// (docs/measurements.md);
// leaning to the big captures, a poor habit in Othello, keeps Beginner the
// weakest level while every move it makes is still a chance draw.
func beginner(b game.Board, rng *rand.Rand) game.Square {
	moves := b.Moves()
	corners := geoBitsBySize[b.Size()].corners
	if takes := moves.And(corners); !takes.IsZero() {
		return pickRandom(takes.Squares(), rng)
	}
	safe := cornerSafe(b, moves.Squares(), corners)
	return pickWeighted(safe, rng, func(sq game.Square) int {
		n := b.Flips(sq).Count()
		return n * n * n * n
	})
}

// cornerSafe returns the moves that do not give the opponent a corner, or
// all of moves when each of them does.
func cornerSafe(b game.Board, moves []game.Square, corners game.Bits) []game.Square {
	var safe []game.Square
	for _, sq := range moves {
		if !givesCorner(b, sq, corners) {
			safe = append(safe, sq)
		}
	}
	if len(safe) == 0 {
		return moves
	}
	return safe
}

// pickWeighted returns one of moves at random, each with a chance in
// proportion to its weight (at least 1).
func pickWeighted(moves []game.Square, rng *rand.Rand, weight func(game.Square) int) game.Square {
	total := 0
	for _, sq := range moves {
		total += max(1, weight(sq))
	}
	x := rng.IntN(total)
	for _, sq := range moves {
		if x -= max(1, weight(sq)); x < 0 {
			return sq
		}
	}
	return moves[len(moves)-1]
}

// givesCorner reports whether, after the side to move plays sq, the
// opponent could play on a corner.
func givesCorner(b game.Board, sq game.Square, corners game.Bits) bool {
	next, _, err := b.Play(sq)
	return err == nil && !next.Moves().And(corners).IsZero()
}

// pickRandom returns one of moves, chosen at random.
func pickRandom(moves []game.Square, rng *rand.Rand) game.Square {
	return moves[rng.IntN(len(moves))]
}

// easy plays the move that flips the most discs, ties broken at random,
// and now and then any legal move on a whim. It knows nothing of corners
// and never goes for one, but it has learnt two things not to do: hand the
// opponent a corner on the next move, and play on the X-square (diagonally
// next to an empty corner), as long as another move avoids them; between
// equal captures it leaves the C-squares alone too. Greedy
// flipping alone lost four games in five to Beginner's corner rules; with
// them Easy wins most (docs/measurements.md), and a player who grabs
// corners and keeps off the squares beside them still beats it.
func easy(b game.Board, rng *rand.Rand) game.Square {
	g := geoBitsBySize[b.Size()]
	moves := cornerSafe(b, b.Moves().Squares(), g.corners)
	if rng.Float64() < easyWhim {
		return moves[rng.IntN(len(moves))]
	}
	empty := b.Discs(game.Empty)
	return pickBest(moves, rng, func(sq game.Square) int {
		v := b.Flips(sq).Count()
		for i := range 4 {
			if g.xs[i].Has(sq) && !g.corner[i].And(empty).IsZero() {
				v -= 1000
			}
			// Between equal captures, not the C-square either.
			if g.cs[i].Has(sq) && !g.corner[i].And(empty).IsZero() {
				v--
			}
		}
		return v
	})
}

// normal plays by a table of square values: corners first, X- and
// C-squares next to an empty corner avoided (whether the move places a
// disc there or turns one over there), edges a little liked; then quiet
// moves, that put few discs next to empty squares. Over the last
// normalEndgame empties it counts discs instead: the move that turns over
// the most, corners and the squares beside them still weighed first.
//
// It looks at the reply for one thing only: like Beginner and Easy, it does
// not play a move that lets the opponent take a corner while another move
// does not. Without that check Normal scored about even with Beginner,
// whose two rules about corners are worth more than any table of squares
// in our matches (docs/measurements.md). It never searches the reply for
// the opponent's best answer, and when no corner is on offer it sometimes
// plays any of its corner-safe moves, carelessly.
func normal(b game.Board, rng *rand.Rand) game.Square {
	g := geoBitsBySize[b.Size()]
	moves := b.Moves().Squares()
	if b.Moves().And(g.corners).IsZero() {
		// A corner on offer is taken even when it opens another.
		moves = cornerSafe(b, moves, g.corners)
	}
	careless := rng.Float64() < normalCareless
	empty := b.Discs(game.Empty)
	endgame := empty.Count() <= normalEndgame
	value := func(sq game.Square) int {
		w := 0
		if c, r, last := sq.Col(g.n), sq.Row(g.n), g.n-1; c == 0 || c == last || r == 0 || r == last {
			w = 5
		}
		for i := range 4 {
			switch {
			case g.corner[i].Has(sq):
				w = 1000
			case g.xs[i].Has(sq) && !g.corner[i].And(empty).IsZero():
				w = -300
			case g.cs[i].Has(sq) && !g.corner[i].And(empty).IsZero():
				w = -100
			}
		}
		placed := b.Flips(sq).Or(game.Bit(sq))
		// Discs turned over onto an X- or C-square next to an empty
		// corner open that corner just as placing one there does.
		for i := range 4 {
			if !g.corner[i].And(empty).IsZero() {
				w -= 90*placed.And(g.xs[i]).Count() + 30*placed.And(g.cs[i]).Count()
			}
		}
		if endgame {
			return 10*w + placed.Count()
		}
		// Quiet moves: the fewer new discs next to an empty square, the
		// better. This outweighs liking edges: in our matches a stronger
		// taste for edges (and a dislike of the second ring) lost games.
		frontier := placed.And(g.neighbours(empty.AndNot(game.Bit(sq)))).Count()
		return 10*w - 40*frontier - placed.Count()
	}
	best := pickBest(moves, rng, value)
	if careless && !g.corners.Has(best) {
		return moves[rng.IntN(len(moves))]
	}
	return best
}

// pickBest returns the move of highest value, ties broken at random.
func pickBest(moves []game.Square, rng *rand.Rand, value func(game.Square) int) game.Square {
	best, bestValue, ties := game.Pass, 0, 0
	for _, sq := range moves {
		v := value(sq)
		switch {
		case best == game.Pass || v > bestValue:
			best, bestValue, ties = sq, v, 1
		case v == bestValue:
			ties++
			if rng.IntN(ties) == 0 {
				best = sq
			}
		}
	}
	return best
}
