package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reversi/db"
	"slices"
	"sync"
	"testing"
	"testing/fstest"

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

func newGame(t *testing.T, s *Store, id string) *db.Game {
	t.Helper()
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		t.Fatalf("CreatePlayer: %v", err)
	}
	g := &db.Game{
		ID: id, PlayerID: "p1", Opponent: db.Computer, Human: game.Black, Level: "easy",
		Record:   game.Game{Options: game.Options{Size: 8, Start: game.Cross}},
		Settings: db.Settings{ShowMoves: true, AllowUndo: true}, HintPly: -1, HintSquare: game.Pass,
	}
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func play(t *testing.T, g *db.Game, moves ...string) {
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
	names, err := fs.Glob(migrations.SQLite, "*.sql")
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
	if err := migrate(ctx, s.w, bad); err == nil {
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

func TestGameRoundTrip(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s, "g1")
	play(t, g, "f5", "d6", "c3")
	g.Hints, g.Undos, g.HintPly, g.HintSquare = 2, 1, 3, game.SquareAt(8, 3, 2)
	if err := s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatalf("Game: %v", err)
	}
	if got, want := got.Record.Transcript(), "f5d6c3"; got != want {
		t.Errorf("transcript = %q, want %q", got, want)
	}
	if got.Ply() != 3 || got.Hints != 2 || got.Undos != 1 || got.HintPly != 3 || got.HintSquare.Name(8) != "d3" {
		t.Errorf("got ply %d, hints %d, undos %d, hint %d %s; want 3, 2, 1, 3 d3",
			got.Ply(), got.Hints, got.Undos, got.HintPly, got.HintSquare.Name(8))
	}
	if got.Human != game.Black || got.Opponent != db.Computer || got.Level != "easy" || !got.ShowMoves || got.Sound {
		t.Errorf("got %+v, want the fields as created", got)
	}
}

func TestGameNotFound(t *testing.T) {
	s := openTemp(t)
	if _, err := s.Game(context.Background(), "nope"); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("Game(nope) error = %v, want db.ErrNotFound", err)
	}
}

func TestUpdateGameStaleChangesNothing(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s, "g1")
	play(t, g, "f5")
	if err := s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	// A second writer that read the game at ply 0 plays another move.
	other := newGame(t, s, "g2")
	other.ID = "g1"
	play(t, other, "d3")
	if err := s.UpdateGame(ctx, other, 0); !errors.Is(err, db.ErrStale) {
		t.Errorf("stale UpdateGame error = %v, want db.ErrStale", err)
	}
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Record.Transcript() != "f5" {
		t.Errorf("after a stale update transcript = %q, want %q", got.Record.Transcript(), "f5")
	}
	other.ID = "missing"
	if err := s.UpdateGame(ctx, other, 0); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("UpdateGame(missing) error = %v, want db.ErrNotFound", err)
	}
}

func TestConcurrentUpdatesOneWins(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	newGame(t, s, "g1")
	moves := []string{"f5", "d3", "c4", "e6"}
	errs := make([]error, len(moves))
	var wg sync.WaitGroup
	for i, m := range moves {
		wg.Go(func() {
			g, err := s.Game(ctx, "g1")
			if err != nil {
				errs[i] = err
				return
			}
			sq, _ := game.ParseMove(8, m)
			g.Record.Plies = append(g.Record.Plies[:0:0], sq)
			errs[i] = s.UpdateGame(ctx, g, 0)
		})
	}
	wg.Wait()
	wins := 0
	for i, err := range errs {
		switch {
		case err == nil:
			wins++
		case !errors.Is(err, db.ErrStale):
			t.Errorf("update %d: %v", i, err)
		}
	}
	if wins != 1 {
		t.Errorf("%d updates won, want 1", wins)
	}
}

func TestUnfinishedAndSettings(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	newGame(t, s, "a")
	b := newGame(t, s, "b")
	newGame(t, s, "c")
	b.Status = db.Over
	if err := s.UpdateGame(ctx, b, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSettings(ctx, "a", db.Settings{Sound: true}); err != nil {
		t.Fatal(err)
	}
	gs, err := s.Unfinished(ctx, "p1", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	if want := []string{"c", "a"}; !slices.Equal(ids, want) {
		t.Errorf("Unfinished ids = %v, want %v", ids, want)
	}
	got, err := s.Game(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if got.Settings != (db.Settings{Sound: true}) {
		t.Errorf("settings = %+v, want sound only", got.Settings)
	}
	if err := s.UpdateSettings(ctx, "zz", db.Settings{}); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("UpdateSettings(zz) error = %v, want db.ErrNotFound", err)
	}
	if n := count(t, s, `SELECT count(*) FROM players WHERE id = 'p1'`); n != 1 {
		t.Errorf("players p1: %d rows, want 1", n)
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

func TestCreateGameNeedsAPlayer(t *testing.T) {
	s := openTemp(t)
	g := &db.Game{ID: "x", PlayerID: "ghost", Opponent: db.Local, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6}}, HintPly: -1}
	if err := s.CreateGame(context.Background(), g); err == nil {
		t.Error("CreateGame for an unknown player: got no error, want a foreign key error")
	}
}
