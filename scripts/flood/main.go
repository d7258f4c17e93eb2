// Command flood re-runs the connection and stream attacks of
// docs/operations.md ("Attacks re-run") against a running server, from
// chosen loopback addresses, and times what another address sees
// meanwhile. It is a tool for measuring the server's limits on one's own
// machine, never a load test of someone else's.
//
//	flood -mode keepalive -n 1100 -url http://127.0.0.1:8080
//	flood -mode halfsent -n 300 -target 127.0.0.1:9090 -url http://127.0.0.1:8080
//	flood -mode streams -n 520 -url http://127.0.0.1:8080
//
// keepalive opens n connections spread over -addrs addresses of the -net
// /24 and sends GET /healthz on each every 10 s; halfsent opens n
// connections to -target and sends a request line, then a header line a
// second. streams sets up a public lobby game between two named players,
// then n players (each its own cookie, from choosing a language; spread
// over the addresses) open
// its event stream; a refused stream falls back to the long poll, as the
// page's script does. Meanwhile a player at -probe loads the home page
// once a second and, in streams mode, opens the same game's stream and
// long poll; flood prints what each got and how long it took.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	mode := flag.String("mode", "streams", "keepalive, halfsent or streams")
	n := flag.Int("n", 520, "connections (keepalive, halfsent) or players (streams)")
	base := flag.String("url", "http://127.0.0.1:8080", "the server's public address")
	target := flag.String("target", "", "host:port flooded in halfsent mode (the metrics listener, say); by default the server's")
	network := flag.String("net", "127.0.100", "the first three numbers of the /24 the flood comes from")
	addrs := flag.Int("addrs", 20, "how many addresses of each /24 the flood uses")
	nets := flag.Int("nets", 1, "how many /24s the flood comes from: -net's, then the next ones (127.0.101, …)")
	probe := flag.String("probe", "127.0.200.1", "the address of the player who is not flooding")
	seconds := flag.Int("seconds", 20, "how long to flood and probe")
	pollProbe := flag.Bool("probe-poll", false, "the probing player waits by the long poll (as without JavaScript) rather than the stream")
	per := flag.Int("per", 4, "streams each flooding player keeps open (streams mode), as a browser's tabs")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil || u.Host == "" {
		fail(fmt.Errorf("bad -url %q", *base))
	}
	if *target == "" {
		*target = u.Host
	}
	var a, b, c0 int
	if _, err := fmt.Sscanf(*network, "%d.%d.%d", &a, &b, &c0); err != nil {
		fail(fmt.Errorf("bad -net %q: %w", *network, err))
	}
	var from []string
	for k := range *nets {
		for i := range *addrs {
			from = append(from, fmt.Sprintf("%d.%d.%d.%d", a, b, c0+k, i+1))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(*seconds)*time.Second)
	defer cancel()
	f := &flood{base: strings.TrimSuffix(*base, "/"), from: from, pollProbe: *pollProbe}
	var game string
	switch *mode {
	case "keepalive":
		go f.keepalive(ctx, *n, u.Host)
	case "halfsent":
		go f.halfsent(ctx, *n, *target)
	case "streams":
		if game, err = f.lobbyGame(); err != nil {
			fail(err)
		}
		fmt.Printf("public game %s\n", game)
		go f.streams(ctx, *n, *per, game)
	default:
		fail(fmt.Errorf("unknown -mode %q", *mode))
	}
	f.probe(ctx, *probe, game)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "flood:", err)
	os.Exit(2)
}

type flood struct {
	base      string
	from      []string
	pollProbe bool
	// Streams held, refused (and fallen back to the long poll), and
	// failed to connect at all.
	held, refused, polls, dropped atomic.Int64
}

// client is a browser at address from: its own cookies and connections.
func client(from string) *http.Client {
	jar, _ := cookiejar.New(nil)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 30 * time.Second}
	return &http.Client{
		Jar:       jar,
		Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4},
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// connections opens n connections to host, spread over the flood's
// addresses, and runs hold on each in its own goroutine; a connection
// that cannot be opened counts as dropped.
func (f *flood) connections(ctx context.Context, n int, host string, hold func(net.Conn) error) {
	for i := range n {
		go func() {
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(f.from[i%len(f.from)])}}
			conn, err := d.DialContext(ctx, "tcp", host)
			if err == nil {
				err = hold(conn)
				conn.Close()
			}
			if err != nil && ctx.Err() == nil {
				f.dropped.Add(1)
			}
		}()
	}
}

