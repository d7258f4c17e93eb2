package handlers

import (
	"net"
	"sync"
)

// DefaultMaxConns bounds the connections a server keeps open at once.
const DefaultMaxConns = 4096

// LimitListener returns a listener that accepts at most n connections at
// once: past that, Accept waits until one closes, and new clients queue in
// the kernel's backlog instead of taking a file and a goroutine each. The
// waiters cap (event streams and polls) sits below this one.
func LimitListener(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, slots: make(chan struct{}, n)}
}

type limitListener struct {
	net.Listener
	slots chan struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
