package play_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"reversi/db/sqlite"
	"reversi/play"
)

// TestExperimentHardRepliesUnderLoad is a bounded experiment, not a test:
// it runs only with REVERSI_EXPERIMENT set (never under -short) and
// prints figures for docs/operations.md. One network's player plays Hard
// moves for REVERSI_SECONDS (60 by default) with the real engine, while
// the load of REVERSI_EXPERIMENT runs from another network:
//   - reviews: one player asks for three reviews of finished games;
//   - flood: 60 players of one network ask for hints without pause.
//
// It reports each Hard reply's time (the player's move, then the
// computer's search, its wait for a slot included).
func TestExperimentHardRepliesUnderLoad(t *testing.T) {
	mode := os.Getenv("REVERSI_EXPERIMENT")
	if mode == "" || testing.Short() {
		t.Skip("an experiment: set REVERSI_EXPERIMENT=reviews or flood")
	}
	secs, _ := strconv.Atoi(os.Getenv("REVERSI_SECONDS"))
	if secs <= 0 {
		secs = 60
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	app, err := play.New(play.Config{Store: st, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Drain()
	player := func(i int) string { return fmt.Sprintf("%032x", i+1) }
	for i := range 100 {
		if err := app.SeePlayer(ctx, player(i)); err != nil {
			t.Fatal(err)
		}
	}
	start := func(ctx context.Context, p, level string) *play.Match {
		g, err := app.Start(ctx, play.Who{Player: p}, choices(t, "level", level))
		if err != nil {
			t.Fatal(err)
		}
		m, err := app.Game(ctx, p, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	// move plays p's first legal move (or a pass) in m.
	move := func(ctx context.Context, p string, m *play.Match) (*play.Match, error) {
		mv := m.Board().Moves().First()
		return app.Move(ctx, play.Who{Player: p}, m, m.Ply(), mv)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	loadNet := play.WithNetwork(ctx, "net 127.0.100.0/24")
	switch mode {
	case "reviews":
		p := player(0)
		for range 3 {
			m := start(loadNet, p, "beginner")
			for m.Playing() {
				if m, err = move(loadNet, p, m); err != nil {
					t.Fatal(err)
				}
			}
			if err := app.RequestReview(loadNet, m, p, "net 127.0.100.0/24"); err != nil {
				t.Logf("review refused: %v", err)
			}
		}
	case "flood":
		for i := 1; i <= 60; i++ {
			p := player(i)
			m := start(loadNet, p, "beginner")
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					app.Hint(loadNet, play.Who{Player: p}, m, m.Ply())
				}
			})
		}
	default:
		t.Fatalf("REVERSI_EXPERIMENT=%q: want reviews or flood", mode)
	}
	me := player(99)
	mine := play.WithNetwork(ctx, "net 127.0.200.0/24")
	var took []time.Duration
	deadline := time.Now().Add(time.Duration(secs) * time.Second)
	for time.Now().Before(deadline) {
		m := start(mine, me, "hard")
		for m.Playing() && time.Now().Before(deadline) {
			t0 := time.Now()
			if m, err = move(mine, me, m); err != nil {
				t.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
	}
	close(stop)
	wg.Wait()
	slices.Sort(took)
	slow := 0
	for _, d := range took {
		if d >= 4500*time.Millisecond {
			slow++
		}
	}
	fmt.Printf("%s over %ds: %d Hard replies, median %v, 90th %v, max %v, %d at 4.5 s or more\n",
		mode, secs, len(took), took[len(took)/2].Round(time.Millisecond),
		took[len(took)*9/10].Round(time.Millisecond), took[len(took)-1].Round(time.Millisecond), slow)
}
