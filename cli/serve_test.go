package cli

import (
	"errors"
	"strings"
	"testing"

	"reversi/db"
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
	err := runServe([]string{"-db", "postgres://reversi:hunter2@127.0.0.1:1/reversi?sslmode=disable", "-addr", "localhost:0"})
	if !errors.Is(err, db.ErrUnavailable) {
		t.Fatalf("serve on an unreachable PostgreSQL: err = %v, want db.ErrUnavailable", err)
	}
	if msg := err.Error(); strings.Contains(msg, "hunter2") || !strings.Contains(msg, "127.0.0.1:1") {
		t.Errorf("error %q: want the address and no password", msg)
	}
}
