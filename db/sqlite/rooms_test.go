package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"reversi/db"
	"testing"
	"testing/fstest"

	"reversi/game"
	"reversi/migrations"
)

func newRoom(t *testing.T, s *Store) (*db.Room, *db.Game) {
	t.Helper()
	ctx := context.Background()
	for _, p := range []string{"host", "guest", "third"} {
		if err := s.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	g := &db.Game{ID: "g1", PlayerID: "host", Opponent: db.Online, Human: game.White, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	r := &db.Room{ID: "r1", Token: "tok", Host: "host", HostColor: game.White, Round: 1}
	if err := s.CreateRoom(ctx, r, g); err != nil {
		t.Fatalf("CreateRoom: %v", err)
	}
	return r, g
}

func TestRoomSeats(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	newRoom(t, s)
	if err := s.JoinRoom(ctx, "r1", "host"); !errors.Is(err, db.ErrRoomFull) {
		t.Errorf("host joins own room: err = %v, want db.ErrRoomFull", err)
	}
	if err := s.JoinRoom(ctx, "r1", "guest"); err != nil {
		t.Fatalf("JoinRoom(guest): %v", err)
	}
	if err := s.JoinRoom(ctx, "r1", "third"); !errors.Is(err, db.ErrRoomFull) {
		t.Errorf("third visitor joins: err = %v, want db.ErrRoomFull", err)
	}
	r, err := s.RoomByToken(ctx, "tok")
	if err != nil {
		t.Fatal(err)
	}
	if r.Host != "host" || r.Guest != "guest" || r.HostColor != game.White {
		t.Errorf("seats = host %q (%v), guest %q; want host (White) and guest", r.Host, r.HostColor, r.Guest)
	}
	if r.Version != 1 || r.GameID != "g1" {
		t.Errorf("room = %+v, want version 1 and game g1", r)
	}
	// The guest's home page lists the room's game as unfinished.
	gs, err := s.Unfinished(ctx, "guest", 5)
	if err != nil || len(gs) != 1 || gs[0].ID != "g1" {
		t.Errorf("Unfinished(guest) = %v, %v; want game g1", gs, err)
	}
	if _, err := s.RoomByToken(ctx, "nope"); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("RoomByToken(unknown) err = %v, want db.ErrNotFound", err)
	}
}

func TestRoomRounds(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	newRoom(t, s)
	if err := s.JoinRoom(ctx, "r1", "guest"); err != nil {
		t.Fatal(err)
	}
	r, err := s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	stale := *r
	if err := s.SetAgain(ctx, r, true, db.AgainSwitch); err != nil {
		t.Fatalf("SetAgain(host): %v", err)
	}
	if err := s.SetAgain(ctx, &stale, false, db.AgainKeep); !errors.Is(err, db.ErrStale) {
		t.Errorf("SetAgain from an old version: err = %v, want db.ErrStale", err)
	}
	old := r.Version
	r.Round, r.HostWins, r.HostColor = 2, 1, game.Black
	g2 := &db.Game{ID: "g2", PlayerID: "host", Opponent: db.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	if err := s.StartRound(ctx, r, g2, old); err != nil {
		t.Fatalf("StartRound: %v", err)
	}
	g3 := *g2
	g3.ID = "g3"
	if err := s.StartRound(ctx, r, &g3, old); !errors.Is(err, db.ErrStale) {
		t.Errorf("StartRound twice from one version: err = %v, want db.ErrStale", err)
	}
	if _, err := s.Game(ctx, "g3"); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("the refused round's game was stored: err = %v", err)
	}
	got, err := s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if g, err := s.Game(ctx, "g2"); err != nil || g.RoomID != "r1" {
		t.Errorf("Game(g2) = %+v, %v; want it in room r1", g, err)
	}
	if got.GameID != "g2" || got.Round != 2 || got.HostWins != 1 || got.HostColor != game.Black || got.HostAgain != db.AgainNone || got.Guest != "guest" {
		t.Errorf("room after the new round = %+v", got)
	}
}

// TestRoomsMigrationKeepsGames applies the migrations before rooms, stores
// a game, then the rest: the rebuilt games table must keep it.
func TestRoomsMigrationKeepsGames(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "first.db")
	first, err := fs.ReadFile(migrations.SQLite, "0001_players_and_games.sql")
	if err != nil {
		t.Fatal(err)
	}
	s2, err := openWith(ctx, path, fstest.MapFS{"0001_players_and_games.sql": {Data: first}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.w.ExecContext(ctx, `INSERT INTO players (id, created_at) VALUES ('p', 0)`); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.w.ExecContext(ctx, `INSERT INTO games (id, player_id, opponent, human, level, size, start, plies, ply, created_at, updated_at)
		VALUES ('old', 'p', 'computer', 'black', 'hard', 8, 'cross', 'f5 d6', 2, 0, 0)`); err != nil {
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
	if g.Record.Transcript() != "f5d6" || g.Level != "hard" {
		t.Errorf("old game = %+v, want f5d6 at hard", g)
	}
}
