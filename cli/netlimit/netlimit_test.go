package netlimit

import (
	"net"
	"testing"
	"time"
)

// TestLimitListener checks that a third connection waits while two are
// open, and is accepted once one of them closes.
func TestListen(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Listen(inner, 2, 0, nil)
	defer l.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first, second := <-accepted, <-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	case <-time.After(100 * time.Millisecond): // a short look: nothing may arrive
	}
	first.Close()
	first.Close() // closing twice frees one place, not two
	select {
	case third := <-accepted:
		third.Close()
	case <-time.After(10 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
	second.Close()
}
