// Package sqlite keeps players and games in SQLite (modernc.org/sqlite, no cgo).
//
// A Store holds two pools on one file: a single writer connection, whose
// transactions begin IMMEDIATE, and a pool of read-only readers. The
// database runs in WAL mode, so readers never wait for the writer. Every
// write is one short statement or transaction; no computer search or network
// call happens inside one. Writes arriving together share one commit (see
// batcher), and every query is prepared once per pool (see stmts).
//
// A Store also keeps recently read games in memory (see db.Config's
// OnlyWriter), so it must be the only writer of its file: run one server
// per database.
package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"reversi/db"
	"reversi/migrations"
)

// pragmas are set on every pooled connection through the DSN. With
// synchronous(FULL) a commit is on the disk before the move is answered,
// even across a power cut; group commit (see batcher) keeps that cheap.
const pragmas = "_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"

// wantPragmas are the settings that Open checks on both pools.
var wantPragmas = []struct{ name, want string }{
	{"journal_mode", "wal"},
	{"busy_timeout", "5000"},
	{"foreign_keys", "1"},
	{"synchronous", "2"}, // FULL
}

// Store is a SQLite database of players and games.
//
// Its queries are package db's, written once for both stores (db.Store,
// which it embeds); what is SQLite's own is here: the pools and their
// pragmas, the batcher and the prepared statements, and the migrations.
type Store struct {
	*db.Store
	w  *sql.DB  // one connection: SQLite has one writer at a time anyway
	r  *sql.DB  // read-only pool
	rs *stmts   // prepared on r
	b  *batcher // every write goes through it, on w
}

// An Option changes how Open sets up a Store.
type Option func(*options)

type options struct {
	now        func() time.Time
	migrations fs.FS
}

// WithClock makes the Store read the time from now instead of time.Now:
// the times it stores (a game's Updated, a room's) come from it, so tests
// can set them.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// withMigrations makes Open apply the migrations of fsys instead of the
// embedded ones (for tests of the migrator).
func withMigrations(fsys fs.FS) Option { return func(o *options) { o.migrations = fsys } }

