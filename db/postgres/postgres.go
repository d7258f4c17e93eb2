// Package postgres keeps players and games in PostgreSQL, for a site that
// runs several app servers on one database.
//
// It talks to the database through a pgxpool.Pool: pgx's own interface
// rather than database/sql, because the store also needs what only pgx
// offers (a dedicated connection for LISTEN, the server's error codes to
// tell an unreachable database from a refused write), and one pool with
// one driver is simpler than database/sql's pool around pgx's connections.
//
// The store keeps no game in memory: with several servers writing, a copy
// kept here could be out of date the moment another server commits, and
// checking that it is not costs the same round trip as reading the row
// (see BenchmarkRead). Every write is one short transaction (see
// pgDriver.Write), conditional on the version the caller read, as in
// SQLite: the queries are package db's, the same for both stores.
// Writes to an online game send a notification on the channel [Channel],
// in the same transaction, which PostgreSQL delivers at commit; a
// [Notifier] on each server listens to it.
//
// Errors that mean the database could not be reached (refused connection,
// a server shutting down, a connection cut) wrap [club.ErrUnavailable].
package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/puddle/v2"

	"reversi/club"
	"reversi/db"
	"reversi/migrations"
)

// Channel is the LISTEN/NOTIFY channel on which the store announces a
// change to an online game; the payload is the game's id.
const Channel = "reversi_games"

// migrationLock is the key of the advisory lock under which a server
// applies the migrations, so that servers starting at once apply each
// file exactly once. secretLock guards the writing of a shared secret.
// expireLock is held by the one Expire under way. The numbers are
// arbitrary but fixed: "rvsi", "rvsk" and "rvse" in ASCII.
const (
	migrationLock int64 = 0x72767369
	secretLock    int64 = 0x7276736b
	expireLock    int64 = 0x72767365
)

// defaultMaxConns is the pool's size when the URL does not set
// pool_max_conns. pgxpool's own default (4, or the number of cores) let
// 32 players keep only four writes in flight at once, each waiting for its
// commit's flush: a pool of 16 took a server from 520–550 to 790–1 030
// moves/s here (8: 610; 32: no better than 16). Three servers of 16, with a
// listener each, stay well under PostgreSQL's default max_connections of
// 100.
const defaultMaxConns = 16

// connectTimeout bounds one connection attempt when the URL sets none, so
// that an unreachable database is reported in seconds, not minutes.
const connectTimeout = 5 * time.Second

// Store is a PostgreSQL database of players and games.
//
// Its queries are package db's, written once for both stores (db.Store,
// which it embeds); what is PostgreSQL's own is here: the pool, how a
// write transaction runs (see pgDriver), the migrations under an advisory
// lock, the notifications, secrets and Import.
type Store struct {
	*db.Store
	pool *pgxpool.Pool
	now  func() time.Time
}

// PoolStats returns the figures of the connection pool, for metrics: the
// connections open, in use and idle, and how many times one was waited for.
func (s *Store) PoolStats() (open, inUse, idle int, waits int64) {
	st := s.pool.Stat()
	return int(st.TotalConns()), int(st.AcquiredConns()), int(st.IdleConns()), st.EmptyAcquireCount()
}

// An Option changes how Open sets up a Store.
type Option func(*options)

type options struct {
	now        func() time.Time
	migrations fs.FS
}

// WithClock makes the Store read the time from now instead of time.Now.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// withMigrations makes Open apply the migrations of fsys instead of the
// embedded ones (for tests of the migrator).
func withMigrations(fsys fs.FS) Option { return func(o *options) { o.migrations = fsys } }

