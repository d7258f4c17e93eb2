package ai

import (
	"container/list"
	"context"
	"sync"

	"reversi/game"
)

// SolveCache remembers exact solutions of positions, the least recently
// used forgotten first, so that the analysis page, the review and the
// hints share what any of them solved: a replay stepped through move by
// move asks for the same endgames again and again. It holds at most a
// fixed number of positions; one takes about 150 bytes. Its methods are
// safe for concurrent use, and a nil *SolveCache remembers nothing.
type SolveCache struct {
	mu    sync.Mutex
	max   int
	order *list.List                   // front: most recently used
	items map[game.Board]*list.Element // of *cacheEntry
	hits  uint64
}

type cacheEntry struct {
	b   game.Board
	sol Solution
}

// cachedEmpties is the fewest empty squares whose solutions a SolveCache
// keeps: smaller endgames are solved in a millisecond or so, and would
// only push out the dear ones.
const cachedEmpties = 12

// NewSolveCache returns a cache of at most n solved positions (at least
// one).
func NewSolveCache(n int) *SolveCache {
	return &SolveCache{max: max(1, n), order: list.New(), items: map[game.Board]*list.Element{}}
}

// Get returns b's solution if the cache holds it.
func (c *SolveCache) Get(b game.Board) (Solution, bool) {
	if c == nil {
		return Solution{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[b]
	if !ok {
		return Solution{}, false
	}
	c.hits++
	c.order.MoveToFront(e)
	return e.Value.(*cacheEntry).sol, true
}

// Put remembers sol as b's solution, when b has enough empty squares to be
// worth remembering.
func (c *SolveCache) Put(b game.Board, sol Solution) {
	if c == nil || b.Count(game.Empty) < cachedEmpties {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[b]; ok {
		c.order.MoveToFront(e)
		return
	}
	c.items[b] = c.order.PushFront(&cacheEntry{b: b, sol: sol})
	for c.order.Len() > c.max {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.items, old.Value.(*cacheEntry).b)
	}
}

// Len returns the number of positions held and the lookups that found
// theirs.
func (c *SolveCache) Len() (n int, hits uint64) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.hits
}

// SolveWith is [Solve] without progress reports, through c: a position c
// holds is not searched again, and one solved is remembered.
func SolveWith(ctx context.Context, c *SolveCache, b game.Board) (Solution, error) {
	if sol, ok := c.Get(b); ok {
		return sol, nil
	}
	sol, err := Solve(ctx, b, nil)
	if err != nil {
		return sol, err
	}
	c.Put(b, sol)
	return sol, nil
}
