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

// SQLite() holds the SQLite() store's migrations, named NNNN_what.sql.
func SQLite() fs.FS { return sub("sqlite") }

// Postgres() holds the PostgreSQL store's migrations. From 0009 on, both
// folders hold the same files by number and name (a change to the schema
// is one number in both); before it, PostgreSQL's 0005_secrets put
// SQLite()'s 0005–0007 one number behind PostgreSQL's 0006–0008, names that
// the databases recorded and keep. TestHistoriesAlike holds to this.
func Postgres() fs.FS { return sub("postgres") }

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err) // dir is a constant that the embed pattern names
	}
	return f
}