// IsURL reports whether s names a PostgreSQL database rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database at url (postgres://user@host:port/name?…)
// and applies the migrations that it has not seen yet. An unreachable
// database gives an error that wraps [club.ErrUnavailable].
func Open(ctx context.Context, url string, opts ...Option) (*Store, error) {
	o := options{now: time.Now, migrations: migrations.Postgres()}
	for _, opt := range opts {
		opt(&o)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The message may quote the URL, password and all: say less.
		return nil, errors.New("open database: not a valid postgres:// URL")
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	if !strings.Contains(url, "pool_max_conns=") {
		cfg.MaxConns = defaultMaxConns
	}
	if !strings.Contains(url, "pool_min_conns=") {
		cfg.MinConns = cfg.MaxConns // kept open once opened: see openAll
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", wrap(err))
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("cannot connect: %w", wrap(err))
	}
	where := fmt.Sprintf("%s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
	if err := migrate(ctx, pool, o.migrations, o.now); err != nil {
		pool.Close()
		return nil, fmt.Errorf("migrate %s: %w", where, err)
	}
	if err := openAll(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open connections to %s: %w", where, wrap(err))
	}
	s := &Store{pool: pool, now: o.now}
	s.Store = db.NewStore(pgDriver{pool: pool, s: s}, db.Config{Now: o.now, ForUpdate: " FOR UPDATE"})
	return s, nil
}

// openAll opens the pool's connections up to its minimum now, as the
// SQLite store opens its readers: a pool that grew on demand made the
// first requests after a start wait for connections to be made (a
// backend started, a login each), and 32 players starting games at once
// waited up to a second.
func openAll(ctx context.Context, pool *pgxpool.Pool) error {
	var conns []*pgxpool.Conn
	defer func() {
		for _, c := range conns {
			c.Release()
		}
	}()
	for range pool.Config().MinConns {
		c, err := pool.Acquire(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
	}
	return nil
}

// Close closes the pool; later calls fail with [club.ErrClosed]. Every write
// is answered only once committed, so there is nothing to finish.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// wrap is the package's wrap, and when the database could not be reached
// it also drops the pool's idle connections: after a restart of
// PostgreSQL they are all dead, and each would fail one more request.
func (s *Store) wrap(err error) error {
	err = wrap(err)
	if errors.Is(err, club.ErrUnavailable) {
		s.pool.Reset()
	}
	return err
}

// wrap marks the errors that mean the database could not be reached with
// club.ErrUnavailable, and those of a closed pool with club.ErrClosed; others
// are returned as they are.
func wrap(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, puddle.ErrClosedPool):
		return fmt.Errorf("%w: %w", club.ErrClosed, err)
	case unavailable(err):
		return fmt.Errorf("%w: %w", club.ErrUnavailable, err)
	case nameTaken(err):
		return fmt.Errorf("%w: %w", club.ErrNameTaken, err)
	}
	return err
}

// nameTaken reports whether err is the unique index on players' name keys
// refusing a name: another server's transaction took it between this
// one's check and its write.
func nameTaken(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "players_by_name_key"
}

// unavailable reports whether err says that the database could not be
// reached or went away, as opposed to refusing the statement.
func unavailable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"): // connection exception
			return true
		case pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03": // shutting down, crashed, starting
			return true
		case pe.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// migrate applies the .sql files of fsys that schema_migrations does not
// list, in name order, each in its own transaction together with its row
// in schema_migrations. It holds a session advisory lock throughout, so
// that of several servers starting at once one applies the files and the
// others wait and then find them applied; the lock goes with the session
// if the connection is lost.
func migrate(ctx context.Context, pool *pgxpool.Pool, fsys fs.FS, now func() time.Time) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return wrap(err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("lock: %w", wrap(err))
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name       text   PRIMARY KEY,
		applied_at bigint NOT NULL
	)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", wrap(err))
	}
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return err
	}
	slices.Sort(names)
	for _, name := range names {
		text, err := fs.ReadFile(fsys, name)
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM schema_migrations WHERE name = $1`, name).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			// No arguments: the simple protocol, which runs a file of
			// several statements.
			if _, err := tx.Exec(ctx, string(text)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)`, name, now().Unix())
			return err
		})
		if err != nil {
			return fmt.Errorf("apply %s: %w", name, wrap(err))
		}
	}
	return nil
}

// Secret returns the shared secret called name, which the first caller
// makes with newSecret and stores; every later caller, on any server, reads
// that one. A transaction-scoped advisory lock makes the check and the
// write one step, so servers starting at once agree on a single secret.
func (s *Store) Secret(ctx context.Context, name string, newSecret func() (string, error)) (string, error) {
	var value string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, secretLock); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `SELECT value FROM secrets WHERE name = $1`, name).Scan(&value)
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if value, err = newSecret(); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3)`, name, value, s.now().UnixNano())
		return err
	})
	if err != nil {
		return "", fmt.Errorf("shared secret %s: %w", name, s.wrap(err))
	}
	return value, nil
}
