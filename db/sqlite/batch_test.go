package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"reversi/club"
	"sync"
	"sync/atomic"
	"testing"
)

func openBatcher(t *testing.T) (*batcher, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "batch.db")
	w, err := sql.Open("sqlite", path+"?"+pragmas+"&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	w.SetMaxOpenConns(1)
	t.Cleanup(func() { w.Close() })
	if _, err := w.Exec(`CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL CHECK (v >= 0))`); err != nil {
		t.Fatal(err)
	}
	b := newBatcher(w)
	t.Cleanup(b.close)
	return b, w
}

// TestBatcherEachWriteOnItsOwn sends many writes at once, some of which
// fail, and checks that each one's result is its own: the good ones land,
// the bad ones change nothing, whatever batch they shared.
func TestBatcherEachWriteOnItsOwn(t *testing.T) {
	b, w := openBatcher(t)
	ctx := context.Background()
	const n = 200
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			v := i
			if i%7 == 0 {
				v = -1 // breaks the CHECK constraint
			}
			errs[i] = b.write(ctx, func(tx wtx) error {
				// Two statements: a failed write must leave neither.
				if _, err := tx.Exec(`INSERT INTO t (k, v) VALUES (?, 0)`, "x"+fmt.Sprint(i)); err != nil {
					return err
				}
				_, err := tx.Exec(`INSERT INTO t (k, v) VALUES (?, ?)`, fmt.Sprint(i), v)
				return err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if wantErr := i%7 == 0; (err != nil) != wantErr {
			t.Errorf("write %d: err = %v, want an error: %v", i, err, wantErr)
		}
	}
	var count int
	if err := w.QueryRow(`SELECT count(*) FROM t`).Scan(&count); err != nil {
		t.Fatal(err)
	}
	if want := 2 * (n - (n+6)/7); count != want {
		t.Errorf("rows = %d, want %d", count, want)
	}
}

func TestBatcherRowsAffected(t *testing.T) {
	b, _ := openBatcher(t)
	ctx := context.Background()
	if _, err := b.exec(ctx, `INSERT INTO t (k, v) VALUES ('a', 0)`); err != nil {
		t.Fatal(err)
	}
	// Two conditional updates of the same version: exactly one applies.
	var wg sync.WaitGroup
	affected := make([]int64, 2)
	for i := range affected {
		wg.Go(func() {
			res, err := b.exec(ctx, `UPDATE t SET v = v + 1 WHERE k = 'a' AND v = 0`)
			if err != nil {
				t.Error(err)
				return
			}
			affected[i], _ = res.RowsAffected()
		})
	}
	wg.Wait()
	if affected[0]+affected[1] != 1 {
		t.Errorf("rows affected = %v, want exactly one update to apply", affected)
	}
}

func TestBatcherClosed(t *testing.T) {
	b, _ := openBatcher(t)
	b.close()
	if _, err := b.exec(context.Background(), `INSERT INTO t (k, v) VALUES ('x', 1)`); err != club.ErrClosed {
		t.Errorf("exec after close: err = %v, want club.ErrClosed", err)
	}
}

// BenchmarkGroupCommit measures single-row writes from 32 goroutines at
// once through the batcher with synchronous(FULL): how many moves per
// second group commit lets one fsync-bound writer take.
func BenchmarkGroupCommit(b *testing.B) {
	path := filepath.Join(b.TempDir(), "group.db")
	dsn := path + "?" + pragmas + "&_txlock=immediate"
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	w.SetMaxOpenConns(1)
	if _, err := w.Exec(`CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	bt := newBatcher(w)
	defer bt.close()
	var next atomic.Int64
	b.SetParallelism(16) // 32 goroutines on 2 cores
	b.RunParallel(func(pb *testing.PB) {
		k := next.Add(1)
		ctx := context.Background()
		if _, err := bt.exec(ctx, `INSERT INTO t (k, v) VALUES (?, 0)`, k); err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			if _, err := bt.exec(ctx, `UPDATE t SET v = v + 1 WHERE k = ?`, k); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
}

// TestBatcherPreparesStatements checks that a statement runs unprepared the
// first time, is prepared after that commit and reused, that results stay
// right on both paths, and that a statement that cannot compile is reported
// and never kept.
func TestBatcherPreparesStatements(t *testing.T) {
	b, w := openBatcher(t)
	ctx := context.Background()
	const ins = `INSERT INTO t (k, v) VALUES (?, ?)`
	for i := range 3 {
		res, err := b.exec(ctx, ins, fmt.Sprint("k", i), i)
		if err != nil {
			t.Fatalf("insert %d: %v", i, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			t.Errorf("insert %d: rows affected = %d, want 1", i, n)
		}
		b.st.mu.Lock()
		_, prepared := b.st.m[ins]
		b.st.mu.Unlock()
		if !prepared {
			t.Errorf("after insert %d: statement not prepared", i)
		}
	}
	// A prepared statement still reports a constraint failure, and the
	// savepoint undoes it.
	if _, err := b.exec(ctx, ins, "k0", 9); err == nil {
		t.Error("duplicate key through a prepared statement: no error")
	}
	const bad = `UPDATE nowhere SET v = 1`
	for range 2 {
		if _, err := b.exec(ctx, bad); err == nil {
			t.Error("statement on a missing table: no error")
		}
	}
	b.st.mu.Lock()
	_, kept := b.st.m[bad]
	b.st.mu.Unlock()
	if kept {
		t.Error("a statement that cannot compile was kept")
	}
	var sum, count int
	if err := w.QueryRow(`SELECT count(*), sum(v) FROM t`).Scan(&count, &sum); err != nil {
		t.Fatal(err)
	}
	if count != 3 || sum != 3 {
		t.Errorf("rows, sum = %d, %d; want 3, 3", count, sum)
	}
}

// TestBatcherAfterRunsOnCommitOnly checks that what a write asks to run
// after its commit runs before the write is answered, and never for a
// write that failed, even in a batch that committed.
func TestBatcherAfterRunsOnCommitOnly(t *testing.T) {
	b, _ := openBatcher(t)
	ctx := context.Background()
	var ran sync.Map
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			k := fmt.Sprint("k", i)
			v := 1
			if i%3 == 0 {
				v = -1 // fails the CHECK: rolled back
			}
			err := b.write(ctx, func(tx wtx) error {
				tx.after(func() { ran.Store(k, true) })
				_, err := tx.Exec(`INSERT INTO t (k, v) VALUES (?, ?)`, k, v)
				return err
			})
			_, did := ran.Load(k)
			if (err == nil) != did {
				t.Errorf("%s: err = %v, after ran = %v", k, err, did)
			}
		})
	}
	wg.Wait()
}
