package handlers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"reversi/play"
)

// openStream opens an event stream as c and returns its response once the
// server has answered (200 or a refusal).
func openStream(t *testing.T, c *client, ctx context.Context, path string) *http.Response {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", c.base+path, nil)
	resp, err := c.c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return resp
}

// TestWaitersAreCapped opens more event streams than a player may: the one
// over the cap is refused with 429 and a page, a long poll over the cap is
// answered at once with the game's page, and closing the streams frees
// their places.
func TestWaitersAreCapped(t *testing.T) {
	ts, _, srv := onlineApp(t, func(c *testConfig) { c.WaitersPerPlayer = 2 }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, events := seatedGuest(t, host, guest)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 2 {
		resp := openStream(t, guest, ctx, events)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stream under the cap: %d", resp.StatusCode)
		}
		defer resp.Body.Close()
	}
	resp := openStream(t, guest, context.Background(), events)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(body), "Too many pages waiting") {
		t.Errorf("stream over the cap: %d, Retry-After %q\n%s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	poll := gamePath + strings.TrimPrefix(events, gamePath+"/events")
	start := time.Now()
	r := guest.want(guest.get(poll), http.StatusOK, "long poll over the cap")
	if !strings.Contains(r.body, `id="status"`) || time.Since(start) > 10*time.Second {
		t.Errorf("long poll over the cap did not answer the page at once")
	}
	// The host has places of their own.
	resp = openStream(t, host, ctx, events)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the host's stream: %d, want 200", resp.StatusCode)
	}
	cancel()
	waitUntil(t, func() bool { return srv.waiters.Open() == 0 }, "the streams to close")
}

func TestWaitersServerCap(t *testing.T) {
	ts, _, _ := onlineApp(t, func(c *testConfig) { c.Waiters = 1 }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, events := seatedGuest(t, host, guest)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := openStream(t, guest, ctx, events)
	defer first.Body.Close()
	resp := openStream(t, host, context.Background(), events)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("a stream over the server's cap: %d, want 503", resp.StatusCode)
	}
}

// TestStreamLifetime checks that a stream ends by itself after its
// lifetime, so that the browser reconnects.
func TestStreamLifetime(t *testing.T) {
	ts, _, srv := onlineApp(t, func(c *testConfig) { c.StreamLifetime = 100 * time.Millisecond }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, events := seatedGuest(t, host, guest)
	resp := openStream(t, guest, context.Background(), events)
	done := make(chan struct{})
	go func() {
		io.Copy(io.Discard, resp.Body)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream outlived its lifetime")
	}
	resp.Body.Close()
	waitUntil(t, func() bool { return srv.waiters.Open() == 0 }, "the stream's place to be freed")
}

// TestStreamAfterMustBeAStamp checks that ?after, which the stream writes
// back, is refused unless it is a stamp.
func TestStreamAfterMustBeAStamp(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, _ := seatedGuest(t, host, guest)
	for _, after := range []string{"x", "1-2%0A%0Adata:%20evil", "", "1-2-3"} {
		r := guest.get(gamePath + "/events?after=" + after)
		if r.code != http.StatusBadRequest || strings.Contains(r.body, "evil") {
			t.Errorf("events?after=%s: %d, want 400 without the value\n%s", after, r.code, r.body)
		}
		guest.want(guest.get(gamePath+"?after="+after), http.StatusOK, "long poll with after="+after)
	}
}

// TestStreamMemory measures what an open event stream costs the server:
// heap and goroutine stacks, over many streams. It logs the figure for the
// README and asserts nothing about it.
func TestStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("opens hundreds of streams")
	}
	const n = 200
	ts, _, srv := onlineApp(t, func(c *testConfig) { c.WaitersPerPlayer = n + 1 }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, events := seatedGuest(t, host, guest)
	guest.c.Transport = &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: n}
	inUse := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse + m.StackInuse
	}
	before := inUse()
	ctx, cancel := context.WithCancel(context.Background())
	for range n {
		resp := openStream(t, guest, ctx, events)
		defer resp.Body.Close()
	}
	waitUntil(t, func() bool { return srv.waiters.Open() == n }, fmt.Sprintf("%d streams", n))
	after := inUse()
	cancel()
	// Both ends live in this process: the client's side is counted too,
	// so the server's share is at most this.
	t.Logf("%d open event streams: %.1f KB each (server and client together)", n, float64(after-before)/n/1024)
}

// cookielessWaiter is the waiter of c, for enterStream.
func cookielessWaiter(c *gin.Context) (string, string, func()) {
	w, network := waiter(c)
	return w, network, nil
}

// TestCookielessWaitersApart checks that visitors without a cookie (the
// spectators of a lobby game, say) are counted by address, not all as
// one player with no id: a fifth cookieless spectator anywhere used to
// find the one player's four places taken.
func TestCookielessWaitersApart(t *testing.T) {
	w := play.NewWaiters(4, 80, func(string) {})
	for i := range 8 {
		c, _ := gin.CreateTestContext(httptest.NewRecorder())
		c.Request = httptest.NewRequest(http.MethodGet, "/games/x/events", nil)
		c.Request.RemoteAddr = fmt.Sprintf("198.51.100.%d:4000", i+1)
		if _, err := w.EnterStream(cookielessWaiter(c)); err != nil {
			t.Fatalf("cookieless spectator %d of 8, each from its own address: %v", i+1, err)
		}
	}
	c, _ := gin.CreateTestContext(httptest.NewRecorder())
	c.Request = httptest.NewRequest(http.MethodGet, "/games/x/events", nil)
	c.Request.RemoteAddr = "203.0.113.1:4001"
	for range 4 {
		if _, err := w.EnterStream(cookielessWaiter(c)); err != nil {
			t.Fatalf("a stream within one cookieless address's four: %v", err)
		}
	}
	if _, err := w.EnterStream(cookielessWaiter(c)); !errors.Is(err, play.ErrWaitsPlayer) {
		t.Errorf("a fifth stream from one cookieless address: %v, want ErrWaitsPlayer", err)
	}
}
