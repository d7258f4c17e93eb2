// Package netlimit caps the connections a server keeps open: in all, and
// from one address, so that idle or slow clients cannot take every file.
package netlimit

import (
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
)

// DefaultMaxConns bounds the connections a server keeps open at once; the
// serve command lowers it to what the file limit allows.
const DefaultMaxConns = 4096

// DefaultConnsPerAddr bounds the connections one address keeps open: a
// browser opens six or so, and a school behind one address a few dozen.
const DefaultConnsPerAddr = 64

// ConnLimiter is a listener that accepts at most Max connections at once,
// and at most PerAddr from one address. Past Max, Accept waits until one
// closes, and new clients queue in the kernel's backlog instead of taking
// a file and a goroutine each; past PerAddr, a new connection is closed at
// once, so that one address cannot hold every place. The waiters cap
// (event streams and polls) sits below these.
type ConnLimiter struct {
	net.Listener
	slots   chan struct{}
	perAddr int
	exempt  []netip.Prefix
	mu      sync.Mutex
	addrs   map[netip.Addr]int
	refused atomic.Uint64
}

// LimitListener returns l limited to n connections at once, and to perAddr
// from one address (none when perAddr <= 0). Connections from the trusted
// proxies (addresses or CIDR ranges) are not capped by address: the proxy
// carries many clients, and caps them itself.
func Listen(l net.Listener, n, perAddr int, trusted []string) *ConnLimiter {
	cl := &ConnLimiter{Listener: l, slots: make(chan struct{}, n), perAddr: perAddr, addrs: map[netip.Addr]int{}}
	for _, t := range trusted {
		p, err := netip.ParsePrefix(t)
		if err != nil {
			a, err := netip.ParseAddr(t)
			if err != nil {
				continue // serve refuses it (handlers.New)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		cl.exempt = append(cl.exempt, p)
	}
	return cl
}

// Accept waits for a place and returns the next connection within the
// caps.
func (l *ConnLimiter) Accept() (net.Conn, error) {
	for {
		l.slots <- struct{}{}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		addr, counted := l.enter(c.RemoteAddr())
		if addr.IsValid() && !counted {
			l.refused.Add(1)
			c.Close()
			<-l.slots
			continue
		}
		release := func() { <-l.slots }
		if counted {
			release = func() { l.leave(addr); <-l.slots }
		}
		return &limitConn{Conn: c, release: release}, nil
	}
}

// enter counts a connection from a, unless its address is at its cap. It
// returns the address and whether it was counted; an address not capped
// (unknown, or a trusted proxy's) comes back invalid.
func (l *ConnLimiter) enter(a net.Addr) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(a.String())
	if l.perAddr <= 0 || err != nil {
		return netip.Addr{}, false
	}
	ip := ap.Addr().Unmap()
	for _, p := range l.exempt {
		if p.Contains(ip) {
			return netip.Addr{}, false
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs[ip] >= l.perAddr {
		return ip, false
	}
	l.addrs[ip]++
	return ip, true
}

func (l *ConnLimiter) leave(ip netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs[ip]--; l.addrs[ip] <= 0 {
		delete(l.addrs, ip)
	}
}

// Open returns the connections open now.
func (l *ConnLimiter) Open() int { return len(l.slots) }

// Refused returns how many connections were closed at once for their
// address's cap.
func (l *ConnLimiter) Refused() uint64 { return l.refused.Load() }

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
