package cli

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"reversi/cli/loadtest"
	"reversi/db/sqlite"
)

// TestCrashLosesNoMove runs the real server binary, plays many games at once
// through it, kills it with SIGKILL at a random moment, restarts it on the
// same database, and checks that every move the server had answered is
// stored, that the database passes its integrity check and that every game
// still replays by the rules. The last round stops the server with SIGTERM
// under the same load instead: it must exit cleanly, losing nothing.
func TestCrashLosesNoMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary; skipped in -short mode")
	}
	dir, bin := t.TempDir(), buildServer(t)
	dbPath := filepath.Join(dir, "crash.db")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))

	var mu sync.Mutex
	acked := map[string]int{} // game id → the ply the server said it reached
	record := func(id string, ply int) {
		mu.Lock()
		acked[id] = max(acked[id], ply)
		mu.Unlock()
	}
	const rounds = 3
	for round := range rounds {
		srv := startServer(t, bin, dbPath)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan *loadtest.Stats)
		go func() {
			done <- loadtest.Run(ctx, loadtest.Config{Base: srv.url, Computer: 0.25, Level: "easy", Size: 8, Acked: record}, 16, uint64(round))
		}()
		time.Sleep(time.Duration(300+rng.IntN(1200)) * time.Millisecond)
		sig := syscall.SIGKILL
		if round == rounds-1 {
			sig = syscall.SIGTERM
		}
		if err := srv.cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		err := srv.cmd.Wait()
		cancel()
		st := <-done
		t.Logf("round %d: %v after %d moves, %d games: %v", round, sig, st.Moves, st.Games, err)
		if st.ServerErrors > 0 || st.Lost > 0 {
			t.Errorf("round %d: %d server errors, %d lost moves: %v", round, st.ServerErrors, st.Lost, st.FirstErrors)
		}
		if sig == syscall.SIGTERM && err != nil {
			t.Errorf("after SIGTERM the server exited with %v, want a clean exit\n%s", err, srv.log())
		}
		if st.Moves == 0 {
			t.Fatalf("round %d: no move was played before the signal\n%s", round, srv.log())
		}
		checkStored(t, dbPath, acked)
	}
}

type serverProcess struct {
	cmd     *exec.Cmd
	url     string
	logPath string
}

func (s *serverProcess) log() string {
	b, _ := os.ReadFile(s.logPath)
	return string(b)
}

// startServer starts the binary on a free loopback port, with flags
// besides -addr and -db, and waits until it answers.
func startServer(t *testing.T, bin, dbPath string, flags ...string) *serverProcess {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	logf, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(bin, append([]string{"-addr", addr, "-db", dbPath}, flags...)...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serverProcess{cmd: cmd, url: "http://" + addr, logPath: logf.Name()}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for range 200 {
		resp, err := http.Get(s.url + "/")
		if err == nil {
			resp.Body.Close()
			return s
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("server did not answer on %s\n%s", addr, s.log())
	return nil
}

// checkStored opens the database as the server left it and checks every
// acknowledged move, the integrity check and the replay of every game.
func checkStored(t *testing.T, dbPath string, acked map[string]int) {
	t.Helper()
	ctx := context.Background()
	raw, err := sql.Open("sqlite", dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var integrity string
	if err := raw.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&integrity); err != nil || integrity != "ok" {
		t.Fatalf("integrity_check = %q, %v; want ok", integrity, err)
	}
	store, err := sqlite.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for id, ply := range acked {
		g, err := store.Game(ctx, id)
		if err != nil {
			t.Errorf("game %s, answered at ply %d: %v", id, ply, err)
			continue
		}
		if g.Ply() < ply {
			t.Errorf("game %s: stored at ply %d, but the server had answered a move to ply %d", id, g.Ply(), ply)
		}
	}
	rows, err := raw.QueryContext(ctx, "SELECT id FROM games")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		g, err := store.Game(ctx, id)
		if err == nil {
			_, err = g.Record.Positions()
		}
		if err != nil {
			t.Errorf("game %s does not replay: %v", id, err)
		}
	}
	t.Logf("%d games stored, %d with answered moves, all replay", len(ids), len(acked))
	if len(ids) == 0 {
		t.Errorf("no game stored in %s", dbPath)
	}
}
