package sqlite

import (
	"context"
	"errors"
	"reversi/db"
	"slices"
	"strconv"
	"testing"
)

func TestPracticeRoundTrip(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Practice(ctx, "p1"); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("Practice before any save: err = %v, want db.ErrNotFound", err)
	}
	p := &db.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}
	if err := s.SavePractice(ctx, p, 0); err != nil {
		t.Fatalf("first SavePractice: %v", err)
	}
	if p.Version != 1 {
		t.Errorf("version after the first save = %d, want 1", p.Version)
	}
	p.History, p.Plies = append(p.History, p.Plies), "d3 c3"
	if err := s.SavePractice(ctx, p, 1); err != nil {
		t.Fatalf("second SavePractice: %v", err)
	}
	got, err := s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Opening != "f5f6e6f4" || got.Plies != "d3 c3" || !slices.Equal(got.History, []string{"d3"}) || got.Version != 2 {
		t.Errorf("Practice() = %+v, want opening f5f6e6f4, plies \"d3 c3\", history [d3], version 2", got)
	}
}

func TestPracticeStaleVersion(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SavePractice(ctx, &db.Practice{PlayerID: "p1", Opening: "f5f6e6f4"}, 0); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		old  int
	}{{"second insert", 0}, {"old version", 5}, {"future version", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.SavePractice(ctx, &db.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}, tc.old)
			if !errors.Is(err, db.ErrStale) {
				t.Errorf("SavePractice at version %d: err = %v, want db.ErrStale", tc.old, err)
			}
		})
	}
	got, err := s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Plies != "" || got.Version != 1 {
		t.Errorf("after refused saves: plies %q, version %d; want \"\", 1", got.Plies, got.Version)
	}
}

func TestPracticeNeedsAPlayer(t *testing.T) {
	s := openTemp(t)
	if err := s.SavePractice(context.Background(), &db.Practice{PlayerID: "nobody", Opening: "f5"}, 0); err == nil {
		t.Errorf("SavePractice for a missing player: got no error")
	}
}

func TestPracticeHistoryIsBounded(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if err := s.CreatePlayer(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	p := &db.Practice{PlayerID: "p1", Opening: "f5f6e6f4"}
	for i := range db.MaxPracticeHistory + 10 {
		p.History = append(p.History, strconv.Itoa(i))
	}
	if err := s.SavePractice(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	got, err := s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.History) != db.MaxPracticeHistory || got.History[len(got.History)-1] != strconv.Itoa(db.MaxPracticeHistory+9) {
		t.Errorf("history holds %d entries ending %q, want the newest %d", len(got.History), got.History[len(got.History)-1], db.MaxPracticeHistory)
	}
}

// TestPracticeLeavesGamesAlone checks that the two tables never touch.
func TestPracticeLeavesGamesAlone(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s, "g1")
	play(t, g, "f5")
	if err := s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	before, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	p := &db.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}
	if err := s.SavePractice(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	after, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(after.Record.Plies, before.Record.Plies) || !after.Updated.Equal(before.Updated) {
		t.Errorf("saving a practice changed the game: %v -> %v", before.Record.Plies, after.Record.Plies)
	}
	play(t, after, "d6")
	if err := s.UpdateGame(ctx, after, 1); err != nil {
		t.Fatal(err)
	}
	got, err := s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Plies != "d3" || got.Version != 1 {
		t.Errorf("a game move changed the practice: %+v", got)
	}
}
