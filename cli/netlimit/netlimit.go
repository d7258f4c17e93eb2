// Package netlimit caps the connections a server keeps open: in all, from
// one address and from one network (IPv4 /24, IPv6 /64), so that idle or
// slow clients cannot take every file, and near the cap it closes the
// connections that have sat idle longest between requests.
package netlimit

import (
	"net"
	"net/http"
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

// DefaultConnsPerNet bounds the connections one network (/24, /64) keeps
// open: twenty addresses of one /24 may otherwise hold 64 each.
const DefaultConnsPerNet = 256

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
	perNet  int
	exempt  []netip.Prefix
	mu      sync.Mutex
	addrs   map[netip.Addr]int
	nets    map[netip.Prefix]int
	// idle holds the connections idle between requests (ConnState), each
	// with the tick it went idle at: near the cap the lowest goes first.
	idle    map[*limitConn]uint64
	tick    uint64
	refused atomic.Uint64
	evicted atomic.Uint64
}

// LimitListener returns l limited to n connections at once, and to perAddr
// from one address (none when perAddr <= 0). Connections from the trusted
// proxies (addresses or CIDR ranges) are not capped by address: the proxy
// carries many clients, and caps them itself.
func Listen(l net.Listener, n, perAddr int, trusted []string) *ConnLimiter {
	cl := &ConnLimiter{Listener: l, slots: make(chan struct{}, n), perAddr: perAddr,
		addrs: map[netip.Addr]int{}, nets: map[netip.Prefix]int{}, idle: map[*limitConn]uint64{}}
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

// CapNetworks caps the connections from one network (IPv4 /24, IPv6 /64)
// at n (none when n <= 0), and returns l. Call it before Accept.
func (l *ConnLimiter) CapNetworks(n int) *ConnLimiter {
	l.perNet = n
	return l
}

// ConnState is for http.Server.ConnState: it tells l which connections
// sit idle between requests, for closing the idlest near the cap.
func (l *ConnLimiter) ConnState(c net.Conn, s http.ConnState) {
	lc, ok := c.(*limitConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s == http.StateIdle {
		l.tick++
		l.idle[lc] = l.tick
	} else {
		delete(l.idle, lc)
	}
}

// nearFull is how close to the cap the listener starts to close idle
// connections: within an eighth of it, so that a new client finds a place
// at once instead of waiting for a kept-alive one's idle timeout.
func (l *ConnLimiter) nearFull() bool {
	n := cap(l.slots)
	return len(l.slots) >= n-max(1, n/8)
}

// closeIdlest closes the connection idle longest, if any.
func (l *ConnLimiter) closeIdlest() {
	l.mu.Lock()
	var oldest *limitConn
	var at uint64
	for c, t := range l.idle {
		if oldest == nil || t < at {
			oldest, at = c, t
		}
	}
	if oldest != nil {
		delete(l.idle, oldest)
	}
	l.mu.Unlock()
	if oldest != nil {
		l.evicted.Add(1)
		oldest.Close()
	}
}

// Accept waits for a place and returns the next connection within the
// caps. A new connection near the cap costs the connection idle longest
// its place; when every place is taken, one idle is closed before the wait.
func (l *ConnLimiter) Accept() (net.Conn, error) {
	for {
		select {
		case l.slots <- struct{}{}:
		default:
			l.closeIdlest()
			l.slots <- struct{}{}
		}
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
		lc := &limitConn{Conn: c}
		lc.release = func() {
			l.mu.Lock()
			delete(l.idle, lc)
			l.mu.Unlock()
			if counted {
				l.leave(addr)
			}
			<-l.slots
		}
		if l.nearFull() {
			l.closeIdlest()
		}
		return lc, nil
	}
}

// enter counts a connection from a, unless its address or its network is
// at its cap. It returns the address and whether it was counted; an
// address not capped (unknown, or a trusted proxy's) comes back invalid.
func (l *ConnLimiter) enter(a net.Addr) (netip.Addr, bool) {
	ap, err := netip.ParseAddrPort(a.String())
	if l.perAddr <= 0 && l.perNet <= 0 || err != nil {
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
	n := network(ip)
	if l.perAddr > 0 && l.addrs[ip] >= l.perAddr || l.perNet > 0 && l.nets[n] >= l.perNet {
		return ip, false
	}
	l.addrs[ip]++
	l.nets[n]++
	return ip, true
}

func (l *ConnLimiter) leave(ip netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.addrs[ip]--; l.addrs[ip] <= 0 {
		delete(l.addrs, ip)
	}
	n := network(ip)
	if l.nets[n]--; l.nets[n] <= 0 {
		delete(l.nets, n)
	}
}

// network is ip's network: its /24, or /64 for IPv6.
func network(ip netip.Addr) netip.Prefix {
	bits := 64
	if ip.Is4() {
		bits = 24
	}
	p, _ := ip.Prefix(bits)
	return p
}

// Open returns the connections open now.
func (l *ConnLimiter) Open() int { return len(l.slots) }

// Refused returns how many connections were closed at once for their
// address's or network's cap.
func (l *ConnLimiter) Refused() uint64 { return l.refused.Load() }

// Evicted returns how many idle connections were closed near the cap.
func (l *ConnLimiter) Evicted() uint64 { return l.evicted.Load() }

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
