// Package testkit holds the helpers that several packages' tests share:
// squares and boards that must parse, a stand-in for the computer, a
// log buffer safe for concurrent writes, and the check that generated code
// is current. It is for tests only.
//
// It imports package game and nothing else of the module, so that the
// tests inside ai, play, views and handlers can use it without a cycle.
// (game's own tests inside package game cannot; those in game_test can.)
package testkit

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"reversi/game"
)

// Sq8 returns the square of an 8×8 board that name ("d3") names, or fails
// the test.
func Sq8(t testing.TB, name string) game.Square {
	t.Helper()
	sq, err := game.ParseSquare(8, name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// MustParseLine returns the position of a one-line board ("X-O… X"), or
// fails the test.
func MustParseLine(t testing.TB, line string) game.Board {
	t.Helper()
	b, err := game.ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// MustStart returns the starting position of a game with options o, or
// fails the test.
func MustStart(t testing.TB, o game.Options) game.Board {
	t.Helper()
	b, err := game.NewStart(o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FirstMove is a deterministic stand-in for the computer (ai.Choose's
// shape): the first legal move in square order, game.Pass when the side to
// move must pass, and game.ErrGameOver once the game is over. It is
// generic in the level only so that this package need not import ai,
// whose own tests use it: a play.Config takes FirstMove[ai.Level].
func FirstMove[Level any](_ context.Context, b game.Board, _ Level, _ *rand.Rand) (game.Square, error) {
	if b.Over() {
		return game.Pass, game.ErrGameOver
	}
	return b.Moves().First(), nil
}

// FirstHint is a deterministic stand-in for the hint search (ai.Hint's
// shape): the first legal move in square order.
func FirstHint(_ context.Context, b game.Board) (game.Square, error) { return b.Moves().First(), nil }

// SyncBuffer is a log destination safe for concurrent writes.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *SyncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what has been written so far.
func (b *SyncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Generated runs the generator gen (a `go run` file in the test's
// directory, which writes to -o) into a temporary file and fails t unless
// the committed file is what it writes, so an edit to a generator cannot
// land without the code it generates. It skips under -short (it builds and
// runs the generator) and without a go command.
func Generated(t *testing.T, gen, file string) {
	t.Helper()
	if testing.Short() {
		t.Skip("skipped with -short: builds and runs the generator")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH to run the generator: %v", err)
	}
	out := filepath.Join(t.TempDir(), file)
	if msg, err := exec.Command(goBin, "run", gen, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run %s: %v\n%s", gen, err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what %s writes; run go generate in the package's directory", file, gen)
	}
}
