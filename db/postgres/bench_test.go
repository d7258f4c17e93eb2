package postgres

import (
	"slices"
	"testing"
	"time"

	"reversi/db/postgres/pgtest"
)

// BenchmarkCommit stores one move at a time, each a committed single-row
// update that waits for its WAL flush: ns/op is the durable-commit limit
// of one writer on this machine.
//
//	REVERSI_TEST_POSTGRES=… go test -run '^$' -bench Commit ./db/postgres
func BenchmarkCommit(b *testing.B) {
	s := open(b, pgtest.NewDatabase(b))
	g := onlineGame(b, s, "g1")
	g.RoomID = "" // a computer game's write: no notification
	for b.Loop() {
		moveAndUndo(b, s, g)
	}
}

// BenchmarkRead compares what a page costs the store without a cache (the
// whole row) with what a coherent cache would still have to pay on every
// read (asking for the row's version, to know that its copy is current):
// the same round trip, so the cache would save next to nothing.
func BenchmarkRead(b *testing.B) {
	s := open(b, pgtest.NewDatabase(b))
	g := onlineGame(b, s, "g1")
	for range 30 {
		moveAndUndo(b, s, g)
	}
	moveAndUndo(b, s, g) // a game with a ply
	b.Run("row", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Game(ctx, "g1"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("version", func(b *testing.B) {
		for b.Loop() {
			var ply int
			var updated int64
			if err := s.pool.QueryRow(ctx, `SELECT ply, updated_at FROM games WHERE id = $1`, "g1").Scan(&ply, &updated); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWake measures the wake-up across servers: a move committed by
// one server's store until a waiter on another server's Notifier wakes.
// It reports the median and the 99th percentile from the start of the
// write (which includes its commit), and the median from the moment the
// write returned, when the mover's server would answer.
//
//	REVERSI_TEST_POSTGRES=… go test -run '^$' -bench Wake -benchtime 500x ./db/postgres
func BenchmarkWake(b *testing.B) {
	url := pgtest.NewDatabase(b)
	s, n := open(b, url), listen(b, url)
	g := onlineGame(b, s, "g1")
	ch, stop := n.Subscribe("g1")
	defer stop()
	moveAndUndo(b, s, g)
	<-ch
	var total, after []time.Duration
	for b.Loop() {
		start := time.Now()
		moveAndUndo(b, s, g)
		answered := time.Now()
		<-ch
		woke := time.Now()
		total = append(total, woke.Sub(start))
		after = append(after, woke.Sub(answered))
	}
	slices.Sort(total)
	slices.Sort(after)
	b.ReportMetric(float64(total[len(total)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(total[len(total)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(after[len(after)/2].Microseconds()), "after-answer-median-µs")
}