// keepalive holds n connections, each sending GET /healthz every 10 s.
func (f *flood) keepalive(ctx context.Context, n int, host string) {
	f.connections(ctx, n, host, func(conn net.Conn) error {
		r := bufio.NewReader(conn)
		for first := true; ctx.Err() == nil; first = false {
			if _, err := fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", host); err != nil {
				return err
			}
			resp, err := http.ReadResponse(r, nil)
			if err != nil {
				return err
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if first {
				f.held.Add(1)
				defer f.held.Add(-1)
			}
			select {
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
			}
		}
		return nil
	})
}

// halfsent holds n connections, each sending a request's head a line a
// second, never finishing it.
func (f *flood) halfsent(ctx context.Context, n int, host string) {
	f.connections(ctx, n, host, func(conn net.Conn) error {
		if _, err := fmt.Fprintf(conn, "GET /metrics HTTP/1.1\r\nHost: %s\r\n", host); err != nil {
			return err
		}
		f.held.Add(1)
		defer f.held.Add(-1)
		for k := 0; ctx.Err() == nil; k++ {
			time.Sleep(time.Second)
			if _, err := fmt.Fprintf(conn, "X-Slow-%d: 1\r\n", k); err != nil {
				return err
			}
		}
		return nil
	})
}

var stampRE = regexp.MustCompile(`after=([0-9]+-[0-9]+(?:-1)?)`)

// lobbyGame makes a public game: two players name themselves, one offers
// a challenge, the other accepts. It returns the game's path.
func (f *flood) lobbyGame() (string, error) {
	suffix := time.Now().Format("150405")
	host, guest := client("127.0.0.1"), client("127.0.0.1")
	for name, c := range map[string]*http.Client{"host" + suffix: host, "guest" + suffix: guest} {
		if _, err := f.post(c, "/players/me", url.Values{"name": {name}}); err != nil {
			return "", fmt.Errorf("naming %s: %w", name, err)
		}
	}
	loc, err := f.post(host, "/lobby", url.Values{"size": {"8"}, "clock": {"none"}, "color": {""}})
	if err != nil {
		return "", fmt.Errorf("making the challenge: %w", err)
	}
	loc, _, _ = strings.Cut(loc, "#")
	if loc, err = f.post(guest, loc+"/accept", nil); err != nil {
		return "", fmt.Errorf("accepting it: %w", err)
	}
	game, _, _ := strings.Cut(loc, "#")
	game, _, _ = strings.Cut(game, "?")
	if !strings.HasPrefix(game, "/games/") {
		return "", fmt.Errorf("accepting led to %q, not a game", loc)
	}
	return game, nil
}

// post sends a form and returns the 303's Location.
func (f *flood) post(c *http.Client, path string, form url.Values) (string, error) {
	resp, err := c.PostForm(f.base+path, form)
	if err != nil {
		return "", err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		return "", fmt.Errorf("POST %s: %s", path, resp.Status)
	}
	return resp.Header.Get("Location"), nil
}

// stamp reads the game page as c and returns its stamp, for ?after=.
func (f *flood) stamp(ctx context.Context, c *http.Client, game string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, f.base+game, nil)
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	m := stampRE.FindSubmatch(body)
	if resp.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("game page: %s, stamp found: %v", resp.Status, m != nil)
	}
	return string(m[1]), nil
}

// watch opens the game's event stream as c and, refused, its long poll;
// it returns the stream's status, and the poll's (0 when not polled) and
// how long each took to answer or to start.
func (f *flood) watch(ctx context.Context, c *http.Client, game, after string, hold bool) (stream, poll int, took, pollTook time.Duration, err error) {
	start := time.Now()
	if f.pollProbe {
		return f.poll(ctx, c, game, after)
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, f.base+game+"/events?after="+after, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	took = time.Since(start)
	stream = resp.StatusCode
	if stream == http.StatusOK {
		if hold {
			io.Copy(io.Discard, resp.Body) // until the stream or ctx ends
		}
		resp.Body.Close()
		return stream, 0, took, 0, nil
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	_, poll, _, pollTook, err = f.poll(ctx, c, game, after)
	return stream, poll, took, pollTook, err
}

// poll waits for a change by the long poll, as a page without JavaScript
// does; a poll still waiting when ctx ends reports status 0.
func (f *flood) poll(ctx context.Context, c *http.Client, game, after string) (stream, poll int, took, pollTook time.Duration, err error) {
	start := time.Now()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, f.base+game+"?after="+after, nil)
	resp, err := c.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return 0, 0, 0, time.Since(start), nil
		}
		return 0, 0, 0, 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return 0, resp.StatusCode, 0, time.Since(start), nil
}

