package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"reversi/db"
)

// ErrHasGames is returned by Import when the database already holds games,
// which a copy must not overwrite or mix with.
var ErrHasGames = errors.New("the PostgreSQL database already has games")

// Counts says how many rows of each table a copy wrote.
type Counts struct {
	Players, Games, Rooms, Practice int64
}

// copyTable is one table to copy: its columns, the same in both schemas
// and declared once in package db (db.Tables).
type copyTable struct {
	db.Table
	// merge: rows may exist already (a player who visited the new site
	// before the copy); the copy keeps those and adds the others.
	merge bool
}

// merged are the tables whose rows may exist already: a player, their
// practice board and puzzle progress, made by a visit to the new site.
var merged = map[string]bool{"players": true, "practice": true, "puzzle_progress": true}

// copyTables are the tables in an order that keeps every reference valid.
func copyTables() []copyTable {
	var ts []copyTable
	for _, t := range db.Tables() {
		ts = append(ts, copyTable{Table: t, merge: merged[t.Name]})
	}
	return ts
}

// Import copies every player, game (with its review), room, practice
// board and puzzle progress from src, a SQLite database of the app
// migrated to the same schema (cli's copydb opens it with sqlite.Open
// first, which applies its migrations), into the store's database, in one
// transaction: all or nothing. It refuses with [ErrHasGames] if the
// database holds any game already. The tables are locked against writes
// meanwhile, so stop the servers (or keep them off the new database)
// while it runs. The caller opens src with the SQLite driver; this package
// does not import it.
func (s *Store) Import(ctx context.Context, src *sql.DB) (Counts, error) {
	var c Counts
	stx, err := src.BeginTx(ctx, nil) // one snapshot of the source
	if err != nil {
		return c, fmt.Errorf("import: read source: %w", err)
	}
	defer stx.Rollback()
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE players, games, reviews, rooms, practice, puzzle_progress IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		var has bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games)`).Scan(&has); err != nil {
			return err
		}
		if has {
			return ErrHasGames
		}
		for _, t := range copyTables() {
			n, err := copyRows(ctx, stx, tx, t)
			if err != nil {
				return fmt.Errorf("copy %s: %w", t.Name, err)
			}
			switch t.Name {
			case "players":
				c.Players = n
			case "games":
				c.Games = n
			case "rooms":
				c.Rooms = n
			case "practice":
				c.Practice = n
			}
		}
		return nil
	})
	if err != nil {
		return Counts{}, fmt.Errorf("import: %w", s.wrap(err))
	}
	return c, nil
}

// copyRows copies one table with COPY, through a temporary table when rows
// may exist already, and returns the number of rows written.
func copyRows(ctx context.Context, src *sql.Tx, tx pgx.Tx, t copyTable) (int64, error) {
	cols := strings.Join(t.Columns, ", ")
	rows, err := src.QueryContext(ctx, `SELECT `+cols+` FROM `+t.Name)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	var data [][]any
	for rows.Next() {
		vals := make([]any, len(t.Columns))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return 0, err
		}
		for i, col := range t.Columns {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			if n, ok := vals[i].(int64); ok && slices.Contains(t.Flags, col) {
				vals[i] = n != 0
			}
		}
		data = append(data, vals)
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	target := t.Name
	if t.merge {
		target = "import_" + t.Name
		if _, err := tx.Exec(ctx, `CREATE TEMPORARY TABLE `+target+` (LIKE `+t.Name+`) ON COMMIT DROP`); err != nil {
			return 0, err
		}
	}
	n, err := tx.CopyFrom(ctx, pgx.Identifier{target}, t.Columns, pgx.CopyFromRows(data))
	if err != nil || !t.merge {
		return n, err
	}
	tag, err := tx.Exec(ctx, `INSERT INTO `+t.Name+` (`+cols+`) SELECT `+cols+` FROM `+target+` ON CONFLICT DO NOTHING`)
	return tag.RowsAffected(), err
}
