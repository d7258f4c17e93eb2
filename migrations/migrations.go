// Package migrations holds the database schemas as numbered plain SQL files,
// one folder per store, applied in name order by that store at start-up. A
// file is never edited once merged; a change to a schema is the next file.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// SQLite holds the SQLite store's migrations, named NNNN_what.sql.
var SQLite = sub("sqlite")

// Postgres holds the PostgreSQL store's migrations, named alike. Up to
// 0004 they reach the schema that SQLite's files of the same numbers reach.
var Postgres = sub("postgres")

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err) // dir is a constant that the embed pattern names
	}
	return f
}
