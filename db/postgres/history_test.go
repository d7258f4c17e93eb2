package postgres

import (
	"io/fs"
	"slices"
	"testing"
	"testing/fstest"

	"reversi/db/postgres/pgtest"
	"reversi/migrations"
)

// TestOldHistoryCatchesUp opens a database migrated under the names that
// databases recorded before the histories were numbered alike (through
// 0008_puzzle_progress): Open applies only the files after those.
func TestOldHistoryCatchesUp(t *testing.T) {
	url := pgtest.NewDatabase(t)
	all, err := fs.Glob(migrations.Postgres(), "*.sql")
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(all)
	old := fstest.MapFS{}
	for _, name := range all {
		if name > "0008_puzzle_progress.sql" {
			continue
		}
		data, err := fs.ReadFile(migrations.Postgres(), name)
		if err != nil {
			t.Fatal(err)
		}
		old[name] = &fstest.MapFile{Data: data}
	}
	open(t, url, withMigrations(old)).Close()
	s := open(t, url)
	got, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, all) {
		t.Errorf("Migrations() = %v, want %v", got, all)
	}
}
