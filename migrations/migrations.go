// Package migrations holds the database schema as numbered plain SQL files,
// applied in name order by the db package at start-up. A file is never
// edited once merged; a change to the schema is the next file.
package migrations

import "embed"

// FS holds the migration files, named NNNN_what.sql.
//
//go:embed *.sql
var FS embed.FS
