package cli

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"reversi/cli/loadtest"
)

// opsServer starts the built server under a file limit of files (through
// the shell's ulimit) with extra flags, and waits until it answers.
func opsServer(t *testing.T, bin string, files int, extra ...string) *serverProcess {
	t.Helper()
	addr := freeAddr(t)
	logf, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	args := append([]string{"-addr", addr, "-db", filepath.Join(t.TempDir(), "ops.db")}, extra...)
	cmd := exec.Command("/bin/sh", append([]string{"-c", fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, files), bin}, args...)...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serverProcess{cmd: cmd, url: "http://" + addr, logPath: logf.Name()}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for range 400 {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			return s
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("server did not answer on %s\n%s", addr, s.log())
	return nil
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// getFrom GETs url from the loopback address from, and returns the status
// and body (status 0 on a failure).
func getFrom(from, url string, timeout time.Duration) (int, string) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c := &http.Client{Timeout: timeout, Transport: &http.Transport{DialContext: d.DialContext}}
	resp, err := c.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// hold opens n connections to addr from 127.0.0.1, each sending request
// (if any) and then nothing, and closes them at the test's end.
func hold(t *testing.T, addr string, n int, request string) {
	t.Helper()
	for range n {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			continue // refused or reset: the server is keeping its places
		}
		t.Cleanup(func() { c.Close() })
		if request != "" {
			c.Write([]byte(request))
		}
	}
}

// TestHostileConnections holds many silent connections from one address
// against a server short of files: another address still gets the home
// page within two seconds.
func TestHostileConnections(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary; skipped in -short mode")
	}
	bin := buildServer(t)
	for _, tc := range []struct {
		name    string
		files   int
		conns   int
		request string
	}{
		{"300 idle connections, 256 files", 256, 300, ""},
		{"300 event streams on one cookie, 256 files", 256, 300, "stream"},
		{"1,100 kept-alive connections, 1,024 files", 1024, 1100, "GET /static/icon.svg HTTP/1.1\r\nHost: x\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := opsServer(t, bin, tc.files)
			if tc.request == "stream" {
				tc.request = streamRequest(t, srv.url)
			}
			hold(t, strings.TrimPrefix(srv.url, "http://"), tc.conns, tc.request)
			start := time.Now()
			// Another network's: the caps are per address and per /24, and
			// the flood comes from 127.0.0.1.
			status, body := getFrom("127.0.1.2", srv.url+"/", 2*time.Second)
			if status != http.StatusOK {
				t.Errorf("another network's home page: %d after %v: %.200s\n%s", status, time.Since(start), body, srv.log())
			}
			t.Logf("another network's home page in %v", time.Since(start))
			if !strings.Contains(srv.log(), "msg=connections max=") {
				t.Errorf("the connection caps were not logged:\n%s", srv.log())
			}
		})
	}
}

// streamRequest starts an online game at base and returns the request of
// its host's event stream, cookie and all.
func streamRequest(t *testing.T, base string) string {
	t.Helper()
	host := newPlayer(t, base, "host")
	r := host.must(host.post("/games", url.Values{"opponent": {"online"}, "color": {"black"}, "level": {"easy"},
		"size": {"6"}, "start": {"cross"}, "show_moves": {"on"}, "confirm": {"yes"}}), http.StatusSeeOther, "new online game")
	link := host.waitingLink(strings.TrimSuffix(r.location, "#status"))
	u, _ := url.Parse(base)
	var cookies []string
	for _, c := range host.c.Jar.Cookies(u) {
		cookies = append(cookies, c.String())
	}
	return "GET " + link + " HTTP/1.1\r\nHost: x\r\nCookie: " + strings.Join(cookies, "; ") + "\r\n\r\n"
}

// TestProbesMetricsAndDrain checks from outside: the probes answer 200,
// the metrics listener serves Go metrics, a request counter that grows and
// the thinking-time histogram while the public port has no /metrics, and
// SIGTERM makes /readyz 503 at once while / is still served, then exit 0.
func TestProbesMetricsAndDrain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary; skipped in -short mode")
	}
	bin := buildServer(t)
	metricsAddr := freeAddr(t)
	srv := opsServer(t, bin, 1024, "-metrics-addr", metricsAddr, "-drain", "3s")
	for _, p := range []string{"/healthz", "/readyz"} {
		if status, _ := getFrom("127.0.0.1", srv.url+p, 5*time.Second); status != 200 {
			t.Errorf("GET %s = %d, want 200", p, status)
		}
	}
	if status, _ := getFrom("127.0.0.1", srv.url+"/metrics", 5*time.Second); status != 404 {
		t.Errorf("GET /metrics on the public port = %d, want 404", status)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	loadtest.Run(ctx, loadtest.Config{Base: srv.url, Computer: 1, Level: "easy", Size: 8}, 2, 1)
	cancel()
	requests := func() (string, float64) {
		status, body := getFrom("127.0.0.1", "http://"+metricsAddr+"/metrics", 5*time.Second)
		if status != 200 {
			t.Fatalf("GET /metrics on -metrics-addr = %d: %s", status, body)
		}
		var n, v float64
		for line := range strings.SplitSeq(body, "\n") {
			if strings.HasPrefix(line, `reversi_http_requests_total{route="/",status="200"}`) {
				fmt.Sscan(line[strings.LastIndexByte(line, ' ')+1:], &v)
				n += v
			}
		}
		return body, n
	}
	body, before := requests()
	for _, want := range []string{"go_goroutines", "process_open_fds", "reversi_computer_thinking_seconds_bucket{level=\"easy\"",
		"reversi_moves_total", "reversi_searches_waiting", "reversi_reviews_queued", "reversi_waiters_open", "reversi_db_connections_open 4"} {
		if !strings.Contains(body, want) {
			t.Errorf("the metrics have no %s", want)
		}
	}
	getFrom("127.0.0.1", srv.url+"/", 5*time.Second)
	if _, after := requests(); after != before+1 {
		t.Errorf("home page requests counted %v, then %v after one more", before, after)
	}

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if status, _ := getFrom("127.0.0.1", srv.url+"/readyz", time.Second); status != 503 {
		t.Errorf("/readyz while draining = %d, want 503", status)
	}
	if status, _ := getFrom("127.0.0.1", srv.url+"/", time.Second); status != 200 {
		t.Errorf("/ while draining = %d, want 200", status)
	}
	exited := make(chan error, 1)
	go func() { exited <- srv.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("after SIGTERM: %v, want exit 0\n%s", err, srv.log())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the server did not exit after SIGTERM\n%s", srv.log())
	}
}

// buildServer builds the binary once per test; $REVERSI_OPS_BIN names
// another one instead (an older build, to see these tests fail on it).
func buildServer(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("REVERSI_OPS_BIN"); b != "" {
		return b
	}
	bin := filepath.Join(t.TempDir(), "reversi")
	if out, err := exec.Command("go", "build", "-o", bin, "reversi").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
