package handlers

import (
	"net/http"
	"sync"
	"time"
)

// Limits of the requests that wait: event streams and long polls. Each
// holds a connection and a goroutine for as long as it waits.
const (
	// DefaultWaitersPerPlayer bounds one player's streams and polls at
	// once: a few tabs of one game, or a game and its next round.
	DefaultWaitersPerPlayer = 4
	// DefaultWaiters bounds them for the whole server.
	DefaultWaiters = 2000
	// DefaultStreamLifetime is how long an event stream stays open before
	// the server ends it; the browser's EventSource then reconnects by
	// itself, so that no connection lives forever.
	DefaultStreamLifetime = 10 * time.Minute
)

// waiters counts the streams and polls open, per player and in all.
type waiters struct {
	mu              sync.Mutex
	players         map[string]int
	total           int
	perPlayer, most int
	refused         func(kind string)
}

func newWaiters(perPlayer, most int, refused func(string)) *waiters {
	if perPlayer <= 0 {
		perPlayer = DefaultWaitersPerPlayer
	}
	if most <= 0 {
		most = DefaultWaiters
	}
	return &waiters{players: make(map[string]int), perPlayer: perPlayer, most: most, refused: refused}
}

// enter counts a new waiter of player. If that would pass a cap it counts
// nothing and returns the status to refuse it with: 429 for the player's
// cap, 503 for the server's.
func (w *waiters) enter(player string) (leave func(), status int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.players[player] >= w.perPlayer:
		w.refused("waiters-player")
		return nil, http.StatusTooManyRequests
	case w.total >= w.most:
		w.refused("waiters-server")
		return nil, http.StatusServiceUnavailable
	}
	w.players[player]++
	w.total++
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.total--
		if w.players[player]--; w.players[player] == 0 {
			delete(w.players, player)
		}
	}, 0
}

// open reports how many waiters are counted, for tests.
func (w *waiters) open() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.total
}
