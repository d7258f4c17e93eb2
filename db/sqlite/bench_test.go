package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
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
			if _, err := s.w.ExecContext(ctx, `INSERT INTO games (id, player_id, opponent, human, level, size, start, created_at, updated_at)
				VALUES ('g1', 'p1', 'local', 'both', 'easy', 8, 'cross', 0, 0)`); err != nil {
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
