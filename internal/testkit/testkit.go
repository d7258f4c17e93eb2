// Package testkit holds the helpers that several packages' tests share:
// squares and boards that must parse, a stand-in for the computer, and a
// log buffer safe for concurrent writes. It is for tests only.
//
// It imports package game and nothing else of the module, so that the
// tests inside ai, play, views and handlers can use it without a cycle.
// (game's own tests, inside package game, cannot: they keep theirs.)
package testkit

import (
	"bytes"
	"context"
	"math/rand/v2"
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
