package cli

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"reversi/cli/metrics"
	"reversi/club"
	"reversi/internal/testkit"
)

// TestServeRefusesBadFlags checks that serve stops before opening anything
// when its flags make no sense.
func TestServeRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-move-rate", "0"},
		{"-game-rate", "0"},
		{"-new-players-per-hour", "0"},
		{"-new-games-per-hour", "0"},
		{"-move-rate", "fast"},
		{"-no-such-flag"},
		{"-trusted-proxies", "10.0.0.1, proxy.example"},
		{"-hint-rate", "0"},
		{"-max-conns", "0"},
		{"-max-conns-per-addr", "0"},
		{"-drain", "-1s"},
		{"-public-url", "reversi.example"},
		{"-public-url", "https://reversi.example/play"},
	} {
		if err := runServe(append(args, "-db", t.TempDir()+"/never.db", "-addr", "localhost:0")); err == nil {
			t.Errorf("serve %q: no error", args)
		}
	}
	if got := burst(50, 2); got != 100 {
		t.Errorf("burst(50, 2) = %d, want 100", got)
	}
	if got := burst(0.1, 2); got != 1 {
		t.Errorf("burst(0.1, 2) = %d, want 1", got)
	}
}

// TestServeWithoutPostgreSQL checks that a server pointed at a PostgreSQL
// that cannot be reached stops at once with an error that says so (Main
// then exits with status 1), and without the URL's password.
func TestServeWithoutPostgreSQL(t *testing.T) {
	for _, u := range []string{
		"postgres://reversi:hunter2@127.0.0.1:1/reversi?sslmode=disable",
		"postgres://reversi@127.0.0.1:1/reversi?sslmode=disable&password=hunter2",
		"postgres://reversi@127.0.0.1:1/reversi?sslmode=disable&sslpassword=hunter2&sslkey=/keys/hunter2.key",
	} {
		err := runServe([]string{"-db", u, "-addr", "localhost:0"})
		if !errors.Is(err, club.ErrUnavailable) {
			t.Fatalf("serve on an unreachable PostgreSQL: err = %v, want club.ErrUnavailable", err)
		}
		if msg := err.Error(); strings.Contains(msg, "hunter2") || !strings.Contains(msg, "127.0.0.1:1") {
			t.Errorf("error %q: want the address and no password", msg)
		}
	}
}

// TestRedact checks that every credential of a database URL is masked.
func TestRedact(t *testing.T) {
	for _, u := range []string{
		"postgres://reversi:hunter2@db.example/reversi",
		"postgres://reversi@db.example/reversi?password=hunter2",
		"postgres://reversi@db.example/reversi?sslmode=verify-full&sslpassword=hunter2",
		"postgres://reversi@db.example/reversi?sslkey=%2Fetc%2Fhunter2.key",
		"postgres://reversi:p%40ss@db.example/reversi?PASSWORD=hunter2",
	} {
		got := redact(u)
		if strings.Contains(got, "hunter2") || strings.Contains(got, "p%40ss") || !strings.Contains(got, "db.example") {
			t.Errorf("redact(%q) = %q", u, got)
		}
		if msg := maskErr(errors.New("cannot connect to "+u), u).Error(); strings.Contains(msg, "hunter2") || strings.Contains(msg, "p%40ss") {
			t.Errorf("maskErr for %q: %q", u, msg)
		}
	}
}

// TestConnCap checks the connection cap that the file limit allows.
func TestConnCap(t *testing.T) {
	for _, tc := range []struct {
		max   int
		files uint64
		known bool
		want  int
	}{
		{4096, 256, true, 192},
		{4096, 1024, true, 896},
		{4096, 1 << 20, true, 4096},
		{100, 1024, true, 100},
		{4096, 40, true, 16},
		{4096, 0, false, 4096},
		{4096, 1 << 62, true, 4096},
	} {
		if got := connCap(tc.max, tc.files, tc.known); got != tc.want {
			t.Errorf("connCap(%d, %d, %v) = %d, want %d", tc.max, tc.files, tc.known, got, tc.want)
		}
	}
}

// TestServeStops checks how serve's loop ends: on a signal it drains and
// shuts down cleanly; when the metrics listener dies it logs why, shuts
// the server down and returns an error, so that the process exits
// non-zero instead of running on unwatched.
func TestServeStops(t *testing.T) {
	for _, tc := range []struct {
		name      string
		signal    bool // else the metrics listener dies
		wantErr   string
		wantLog   string
		wantDrain bool
	}{
		{name: "signal", signal: true, wantLog: "shutting down", wantDrain: true},
		{name: "metrics listener dies", wantErr: "metrics listener stopped", wantLog: "the metrics listener stopped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			mln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			var logs testkit.SyncBuffer
			log := slog.New(slog.NewTextHandler(&logs, nil))
			// The gauges read the app, the server and the store only
			// when scraped, which this test does not do.
			ms, died := serveMetrics(mln, metrics.New(), nil, nil, nil, nil, log)
			defer ms.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.signal {
				cancel()
			} else {
				mln.Close() // the metrics listener dies under the server
			}
			drained := false
			hs := &http.Server{Handler: http.NotFoundHandler()}
			err = serveUntilStopped(ctx, hs, ln, died, 0, func() { drained = true }, func() {}, log)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("serve ended with %v, want %q", err, tc.wantErr)
			}
			if !strings.Contains(logs.String(), tc.wantLog) {
				t.Errorf("log lacks %q:\n%s", tc.wantLog, logs.String())
			}
			if drained != tc.wantDrain {
				t.Errorf("drained = %v, want %v", drained, tc.wantDrain)
			}
			if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
				c.Close()
				t.Error("the server still accepts connections after it stopped")
			}
		})
	}
}

// The metrics listener keeps at most metricsMaxConns connections: a flood
// of silent ones waits in the kernel's queue, and a scrape gets through
// once one of them goes (here, closed; in service, the short timeouts).
func TestMetricsListenerIsCapped(t *testing.T) {
	mln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ms, _ := serveMetrics(mln, metrics.New(), nil, nil, nil, nil, log)
	defer ms.Close()
	if ms.ReadHeaderTimeout == 0 || ms.ReadTimeout == 0 || ms.WriteTimeout == 0 || ms.IdleTimeout == 0 {
		t.Errorf("metrics server timeouts: header %v read %v write %v idle %v; want all set",
			ms.ReadHeaderTimeout, ms.ReadTimeout, ms.WriteTimeout, ms.IdleTimeout)
	}
	var silent []net.Conn
	for range metricsMaxConns {
		c, err := net.Dial("tcp", mln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.Write([]byte("GET /metrics HTTP/1.1\r\n")) // half a request
		silent = append(silent, c)
	}
	scrape := make(chan error, 1)
	go func() {
		resp, err := http.Get("http://" + mln.Addr().String() + "/absent") // no scrape: the gauges need an app
		if err == nil {
			resp.Body.Close()
		}
		scrape <- err
	}()
	silent[0].Close()
	if err := <-scrape; err != nil {
		t.Fatalf("scrape after a place was freed: %v", err)
	}
}
