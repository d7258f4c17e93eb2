package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"

	"reversi/club"
	"reversi/db/postgres/pgtest"
	"reversi/game"
)

var ctx = context.Background()

func open(t testing.TB, url string, opts ...Option) *Store {
	t.Helper()
	s, err := Open(ctx, url, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func connect(t testing.TB, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	return conn
}

// TestConcurrentOpensMigrateOnce starts several stores on one empty
// database at once, as several servers would, with migrations that fail if
// applied twice: every Open succeeds and each file is applied once.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	url := pgtest.NewDatabase(t)
	fsys := fstest.MapFS{
		"0001_make.sql":  {Data: []byte(`CREATE TABLE applied (name text PRIMARY KEY);` + "\n" + `INSERT INTO applied VALUES ('0001');`)},
		"0002_more.sql":  {Data: []byte(`INSERT INTO applied VALUES ('0002');`)},
		"0003_alter.sql": {Data: []byte(`ALTER TABLE applied ADD COLUMN extra integer; INSERT INTO applied VALUES ('0003');`)},
	}
	const servers = 8
	errs := make([]error, servers)
	var wg sync.WaitGroup
	for i := range servers {
		wg.Go(func() {
			s, err := Open(ctx, url, withMigrations(fsys))
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Open %d: %v", i, err)
		}
	}
	rows, err := connect(t, url).Query(ctx, `SELECT name FROM applied ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0001", "0002", "0003"}; !slices.Equal(got, want) {
		t.Errorf("applied = %v, want %v", got, want)
	}
	s := open(t, url, withMigrations(fsys))
	names, err := s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0001_make.sql", "0002_more.sql", "0003_alter.sql"}; !slices.Equal(names, want) {
		t.Errorf("Migrations() = %v, want %v", names, want)
	}
}

// TestFailedMigrationChangesNothing checks that a file that fails is
// rolled back whole and not recorded, and that Open says which file.
func TestFailedMigrationChangesNothing(t *testing.T) {
	url := pgtest.NewDatabase(t)
	fsys := fstest.MapFS{
		"0001_ok.sql":  {Data: []byte(`CREATE TABLE a (n integer);`)},
		"0002_bad.sql": {Data: []byte(`CREATE TABLE b (n integer); INSERT INTO nowhere VALUES (1);`)},
	}
	if _, err := Open(ctx, url, withMigrations(fsys)); err == nil {
		t.Fatal("Open with a failing migration: no error")
	}
	var b *string
	if err := connect(t, url).QueryRow(ctx, `SELECT to_regclass('b')::text`).Scan(&b); err != nil || b != nil {
		t.Errorf("table b after the failed file: %v, %v; want none", b, err)
	}
	delete(fsys, "0002_bad.sql")
	if names, err := open(t, url, withMigrations(fsys)).Migrations(ctx); err != nil || !slices.Equal(names, []string{"0001_ok.sql"}) {
		t.Errorf("Migrations() = %v, %v; want only 0001_ok.sql", names, err)
	}
}

// TestUnreachable checks that a database that cannot be reached gives an
// error that the app can answer with a 503, and no password in it.
func TestUnreachable(t *testing.T) {
	url := "postgres://reversi:hunter2@127.0.0.1:1/reversi?sslmode=disable&connect_timeout=2"
	_, err := Open(ctx, url)
	if !errors.Is(err, club.ErrUnavailable) {
		t.Errorf("Open(unreachable) error = %v, want club.ErrUnavailable", err)
	}
	if _, err := Listen(ctx, url, nil); !errors.Is(err, club.ErrUnavailable) {
		t.Errorf("Listen(unreachable) error = %v, want club.ErrUnavailable", err)
	}
	if _, err := Open(ctx, "postgres://reversi:hunter2@[::1"); err == nil || errors.Is(err, club.ErrUnavailable) || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("Open(bad URL) error = %v, want a plain error without the password", err)
	}
}

// TestConnectionsCut cuts every connection of the store from the server
// side, as a restart of PostgreSQL does: requests fail with
// club.ErrUnavailable or succeed, never with another error, and the store
// works again without being reopened.
func TestConnectionsCut(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := open(t, url)
	if err := s.CreatePlayer(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	// Use several connections, so that the pool holds them idle.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() { s.Practice(ctx, "p") })
	}
	wg.Wait()
	admin := connect(t, pgtest.URL(t))
	var dbName string
	if err := connect(t, url).QueryRow(ctx, `SELECT current_database()`).Scan(&dbName); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, dbName); err != nil {
		t.Fatal(err)
	}
	unavailable := 0
	for i := range 8 {
		err := s.CreatePlayer(ctx, "q"+strconv.Itoa(i))
		switch {
		case errors.Is(err, club.ErrUnavailable):
			unavailable++
		case err != nil:
			t.Errorf("CreatePlayer after the cut: %v, want nil or club.ErrUnavailable", err)
		}
	}
	if err := s.CreatePlayer(ctx, "last"); err != nil {
		t.Errorf("CreatePlayer once the pool has recovered: %v", err)
	}
	t.Logf("%d of 8 writes after the cut answered unavailable", unavailable)
}

// TestWritesNotifyInTheirTransaction listens on the channel and checks
// which writes notify which game: every change to an online game or its
// room, and nothing for a computer game or a write that changed nothing.
// PostgreSQL delivers notifications in commit order, so the list received
// is exactly the list expected, with nothing missing or extra.
func TestWritesNotifyInTheirTransaction(t *testing.T) {
	url := pgtest.NewDatabase(t)
	s := open(t, url)
	listener := connect(t, url)
	if _, err := listener.Exec(ctx, `LISTEN `+Channel); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"host", "guest", "solo"} {
		if err := s.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	g := &club.Game{ID: "g1", PlayerID: "host", Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	r := &club.Room{ID: "r1", Token: "tok", Host: "host", HostColor: game.Black, Round: 1}
	if err := s.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	solo := &club.Game{ID: "c1", PlayerID: "solo", Opponent: club.Computer, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	if err := s.CreateGame(ctx, solo); err != nil {
		t.Fatal(err)
	}
	move := func(g *club.Game, m string) {
		sq, _ := game.ParseMove(g.Record.Options.Size, m)
		g.Record.Plies = append(g.Record.Plies, sq)
	}
	steps := []struct {
		name string
		do   func() error
	}{
		{"join", func() error { return s.JoinRoom(ctx, "r1", "guest") }},
		{"join a full room", func() error { s.JoinRoom(ctx, "r1", "solo"); return nil }},
		{"computer move", func() error { move(solo, "f5"); return s.UpdateGame(ctx, solo, 0) }},
		{"online move", func() error { move(g, "c4"); return s.UpdateGame(ctx, g, 0) }},
		{"stale online move", func() error { s.UpdateGame(ctx, g, 0); return nil }},
		{"settings", func() error { return s.UpdateSettings(ctx, "g1", club.Settings{Sound: true}) }},
		{"play again", func() error {
			var err error
			if r, err = s.Room(ctx, "r1"); err != nil {
				return err
			}
			return s.SetAgain(ctx, r, true, club.AgainKeep)
		}},
		{"stale play again", func() error { old := *r; old.Version--; s.SetAgain(ctx, &old, false, club.AgainKeep); return nil }},
		{"next round", func() error {
			g2 := &club.Game{ID: "g2", PlayerID: "host", Opponent: club.Online, Human: game.White, Level: "easy",
				Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
			return s.StartRound(ctx, r, g2, r.Version)
		}},
		{"stale next round", func() error {
			g3 := &club.Game{ID: "g3", PlayerID: "host", Opponent: club.Online, Human: game.White, Level: "easy",
				Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
			s.StartRound(ctx, r, g3, r.Version-1)
			return nil
		}},
		{"a move in the new round", func() error {
			g2, err := s.Game(ctx, "g2")
			if err != nil {
				return err
			}
			move(g2, "c4")
			return s.UpdateGame(ctx, g2, 0)
		}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
	}
	// join, online move, play again, next round (the round that ended),
	// and the move in the new round.
	want := []string{"g1", "g1", "g1", "g1", "g2"}
	var got []string
	for len(got) < len(want) {
		n, err := listener.WaitForNotification(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, n.Payload)
	}
	if !slices.Equal(got, want) {
		t.Errorf("notifications = %v, want %v", got, want)
	}
	// Nothing more is pending: a notification sent now is the next one.
	if _, err := listener.Exec(ctx, `NOTIFY `+Channel+`, 'marker'`); err != nil {
		t.Fatal(err)
	}
	if n, err := listener.WaitForNotification(ctx); err != nil || n.Payload != "marker" {
		t.Errorf("next notification = %+v, %v; want the marker", n, err)
	}
}

// TestSecretIsShared has several servers ask for the session secret at
// once, each with a secret of its own to offer: all get the same one.
func TestSecretIsShared(t *testing.T) {
	url := pgtest.NewDatabase(t)
	const servers = 6
	got := make([]string, servers)
	errs := make([]error, servers)
	var wg sync.WaitGroup
	for i := range servers {
		wg.Go(func() {
			s, err := Open(ctx, url)
			if err != nil {
				errs[i] = err
				return
			}
			defer s.Close()
			got[i], errs[i] = s.Secret(ctx, "session", func() (string, error) { return fmt.Sprintf("secret of server %d", i), nil })
		})
	}
	wg.Wait()
	for i := range servers {
		if errs[i] != nil {
			t.Fatalf("server %d: %v", i, errs[i])
		}
		if got[i] != got[0] {
			t.Errorf("server %d got secret %q, server 0 %q", i, got[i], got[0])
		}
	}
	s := open(t, url)
	again, err := s.Secret(ctx, "session", func() (string, error) { return "", errors.New("made again") })
	if err != nil || again != got[0] {
		t.Errorf("Secret after a restart = %q, %v; want %q", again, err, got[0])
	}
}

// TestClosed checks that a closed store refuses writes with club.ErrClosed.
func TestClosed(t *testing.T) {
	s, err := Open(ctx, pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.CreatePlayer(ctx, "p"); !errors.Is(err, club.ErrClosed) {
		t.Errorf("CreatePlayer after Close: %v, want club.ErrClosed", err)
	}
}
