package sqlite

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"reversi/club"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"reversi/game"
	"reversi/migrations"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func newGame(t *testing.T, s *Store, id string) *club.Game {
	t.Helper()
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		t.Fatalf("CreatePlayer: %v", err)
	}
	g := &club.Game{
		ID: id, PlayerID: "p1", Opponent: club.Computer, Human: game.Black, Level: "easy",
		Record:   game.Game{Options: game.Options{Size: 8, Start: game.Cross}},
		Settings: club.Settings{ShowMoves: true, AllowUndo: true}, HintPly: -1, HintSquare: game.Pass,
	}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func play(t *testing.T, g *club.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		sq, err := game.ParseMove(g.Record.Options.Size, m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Record.Play(sq); err != nil {
			t.Fatalf("Play(%s): %v", m, err)
		}
	}
}

// allMigrations lists the embedded migration files in order.
func allMigrations(t *testing.T) []string {
	t.Helper()
	names, err := fs.Glob(migrations.SQLite(), "*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	slices.Sort(names)
	return names
}

func TestOpenAppliesMigrationsOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "twice.db")
	for range 2 {
		s, err := Open(context.Background(), path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		got, err := s.Migrations(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if want := allMigrations(t); !slices.Equal(got, want) {
			t.Errorf("Migrations() = %v, want %v", got, want)
		}
		s.Close()
	}
}

func TestMigrateRollsBackAFailedFile(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	bad := fstest.MapFS{
		"0100_ok.sql":  {Data: []byte(`CREATE TABLE ok_table (x INTEGER);`)},
		"0101_bad.sql": {Data: []byte(`CREATE TABLE half (x INTEGER); THIS IS NOT SQL;`)},
	}
	if err := migrate(ctx, s.w, bad, time.Now); err == nil {
		t.Fatal("migrate with a broken file: got no error")
	}
	got, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := append(allMigrations(t), "0100_ok.sql"); !slices.Equal(got, want) {
		t.Errorf("Migrations() = %v, want %v", got, want)
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'half'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("table of the failed migration exists")
	}
}

// count runs a query that counts rows, on the store's readers.
func count(t *testing.T, s *Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.r.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// TestMigrationRebuildsAReferencedTable rebuilds a table that another
// table's rows refer to, as a file that changes a CHECK must: the migrator
// runs it with foreign keys off and checks the references after. A file
// that leaves a reference dangling is rolled back whole.
func TestMigrationRebuildsAReferencedTable(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	rebuild := `CREATE TABLE parent_new (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n < 10)) STRICT;
		INSERT INTO parent_new SELECT id, n FROM parent;
		DROP TABLE parent;
		ALTER TABLE parent_new RENAME TO parent;`
	files := fstest.MapFS{
		"0100_tables.sql": {Data: []byte(`
			CREATE TABLE parent (id TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n < 5)) STRICT;
			CREATE TABLE child (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL REFERENCES parent(id)) STRICT;
			INSERT INTO parent VALUES ('p', 1);
			INSERT INTO child VALUES ('c', 'p');`)},
		"0101_rebuild.sql": {Data: []byte(rebuild + `UPDATE parent SET n = 7;`)},
	}
	// With foreign keys on, dropping parent would fail: child refers to it.
	if err := migrate(ctx, s.w, files, time.Now); err != nil {
		t.Fatalf("migrate a rebuild of a referenced table: %v", err)
	}
	if n := count(t, s, `SELECT count(*) FROM parent JOIN child ON child.parent_id = parent.id WHERE n = 7`); n != 1 {
		t.Errorf("rows after the rebuild: %d, want 1", n)
	}
	files["0102_dangling.sql"] = &fstest.MapFile{Data: []byte(rebuild + `DELETE FROM parent;`)}
	err := migrate(ctx, s.w, files, time.Now)
	if err == nil || !strings.Contains(err.Error(), "foreign key check") {
		t.Fatalf("migrate a file that orphans a row: err = %v, want a foreign key check error", err)
	}
	if n := count(t, s, `SELECT count(*) FROM parent`); n != 1 {
		t.Errorf("parent after the refused file: %d rows, want 1 (rolled back)", n)
	}
	if n := count(t, s, `SELECT count(*) FROM schema_migrations WHERE name = '0102_dangling.sql'`); n != 0 {
		t.Errorf("the refused file is recorded as applied")
	}
	var fk int
	if err := s.w.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys on the writer after migrating = %d, %v; want 1", fk, err)
	}
}

// TestCheckWritable checks the probe that refuses a database that can be
// read but not written. (Tests run as root here, to whom a file's mode
// denies nothing, so the read-only file is opened in read-only mode.)
func TestCheckWritable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkWritable(context.Background(), s.w); err != nil {
		t.Errorf("checkWritable on the writer: %v", err)
	}
	s.Close()
	ro, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := checkWritable(context.Background(), ro); err == nil {
		t.Error("checkWritable on a read-only database: no error")
	}
}

// TestReadersOpenAtStart checks that Open opens every reader: a process
// short of files then fails at start, not with a 500 on some later page.
func TestReadersOpenAtStart(t *testing.T) {
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if open, inUse, idle, _ := s.PoolStats(); open != readers || inUse != 0 || idle != readers {
		t.Errorf("after Open: %d readers open, %d in use, %d idle; want %d open and idle", open, inUse, idle, readers)
	}
}

// TestOldHistoryCatchesUp opens a database migrated under the names that
// databases recorded before the histories were numbered alike (through
// 0007_puzzle_progress), with data in it: Open applies only the files
// after those, records them, and the data stays.
func TestOldHistoryCatchesUp(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old := fstest.MapFS{}
	for _, name := range allMigrations(t) {
		if name > "0007_puzzle_progress.sql" {
			continue
		}
		data, err := fs.ReadFile(migrations.SQLite(), name)
		if err != nil {
			t.Fatal(err)
		}
		old[name] = &fstest.MapFile{Data: data}
	}
	s, err := Open(ctx, path, withMigrations(old))
	if err != nil {
		t.Fatalf("Open with the old history: %v", err)
	}
	// The row is written as the old schema has it: the store's own insert
	// names the columns of today.
	if _, err := s.w.ExecContext(ctx, `INSERT INTO players (id, created_at, last_seen) VALUES ('p1', 1, 1)`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.ExecContext(ctx, bareGame("g1", "p1", "computer", "black", "", 0, "")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("Open with the whole history: %v", err)
	}
	defer s.Close()
	got, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := allMigrations(t); !slices.Equal(got, want) {
		t.Errorf("Migrations() = %v, want %v", got, want)
	}
	if _, err := s.Game(ctx, "g1"); err != nil {
		t.Errorf("Game(g1) after catching up: %v", err)
	}
}

// TestForeignKeysOnFailing checks that a connection on which foreign keys
// cannot be switched back on is not given back to the pool: the writer
// pool opens a new one, with the DSN's pragmas.
func TestForeignKeysOnFailing(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	s.b.close() // the batcher holds the writer's one connection otherwise
	conn, err := s.w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		t.Fatal(err)
	}
	// A context that has ended makes the PRAGMA fail.
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if err := foreignKeysOn(ended, conn); err == nil {
		t.Fatal("foreignKeysOn with an ended context: no error")
	}
	conn.Close()
	// The connection with foreign keys off would answer 0.
	var fk int
	if err := s.w.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys on the writer pool's next connection = %d, %v; want 1", fk, err)
	}
}
