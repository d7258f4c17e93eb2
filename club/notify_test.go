package club

import (
	"testing"
	"time"
)

func TestBroker(t *testing.T) {
	b := NewBroker()
	a1, stop1 := b.Subscribe("a")
	a2, stop2 := b.Subscribe("a")
	other, stop3 := b.Subscribe("b")
	defer stop3()
	b.Notify("a")
	b.Notify("a") // coalesced with the first: Notify never blocks
	for i, ch := range []<-chan struct{}{a1, a2} {
		select {
		case <-ch:
		case <-time.After(time.Second):
			t.Fatalf("subscriber %d of a was not told", i+1)
		}
	}
	select {
	case <-other:
		t.Error("a subscriber of b was told of a change to a")
	default:
	}
	stop1()
	stop1() // twice is harmless
	if got := b.Waiting("a"); got != 1 {
		t.Errorf("after one stop, waiting(a) = %d, want 1", got)
	}
	stop2()
	if got := b.Waiting("a"); got != 0 {
		t.Errorf("after both stops, waiting(a) = %d, want 0", got)
	}
	b.Notify("a") // nobody left: no panic, no block
}
