package play

import (
	"context"
	"testing"
)

// waitIn starts a search of net waiting for a slot of s, and returns once
// it waits; the search's name goes to got when it gets its slot, and its
// release to rel.
func waitIn(t *testing.T, ctx context.Context, s *fairSlots, net, name string, got chan<- string, rel chan<- func()) {
	t.Helper()
	waiting := make(chan struct{})
	go func() {
		release, ok := s.acquire(ctx, net, func() { close(waiting) })
		if !ok {
			got <- name + " gave up"
			return
		}
		rel <- release
		got <- name
	}()
	<-waiting
}

func TestFairSlotsServeNetworksInTurn(t *testing.T) {
	for _, tc := range []struct {
		name    string
		waiters [][2]string // network, name, in the order they come
		want    []string
	}{
		{"one network first come first served", [][2]string{{"a", "a1"}, {"a", "a2"}}, []string{"a1", "a2"}},
		{"a flood waits behind a later network", [][2]string{{"a", "a1"}, {"a", "a2"}, {"a", "a3"}, {"b", "b1"}}, []string{"a1", "b1", "a2", "a3"}},
		{"three networks in turn", [][2]string{{"a", "a1"}, {"a", "a2"}, {"b", "b1"}, {"c", "c1"}, {"b", "b2"}}, []string{"a1", "b1", "c1", "a2", "b2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newFairSlots(1)
			hold, ok := s.acquire(context.Background(), "flood", nil)
			if !ok {
				t.Fatal("no slot free at the start")
			}
			got, rel := make(chan string, len(tc.waiters)), make(chan func(), len(tc.waiters))
			for _, w := range tc.waiters {
				waitIn(t, context.Background(), s, w[0], w[1], got, rel)
			}
			hold()
			for i, want := range tc.want {
				if g := <-got; g != want {
					t.Fatalf("slot %d went to %s, want %s", i+1, g, want)
				}
				(<-rel)()
			}
		})
	}
}

func TestFairSlotsGiveUpLeavesTheLine(t *testing.T) {
	s := newFairSlots(1)
	hold, _ := s.acquire(context.Background(), "a", nil)
	got, rel := make(chan string, 2), make(chan func(), 2)
	ctx, cancel := context.WithCancel(context.Background())
	waitIn(t, ctx, s, "a", "quitter", got, rel)
	waitIn(t, context.Background(), s, "b", "stayer", got, rel)
	cancel()
	if g := <-got; g != "quitter gave up" {
		t.Fatalf("got %s, want the cancelled search to give up", g)
	}
	hold()
	if g := <-got; g != "stayer" {
		t.Fatalf("got %s, want the slot to go to the one still waiting", g)
	}
	(<-rel)()
	if _, ok := s.acquire(canceled(), "c", nil); !ok {
		t.Fatal("the slot was not freed after every search gave it back")
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// A review holding its slot (and the reviews' only one) leaves every
// computer slot free: a move gets one at once, with no wait at all (its
// context is already over, so any wait would fail).
func TestAComputerMoveNeverWaitsBehindAReview(t *testing.T) {
	a := &App{aiSlots: newFairSlots(1), reviewSlot: make(chan struct{}, 1)}
	releaseReview, err := a.reviewSearchSlot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer releaseReview()
	release, ok := a.searchSlot(WithNetwork(canceled(), "net 192.0.2.0/24"))
	if !ok {
		t.Fatal("a computer move waited for a slot while only a review searched")
	}
	release()
	if _, err := a.reviewSearchSlot(canceled()); err == nil {
		t.Fatal("a second review search got a slot while the first held the reviews' slot")
	}
}
