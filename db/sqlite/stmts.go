package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"reversi/db"
	"slices"
	"sync"
)

// stmts prepares each query once per pool and keeps it. SQLite compiles a
// query every time it is run unprepared, and for the short queries of a move
// the compiling costs more than the running. The queries are constants of
// this package (values are always bound as arguments), so the set is small.
type stmts struct {
	db     *sql.DB
	mu     sync.Mutex
	m      map[string]*sql.Stmt
	wanted []string // run unprepared in a transaction; see wtx.Exec
}

func newStmts(db *sql.DB) *stmts { return &stmts{db: db, m: make(map[string]*sql.Stmt)} }

// get returns query prepared on the pool.
func (c *stmts) get(ctx context.Context, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.m[query]; ok {
		return st, nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.m[query] = st
	return st, nil
}

// queryRow runs a query that returns at most one row.
func (c *stmts) queryRow(ctx context.Context, query string, args ...any) db.Row {
	st, err := c.get(ctx, query)
	if err != nil {
		return errRow{err}
	}
	return st.QueryRowContext(ctx, args...)
}

// query runs a query that returns rows.
func (c *stmts) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := c.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// close closes the prepared statements; the pool stays open.
func (c *stmts) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for q, st := range c.m {
		errs = append(errs, st.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}

// errRow is a row whose query failed before it ran.
type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// wtx is the transaction a write runs in. Its statements are prepared on
// the writer connection and reused.
type wtx struct {
	tx *sql.Tx
	c  *stmts
	r  *writeReq
}

// after asks for f to run once the write is committed, in commit order
// with the other writes' and before any of them is answered; it does not
// run if the write fails or its transaction does not commit. f must be
// quick: the writer waits for it.
func (t wtx) after(f func()) { t.r.after = append(t.r.after, f) }

// Exec runs a statement in the transaction. The writer pool has a single
// connection, which the transaction holds, so a statement cannot be
// prepared on the pool from here: a query seen for the first time runs
// unprepared, and the batcher prepares it after the commit (prepareWanted).
func (t wtx) Exec(query string, args ...any) (sql.Result, error) {
	if st := t.prepared(query); st != nil {
		return st.Exec(args...)
	}
	return t.tx.Exec(query, args...)
}

// QueryRow runs a query in the transaction, prepared as Exec's are.
func (t wtx) QueryRow(query string, args ...any) *sql.Row {
	if st := t.prepared(query); st != nil {
		return st.QueryRow(args...)
	}
	return t.tx.QueryRow(query, args...)
}

// prepared returns query's statement for use in the transaction, or nil
// when it is not prepared yet, and then asks for it to be.
func (t wtx) prepared(query string) *sql.Stmt {
	t.c.mu.Lock()
	st, ok := t.c.m[query]
	if !ok && !slices.Contains(t.c.wanted, query) {
		t.c.wanted = append(t.c.wanted, query)
	}
	t.c.mu.Unlock()
	if !ok {
		return nil
	}
	return t.tx.Stmt(st)
}

// prepareWanted prepares the queries that writes ran unprepared. It must run
// outside any transaction on the pool. A query that fails to prepare is
// dropped: it failed in its transaction too, and will be asked for again.
func (c *stmts) prepareWanted(ctx context.Context) {
	c.mu.Lock()
	wanted := c.wanted
	c.wanted = nil
	c.mu.Unlock()
	for _, q := range wanted {
		c.get(ctx, q)
	}
}
