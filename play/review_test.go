package play

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"testing"

	"reversi/ai"
	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/internal/testkit"
)

// newQueue returns a review queue that nothing works through.
func newQueue() *reviewQueue {
	return &reviewQueue{pending: map[string]chan struct{}{}, waiting: map[string][]*reviewJob{},
		nets: map[string]int{}, wake: make(chan struct{}, 1)}
}

func gameNamed(id string) *club.Game { return &club.Game{ID: id} }

// TestReviewQueueCaps checks the caps per player, per network and in all.
func TestReviewQueueCaps(t *testing.T) {
	q := newQueue()
	for i := range MaxReviewsPerPlayer {
		if _, err := q.enqueue(gameNamed(fmt.Sprint("a", i)), "alice", "net A"); err != nil {
			t.Fatalf("alice's review %d: %v", i, err)
		}
	}
	if kind, err := q.enqueue(gameNamed("a-more"), "alice", "net B"); !errors.Is(err, ErrReviewsWaiting) || kind != "player" {
		t.Errorf("alice past her cap: %v (%s), want ErrReviewsWaiting", err, kind)
	}
	if _, err := q.enqueue(gameNamed("a0"), "alice", "net A"); err != nil {
		t.Errorf("a game already queued: %v, want nothing", err)
	}
	for i := range maxReviewsPerNetwork - MaxReviewsPerPlayer {
		if _, err := q.enqueue(gameNamed(fmt.Sprint("n", i)), fmt.Sprint("neighbour", i), "net A"); err != nil {
			t.Fatalf("neighbour %d: %v", i, err)
		}
	}
	if kind, err := q.enqueue(gameNamed("n-more"), "newcomer", "net A"); !errors.Is(err, ErrReviewBusy) || kind != "network" {
		t.Errorf("past the network's cap: %v (%s), want ErrReviewBusy", err, kind)
	}
	for i := 0; q.queued < maxQueuedReviews; i++ {
		if _, err := q.enqueue(gameNamed(fmt.Sprint("o", i)), fmt.Sprint("other", i), fmt.Sprint("net o", i)); err != nil {
			t.Fatalf("other %d: %v", i, err)
		}
	}
	if kind, err := q.enqueue(gameNamed("late"), "late", "net late"); !errors.Is(err, ErrReviewBusy) || kind != "queue" {
		t.Errorf("past the queue's cap: %v (%s), want ErrReviewBusy", err, kind)
	}
}

// TestReviewQueueTurns checks that players are served in turn, one review
// each, and that a dropped review leaves the queue.
func TestReviewQueueTurns(t *testing.T) {
	q := newQueue()
	for _, r := range []struct{ id, player string }{
		{"a1", "alice"}, {"a2", "alice"}, {"b1", "bob"}, {"c1", "carol"}, {"c2", "carol"}, {"d1", "dave"},
	} {
		if _, err := q.enqueue(gameNamed(r.id), r.player, "net "+r.player); err != nil {
			t.Fatal(err)
		}
	}
	q.drop("d1")
	done := q.running("d1")
	if done != nil {
		t.Errorf("a dropped review is still pending")
	}
	var order []string
	for j := q.next(context.Background()); j != nil; j = q.next(context.Background()) {
		order = append(order, j.g.ID)
		q.mu.Lock()
		q.current = nil
		q.done(j.g.ID)
		q.mu.Unlock()
	}
	if got, want := fmt.Sprint(order), "[a1 b1 c1 a2 c2]"; got != want {
		t.Errorf("served %s, want %s", got, want)
	}
	if queued, running := q.counts(); queued != 0 || running != 0 || len(q.nets) != 0 {
		t.Errorf("after all: %d queued, %d running, networks %v", queued, running, q.nets)
	}
}

// TestDeletedGameReview deletes a game whose review waits and one whose
// review runs: both are dropped, and nothing is logged as an error.
func TestDeletedGameReview(t *testing.T) {
	store, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	started, gate := make(chan struct{}, 1), make(chan struct{})
	var log testkit.SyncBuffer
	a, err := New(Config{Store: store, Logger: slog.New(slog.NewTextHandler(&log, nil)),
		Review: ai.ReviewOptions{Nodes: 1000, ExactEmpties: 4, Progress: func(ai.MoveReview) {
			select {
			case started <- struct{}{}:
			default:
			}
			<-gate // the review runs until the game is deleted
		}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Drain()
	const player = "00000000000000000000000000000001"
	rec, err := game.ParseTranscript(game.Options{Size: 6}, "d5e5b3b2c2b4a2d6e6a1a4f6d2e2f2a3f5f4e4e3f3e1d1c5f1b1a5c1c6b6b5a6")
	if err != nil {
		t.Fatal(err)
	}
	if err := store.CreatePlayer(t.Context(), player); err != nil {
		t.Fatal(err)
	}
	var ms []*Match
	for _, id := range []string{"runningrunningru", "waitingwaitingwa"} {
		g := &club.Game{ID: id, PlayerID: player, Opponent: club.Computer, Human: game.Black, Level: "easy", Record: *rec,
			Status: club.Over, HintPly: -1, HintSquare: game.Pass}
		if err := store.CreateGame(t.Context(), g); err != nil {
			t.Fatal(err)
		}
		m, err := a.Game(t.Context(), player, id)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.RequestReview(t.Context(), m, player, ""); err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	<-started // the first review runs, one move judged
	running, waiting := a.ReviewRunning(ms[0]), a.ReviewRunning(ms[1])
	if running == nil || waiting == nil {
		t.Fatal("the reviews are not pending")
	}
	if err := a.Delete(t.Context(), ms[1]); err != nil {
		t.Fatal(err)
	}
	<-waiting // dropped from the queue
	if err := a.Delete(t.Context(), ms[0]); err != nil {
		t.Fatal(err)
	}
	close(gate)
	<-running // stopped
	if g := a.Gauges(); g.ReviewsQueued != 0 || g.ReviewsRunning != 0 {
		t.Errorf("after the deletes: %+v", g)
	}
	if bytes.Contains([]byte(log.String()), []byte("level=ERROR")) {
		t.Errorf("an error was logged:\n%s", log.String())
	}
}
