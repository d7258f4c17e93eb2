package play

import (
	"context"
	"errors"
	"runtime"
	"testing"
)

// TestTurns checks who waits for whom: one call at a time per line (a
// player's, or an address's for browsers without a cookie) and per game.
// A call that waits ends when its context does, and every lock is given
// back.
func TestTurns(t *testing.T) {
	for _, tc := range []struct {
		name          string
		first, second Who
		game1, game2  string
		waits         bool
	}{
		{"one player twice", Who{Player: "p1"}, Who{Player: "p1"}, "g1", "g2", true},
		{"two browsers behind one address", Who{Player: "p1", Line: "addr 192.0.2.1"}, Who{Player: "p2", Line: "addr 192.0.2.1"}, "", "", true},
		{"two players, one game", Who{Player: "p1"}, Who{Player: "p2"}, "g1", "g1", true},
		{"two players, two games", Who{Player: "p1"}, Who{Player: "p2"}, "g1", "g2", false},
		{"two addresses", Who{Player: "p1", Line: "addr 192.0.2.1"}, Who{Player: "p2", Line: "addr 192.0.2.2"}, "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &App{turns: newKeyedLocks()}
			done, err := a.takeTurn(context.Background(), tc.first, tc.game1)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			result := make(chan error, 1)
			go func() {
				done2, err := a.takeTurn(ctx, tc.second, tc.game2)
				if err == nil {
					done2()
				}
				result <- err
			}()
			if !tc.waits {
				if err := <-result; err != nil {
					t.Errorf("the second call, in no line of the first's: %v, want its turn at once", err)
				}
			} else {
				// The second call waits once it holds a place in a line
				// that the first holds: some key has two callers.
				for !a.turns.contended() {
					runtime.Gosched()
				}
				cancel()
				if err := <-result; !errors.Is(err, context.Canceled) {
					t.Errorf("the waiting call, its client gone: %v, want context.Canceled", err)
				}
			}
			done()
			if n := a.turns.held(); n != 0 {
				t.Errorf("%d locks still held after both calls", n)
			}
		})
	}
}

// contended reports whether some key has a waiter besides its holder.
func (k *keyedLocks) contended() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, l := range k.locks {
		if l.refs > 1 {
			return true
		}
	}
	return false
}
