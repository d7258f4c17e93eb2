package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/play"
)

// fakeNow is a clock the tests move by hand.
type fakeNow struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeNow) now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeNow) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

// countingStore counts the game writes that applied.
type countingStore struct {
	club.Store
	applied atomic.Int64
}

func (s *countingStore) UpdateGame(ctx context.Context, g *club.Game, oldPly int) error {
	err := s.Store.UpdateGame(ctx, g, oldPly)
	if err == nil {
		s.applied.Add(1)
	}
	return err
}

// clockedRoom stores an online 8×8 game with clock tc between alice
// (Black, the host) and bob, started at now, as the lobby makes them.
func clockedRoom(t *testing.T, st club.Store, tc string, now time.Time) string {
	t.Helper()
	ctx := context.Background()
	control, err := club.ParseTimeControl(tc)
	if err != nil {
		t.Fatal(err)
	}
	g := &club.Game{ID: "clockedgameaaaaa", PlayerID: alice, Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Playing, HintPly: -1, HintSquare: game.Pass,
		TimeControl: control, Clock: club.Clock{Black: control.Start(), White: control.Start(), Since: now}}
	r := &club.Room{ID: "clockedroomaaaaa", Token: "clockedroomtokenaaaaaaaa", Host: alice, HostColor: game.Black, Round: 1}
	if err := st.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	if err := st.JoinRoom(ctx, r.ID, bob); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

func clockApp(t *testing.T) (*play.App, *countingStore, *fakeNow, string) {
	t.Helper()
	clock := &fakeNow{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var counted *countingStore
	app, _ := newApp(t, func(c *play.Config) {
		counted = &countingStore{Store: c.Store}
		c.Store, c.Now = counted, clock.now
	})
	return app, counted, clock, clockedRoom(t, counted.Store, "1+0", clock.now())
}

func move(t *testing.T, app *play.App, player, id, square string) *play.Match {
	t.Helper()
	m := mustGame(t, app, player, id)
	sq, err := game.ParseMove(8, square)
	if err != nil {
		t.Fatal(err)
	}
	m, err = app.Move(context.Background(), play.Who{Player: player}, m, m.Ply(), sq)
	if err != nil {
		t.Fatalf("%s's %s: %v", player, square, err)
	}
	return m
}

func TestFlagIsDecidedOnce(t *testing.T) {
	app, st, clock, id := clockApp(t)
	clock.advance(10 * time.Second)
	move(t, app, alice, id, "f5")
	clock.advance(5 * time.Second)
	move(t, app, bob, id, "d6")
	clock.advance(50 * time.Second) // Black had 50 s left
	before := st.applied.Load()
	var wg sync.WaitGroup
	seen := make([]*play.Match, 2)
	for i, p := range []string{alice, bob} {
		wg.Go(func() {
			m, err := app.Game(context.Background(), p, id)
			if err != nil {
				t.Errorf("%s's load: %v", p, err)
				return
			}
			seen[i] = m
		})
	}
	wg.Wait()
	if n := st.applied.Load() - before; n != 1 {
		t.Errorf("%d writes ended the game; want exactly 1", n)
	}
	for _, m := range seen {
		if m == nil {
			continue
		}
		o := m.Outcome()
		if m.Playing() || m.Game.Ending != club.EndedOnTime || o.OnTime != game.Black || o.WhiteScore != 64 {
			t.Errorf("a load sees %s, ending %q, %+v; want over on time, Black lost, 0 to 64", m.Game.Status, m.Game.Ending, o)
		}
	}
	// A move sent from the page before the flag is refused.
	m := seen[0]
	sq, _ := game.ParseMove(8, "c3")
	if _, err := app.Move(context.Background(), play.Who{Player: alice}, m, 2, sq); !errors.Is(err, play.ErrOver) {
		t.Errorf("a move after the flag: %v, want ErrOver", err)
	}
}

func TestMoveOnTheFlagEndsTheGame(t *testing.T) {
	app, _, clock, id := clockApp(t)
	m := mustGame(t, app, alice, id) // the page, loaded in time
	clock.advance(time.Minute)
	sq, _ := game.ParseMove(8, "f5")
	// The minute has passed with no first move: the game is aborted, and
	// the move refused.
	got, err := app.Move(context.Background(), play.Who{Player: alice}, m, 0, sq)
	if !errors.Is(err, play.ErrOver) || got.Game.Ending != club.EndedAborted || got.Ply() != 0 {
		t.Errorf("a move a minute late: %v, ending %q at ply %d; want ErrOver, aborted at 0", err, got.Game.Ending, got.Ply())
	}
}

func TestAbortAfterAMinute(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves []string // played 10 s apart
	}{
		{"Black never moves", nil},
		{"White never moves", []string{"f5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app, _, clock, id := clockApp(t)
			players := []string{alice, bob}
			for i, mv := range tc.moves {
				clock.advance(10 * time.Second)
				move(t, app, players[i%2], id, mv)
			}
			clock.advance(59 * time.Second)
			if m := mustGame(t, app, bob, id); !m.Playing() {
				t.Fatalf("aborted after 59 s: %q", m.Game.Ending)
			}
			clock.advance(time.Second)
			m := mustGame(t, app, bob, id)
			o := m.Outcome()
			if m.Playing() || m.Game.Ending != club.EndedAborted || !o.Aborted || o.Winner != game.Empty {
				t.Errorf("after a minute: %s, %q, %+v; want aborted with no result", m.Game.Status, m.Game.Ending, o)
			}
		})
	}
}

// TestRestartKeepsBothClocks stores a clocked game, closes the store,
// opens it again with a new app, and finds both clocks as they were: the
// side not to move has lost nothing, the side to move only the time
// passed since the last move.
func TestRestartKeepsBothClocks(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "clocks.db")
	clock := &fakeNow{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	open := func() (*play.App, club.Store) {
		st, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		app, err := play.New(play.Config{Store: st, Now: clock.now})
		if err != nil {
			t.Fatal(err)
		}
		return app, st
	}
	app, st := open()
	for _, p := range []string{alice, bob} {
		if err := app.SeePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	id := clockedRoom(t, st, "3+2", clock.now())
	clock.advance(7 * time.Second)
	move(t, app, alice, id, "f5")
	clock.advance(3 * time.Second)
	before := mustGame(t, app, bob, id)
	black, white := before.Left(game.Black, clock.now()), before.Left(game.White, clock.now())
	app.Drain()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	app, st = open()
	defer st.Close()
	defer app.Drain()
	after := mustGame(t, app, bob, id)
	if b, w := after.Left(game.Black, clock.now()), after.Left(game.White, clock.now()); b != black || w != white {
		t.Errorf("after the restart: Black %v, White %v; before it %v, %v", b, w, black, white)
	}
	if black != 3*time.Minute-7*time.Second+2*time.Second || white != 3*time.Minute-3*time.Second {
		t.Errorf("clocks %v, %v; want 2:55 for Black (7 s used, 2 s added) and 2:57 for White", black, white)
	}
}
