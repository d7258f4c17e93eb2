package ai

import (
	"math/rand/v2"

	"reversi/game"
)

// Personalities of Easy and Normal: one ply, no search. (Beginner has
// none: it plays at random within its two rules about corners.)
const (
	easyWhim       = 0.2  // chance that Easy plays any legal move
	normalCareless = 0.06 // chance that Normal plays any non-corner move
)

// beginner plays a legal move at random, with two rules: it takes a
// corner when it can, and it does not give one away (leave the opponent a
// legal move on a corner) when some other move does not. When every move
// gives a corner away it plays any of them.
func beginner(b game.Board, rng *rand.Rand) game.Square {
	moves := b.Moves()
	corners := geoBitsBySize[b.Size()].corners
	if takes := moves.And(corners); !takes.IsZero() {
		return pickRandom(takes.Squares(), rng)
	}
	var safe []game.Square
	for sq := range moves.All() {
		if !givesCorner(b, sq, corners) {
			safe = append(safe, sq)
		}
	}
	if len(safe) > 0 {
		return pickRandom(safe, rng)
	}
	return pickRandom(moves.Squares(), rng)
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
// and now and then any legal move on a whim. It knows nothing of corners.
func easy(b game.Board, rng *rand.Rand) game.Square {
	moves := b.Moves().Squares()
	if rng.Float64() < easyWhim {
		return moves[rng.IntN(len(moves))]
	}
	return pickBest(moves, rng, func(sq game.Square) int { return b.Flips(sq).Count() })
}

// normal plays by a table of square values: corners first, edges liked,
// X- and C-squares next to an empty corner avoided; then quiet moves, that
// put few discs next to empty squares. It never looks at the reply, and
// when no corner is on offer it sometimes plays any move, carelessly.
func normal(b game.Board, rng *rand.Rand) game.Square {
	moves := b.Moves().Squares()
	careless := rng.Float64() < normalCareless
	g := geoBitsBySize[b.Size()]
	empty := b.Discs(game.Empty)
	value := func(sq game.Square) int {
		w := 0
		switch c, r, last := sq.Col(g.n), sq.Row(g.n), g.n-1; {
		case c == 0 || c == last || r == 0 || r == last:
			w = 30
		case c == 1 || c == last-1 || r == 1 || r == last-1:
			w = -10
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
		// Quiet moves: the fewer new discs next to an empty square, the
		// better (this judges the move, not the reply).
		placed := b.Flips(sq).Or(game.Bit(sq))
		frontier := placed.And(g.neighbours(empty.AndNot(game.Bit(sq)))).Count()
		return 10*w - 5*frontier - placed.Count()
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
