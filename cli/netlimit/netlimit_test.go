package netlimit

import (
	"errors"
	"io"
	"net"
	"net/http"
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

// dialFrom connects to addr from the loopback address from.
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedSoon reports whether the server closed c within a short while.
func closedSoon(c net.Conn) bool { return firstClosed(c) == 0 }

// firstClosed returns the index of the first of cs that the server closed
// within a short while (one wait for all), or -1.
func firstClosed(cs ...net.Conn) int {
	deadline := time.Now().Add(150 * time.Millisecond)
	for _, c := range cs {
		c.SetReadDeadline(deadline)
	}
	for i, c := range cs {
		_, err := c.Read(make([]byte, 1))
		if ne := net.Error(nil); !(errors.As(err, &ne) && ne.Timeout()) {
			return i
		}
	}
	return -1
}

// TestPerAddressCap fills one address's places: its next connection is
// closed at once, another address's is accepted, a trusted proxy is not
// capped, and a place freed is taken again.
func TestPerAddressCap(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Listen(inner, 100, 3, []string{"127.0.0.3", "127.0.4.0/24"})
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { // a server that reads until the client leaves
				io.Copy(io.Discard, c)
				c.Close()
			}()
		}
	}()
	addr := inner.Addr().String()
	var mine []net.Conn
	for range 3 {
		mine = append(mine, dialFrom(t, "127.0.0.1", addr))
	}
	if i := firstClosed(mine...); i >= 0 {
		t.Fatalf("connection %d within the cap was closed", i)
	}
	if !closedSoon(dialFrom(t, "127.0.0.1", addr)) {
		t.Error("a fourth connection from one address was kept")
	}
	if closedSoon(dialFrom(t, "127.0.0.2", addr)) {
		t.Error("another address's connection was closed")
	}
	var proxied []net.Conn
	for _, from := range []string{"127.0.0.3", "127.0.4.9"} {
		for range 4 {
			proxied = append(proxied, dialFrom(t, from, addr))
		}
	}
	if i := firstClosed(proxied...); i >= 0 {
		t.Errorf("a trusted proxy's connection %d was closed", i)
	}
	if l.Refused() != 1 {
		t.Errorf("Refused() = %d, want 1", l.Refused())
	}
	mine[0].Close()
	deadline := time.Now().Add(10 * time.Second)
	for closedSoon(dialFrom(t, "127.0.0.1", addr)) {
		if time.Now().After(deadline) {
			t.Fatal("a freed place was not taken again")
		}
	}
}

// TestPerNetworkCap fills one /24's places from several addresses: the
// next connection from any address of it is closed at once, and another
// network's is kept.
func TestPerNetworkCap(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Listen(inner, 100, 2, nil).CapNetworks(3)
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				io.Copy(io.Discard, c)
				c.Close()
			}()
		}
	}()
	addr := inner.Addr().String()
	var mine []net.Conn
	for _, from := range []string{"127.0.9.1", "127.0.9.1", "127.0.9.2"} {
		mine = append(mine, dialFrom(t, from, addr))
	}
	if i := firstClosed(mine...); i >= 0 {
		t.Fatalf("connection %d within the network's cap was closed", i)
	}
	if !closedSoon(dialFrom(t, "127.0.9.3", addr)) {
		t.Error("a fourth connection from one /24 (a new address of it) was kept")
	}
	if closedSoon(dialFrom(t, "127.0.10.1", addr)) {
		t.Error("another network's connection was closed")
	}
	if l.Refused() != 1 {
		t.Errorf("Refused() = %d, want 1", l.Refused())
	}
}

// TestIdlestClosedNearTheCap: near the cap, a new connection costs the
// connection idle longest its place, and a busy one keeps its own.
func TestIdlestClosedNearTheCap(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := Listen(inner, 4, 0, nil) // near full from 3 open
	defer l.Close()
	accepted := make(chan net.Conn)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	addr := inner.Addr().String()
	var clients, servers []net.Conn
	for range 3 {
		clients = append(clients, dialFrom(t, "127.0.0.1", addr))
		servers = append(servers, <-accepted)
	}
	// Server side: 0 busy, 1 idle since before 2, 2 idle.
	l.ConnState(servers[0], http.StateActive)
	l.ConnState(servers[1], http.StateIdle)
	l.ConnState(servers[2], http.StateIdle)
	clients = append(clients, dialFrom(t, "127.0.0.1", addr))
	servers = append(servers, <-accepted)
	if !closedSoon(clients[1]) {
		t.Fatal("the idlest connection was kept")
	}
	if i := firstClosed(clients[0], clients[2], clients[3]); i >= 0 {
		t.Errorf("connection %d of the busy, the less idle and the new was closed", i)
	}
	if l.Evicted() != 1 {
		t.Errorf("Evicted() = %d, want 1", l.Evicted())
	}
	for _, c := range servers {
		c.Close()
	}
}
