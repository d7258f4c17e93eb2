package handlers

import (
	"context"
	"sync"

	"github.com/gin-gonic/gin"

	"reversi/play"
)

// keyedLocks gives out one lock per key (a player id, a game id), made when
// first asked for and dropped when nobody holds or waits for it.
//
// The requests that may run a search (a move against the computer, a hint)
// take their player's lock and their game's before they load the game, so
// that each player and each game has at most one search in flight. A flood
// of posts from one page then waits in line: the first searches and
// stores, and every later one finds its ply stale when it loads the game,
// and is refused without a search. And since each player has at most one
// request waiting for the search pool, the pool serves players in turn:
// one player's flood delays only that player.
type keyedLocks struct {
	mu    sync.Mutex
	locks map[string]*keyLock
}

type keyLock struct {
	ch   chan struct{} // holds a value while the lock is held
	refs int           // holders and waiters
}

func newKeyedLocks() *keyedLocks { return &keyedLocks{locks: make(map[string]*keyLock)} }

// lock waits, within ctx, for key's lock and returns the function that
// gives it back.
func (k *keyedLocks) lock(ctx context.Context, key string) (unlock func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, err // the client has gone: no turn to wait for
	}
	k.mu.Lock()
	l, ok := k.locks[key]
	if !ok {
		l = &keyLock{ch: make(chan struct{}, 1)}
		k.locks[key] = l
	}
	l.refs++
	k.mu.Unlock()
	select {
	case l.ch <- struct{}{}:
		return func() { <-l.ch; k.release(key, l) }, nil
	case <-ctx.Done():
		k.release(key, l)
		return nil, ctx.Err()
	}
}

func (k *keyedLocks) release(key string, l *keyLock) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if l.refs--; l.refs == 0 {
		delete(k.locks, key)
	}
}

// held reports how many keys have a holder or a waiter, for tests.
func (k *keyedLocks) held() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.locks)
}

// oneAtATime runs the rest of the request holding its player's lock and,
// under /games/{id}, its game's (see keyedLocks). A request whose client
// goes away while it waits ends there. A new game takes a turn only if the
// computer may open it: nothing else in it searches, and a browser without
// a cookie waits in its address's line, which a whole school may share.
func (s *Server) oneAtATime(c *gin.Context) {
	if c.Param("id") == "" && !play.ComputerOpens(c.Request.PostForm) {
		c.Next()
		return
	}
	keys := []string{"player " + limitKey(c)}
	if id := c.Param("id"); id != "" {
		keys = append(keys, "game "+id)
	}
	for _, key := range keys { // always the player's first: no cycle of waits
		unlock, err := s.turns.lock(c.Request.Context(), key)
		if err != nil {
			c.Set(abortedKey, true)
			c.Abort()
			return
		}
		defer unlock()
	}
	c.Next()
}
