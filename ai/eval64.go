package ai

// The evaluation of the fast engine, from the side to move's view, in
// hundredths of a disc or so. Its terms are the ones players learn:
// mobility (moves now), potential mobility (empty squares next to the
// opponent's discs: moves later), corners, X- and C-squares next to an
// empty corner, and stable discs. Disc count matters only near the end.

const (
	wMobility  = 60
	wPotential = 20
	wCorner    = 400
	wX         = -250
	wC         = -80
	wStable    = 90
	wDisc      = 20 // per disc, with few empties left

	// Scores of finished games in midgame searches: beyond any evaluation,
	// larger for bigger wins.
	winScore  = 20000
	discScore = 64
)

// terminal scores a finished game for the midgame search.
func terminal(diff int) int {
	switch {
	case diff > 0:
		return winScore + diff*discScore
	case diff < 0:
		return -winScore + diff*discScore
	}
	return 0
}

// centidiscs turns a search value into hundredths of a disc: evaluations
// are in those units already; a won or lost game found by the search is
// winScore beyond them, plus discScore per disc.
func centidiscs(v int) int {
	switch {
	case v > winScore/2:
		return (v - winScore) / discScore * 100
	case v < -winScore/2:
		return (v + winScore) / discScore * 100
	}
	return v
}

// eval scores the position for p, the side to move, whose legal moves are
// moves (passed in because the search has them already).
func (g *geo64) eval(p, o, moves uint64) int {
	empty := g.mask &^ (p | o)
	v := wMobility * (count(moves) - count(g.moves(o, p)))
	v += wPotential * (count(neighbours(o)&empty) - count(neighbours(p)&empty))
	v += wCorner * (count(p&g.corners) - count(o&g.corners))
	for i := range 4 {
		if g.corner[i]&empty != 0 {
			v += wX * (count(p&g.xs[i]) - count(o&g.xs[i]))
			v += wC * (count(p&g.cs[i]) - count(o&g.cs[i]))
		}
	}
	if (p|o)&g.corners != 0 {
		v += wStable * (count(g.stable(p)) - count(g.stable(o)))
	}
	if e := count(empty); e < 16 {
		v += wDisc * (16 - e) / 16 * (count(p) - count(o))
	}
	return v
}
