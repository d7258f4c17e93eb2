package main

import (
	"strings"
	"testing"
	"time"

	"reversi/game"
)

// TestSearchFindsTheSeedGame runs the search with seed 1, which finds the
// tutorial's late game (handlers.lateGame), and replays what it finds.
func TestSearchFindsTheSeedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the search in -short mode")
	}
	games := search(1, 1, time.Now().Add(2*time.Minute))
	if len(games) != 1 {
		t.Fatalf("search(1) found %d games, want 1", len(games))
	}
	g, err := game.ParseTranscript(game.Options{Size: 8}, games[0])
	if err != nil {
		t.Fatalf("the game found is not legal play: %v", err)
	}
	b, err := g.Board()
	if err != nil {
		t.Fatal(err)
	}
	r := b.Result()
	if !strings.HasSuffix(games[0], "c7b1") || !b.Over() || r.White != 48 || r.Black != 15 || b.At(56) != game.Empty {
		t.Errorf("search(1) = %s, ending White %d, Black %d, over %v; want c7 b1, White 48, Black 15, a8 empty",
			games[0], r.White, r.Black, b.Over())
	}
	const want = "f5f4f3g4h3f6g5g6d3g3h2f2h5h4h7e6g7c5b6g8e3d2c2c3d7e7f7g2d6h8g1d8c8h6f8c6e8b2d1c4b3f1e2c1a2a6b4b8b5a3a4b7a7h1a1e1a5c7b1"
	if games[0] != want {
		t.Errorf("search(1) = %s, want the tutorial's %s", games[0], want)
	}
}
