package play

import (
	"context"
	"sync"
)

// This file is who may act, and when: each player, and each game, has at
// most one request that may search in flight. The App methods that may
// search (Move, Resume, Hint, and Start when the computer opens) take the
// turns themselves, so that every front (the web pages today, any other
// tomorrow) waits in the same lines and none can go around them.
//
// A flood of posts from one page then waits in line: the first searches
// and stores, and every later one, reading the game again once its turn
// comes, finds its ply stale and is refused without a search. And since
// each player has at most one request waiting for a search slot, the slots
// serve players in turn: one player's flood delays only that player.

// Who is the person a call acts for.
type Who struct {
	// Player is their player id.
	Player string
	// Line is the line they wait in for their turn; their player id when
	// empty. A front gives another key for a person it knows by other
	// means: the web front puts a browser that has no cookie yet (whose
	// player id was made for this very request) in its address's line,
	// "addr 192.0.2.1", which a whole school may share, so that fresh
	// cookies buy no extra places.
	Line string
}

// line is the key of who's line.
func (w Who) line() string {
	if w.Line != "" {
		return "player " + w.Line
	}
	return "player " + w.Player
}

// takeTurn waits, within ctx, for who's turn and then, when gameID is not
// "", for the game's, and returns the function that gives both back. The
// player's always comes first, so that no two requests wait on each other.
// A request whose ctx ends while it waits (its client went away) gets
// ctx's error.
func (a *App) takeTurn(ctx context.Context, who Who, gameID string) (done func(), err error) {
	keys := []string{who.line()}
	if gameID != "" {
		keys = append(keys, "game "+gameID)
	}
	var held []func()
	done = func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i]()
		}
	}
	for _, key := range keys {
		unlock, err := a.turns.lock(ctx, key)
		if err != nil {
			done()
			return nil, err
		}
		held = append(held, unlock)
	}
	return done, nil
}

// keyedLocks gives out one lock per key (a player's line, a game id), made
// when first asked for and dropped when nobody holds or waits for it.
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

// held reports how many keys have a holder or a waiter.
func (k *keyedLocks) held() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.locks)
}

// inTurn waits for who's turn and m's game's (takeTurn), then reads the
// game as it stands in that turn (fresh). The caller calls done when its
// turn is over; on an error there is no turn to give back.
func (a *App) inTurn(ctx context.Context, who Who, m *Match) (*Match, func(), error) {
	done, err := a.takeTurn(ctx, who, m.Game.ID)
	if err != nil {
		return m, nil, err
	}
	n, err := a.fresh(ctx, m)
	if err != nil {
		done()
		return n, nil, err
	}
	return n, done, nil
}

// fresh reads m's game again, from the same seat: a match loaded before
// its request's turn came may be out of date by then.
func (a *App) fresh(ctx context.Context, m *Match) (*Match, error) {
	g, err := a.store.Game(ctx, m.Game.ID)
	if err != nil {
		return m, err
	}
	n, err := m.Reload(g)
	if err != nil {
		return m, err
	}
	return n, nil
}
