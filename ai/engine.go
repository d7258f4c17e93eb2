package ai

import (
	"reversi/game"
)

// An engine searches one position: the fast one on a uint64 per side for
// 6×6 and 8×8, the generic one on [game.Bits] for 10×10.
type engine interface {
	// empties returns the number of empty squares.
	empties() int
	// solve searches to the end of the game; ok is false if the budget
	// stopped it.
	solve(b *budget, progress func(RootMove)) (score int, move game.Square, ok bool)
	// think runs the iterative-deepening midgame search up to maxDepth
	// plies, leaving out the move exclude (or none, for game.Pass). It
	// returns the best move of the deepest completed iteration, its score
	// and that depth; with no iteration complete, the first move in the
	// static order and depth 0; with no move, game.Pass.
	think(b *budget, exclude game.Square, maxDepth int) (score int, move game.Square, depth int)
}

// engineFor returns an engine for b, with transposition tables of
// 1<<tableBits entries.
func engineFor(b game.Board, tableBits uint) engine {
	if g := geoFor(b.Size()); g != nil {
		p, o := g.to64(b)
		return &engine64{g: g, p: p, o: o, tableBits: tableBits}
	}
	return newEngineBits(b, tableBits)
}

// engine64 is the fast engine.
type engine64 struct {
	g         *geo64
	p, o      uint64 // side to move, opponent
	tableBits uint
	tt        *table[key64]
	near      *table[key64] // the solver's near table (see solver64.near)
	learned   evalTables    // for the midgame search, if not nil
	probCut   float64       // the midgame search's ProbCut, if not 0
}

func (e *engine64) empties() int { return count(e.g.mask &^ (e.p | e.o)) }

func (e *engine64) table() *table[key64] {
	return emptyTable(&e.tt, e.tableBits)
}

// solver returns a solver of the engine's position, its tables emptied.
func (e *engine64) solver(b *budget) *solver64 {
	return &solver64{g: e.g, tt: e.table(), near: emptyTable(&e.near, nearBits), b: b}
}

func (e *engine64) solve(b *budget, progress func(RootMove)) (int, game.Square, bool) {
	s := e.solver(b)
	var report func(move, score, alpha int)
	if progress != nil {
		report = func(move, score, alpha int) {
			progress(RootMove{Move: e.g.square(move), Score: score, Exact: score > alpha})
		}
	}
	score, move, ok := s.root(e.p, e.o, report)
	return score, e.square(move), ok
}

func (e *engine64) think(b *budget, exclude game.Square, maxDepth int) (int, game.Square, int) {
	s := &searcher64{g: e.g, tt: e.table(), b: b, learned: e.learned, probCut: e.probCut}
	var ex uint64
	if exclude != game.Pass {
		ex = 1 << uint(e.g.sq64(exclude))
	}
	score, move, depth := s.think(e.p, e.o, ex, maxDepth)
	return score, e.square(move), depth
}

// square maps a bit index to the board's square, -1 to [game.Pass].
func (e *engine64) square(i int) game.Square {
	if i < 0 {
		return game.Pass
	}
	return e.g.square(i)
}
