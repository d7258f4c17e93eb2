package postgres

import (
	"database/sql"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver, for the comparison only

	"reversi/db"
	"reversi/db/postgres/pgtest"
)

// BenchmarkStdlib compares pgx's own interface, which the store uses,
// with database/sql over pgx/stdlib, which would let both stores share
// one driver type: a game's row read, and a write transaction of one
// update, each way. docs/architecture.md ("Storage: one set of queries")
// records the figures and the choice.
//
//	REVERSI_TEST_POSTGRES=… go test -run '^$' -bench Stdlib -benchmem -count 3 ./db/postgres
func BenchmarkStdlib(b *testing.B) {
	url := pgtest.NewDatabase(b)
	s := open(b, url)
	g := onlineGame(b, s, "g1")
	g.RoomID = ""
	for range 31 {
		moveAndUndo(b, s, g) // a game with a ply, and a history behind it
	}
	sdb, err := sql.Open("pgx", url)
	if err != nil {
		b.Fatal(err)
	}
	defer sdb.Close()
	sdb.SetMaxOpenConns(defaultMaxConns)
	sdb.SetMaxIdleConns(defaultMaxConns)
	read := rebind(db.SelectGame())
	b.Run("read/pgx", func(b *testing.B) {
		for b.Loop() {
			var r db.GameRow
			if err := s.pool.QueryRow(ctx, read, "g1").Scan(r.Fields()...); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read/stdlib", func(b *testing.B) {
		for b.Loop() {
			var r db.GameRow
			if err := sdb.QueryRowContext(ctx, read, "g1").Scan(r.Fields()...); err != nil {
				b.Fatal(err)
			}
		}
	})
	const update = `UPDATE games SET hints = hints + 1 WHERE id = ?`
	d := pgDriver{pool: s.pool, s: s}
	b.Run("write/pgx", func(b *testing.B) {
		for b.Loop() {
			err := d.Write(ctx, func(tx db.Tx) error {
				_, err := tx.Exec(update, "g1")
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("write/stdlib", func(b *testing.B) {
		for b.Loop() {
			tx, err := sdb.BeginTx(ctx, nil)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := tx.ExecContext(ctx, rebind(update), "g1"); err != nil {
				b.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