// Open opens (creating if need be) the database file at path and applies the
// migrations that it has not seen yet.
func Open(ctx context.Context, path string, opts ...Option) (*Store, error) {
	o := options{now: time.Now, migrations: migrations.SQLite()}
	for _, opt := range opts {
		opt(&o)
	}
	if path == "" || strings.Contains(path, "?") || strings.HasPrefix(path, "file:") {
		return nil, fmt.Errorf("open database %q: want a plain file path", path)
	}
	w, err := sql.Open("sqlite", path+"?"+pragmas+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := migrate(ctx, w, o.migrations, o.now); err != nil {
		w.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	if err := checkWritable(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", path+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	if err := openReaders(ctx, r); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("open database %s for reading: %w", path, err)
	}
	for _, pool := range []*sql.DB{w, r} {
		if err := checkPragmas(ctx, pool); err != nil {
			w.Close()
			r.Close()
			return nil, fmt.Errorf("open database %s: %w", path, err)
		}
	}
	s := &Store{w: w, r: r, rs: newStmts(r), b: newBatcher(w)}
	// The server is the file's only writer (see the package comment), so
	// games may be kept in memory.
	s.Store = db.NewStore(sqlDriver{rs: s.rs, b: s.b}, db.Config{Now: o.now, OnlyWriter: true})
	return s, nil
}

// readers is the size of the read-only pool.
const readers = 4

// openReaders opens every connection of the read pool now, so that a
// process short of files fails at start rather than answering 500 later.
func openReaders(ctx context.Context, r *sql.DB) error {
	var conns []*sql.Conn
	defer func() {
		for _, c := range conns {
			c.Close() // back to the pool, which keeps it idle
		}
	}()
	for range readers {
		c, err := r.Conn(ctx)
		if err != nil {
			return err
		}
		if err := c.PingContext(ctx); err != nil {
			return err
		}
		conns = append(conns, c)
	}
	return nil
}

// PoolStats returns the figures of the read pool, for metrics: the
// connections open, in use and idle, and how many times a reader waited.
func (s *Store) PoolStats() (open, inUse, idle int, waits int64) {
	st := s.r.Stats()
	return st.OpenConnections, st.InUse, st.Idle, st.WaitCount
}

// checkWritable makes a write that it rolls back, so that a database that
// can be read but not written (a read-only file or mount) fails at start
// rather than at every move.
func checkWritable(ctx context.Context, pool *sql.DB) error {
	tx, err := pool.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("check that the database can be written: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE schema_migrations SET applied_at = applied_at + 1`); err != nil {
		return fmt.Errorf("the database cannot be written: %w", err)
	}
	return nil
}

// checkPragmas checks that the DSN's pragmas took effect on a pool's
// connection: a driver that ignored them would silently lose durability.
func checkPragmas(ctx context.Context, pool *sql.DB) error {
	for _, p := range wantPragmas {
		var got string
		if err := pool.QueryRowContext(ctx, "PRAGMA "+p.name).Scan(&got); err != nil {
			return fmt.Errorf("check pragma %s: %w", p.name, err)
		}
		if got != p.want {
			return fmt.Errorf("pragma %s is %s, want %s", p.name, got, p.want)
		}
	}
	return nil
}

// Close finishes the writes in hand, then closes both pools; later writes
// fail with [club.ErrClosed].
func (s *Store) Close() error {
	s.b.close()
	return errors.Join(s.rs.close(), s.r.Close(), s.w.Close())
}

// migrate applies the .sql files of fsys that schema_migrations does not
// list, in name order, each in its own transaction together with its row in
// schema_migrations.
func migrate(ctx context.Context, w *sql.DB, fsys fs.FS, now func() time.Time) error {
	if _, err := w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name       TEXT    PRIMARY KEY,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return err
	}
	slices.Sort(names)
	for _, name := range names {
		if err := applyOne(ctx, w, fsys, name, now); err != nil {
			return err
		}
	}
	return nil
}

// applyOne applies one migration file unless it is recorded already.
//
// It runs with foreign keys off, so that a file may rebuild a table that
// other rows reference (SQLite changes a CHECK or a column's type only by
// copying the table, and dropping the old one would break or cascade to
// the references): that is the procedure SQLite's documentation gives for
// ALTER TABLE. PRAGMA foreign_key_check then runs inside the transaction,
// and any row it finds rolls the whole file back. foreign_keys is a no-op
// inside a transaction, so it is switched on the connection, around it.
func applyOne(ctx context.Context, w *sql.DB, fsys fs.FS, name string, now func() time.Time) (err error) {
	text, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	conn, err := w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("apply %s: %w", name, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return fmt.Errorf("apply %s: %w", name, err)
	}
	// Whatever happens, the connection goes back to the pool with foreign
	// keys on, as the DSN set them; if they cannot be switched back on, it
	// does not go back at all (driver.ErrBadConn makes the pool discard
	// it, and the next connection gets the DSN's pragmas), and the
	// migration fails.
	defer func() {
		if ferr := foreignKeysOn(context.WithoutCancel(ctx), conn); ferr != nil {
			err = errors.Join(err, fmt.Errorf("after %s: %w", name, ferr))
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin %s: %w", name, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return fmt.Errorf("check %s: %w", name, err)
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, string(text)); err != nil {
		return fmt.Errorf("apply %s: %w", name, err)
	}
	if err := foreignKeyCheck(ctx, tx); err != nil {
		return fmt.Errorf("apply %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)`, name, now().Unix()); err != nil {
		return fmt.Errorf("record %s: %w", name, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit %s: %w", name, err)
	}
	return nil
}

// foreignKeysOn switches foreign keys back on for conn. If it cannot, it
// marks conn bad, so that the pool closes it when it is given back
// instead of reusing it without them.
func foreignKeysOn(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = ON`); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
		return fmt.Errorf("switch foreign keys back on: %w", err)
	}
	return nil
}

// foreignKeyCheck returns an error naming the first row whose reference
// leads nowhere, if there is one.
func foreignKeyCheck(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return fmt.Errorf("foreign key check: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var (
			table, parent string
			rowid         sql.NullInt64
			fkid          int
		)
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			return fmt.Errorf("foreign key check: %w", err)
		}
		return fmt.Errorf("foreign key check: a row of %s (rowid %d) refers to a missing row of %s", table, rowid.Int64, parent)
	}
	return rows.Err()
}
