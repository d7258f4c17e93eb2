package play

import (
	"context"
	"sync"
)

// The computer's searches share a few slots, one per core but one. A slot
// freed goes to the networks that wait in turn, not to the oldest waiter,
// so that sixty cookies from one network (each player has at most one
// search waiting, turns.go) wait behind one another and not in front of
// another network's player: a network's search waits for at most one
// search of each other network that waits.
//
// Reviews do not take these slots at all: they have a slot of their own
// (App.reviewSlot), so a computer move never waits behind a review, which
// may hold its slot for a long search at a time. Analyses (analysis.go)
// have theirs too, a fairSlots of one, for the same reason.

type netKey struct{}

// WithNetwork returns ctx carrying network (see Network), the network the
// searches asked for within ctx are counted under for a fair share of the
// search slots. A front sets it once per request; a search without one is
// counted under the network "".
func WithNetwork(ctx context.Context, network string) context.Context {
	return context.WithValue(ctx, netKey{}, network)
}

func networkOf(ctx context.Context) string {
	n, _ := ctx.Value(netKey{}).(string)
	return n
}

// fairSlots is a counting semaphore whose freed slots go round the
// waiting networks in turn, each network's waiters first come, first
// served.
type fairSlots struct {
	mu    sync.Mutex
	free  int
	queue map[string][]*slotWaiter // by network, oldest first
	turn  []string                 // networks with waiters, next first
}

// slotWaiter is one search waiting; granted is closed when the slot is
// handed to it.
type slotWaiter struct {
	net     string
	granted chan struct{}
}

func newFairSlots(n int) *fairSlots {
	return &fairSlots{free: n, queue: map[string][]*slotWaiter{}}
}

// acquire waits, within ctx, for a slot for network net, calling onWait
// (if not nil) when it has to wait; ok is false when ctx ended first.
func (s *fairSlots) acquire(ctx context.Context, net string, onWait func()) (release func(), ok bool) {
	s.mu.Lock()
	if s.free > 0 && len(s.turn) == 0 {
		s.free--
		s.mu.Unlock()
		return s.release, true
	}
	w := &slotWaiter{net: net, granted: make(chan struct{})}
	if len(s.queue[net]) == 0 {
		s.turn = append(s.turn, net)
	}
	s.queue[net] = append(s.queue[net], w)
	s.mu.Unlock()
	if onWait != nil {
		onWait()
	}
	select {
	case <-w.granted:
		return s.release, true
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-w.granted:
		// Handed over as ctx ended: pass it on.
		s.handOver()
		return nil, false
	default:
	}
	s.remove(w)
	return nil, false
}

// release gives a slot back, to the next network in turn if any waits.
func (s *fairSlots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handOver()
}

// handOver gives one held slot to the first waiter of the network whose
// turn it is, or frees it; s.mu is held.
func (s *fairSlots) handOver() {
	if len(s.turn) == 0 {
		s.free++
		return
	}
	net := s.turn[0]
	s.turn = s.turn[1:]
	q := s.queue[net]
	w := q[0]
	if q = q[1:]; len(q) > 0 {
		s.queue[net] = q
		s.turn = append(s.turn, net) // to the back of the line
	} else {
		delete(s.queue, net)
	}
	close(w.granted)
}

// remove takes w, not granted, out of its network's line; s.mu is held.
func (s *fairSlots) remove(w *slotWaiter) {
	q := s.queue[w.net]
	for i, x := range q {
		if x == w {
			q = append(q[:i:i], q[i+1:]...)
			break
		}
	}
	if len(q) > 0 {
		s.queue[w.net] = q
		return
	}
	delete(s.queue, w.net)
	for i, n := range s.turn {
		if n == w.net {
			s.turn = append(s.turn[:i:i], s.turn[i+1:]...)
			break
		}
	}
}
