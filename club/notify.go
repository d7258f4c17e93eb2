package club

import "sync"

// Notifier carries "this game changed" from the request that changed it to
// the requests waiting on it: event streams and long polls. [Broker] does it
// inside one server process; a deployment with several app servers would
// implement it over what they share (PostgreSQL's LISTEN and NOTIFY, say).
type Notifier interface {
	// Notify tells everyone waiting on the game that it changed.
	Notify(gameID string)
	// Subscribe returns a channel that receives after changes to the game
	// (several changes may arrive as one), and a function that ends the
	// subscription.
	Subscribe(gameID string) (<-chan struct{}, func())
}

// Broker is the in-process Notifier.
type Broker struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

// NewBroker returns an empty Broker.
func NewBroker() *Broker {
	return &Broker{subs: make(map[string]map[chan struct{}]struct{})}
}

// Notify implements [Notifier]. It never blocks.
func (b *Broker) Notify(gameID string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.subs[gameID] {
		select {
		case ch <- struct{}{}:
		default: // a change is already pending there
		}
	}
}

// Subscribe implements [Notifier].
func (b *Broker) Subscribe(gameID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	b.mu.Lock()
	if b.subs[gameID] == nil {
		b.subs[gameID] = make(map[chan struct{}]struct{})
	}
	b.subs[gameID][ch] = struct{}{}
	b.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			defer b.mu.Unlock()
			delete(b.subs[gameID], ch)
			if len(b.subs[gameID]) == 0 {
				delete(b.subs, gameID)
			}
		})
	}
}

// Waiting returns the number of subscriptions to gameID, for tests.
func (b *Broker) Waiting(gameID string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs[gameID])
}
