// Package db is the storage that both stores share: the one set of
// queries behind [club.Store] (Store, over a Driver that each store
// gives for its database), each table's columns declared once, a game's
// row format and its encoders, and the cache of games that a store which
// is its database's only writer may keep.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"reversi/club"
)

// This file is the one implementation of [club.Store]'s queries, over a
// [Driver] that each store (db/sqlite, db/postgres) gives for its own
// database: the SQL is written here once, with ? placeholders, and a store
// keeps only what truly differs (its connections, the way a write
// transaction runs, locks and notifications).

// Driver runs the queries of a [Store] on one database.
type Driver interface {
	// Write runs fn in one write transaction, and returns once that is
	// committed, with fn's error or the commit's; a failed fn changes
	// nothing. fn may run more than once (SQLite's batcher retries a
	// write alone when the batch it was in failed), so anything it does
	// outside the transaction must go through [Tx.After].
	Write(ctx context.Context, fn func(tx Tx) error) error
	// QueryRow runs a read that returns at most one row. When there is
	// none, Scan's error wraps [sql.ErrNoRows].
	QueryRow(ctx context.Context, query string, args ...any) Row
	// Query runs a read and calls each for every row, in order, until
	// each returns an error.
	Query(ctx context.Context, query string, args []any, each func(Row) error) error
}

// Tx is the write transaction that [Driver.Write] runs a function in.
type Tx interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(query string, args ...any) (int64, error)
	// QueryRow runs a statement that returns at most one row (a read, or
	// a write with RETURNING). When there is none, Scan's error wraps
	// [sql.ErrNoRows].
	QueryRow(query string, args ...any) Row
	// After asks for f to run once the transaction has committed, and not
	// at all if it does not; f runs before the write returns, in commit
	// order with other writes' functions, and must be quick.
	After(f func())
	// GameChanged says that the transaction changes the online game id,
	// whose waiters on other servers must be woken: PostgreSQL sends a
	// notification that is delivered at commit; SQLite, whose notifier
	// is in the process, does nothing.
	GameChanged(id string) error
	// Notify says that the transaction changes what waiters on key (a
	// lobby challenge's, say) wait for: PostgreSQL sends a notification
	// of key that is delivered at commit, to every server; SQLite does
	// nothing, as for GameChanged.
	Notify(key string) error
	// TryLock reports whether this transaction may go on with the work
	// called name, which one transaction at a time does across every
	// server (PostgreSQL: a transaction advisory lock; SQLite, with its
	// one writer: always).
	TryLock(name string) (bool, error)
}

// Row is a row to scan.
type Row interface{ Scan(dest ...any) error }

// Config says how a Store differs between databases.
type Config struct {
	// Now is the clock the stored times come from.
	Now func() time.Time
	// OnlyWriter says that this process is the database's only writer,
	// so that the Store may keep recently read games in memory (see
	// gameCache).
	OnlyWriter bool
	// ForUpdate is the clause that locks the rows a SELECT returns until
	// the transaction ends (" FOR UPDATE"), or "" where a write
	// transaction holds the whole database anyway.
	ForUpdate string
}

// Store is [club.Store]'s queries over a Driver, but for Close, which
// the store that embeds it provides.
type Store struct {
	d     Driver
	now   func() time.Time
	games *gameCache // nil unless Config.OnlyWriter
	// lockExpiring locks the players that Expire deletes, when the
	// database needs it (see Config.ForUpdate).
	lockExpiring string
	// lockPlayers locks two players' rows, when the database needs it,
	// so that their ratings are read and written by one game's end at a
	// time (and one row, given the same id twice: see refuseDeleted).
	lockPlayers string
}

// NewStore returns a Store that runs its queries through d.
func NewStore(d Driver, cfg Config) *Store {
	s := &Store{d: d, now: cfg.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if cfg.OnlyWriter {
		s.games = newGameCache()
	}
	if cfg.ForUpdate != "" {
		s.lockExpiring = `SELECT count(*) FROM (` + expiringPlayers + cfg.ForUpdate + `) AS locked`
		s.lockPlayers = `SELECT count(*) FROM (SELECT id FROM players WHERE id IN (?, ?) ORDER BY id` + cfg.ForUpdate + `) AS locked`
	}
	return s
}

// notFound turns a missing row into [club.ErrNotFound].
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return club.ErrNotFound
	}
	return err
}

// Migrations returns the names of the applied migrations, in order.
func (s *Store) Migrations(ctx context.Context) ([]string, error) {
	var names []string
	err := s.d.Query(ctx, `SELECT name FROM schema_migrations ORDER BY name`, nil, func(r Row) error {
		var n string
		err := r.Scan(&n)
		names = append(names, n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	return names, nil
}
