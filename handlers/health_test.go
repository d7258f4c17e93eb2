package handlers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
	"reversi/internal/testkit"
	"reversi/play"
)

// TestProbes checks /healthz and /readyz: 200 while all is well, /readyz
// 503 with Retry-After when the store does not answer and from the start
// of a drain, while the pages are still served; no cookie, no log line.
func TestProbes(t *testing.T) {
	var log testkit.SyncBuffer
	var notReady error
	a := newAppConfig(t, newApp(t).store, func(c *testConfig) {
		c.Logger = slog.New(slog.NewTextHandler(&log, nil))
		c.Ready = func(context.Context) error { return notReady }
	})
	probe := func(path string, want int) {
		t.Helper()
		for _, method := range []string{"GET", "HEAD"} {
			w := a.do(method, path, nil, nil)
			if w.Code != want || w.Header().Get("Set-Cookie") != "" {
				t.Errorf("%s %s = %d (Set-Cookie %q), want %d", method, path, w.Code, w.Header().Get("Set-Cookie"), want)
			}
			if want == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
				t.Errorf("%s %s: 503 without Retry-After", method, path)
			}
		}
	}
	probe("/healthz", 200)
	probe("/readyz", 200)
	notReady = club.ErrUnavailable
	probe("/readyz", 503)
	probe("/healthz", 200)
	notReady = nil
	probe("/readyz", 200)
	a.srv.StartDrain()
	probe("/readyz", 503)
	probe("/healthz", 200)
	if w := a.do("GET", "/", nil, nil); w.Code != 200 {
		t.Errorf("home page while draining = %d, want 200", w.Code)
	}
	if strings.Contains(log.String(), "healthz") || strings.Contains(log.String(), `path=/readyz`) {
		t.Errorf("the probes were logged:\n%s", log.String())
	}
	if w := a.do("POST", "/healthz", nil, nil); w.Code == 200 {
		t.Errorf("POST /healthz = 200; the probes answer GET and HEAD only")
	}
}

// TestRefusalsCloseTheirConnection checks that a 429 or a 503 closes its
// connection and says when to retry, and that a refusal logs at info: any
// client can cause one.
func TestRefusalsCloseTheirConnection(t *testing.T) {
	var log testkit.SyncBuffer
	srv := newTestServer(t, testConfig{Config: Config{Logger: slog.New(slog.NewTextHandler(&log, nil))}, Play: play.Config{Store: newApp(t).store}})
	r := gin.New()
	for i, err := range []error{fmt.Errorf("load: %w", club.ErrUnavailable), errTooMany, errors.New("a fault")} {
		r.GET(fmt.Sprint("/", i), srv.wrap(func(*gin.Context) error { return err }))
	}
	for i, want := range []int{503, 429, 500} {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest("GET", fmt.Sprint("/", i), nil))
		refusal := want != 500
		if w.Code != want || (w.Header().Get("Connection") == "close") != refusal || (w.Header().Get("Retry-After") != "") != refusal {
			t.Errorf("GET /%d = %d, Connection %q, Retry-After %q; want %d and, for a refusal, both",
				i, w.Code, w.Header().Get("Connection"), w.Header().Get("Retry-After"), want)
		}
	}
	if n := strings.Count(log.String(), "level=ERROR"); n != 1 {
		t.Errorf("%d errors logged, want 1 (the 500):\n%s", n, log.String())
	}

	// Over the wire: a stream over a player's cap is refused and its
	// connection closed.
	ts, _, _ := onlineApp(t, func(c *testConfig) { c.WaitersPerPlayer = 1 }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, events := seatedGuest(t, host, guest)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := openStream(t, guest, ctx, events)
	defer first.Body.Close()
	resp := openStream(t, guest, context.Background(), events)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || !resp.Close {
		t.Errorf("stream over the cap: %d, closing %v; want 429 and the connection closed", resp.StatusCode, resp.Close)
	}
}

// TestReviewLongPollCounts checks that the review page's long poll counts
// among a player's waiters: over the cap it answers at once.
func TestReviewLongPollCounts(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	a := newAppConfig(t, newApp(t).store, func(c *testConfig) {
		c.WaitersPerPlayer = 1
		c.Play.Review = ai.ReviewOptions{Nodes: 1000, ExactEmpties: 4, Progress: func(ai.MoveReview) { <-block }}
	})
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	cookie := a.playerCookie(testPlayer)
	if w := a.do("POST", "/games/finishedfinished/review", url.Values{}, cookie); w.Code != 303 {
		t.Fatalf("POST review = %d", w.Code)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.do("GET", "/games/finishedfinished/review?wait=1", nil, cookie)
	}()
	waitUntil(t, func() bool { return a.srv.waiters.Open() == 1 }, "the long poll to count")
	w := a.do("GET", "/games/finishedfinished/review?wait=1", nil, cookie)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "wait=1") {
		t.Errorf("a second long poll over the cap = %d; want the page at once", w.Code)
	}
	select {
	case <-done:
		t.Errorf("the first long poll ended while the review ran")
	default:
	}
}

// TestDrainEndsStreamsWithRetry checks that the shutdown ends an event
// stream with a hint to reconnect a few seconds later.
func TestDrainEndsStreamsWithRetry(t *testing.T) {
	ts, _, srv := onlineApp(t, nil, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, events := seatedGuest(t, host, guest)
	resp := openStream(t, guest, context.Background(), events)
	defer resp.Body.Close()
	waitUntil(t, func() bool { return srv.waiters.Open() == 1 }, "the stream to open")
	srv.Drain()
	body, _ := io.ReadAll(resp.Body)
	if !strings.HasSuffix(string(body), "retry: 3000\n\n") {
		t.Errorf("the stream ended with %q, want a retry hint", body)
	}
}