func (f *flood) streams(ctx context.Context, n, per int, game string) {
	for i := range n {
		c := client(f.from[i%len(f.from)])
		// A cookie of its own: choosing a language makes a player.
		if _, err := f.post(c, "/language", url.Values{"lang": {"en"}, "next": {"/"}}); err != nil {
			f.dropped.Add(1)
			continue
		}
		for range per {
			go f.tab(ctx, c, game)
		}
	}
}

// tab is one of a flooding player's tabs: it keeps the game's stream
// open, or its long poll when refused.
func (f *flood) tab(ctx context.Context, c *http.Client, game string) {
	for ctx.Err() == nil {
		after, err := f.stamp(ctx, c, game)
		if err != nil {
			f.dropped.Add(1)
			time.Sleep(time.Second)
			continue
		}
		stream, _, _, _, err := f.watchCounted(ctx, c, game, after)
		if err != nil || stream == 0 {
			f.dropped.Add(1)
			time.Sleep(time.Second)
		}
	}
}

// watchCounted is watch for a flooding player, counted while it waits.
func (f *flood) watchCounted(ctx context.Context, c *http.Client, game, after string) (int, int, time.Duration, time.Duration, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, f.base+game+"/events?after="+after, nil)
	resp, err := c.Do(req)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	if resp.StatusCode == http.StatusOK {
		f.held.Add(1)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		f.held.Add(-1)
		return http.StatusOK, 0, 0, 0, nil
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	f.refused.Add(1)
	req, _ = http.NewRequestWithContext(ctx, http.MethodGet, f.base+game+"?after="+after, nil)
	f.polls.Add(1)
	defer f.polls.Add(-1)
	if resp, err = c.Do(req); err != nil {
		return http.StatusServiceUnavailable, 0, 0, 0, nil
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return http.StatusServiceUnavailable, resp.StatusCode, 0, 0, nil
}

// probe loads the home page from addr once a second (and in streams mode
// opens the game's stream, and its long poll when refused), and prints
// each answer and the summary.
func (f *flood) probe(ctx context.Context, addr, game string) {
	time.Sleep(2 * time.Second) // let the flood take its places
	var homes []time.Duration
	var mu sync.Mutex
	failures := 0
	for tick := time.NewTicker(time.Second); ctx.Err() == nil; <-tick.C {
		c := client(addr)
		start := time.Now()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, f.base+"/", nil)
		resp, err := c.Do(req)
		line := fmt.Sprintf("held %d refused %d polling %d dropped %d | home ", f.held.Load(), f.refused.Load(), f.polls.Load(), f.dropped.Load())
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			failures++
			fmt.Println(line+"failed:", err)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		mu.Lock()
		homes = append(homes, took)
		mu.Unlock()
		line += fmt.Sprintf("%d in %v", resp.StatusCode, took.Round(time.Millisecond))
		if game != "" {
			sctx, cancel := context.WithTimeout(ctx, 3*time.Second)
			after, err := f.stamp(sctx, c, game)
			if err == nil {
				stream, poll, st, pt, werr := f.watch(sctx, c, game, after, false)
				line += fmt.Sprintf(" | stream %d in %v", stream, st.Round(time.Millisecond))
				if poll != 0 || pt > 0 {
					line += fmt.Sprintf(", long poll %d after %v", poll, pt.Round(time.Millisecond))
				}
				if werr != nil {
					line += " (" + werr.Error() + ")"
				}
			} else {
				line += " | game page: " + err.Error()
			}
			cancel()
		}
		fmt.Println(line)
	}
	if len(homes) == 0 {
		fmt.Printf("home page: no answer (%d failures)\n", failures)
		return
	}
	slices.Sort(homes)
	fmt.Printf("home page: %d answers, median %v, max %v, %d failures\n",
		len(homes), homes[len(homes)/2].Round(time.Millisecond), homes[len(homes)-1].Round(time.Millisecond), failures)
}
