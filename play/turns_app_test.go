package play_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// TestMoveWaitsItsTurn posts one move twice at once straight to the app,
// as any front would: the second waits for the first's search, reads the
// game again and is refused as stale, without a search of its own.
func TestMoveWaitsItsTurn(t *testing.T) {
	var searches atomic.Int64
	searching, release := make(chan struct{}, 1), make(chan struct{})
	app, _ := newApp(t, func(c *play.Config) {
		c.Choose = func(_ context.Context, b game.Board, _ ai.Level, _ *rand.Rand) (game.Square, error) {
			if searches.Add(1) == 1 {
				searching <- struct{}{}
				<-release
			}
			return b.Moves().First(), nil
		}
	})
	ctx := context.Background()
	who := play.Who{Player: alice}
	g, err := app.Start(ctx, who, choices(t, "color", "black"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := app.Game(ctx, alice, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	mv := m.Board().Moves().First()
	first := make(chan error, 1)
	go func() {
		_, err := app.Move(ctx, who, m, 0, mv)
		first <- err
	}()
	<-searching // the first move holds the turns now
	second := make(chan error, 1)
	go func() {
		_, err := app.Move(ctx, who, m, 0, mv) // m as loaded before the first move
		second <- err
	}()
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("the first move: %v", err)
	}
	if err := <-second; !errors.Is(err, club.ErrStale) {
		t.Errorf("the second move of the same ply: %v, want a stale refusal", err)
	}
	if n := searches.Load(); n != 1 {
		t.Errorf("two posts of one move ran %d searches, want 1", n)
	}
	if n := app.Gauges().Turns; n != 0 {
		t.Errorf("%d turns still held", n)
	}
}
