package sqlite

import (
	"context"

	"reversi/db"
)

// sqlDriver runs package db's queries on the Store's pools: writes through
// the batcher, on the writer connection, reads on the read-only pool,
// every query prepared once (see stmts).
type sqlDriver struct {
	rs *stmts   // prepared on the read pool
	b  *batcher // owns the writer
}

// Write runs fn in the batcher's shared transaction (see batcher.write).
func (d sqlDriver) Write(ctx context.Context, fn func(tx db.Tx) error) error {
	return d.b.write(ctx, func(tx wtx) error { return fn(sqliteTx{tx}) })
}

// QueryRow runs a read on the read pool.
func (d sqlDriver) QueryRow(ctx context.Context, query string, args ...any) db.Row {
	return d.rs.queryRow(ctx, query, args...)
}

// Query runs a read on the read pool and calls each for every row.
func (d sqlDriver) Query(ctx context.Context, query string, args []any, each func(db.Row) error) error {
	rows, err := d.rs.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// sqliteTx is a write's transaction as package db sees it.
type sqliteTx struct{ t wtx }

func (x sqliteTx) Exec(query string, args ...any) (int64, error) {
	res, err := x.t.Exec(query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (x sqliteTx) QueryRow(query string, args ...any) db.Row { return x.t.QueryRow(query, args...) }

func (x sqliteTx) After(f func()) { x.t.after(f) }

// GameChanged does nothing: a change reaches this server's waiters through
// its in-process notifier, and no other server shares the file.
func (sqliteTx) GameChanged(string) error { return nil }

// Notify does nothing, as GameChanged: the app notifies this server's
// waiters itself once the write has returned.
func (sqliteTx) Notify(string) error { return nil }

// TryLock always succeeds: a write transaction holds the whole database.
func (sqliteTx) TryLock(string) (bool, error) { return true, nil }

var _ db.Driver = sqlDriver{}
