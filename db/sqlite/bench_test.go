package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"reversi/club"
	"reversi/game"
	"strings"
	"testing"
	"time"
)

// BenchmarkDurableUpdate measures one committed single-row update at a
// time, the write behind every move, through the Store's write path with
// its pragmas, on the disk under the temp directory: the durable-write
// limit that the server's moves per second are measured against. The
// "normal" variant sets synchronous(NORMAL) instead of FULL, to show what
// the fsync costs.
func BenchmarkDurableUpdate(b *testing.B) {
	for _, tt := range []struct{ name, sync string }{
		{"full", ""},
		{"normal", "NORMAL"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			ctx := context.Background()
			path := filepath.Join(b.TempDir(), "bench.db")
			s, err := Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			if _, err := s.w.ExecContext(ctx, `INSERT INTO players (id, created_at) VALUES ('p1', 0)`); err != nil {
				b.Fatal(err)
			}
			if _, err := s.w.ExecContext(ctx, bareGame("g1", "p1", "local", "both", "", 0, "")); err != nil {
				b.Fatal(err)
			}
			exec := s.b.exec
			if tt.sync != "" {
				s.b.close()
				dsn := path + "?" + strings.ReplaceAll(pragmas, "synchronous(FULL)", "synchronous("+tt.sync+")") + "&_txlock=immediate"
				w, err := sql.Open("sqlite", dsn)
				if err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				w.SetMaxOpenConns(1)
				bt := newBatcher(w)
				defer bt.close()
				exec = bt.exec
			}
			ply := 0
			for b.Loop() {
				res, err := exec(ctx, `UPDATE games SET ply = ?, updated_at = ? WHERE id = ? AND ply = ?`,
					ply+1, time.Now().Unix(), "g1", ply)
				if err != nil {
					b.Fatal(err)
				}
				if n, _ := res.RowsAffected(); n != 1 {
					b.Fatalf("update changed %d rows, want 1", n)
				}
				ply++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
		})
	}
}

// BenchmarkMove is a move's store work as the server does it: the
// conditional UpdateGame of one ply, then the Game read of the page that
// follows (from the cache, when it holds the game). It is what the load
// test's moves per second rest on.
//
//	go test ./db/sqlite -run '^$' -bench Move -benchmem -count 3
func BenchmarkMove(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		b.Fatal(err)
	}
	g := &club.Game{ID: "g1", PlayerID: "p1", Opponent: club.Computer, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	if err := s.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	f5 := game.SquareAt(8, 5, 4)
	for b.Loop() {
		old := g.Ply()
		if old == 0 {
			g.Record.Plies = append(g.Record.Plies, f5)
		} else {
			g.Record.Plies = g.Record.Plies[:0]
		}
		if err := s.UpdateGame(ctx, g, old); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Game(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
