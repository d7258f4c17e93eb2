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
	// DefaultWaiters bounds them for the whole server. Event streams may
	// take three quarters of the places, so that a page refused a stream
	// still finds a place for its long poll; and one network (IPv4 /24,
	// IPv6 /64) an eighth, so that one network's cookies cannot shut the
	// others out of live updates.
	DefaultWaiters = 2000
	// DefaultStreamLifetime is how long an event stream stays open before
	// the server ends it; the browser's EventSource then reconnects by
	// itself, so that no connection lives forever.
	DefaultStreamLifetime = 10 * time.Minute
)

// waiters counts the streams and polls open, per player and in all, and
// the streams per network and in all.
type waiters struct {
	mu              sync.Mutex
	players         map[string]int
	nets            map[string]int // streams per network
	total, streams  int
	perPlayer, most int
	// perNet and mostStreams cap the streams: per network, and in all.
	perNet, mostStreams int
	refused             func(kind string)
}

func newWaiters(perPlayer, most int, refused func(string)) *waiters {
	if perPlayer <= 0 {
		perPlayer = DefaultWaitersPerPlayer
	}
	if most <= 0 {
		most = DefaultWaiters
	}
	return &waiters{players: make(map[string]int), nets: make(map[string]int), perPlayer: perPlayer, most: most,
		perNet: max(perPlayer, most/8), mostStreams: max(1, most-most/4), refused: refused}
}

// enterStream counts a new event stream of player from network net, or
// returns the status to refuse it with: 429 for the player's cap, 503 for
// the network's or the streams' (the page falls back to its long poll,
// which finds a place in the quarter that streams may not take).
func (w *waiters) enterStream(player, net string) (leave func(), status int) {
	w.mu.Lock()
	kind := ""
	switch {
	case w.players[player] >= w.perPlayer:
		kind, status = "waiters-player", http.StatusTooManyRequests
	case w.nets[net] >= w.perNet:
		kind, status = "waiters-network", http.StatusServiceUnavailable
	case w.streams >= w.mostStreams:
		kind, status = "waiters-streams", http.StatusServiceUnavailable
	default:
		w.nets[net]++
		w.streams++
	}
	w.mu.Unlock()
	if status != 0 {
		w.refused(kind)
		return nil, status
	}
	leavePlayer, status := w.enter(player)
	if status != 0 {
		w.leaveStream(net)
		return nil, status
	}
	return func() { leavePlayer(); w.leaveStream(net) }, 0
}

func (w *waiters) leaveStream(net string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.streams--
	if w.nets[net]--; w.nets[net] <= 0 {
		delete(w.nets, net)
	}
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
