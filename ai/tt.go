package ai

// A table is a transposition table: it remembers, for positions already
// searched, bounds on their score and the best move found. Positions are
// stored whole as their key K (the mover's and the opponent's discs), so a
// hit is never a collision; the caller supplies the key's hash.
//
// One table serves one search and holds one kind of score: heuristic
// (midgame) or exact disc difference (endgame). Entries for the same
// position at the same depth merge their bounds; any other store replaces.
type table[K comparable] struct {
	entries []entry[K]
	mask    uint64
}

type entry[K comparable] struct {
	key    K
	lo, hi int16
	move   int8 // best move's square in the engine's layout, or -1
	depth  int8 // search depth the bounds hold for
	used   bool // the slot holds a position
	// sel is the selectivity the bounds hold for: 0 for a search without
	// cuts (every midgame search, and the exact solve), else the
	// selective solve's level (see solver64.sel), higher for fewer cuts.
	sel uint8
}

// newTable returns a table with 1<<bits entries.
func newTable[K comparable](bits uint) *table[K] {
	n := uint64(1) << bits
	return &table[K]{entries: make([]entry[K], n), mask: n - 1}
}

// clear empties the table.
func (t *table[K]) clear() { clear(t.entries) }

// emptyTable returns *tt emptied, or, the first time, a new table with
// 1<<bits entries kept in *tt: an engine reuses its table between searches.
func emptyTable[K comparable](tt **table[K], bits uint) *table[K] {
	if *tt == nil {
		*tt = newTable[K](bits)
	} else {
		(*tt).clear()
	}
	return *tt
}

// mix64 hashes two words.
func mix64(a, b uint64) uint64 {
	h := a*0x9E3779B97F4A7C15 ^ b*0xC2B2AE3D27D4EB4F
	return h ^ h>>31
}

// probe returns the entry for key, whose hash is h, if the table holds it.
// A key lives in one of two neighbouring slots.
func (t *table[K]) probe(key K, h uint64) (*entry[K], bool) {
	i := h & t.mask
	if e := &t.entries[i]; e.used && e.key == key {
		return e, true
	}
	if e := &t.entries[i^1]; e.used && e.key == key {
		return e, true
	}
	return nil, false
}

// cut applies the entry's bounds to the window (alpha, beta) of a node
// whose search they hold for. When they settle the node (a lower bound at
// or above beta, an upper bound at or below alpha, or an exact score) it
// returns that value and done; otherwise the window narrowed to them.
func (e *entry[K]) cut(alpha, beta int) (v, a, b int, done bool) {
	lo, hi := int(e.lo), int(e.hi)
	switch {
	case lo >= beta:
		return lo, alpha, beta, true
	case hi <= alpha:
		return hi, alpha, beta, true
	case lo == hi:
		return lo, alpha, beta, true
	}
	return 0, max(alpha, lo), min(beta, hi), false
}

// store records that the score of key (hash h) at depth lies in [lo, hi]
// and that move was the best one found. A new key takes the slot of the
// two whose entry was searched less deep.
func (t *table[K]) store(key K, h uint64, depth, lo, hi, move int) {
	t.storeSel(key, h, depth, lo, hi, move, 0)
}

// storeSel is store for a search of selectivity sel: bounds merge only
// with those of the same selectivity.
func (t *table[K]) storeSel(key K, h uint64, depth, lo, hi, move int, sel uint8) {
	i := h & t.mask
	e := &t.entries[i]
	switch other := &t.entries[i^1]; {
	case e.used && e.key == key:
	case other.used && other.key == key:
		e = other
	case !e.used:
	case !other.used || other.depth < e.depth:
		e = other
	}
	if e.used && e.key == key && int(e.depth) == depth && e.sel == sel {
		// Merge with what an earlier window proved, unless the two
		// disagree (a midgame search is not always consistent).
		if l, u := max(lo, int(e.lo)), min(hi, int(e.hi)); l <= u {
			lo, hi = l, u
		}
		if move < 0 {
			move = int(e.move)
		}
	}
	*e = entry[K]{key: key, lo: int16(lo), hi: int16(hi), move: int8(move), depth: int8(depth), used: true, sel: sel}
}
