package play

import (
	"errors"
	"fmt"
	"testing"
)

// TestStreamsSharedPerNetwork fills one network's share of the event
// streams with many players: the next player of that network is refused
// (and falls back to its long poll, which still finds a place), while
// another network's player gets a stream.
func TestStreamsSharedPerNetwork(t *testing.T) {
	var refusals []string
	w := NewWaiters(4, 80, func(kind string) { refusals = append(refusals, kind) })
	// 80 places: streams may take 60, one network 10.
	for i := range 10 {
		if _, err := w.EnterStream(fmt.Sprintf("p%d", i), "net 198.51.100.0/24", nil); err != nil {
			t.Fatalf("stream %d within the network's share refused: %v", i, err)
		}
	}
	for _, tc := range []struct {
		name, player, net string
		stream            bool
		want              error
	}{
		{"a new player of the full network", "p10", "net 198.51.100.0/24", true, ErrWaitsBusy},
		{"the same player's long poll", "p10", "net 198.51.100.0/24", false, nil},
		{"another network's player", "q0", "net 203.0.113.0/24", true, nil},
	} {
		var err error
		if tc.stream {
			_, err = w.EnterStream(tc.player, tc.net, nil)
		} else {
			_, err = w.EnterPoll(tc.player, tc.net, nil)
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if len(refusals) != 1 || refusals[0] != "waiters-network" {
		t.Errorf("refusals %q, want one waiters-network", refusals)
	}
}

// TestStreamsLeaveRoomForPolls fills the streams' share from many
// networks: the next stream is refused, and long polls still find the
// quarter kept for them; a stream that leaves frees its place.
func TestStreamsLeaveRoomForPolls(t *testing.T) {
	w := NewWaiters(4, 8, func(string) {}) // streams may take 6, a network max(4, 1)
	var leaves []func()
	for i := range 6 {
		leave, err := w.EnterStream(fmt.Sprintf("p%d", i), fmt.Sprintf("net 10.0.%d.0/24", i), nil)
		if err != nil {
			t.Fatalf("stream %d refused: %v", i, err)
		}
		leaves = append(leaves, leave)
	}
	if _, err := w.EnterStream("p6", "net 10.0.6.0/24", nil); !errors.Is(err, ErrWaitsBusy) {
		t.Errorf("a seventh stream: %v, want ErrWaitsBusy", err)
	}
	for i := range 2 {
		if _, err := w.EnterPoll(fmt.Sprintf("poll%d", i), fmt.Sprintf("net 10.1.%d.0/24", i), nil); err != nil {
			t.Errorf("long poll %d with the streams full: %v, want a place", i, err)
		}
	}
	leaves[0]()
	if _, err := w.EnterStream("p6", "net 10.0.6.0/24", nil); err != nil {
		t.Errorf("a stream after one left: %v, want a place", err)
	}
}

// TestPollsSharedPerNetwork fills one network's quarter of the places
// with long polls from many players (the 520-cookie attack, in small):
// the network's next poll is refused with 503 and answers at once, while
// another network's player still finds a place; a poll that ends frees
// its place.
func TestPollsSharedPerNetwork(t *testing.T) {
	var refusals []string
	w := NewWaiters(4, 40, func(kind string) { refusals = append(refusals, kind) })
	// 40 places: a network's streams and polls together may take 10.
	const flood = "net 198.51.100.0/24"
	var leaves []func()
	for i := range 10 {
		leave, err := w.EnterPoll(fmt.Sprintf("cookie%d", i), flood, nil)
		if err != nil {
			t.Fatalf("poll %d within the network's share refused: %v", i, err)
		}
		leaves = append(leaves, leave)
	}
	if _, err := w.EnterPoll("cookie10", flood, nil); !errors.Is(err, ErrWaitsBusy) {
		t.Errorf("the flooding network's eleventh poll: %v, want ErrWaitsBusy", err)
	}
	if _, err := w.EnterStream("cookie11", flood, nil); !errors.Is(err, ErrWaitsBusy) {
		t.Errorf("the flooding network's stream beyond its share: %v, want ErrWaitsBusy", err)
	}
	for i := range 20 {
		if _, err := w.EnterPoll(fmt.Sprintf("other%d", i), fmt.Sprintf("net 203.0.%d.0/24", i), nil); err != nil {
			t.Errorf("another network's poll %d: %v, want a place", i, err)
		}
	}
	leaves[0]()
	if _, err := w.EnterPoll("cookie10", flood, nil); err != nil {
		t.Errorf("the network's poll after one ended: %v, want a place", err)
	}
	if len(refusals) != 2 || refusals[0] != "waiters-network" || refusals[1] != "waiters-network" {
		t.Errorf("refusals %q, want two waiters-network", refusals)
	}
}

// TestNewNetworkTakesAPlace fills every stream place from two networks
// (the flood of many networks, in small): a player of a third network
// still gets a stream, in the place of one of the network holding most,
// which is stopped; networks holding as many as each other do not take
// each other's places; and the stopped stream's leave counts nothing
// twice. Long polls do the same with the server's places.
func TestNewNetworkTakesAPlace(t *testing.T) {
	w := NewWaiters(4, 16, func(string) {}) // streams may take 12, a network 4, its streams and polls 4
	stopped := map[string]bool{}
	var leaves []func()
	for i := range 12 {
		name := fmt.Sprintf("flood%d", i)
		leave, err := w.EnterStream(name, fmt.Sprintf("net 10.0.%d.0/24", i%3), func() { stopped[name] = true })
		if err != nil {
			t.Fatalf("flood stream %d: %v", i, err)
		}
		leaves = append(leaves, leave)
	}
	if _, err := w.EnterStream("flood12", "net 10.0.0.0/24", nil); !errors.Is(err, ErrWaitsBusy) {
		t.Errorf("a flooding network's stream with every place taken: %v, want ErrWaitsBusy", err)
	}
	if len(stopped) != 0 {
		t.Fatalf("networks holding alike took places of each other: %v stopped", stopped)
	}
	leave, err := w.EnterStream("newcomer", "net 203.0.113.0/24", nil)
	if err != nil {
		t.Fatalf("a new network's stream with every place taken: %v, want a place", err)
	}
	if len(stopped) != 1 {
		t.Fatalf("%d streams stopped for the newcomer, want 1", len(stopped))
	}
	if w.Open() != 12 {
		t.Errorf("%d waiters counted, want 12", w.Open())
	}
	for _, l := range leaves {
		l()
	}
	leave()
	if w.Open() != 0 || len(w.players) != 0 || len(w.nets) != 0 || len(w.netWaiters) != 0 || len(w.places) != 0 || w.streams != 0 {
		t.Errorf("after every leave: %d open, %d streams, maps %v %v %v %v", w.Open(), w.streams, w.players, w.nets, w.netWaiters, w.places)
	}

	// Long polls: 16 places, a network's share 4, four networks fill them.
	stopped = map[string]bool{}
	for i := range 16 {
		name := fmt.Sprintf("poll%d", i)
		if _, err := w.EnterPoll(name, fmt.Sprintf("net 10.1.%d.0/24", i%4), func() { stopped[name] = true }); err != nil {
			t.Fatalf("poll %d: %v", i, err)
		}
	}
	if _, err := w.EnterPoll("newcomer", "net 203.0.113.0/24", nil); err != nil || len(stopped) != 1 {
		t.Errorf("a new network's poll with every place taken: %v and %d stopped, want a place and 1", err, len(stopped))
	}
}
