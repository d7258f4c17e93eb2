package sqlite

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"

	"reversi/game"
	"reversi/migrations"
)

// TestRoomsMigrationKeepsGames applies the migrations before rooms, stores
// a game, then the rest: the rebuilt games table must keep it.
func TestRoomsMigrationKeepsGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "first.db")
	first, err := fs.ReadFile(migrations.SQLite(), "0001_players_and_games.sql")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, path, withMigrations(fstest.MapFS{"0001_players_and_games.sql": {Data: first}}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.w.ExecContext(ctx, `INSERT INTO players (id, created_at) VALUES ('p', 0)`); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.w.ExecContext(ctx, bareGame("old", "p", "computer", "black", "f5 d6", 2, "")); err != nil {
		t.Fatal(err)
	}
	s2.Close()
	s3, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open after the rooms migration: %v", err)
	}
	defer s3.Close()
	g, err := s3.Game(ctx, "old")
	if err != nil {
		t.Fatalf("the old game is gone: %v", err)
	}
	if g.Record.Transcript() != "f5d6" || g.Level != "easy" {
		t.Errorf("old game = %+v, want f5d6 at easy", g)
	}
}

// TestExpertMigrationKeepsRooms applies the migrations up to rooms, stores a
// room and its game, then the rest: the games table is rebuilt under the
// room's reference, and both must come through.
func TestExpertMigrationKeepsRooms(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rooms.db")
	early := fstest.MapFS{}
	for _, name := range []string{"0001_players_and_games.sql", "0002_practice.sql", "0003_rooms.sql"} {
		data, err := fs.ReadFile(migrations.SQLite(), name)
		if err != nil {
			t.Fatal(err)
		}
		early[name] = &fstest.MapFile{Data: data}
	}
	s, err := Open(ctx, path, withMigrations(early))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO players (id, created_at) VALUES ('host', 0)`,
		bareGame("g1", "host", "online", "white", "f5", 1, "r1"),
		`INSERT INTO rooms (id, token, game_id, host, host_color, created_at, updated_at)
			VALUES ('r1', 'tok', 'g1', 'host', 'white', 0, 0)`,
	} {
		if _, err := s.w.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("Open with every migration: %v", err)
	}
	defer s.Close()
	r, err := s.RoomByToken(ctx, "tok")
	if err != nil {
		t.Fatalf("the room is gone: %v", err)
	}
	g, err := s.Game(ctx, r.GameID)
	if err != nil {
		t.Fatalf("the room's game is gone: %v", err)
	}
	if g.Record.Transcript() != "f5" || g.Resigned != game.Empty {
		t.Errorf("game after the migration = %+v, want f5 and nobody resigned", g)
	}
}
