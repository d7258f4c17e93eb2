package db

import (
	"reversi/club"
	"slices"
	"sync"
)

// gameCacheSize bounds the games kept in memory: about a kilobyte each.
const gameCacheSize = 4096

// gameCache keeps recently read games in memory, so that a move and the
// page after it read no row. It never holds a game other than as stored:
//
//   - every write that changes a game says so through Tx.After, which
//     applies it after the commit, in commit order, before the writer is
//     answered; so a request that follows its own write reads it. An
//     update is applied to the kept game through its row and the same
//     column list as the update's SQL (see changeGame), never by fields
//     copied one by one, so a game field added later cannot be left
//     behind;
//   - a read that misses fills the cache only if no change was applied
//     while it read, since it may have read the row from before that change.
//
// It assumes that this process is the database's only writer, as the
// server is. Games are copied in and out: callers may change what they get.
type gameCache struct {
	mu  sync.Mutex
	m   map[string]*club.Game
	seq uint64 // changes applied so far
}

func newGameCache() *gameCache { return &gameCache{m: make(map[string]*club.Game)} }

// get returns a copy of the game with the given id. When there is none, it
// returns the sequence number that fill needs.
func (c *gameCache) get(id string) (*club.Game, uint64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	g, ok := c.m[id]
	if !ok {
		return nil, c.seq, false
	}
	return cloneGame(g), 0, true
}

// fill keeps a copy of g, read from the table when the cache stood at seq,
// unless a change was applied since.
func (c *gameCache) fill(g *club.Game, seq uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seq != seq {
		return
	}
	c.put(g)
}

// put keeps a copy of g, making room if need be; c.mu is held.
func (c *gameCache) put(g *club.Game) {
	if _, ok := c.m[g.ID]; !ok && len(c.m) >= gameCacheSize {
		for id := range c.m { // an arbitrary game: map order is random
			delete(c.m, id)
			break
		}
	}
	c.m[g.ID] = cloneGame(g)
}

// update replaces the game with the given id, if it is kept, with what f
// makes of it (f may change the game it is given); if f fails, the game
// is dropped.
func (c *gameCache) update(id string, f func(g *club.Game) (*club.Game, error)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	g, ok := c.m[id]
	if !ok {
		return
	}
	if g, err := f(g); err == nil {
		c.m[id] = g
	} else {
		delete(c.m, id)
	}
}

// clear drops every game, after writes that deleted games by a rule
// rather than by id.
func (c *gameCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	clear(c.m)
}

// forget drops the game with the given id.
func (c *gameCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	delete(c.m, id)
}

// clone returns a copy of g that shares nothing with it.
func cloneGame(g *club.Game) *club.Game {
	h := *g
	h.Record.Plies = slices.Clone(g.Record.Plies)
	return &h
}
