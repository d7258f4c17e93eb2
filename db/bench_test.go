package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkDurableUpdate measures one committed single-row update, the
// write behind every move, through the Store's writer connection with its
// pragmas on the disk under the temp directory: the ceiling for the
// server's moves per second. The "fsync" variant sets synchronous(FULL),
// for comparison with the default synchronous(NORMAL) in WAL mode.
func BenchmarkDurableUpdate(b *testing.B) {
	for _, tt := range []struct{ name, sync string }{
		{"default", ""},
		{"fsync", "FULL"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			ctx := context.Background()
			path := filepath.Join(b.TempDir(), "bench.db")
			s, err := Open(ctx, path)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			w := s.w
			if tt.sync != "" {
				dsn := path + "?" + strings.ReplaceAll(pragmas, "synchronous(NORMAL)", "synchronous("+tt.sync+")") + "&_txlock=immediate"
				if w, err = sql.Open("sqlite", dsn); err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				w.SetMaxOpenConns(1)
			}
			if _, err := s.w.ExecContext(ctx, `INSERT INTO players (id, created_at) VALUES ('p1', 0)`); err != nil {
				b.Fatal(err)
			}
			if _, err := s.w.ExecContext(ctx, `INSERT INTO games (id, player_id, opponent, human, level, size, start, created_at, updated_at)
				VALUES ('g1', 'p1', 'local', 'both', 'easy', 8, 'cross', 0, 0)`); err != nil {
				b.Fatal(err)
			}
			ply := 0
			for b.Loop() {
				res, err := w.ExecContext(ctx, `UPDATE games SET ply = ?, updated_at = ? WHERE id = ? AND ply = ?`,
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
