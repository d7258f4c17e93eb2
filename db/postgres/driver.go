package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"reversi/db"
)

// pgDriver runs package db's queries on the pool, through pgx's own
// interface. Queries are written with ? placeholders; rebind turns them
// into PostgreSQL's $n.
type pgDriver struct {
	pool *pgxpool.Pool
	s    *Store // for its wrap
}

// rebinds holds each query as rebind turned it: the queries are package
// db's constants, so the map stays small.
var rebinds sync.Map // string → string

// rebind turns the ? placeholders of query into $1, $2, …, once per query.
// Queries hold no ? inside quotes, but rebind skips quoted text anyway.
func rebind(query string) string {
	if q, ok := rebinds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	n, quote := 0, byte(0)
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	q := b.String()
	rebinds.Store(query, q)
	return q
}

// QueryRow runs a read on the pool.
func (d pgDriver) QueryRow(ctx context.Context, query string, args ...any) db.Row {
	return pgRow{d.pool.QueryRow(ctx, rebind(query), args...), d.s}
}

// Query runs a read on the pool and calls each for every row.
func (d pgDriver) Query(ctx context.Context, query string, args []any, each func(db.Row) error) error {
	rows, err := d.pool.Query(ctx, rebind(query), args...)
	if err != nil {
		return d.s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return d.s.wrap(err)
		}
	}
	return d.s.wrap(rows.Err())
}

// pgRow wraps a row's errors as the store's.
type pgRow struct {
	r pgx.Row
	s *Store
}

func (r pgRow) Scan(dest ...any) error { return r.s.wrap(r.r.Scan(dest...)) }

// Write runs fn in a transaction on one connection of the pool. It saves
// round trips where it can: BEGIN goes with the first statement, and the
// notifications (see GameChanged) go with COMMIT, so a write of one
// statement costs two round trips, and a write that writes nothing none.
func (d pgDriver) Write(ctx context.Context, fn func(tx db.Tx) error) error {
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return d.s.wrap(err)
	}
	// A connection left in a transaction (a failed ROLLBACK below) is
	// closed by Release rather than put back.
	defer conn.Release()
	tx := &pgTx{ctx: ctx, c: conn.Conn(), s: d.s}
	if err := fn(tx); err != nil {
		tx.rollback()
		return err
	}
	if !tx.begun {
		return nil
	}
	var commit pgconn.CommandTag
	if len(tx.changed) == 0 && len(tx.keys) == 0 {
		commit, err = tx.c.Exec(ctx, `COMMIT`)
	} else {
		b := &pgx.Batch{}
		for _, id := range tx.changed {
			// Only an online game has waiters elsewhere; the room is
			// checked here so that the callers need not know it.
			b.Queue(`SELECT pg_notify('`+Channel+`', id) FROM games WHERE id = $1 AND room_id IS NOT NULL`, id)
		}
		for _, key := range tx.keys {
			b.Queue(`SELECT pg_notify('`+Channel+`', $1)`, key)
		}
		b.Queue(`COMMIT`).Exec(func(tag pgconn.CommandTag) error { commit = tag; return nil })
		err = tx.c.SendBatch(ctx, b).Close()
	}
	if err != nil {
		tx.rollback()
		return d.s.wrap(err)
	}
	if commit.String() != "COMMIT" {
		// PostgreSQL answers ROLLBACK to the COMMIT of a failed
		// transaction.
		return fmt.Errorf("commit: %w", pgx.ErrTxCommitRollback)
	}
	for _, f := range tx.after {
		f()
	}
	return nil
}

// pgTx is a write's transaction: begun by its first statement.
type pgTx struct {
	ctx     context.Context
	c       *pgx.Conn
	s       *Store
	begun   bool
	changed []string // games to notify at commit
	keys    []string // other keys to notify at commit (Notify)
	after   []func()
}

// rollback ends a transaction that failed; if it cannot, the connection
// is left in it and Release closes it.
func (t *pgTx) rollback() {
	if t.begun && t.c.PgConn().TxStatus() != 'I' {
		t.c.Exec(context.WithoutCancel(t.ctx), `ROLLBACK`)
	}
}

// first sends BEGIN together with the transaction's first statement,
// queued by queue, in one round trip.
func (t *pgTx) first(queue func(b *pgx.Batch)) error {
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	queue(b)
	t.begun = true
	return t.s.wrap(t.c.SendBatch(t.ctx, b).Close())
}

func (t *pgTx) Exec(query string, args ...any) (int64, error) {
	query = rebind(query)
	if !t.begun {
		var tag pgconn.CommandTag
		err := t.first(func(b *pgx.Batch) {
			b.Queue(query, args...).Exec(func(ct pgconn.CommandTag) error { tag = ct; return nil })
		})
		return tag.RowsAffected(), err
	}
	tag, err := t.c.Exec(t.ctx, query, args...)
	return tag.RowsAffected(), t.s.wrap(err)
}

func (t *pgTx) QueryRow(query string, args ...any) db.Row {
	query = rebind(query)
	if !t.begun {
		return firstRow{t, query, args}
	}
	return pgRow{t.c.QueryRow(t.ctx, query, args...), t.s}
}

// firstRow is the row of a transaction's first statement, which is sent
// (with BEGIN) when it is scanned.
type firstRow struct {
	t     *pgTx
	query string
	args  []any
}

func (r firstRow) Scan(dest ...any) error {
	return r.t.first(func(b *pgx.Batch) {
		b.Queue(r.query, r.args...).QueryRow(func(row pgx.Row) error { return row.Scan(dest...) })
	})
}

func (t *pgTx) After(f func()) { t.after = append(t.after, f) }

// GameChanged queues the game's notification, which is sent with COMMIT
// if the game is an online one; PostgreSQL delivers it at commit.
func (t *pgTx) GameChanged(id string) error {
	t.changed = append(t.changed, id)
	return nil
}

// Notify queues a notification of key, which is sent with COMMIT;
// PostgreSQL delivers it at commit.
func (t *pgTx) Notify(key string) error {
	t.keys = append(t.keys, key)
	return nil
}

// locks are the advisory locks of the work that TryLock is asked for.
var locks = map[string]int64{"expire": expireLock}

// TryLock takes the transaction advisory lock of the work called name, if
// no other transaction holds it.
func (t *pgTx) TryLock(name string) (bool, error) {
	key, ok := locks[name]
	if !ok {
		return false, errors.New("no advisory lock for " + name)
	}
	var mine bool
	err := t.QueryRow(`SELECT pg_try_advisory_xact_lock(?)`, key).Scan(&mine)
	return mine, err
}

var _ db.Driver = pgDriver{}
