package play

import (
	"errors"
	"sync"
)

// Places to wait. An event stream or a long poll holds a connection and a
// goroutine for as long as it waits for a change, so the places are
// counted: per player, per network and in all.

// Limits of the places to wait.
const (
	// DefaultWaitersPerPlayer bounds one player's streams and polls at
	// once: a few tabs of one game, or a game and its next round.
	DefaultWaitersPerPlayer = 4
	// DefaultWaiters bounds them for the whole server. Event streams may
	// take three quarters of the places, so that a page refused a stream
	// still finds a place for its long poll; one network (IPv4 /24, IPv6
	// /64) an eighth of the places for its streams and a quarter for its
	// streams and polls together, so that one network's cookies cannot
	// shut the others out of live updates.
	DefaultWaiters = 2000
)

// Waiters counts the streams and polls open, per player, per network and
// in all, and the streams per network and in all. When the server's
// places are full, a newcomer from a network that holds fewer than the
// network holding most takes one of that network's places: the waiter
// there is stopped (a stream ends and its browser reconnects, a poll
// answers at once), so that many networks' cookies cannot shut a new
// network out.
type Waiters struct {
	mu              sync.Mutex
	players         map[string]int
	nets            map[string]int // streams per network
	netWaiters      map[string]int // streams and polls per network
	places          map[string]map[*place]struct{}
	total, streams  int
	perPlayer, most int
	// perNet and mostStreams cap the streams: per network, and in all;
	// perNetWaiters caps a network's streams and polls together.
	perNet, mostStreams, perNetWaiters int
	refused                            func(kind string)
}

// place is one waiter counted: a stream or a poll of who from net, with
// the function that stops it when another network needs the place.
type place struct {
	who, net string
	stream   bool
	stop     func()
	gone     bool
}

// NewWaiters counts places to wait: perPlayer for one player, most in
// all (the defaults when 0); refused is told the kind of each refusal.
func NewWaiters(perPlayer, most int, refused func(kind string)) *Waiters {
	if perPlayer <= 0 {
		perPlayer = DefaultWaitersPerPlayer
	}
	if most <= 0 {
		most = DefaultWaiters
	}
	return &Waiters{players: make(map[string]int), nets: make(map[string]int), netWaiters: make(map[string]int),
		places: make(map[string]map[*place]struct{}), perPlayer: perPlayer, most: most,
		perNet: max(perPlayer, most/8), mostStreams: max(1, most-most/4), perNetWaiters: max(perPlayer, most/4),
		refused: refused}
}

// EnterStream counts a new event stream of who (a player, or an address
// for a visitor without one) from network net, or refuses it with
// ErrWaitsPlayer for the player's cap or ErrWaitsBusy for the network's
// or the streams' (the page falls back to its long poll, which finds a
// place in the quarter that streams may not take). stop ends the stream
// when another network takes its place; leave ends the count.
func (w *Waiters) EnterStream(who, net string, stop func()) (leave func(), err error) {
	return w.admit(&place{who: who, net: net, stream: true, stop: stop})
}

// EnterPoll counts a new long poll of who from network net, as
// EnterStream does a stream: ErrWaitsPlayer for the player's cap,
// ErrWaitsBusy for the network's or the server's.
func (w *Waiters) EnterPoll(who, net string, stop func()) (leave func(), err error) {
	return w.admit(&place{who: who, net: net, stop: stop})
}

// Refusals of a place to wait.
var (
	// ErrWaitsPlayer: the player already waits in as many places as one
	// may (a few tabs).
	ErrWaitsPlayer = errors.New("too many waits of one player")
	// ErrWaitsBusy: the player's network, or the server, has no place left.
	ErrWaitsBusy = errors.New("no place left to wait")
)

func (w *Waiters) admit(p *place) (leave func(), err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	kind := ""
	switch {
	case w.players[p.who] >= w.perPlayer:
		kind, err = "waiters-player", ErrWaitsPlayer
	case p.stream && w.nets[p.net] >= w.perNet, w.netWaiters[p.net] >= w.perNetWaiters:
		kind, err = "waiters-network", ErrWaitsBusy
	case p.stream && w.streams >= w.mostStreams && !w.evict(p.net, true):
		kind, err = "waiters-streams", ErrWaitsBusy
	case w.total >= w.most && !w.evict(p.net, false):
		kind, err = "waiters-server", ErrWaitsBusy
	}
	if err != nil {
		w.refused(kind)
		return nil, err
	}
	w.players[p.who]++
	w.netWaiters[p.net]++
	w.total++
	if p.stream {
		w.nets[p.net]++
		w.streams++
	}
	if w.places[p.net] == nil {
		w.places[p.net] = make(map[*place]struct{})
	}
	w.places[p.net][p] = struct{}{}
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.release(p)
	}, nil
}

// evict frees a place for a newcomer from network net, a stream's when
// stream is set: it stops a waiter of the network holding most, if that
// network would still hold more than net once the newcomer is in. It
// reports whether it freed one.
func (w *Waiters) evict(net string, stream bool) bool {
	count := w.netWaiters
	if stream {
		count = w.nets
	}
	most, mostNet := 0, ""
	for n, k := range count {
		if k > most || k == most && n < mostNet {
			most, mostNet = k, n
		}
	}
	if most <= count[net]+1 {
		return false
	}
	for p := range w.places[mostNet] {
		if p.stream || !stream {
			w.refused("waiters-evicted")
			w.release(p)
			if p.stop != nil {
				p.stop()
			}
			return true
		}
	}
	return false
}

// release uncounts p, once.
func (w *Waiters) release(p *place) {
	if p.gone {
		return
	}
	p.gone = true
	w.total--
	if w.players[p.who]--; w.players[p.who] <= 0 {
		delete(w.players, p.who)
	}
	if w.netWaiters[p.net]--; w.netWaiters[p.net] <= 0 {
		delete(w.netWaiters, p.net)
	}
	if p.stream {
		w.streams--
		if w.nets[p.net]--; w.nets[p.net] <= 0 {
			delete(w.nets, p.net)
		}
	}
	if delete(w.places[p.net], p); len(w.places[p.net]) == 0 {
		delete(w.places, p.net)
	}
}

// Open reports how many waiters are counted.
func (w *Waiters) Open() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.total
}
