package cli

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"reversi/db/postgres"
	"reversi/db/sqlite"
)

// stdout is where copydb reports; tests replace it.
var stdout io.Writer = os.Stdout

// runCopyDB copies a site's SQLite file into a PostgreSQL database: every
// player, game, room and practice board, in one transaction. It refuses a
// database that already has games.
func runCopyDB(args []string) error {
	fs := flag.NewFlagSet("copydb", flag.ContinueOnError)
	from := fs.String("from", "reversi.db", "the SQLite database file to copy from; stop its server first")
	to := fs.String("to", "", "the postgres:// URL of the database to copy into; migrated first, and it must hold no games")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: reversi copydb -from FILE -to postgres://…\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || !postgres.IsURL(*to) {
		fs.Usage()
		return errors.New("want -to postgres://… and no other arguments")
	}
	if err := checkSQLiteFile(*from); err != nil {
		return fmt.Errorf("source: %w", err)
	}
	ctx := context.Background()
	// Opening the file as the server does brings its schema up to date.
	src, err := sqlite.Open(ctx, *from)
	if err != nil {
		return err
	}
	if err := src.Close(); err != nil {
		return err
	}
	raw, err := sql.Open("sqlite", *from+"?_pragma=busy_timeout(5000)&_pragma=query_only(1)")
	if err != nil {
		return err
	}
	defer raw.Close()
	dst, err := postgres.Open(ctx, *to)
	if err != nil {
		return fmt.Errorf("PostgreSQL at %s: %w", redact(*to), maskErr(err, *to))
	}
	defer dst.Close()
	n, err := dst.Import(ctx, raw)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied %d players, %d games, %d rooms and %d practice boards from %s\n",
		n.Players, n.Games, n.Rooms, n.Practice, *from)
	return copySessionKey(ctx, dst, *from+".session-key")
}

// sqliteHeader begins every SQLite database file.
const sqliteHeader = "SQLite format 3\x00"

// checkSQLiteFile refuses a source that is not a SQLite database: opening
// it as the server does would make an empty file, or any file SQLite
// takes for one, into a new database, and copy nothing.
func checkSQLiteFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, err := io.ReadFull(f, head)
	switch {
	case n == 0:
		return fmt.Errorf("%s is empty, not a database", path)
	case err != nil || string(head) != sqliteHeader:
		return fmt.Errorf("%s is not a SQLite database", path)
	}
	return nil
}

// copySessionKey stores the old site's session secret (the file that serve
// keeps beside a SQLite database) as the shared one, so that the players'
// cookies still work on the new site. A database that has a secret already
// keeps it; so does one when the file is missing (the key came from the
// environment, which the servers will be given again).
func copySessionKey(ctx context.Context, dst *postgres.Store, path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("session key: %w", err)
	}
	old := strings.TrimSpace(string(b))
	got, err := dst.Secret(ctx, "session", func() (string, error) { return old, nil })
	if err != nil {
		return err
	}
	if got != old {
		fmt.Fprintf(stdout, "the database has a session key already, which is kept: the old site's cookies will not be accepted\n")
		return nil
	}
	fmt.Fprintf(stdout, "copied the session key from %s: the old site's cookies stay valid\n", path)
	return nil
}
