package cli

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"reversi/club"
	"reversi/db/postgres"
	"reversi/db/postgres/pgtest"
	"reversi/db/sqlite"
	"reversi/game"
)

// TestSchemasMatch checks that after the migrations both stores have the
// same tables with the same columns, as the copy assumes.
func TestSchemasMatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "schema.db")
	s, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	lite, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	url := pgtest.NewDatabase(t)
	p, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	pg, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close(ctx)
	for _, table := range []string{"players", "games", "rooms", "practice", "puzzle_progress", "schema_migrations"} {
		var want []string
		rows, err := lite.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c string
			rows.Scan(&c)
			want = append(want, c)
		}
		rows.Close()
		prow, err := pg.Query(ctx, `SELECT column_name::text FROM information_schema.columns
			WHERE table_schema = 'public' AND table_name = $1`, table)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(prow, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		slices.Sort(want)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("table %s: PostgreSQL columns %v, SQLite %v", table, got, want)
		}
	}
}

// TestCopyDB fills a SQLite file through its store, copies it into
// PostgreSQL with the copydb command, and reads everything back through
// the PostgreSQL store; a second copy is refused and changes nothing.
func TestCopyDB(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "site.db")
	lite, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"alice", "bob", "carol"} {
		if err := lite.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	solo := &club.Game{ID: "solo", PlayerID: "alice", Opponent: club.Computer, Human: game.White, Level: "expert",
		Record: game.Game{Options: game.Options{Size: 10, Start: game.Free}}, Settings: club.Settings{ShowMoves: true, Sound: true},
		HintPly: -1, HintSquare: game.Pass}
	if err := lite.CreateGame(ctx, solo); err != nil {
		t.Fatal(err)
	}
	sq, _ := game.ParseMove(10, "e4")
	solo.Record.Plies = []game.Square{sq}
	solo.Hints, solo.HintPly, solo.HintSquare, solo.Status, solo.Resigned = 1, 1, sq, club.Over, game.Black
	if err := lite.UpdateGame(ctx, solo, 0); err != nil {
		t.Fatal(err)
	}
	online := &club.Game{ID: "online", PlayerID: "bob", Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	room := &club.Room{ID: "room", Token: "secret-token", Host: "bob", HostColor: game.Black, Round: 1}
	if err := lite.CreateRoom(ctx, room, online); err != nil {
		t.Fatal(err)
	}
	if err := lite.JoinRoom(ctx, "room", "carol"); err != nil {
		t.Fatal(err)
	}
	if err := lite.SavePractice(ctx, &club.Practice{PlayerID: "carol", Opening: "f5f6", Plies: "e6", History: []string{"", "e6"}}, 0); err != nil {
		t.Fatal(err)
	}
	lite.Close()
	const key = "the old site's session secret, long enough"
	if err := os.WriteFile(path+".session-key", []byte(key+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	url := pgtest.NewDatabase(t)
	// A player who visited the new site before the copy stays.
	pg, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if err := pg.CreatePlayer(ctx, "early"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	stdout = &out
	t.Cleanup(func() { stdout = os.Stdout })
	if err := runCopyDB([]string{"-from", path, "-to", url}); err != nil {
		t.Fatalf("copydb: %v", err)
	}
	for _, want := range []string{"copied 3 players, 2 games, 1 rooms and 1 practice boards", "copied the session key"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("copydb said %q, want %q", out.String(), want)
		}
	}
	if got, err := pg.Secret(ctx, "session", func() (string, error) { return "new", nil }); err != nil || got != key {
		t.Errorf("session secret after the copy = %q, %v; want the old site's", got, err)
	}

	lite, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	for _, id := range []string{"solo", "online"} {
		want, err := lite.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pg.Game(ctx, id)
		if err != nil {
			t.Fatalf("Game(%s) after the copy: %v", id, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Game(%s) copied = %+v\nwant %+v", id, got, want)
		}
	}
	wantRoom, _ := lite.RoomByToken(ctx, "secret-token")
	if got, err := pg.RoomByToken(ctx, "secret-token"); err != nil || !reflect.DeepEqual(got, wantRoom) {
		t.Errorf("room copied = %+v, %v\nwant %+v", got, err, wantRoom)
	}
	wantPractice, _ := lite.Practice(ctx, "carol")
	if got, err := pg.Practice(ctx, "carol"); err != nil || !reflect.DeepEqual(got, wantPractice) {
		t.Errorf("practice copied = %+v, %v\nwant %+v", got, err, wantPractice)
	}
	if gs, err := pg.Unfinished(ctx, "carol", 10); err != nil || len(gs) != 1 || gs[0].ID != "online" {
		t.Errorf("Unfinished(carol) after the copy = %v, %v; want the online game", gs, err)
	}

	// Copying again would mix two sites' games: refused.
	err = runCopyDB([]string{"-from", path, "-to", url})
	if !errors.Is(err, postgres.ErrHasGames) {
		t.Errorf("second copydb: err = %v, want postgres.ErrHasGames", err)
	}
	for _, args := range [][]string{{"-from", path}, {"-from", path, "-to", path}, {"-from", filepath.Join(t.TempDir(), "none.db"), "-to", url}} {
		if err := runCopyDB(args); err == nil {
			t.Errorf("copydb %q: no error", args)
		}
	}
}

// TestCopyDBRefusesNonDatabase checks that copydb refuses an empty source
// and a file that is not a database, before connecting anywhere, and
// leaves the file as it was.
func TestCopyDBRefusesNonDatabase(t *testing.T) {
	for name, body := range map[string]string{"empty": "", "text": "these are not the games you are looking for\n"} {
		path := filepath.Join(t.TempDir(), name+".db")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		err := runCopyDB([]string{"-from", path, "-to", "postgres://reversi@127.0.0.1:1/reversi"})
		if err == nil || !strings.Contains(err.Error(), "source") {
			t.Errorf("%s source: err = %v, want a refusal of the source", name, err)
		}
		if b, _ := os.ReadFile(path); string(b) != body {
			t.Errorf("%s source: the file changed to %d bytes", name, len(b))
		}
	}
}
