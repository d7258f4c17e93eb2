package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/play"
)

// clockAt is a test clock that the test moves.
type clockAt struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clockAt) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clockAt) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func offer(t *testing.T, size, clock, color string, rated bool) play.Offer {
	t.Helper()
	o, err := play.ParseOffer(size, clock, color, rated)
	if err != nil {
		t.Fatalf("ParseOffer(%s, %s, %s): %v", size, clock, color, err)
	}
	return o
}

func TestParseOffer(t *testing.T) {
	for _, tt := range []struct {
		size, clock, color string
		ok                 bool
	}{
		{"8", "3+2", "black", true}, {"", "none", "", true}, {"10", "7d", "random", true}, {"6", "1+0", "white", true},
		{"7", "3+2", "black", false}, {"8", "2+1", "black", false}, {"8", "3+2", "red", false}, {"x", "3+2", "", false},
	} {
		_, err := play.ParseOffer(tt.size, tt.clock, tt.color, false)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, play.ErrBadOffer)) {
			t.Errorf("ParseOffer(%q, %q, %q): %v, want ok=%v", tt.size, tt.clock, tt.color, err, tt.ok)
		}
	}
}

func TestNames(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		want error
	}{
		{"Alice", nil}, {"ALICE", club.ErrNameTaken}, {"Ａｌｉｃｅ", club.ErrNameTaken}, {"<b>x</b>", club.ErrNameCharacter},
		{"ab", club.ErrNameLength}, {"Admin", club.ErrNameReserved}, {"Expert", club.ErrNameReserved},
	} {
		player := bob
		if tt.name == "Alice" {
			player = alice
		}
		_, err := app.SetName(ctx, player, tt.name)
		if !errors.Is(err, tt.want) {
			t.Errorf("SetName(%q): %v, want %v", tt.name, err, tt.want)
		}
	}
	p, err := app.Player(ctx, alice)
	if err != nil || p.Name != "Alice" {
		t.Errorf("Player(alice) = %+v, %v", p, err)
	}
	if p, _ := app.Player(ctx, ""); p.Named() {
		t.Error("a visitor without a cookie has a name")
	}
}

func TestChallengeMadeSeenExpired(t *testing.T) {
	clk := &clockAt{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "lobby.db"), sqlite.WithClock(clk.now))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	app, _ := newApp(t, func(c *play.Config) { c.Now, c.Store = clk.now, st })
	if _, err := app.MakeChallenge(ctx, alice, offer(t, "8", "3+2", "black", true)); !errors.Is(err, play.ErrRatedAnonymous) {
		t.Errorf("a rated challenge from an anonymous player: %v, want ErrRatedAnonymous", err)
	}
	c, err := app.MakeChallenge(ctx, alice, offer(t, "8", "3+2", "black", false))
	if err != nil {
		t.Fatal(err)
	}
	l, err := app.Lobby(ctx, bob)
	if err != nil || len(l.Challenges) != 1 || l.Challenges[0].ID != c.ID {
		t.Fatalf("the lobby lists %v, %v; want alice's challenge", l, err)
	}
	if _, err := app.Challenge(ctx, bob, c.ID); !errors.Is(err, play.ErrNoChallenge) {
		t.Errorf("bob opening alice's waiting page: %v, want ErrNoChallenge", err)
	}
	// Each look keeps it open; ten minutes without one ends it.
	clk.add(9 * time.Minute)
	if _, err := app.Challenge(ctx, alice, c.ID); err != nil {
		t.Fatal(err)
	}
	clk.add(9 * time.Minute)
	if l, _ := app.Lobby(ctx, bob); len(l.Challenges) != 1 {
		t.Error("a challenge seen nine minutes ago is not listed")
	}
	clk.add(2 * time.Minute)
	if l, _ := app.Lobby(ctx, bob); len(l.Challenges) != 0 {
		t.Error("an expired challenge is listed")
	}
	if _, err := app.Accept(ctx, bob, c.ID); !errors.Is(err, club.ErrChallengeGone) {
		t.Errorf("accepting an expired challenge: %v, want ErrChallengeGone", err)
	}
	if _, err := app.Challenge(ctx, alice, c.ID); !errors.Is(err, club.ErrChallengeGone) {
		t.Errorf("the waiting page of an expired challenge: %v, want ErrChallengeGone", err)
	}
	if _, err := app.Expire(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Challenge(ctx, alice, c.ID); !errors.Is(err, play.ErrNoChallenge) {
		t.Errorf("after expiry: %v, want ErrNoChallenge (deleted)", err)
	}
}

func TestAcceptOnceAndSpectators(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	c, err := app.MakeChallenge(ctx, alice, offer(t, "6", "5+3", "white", false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.Accept(ctx, alice, c.ID); !errors.Is(err, play.ErrOwnChallenge) {
		t.Errorf("accepting one's own challenge: %v, want ErrOwnChallenge", err)
	}
	// The maker's waiting page hears of the accept.
	ch, stop := app.Notifier().Subscribe(club.ChallengeKey(c.ID))
	defer stop()
	var wg sync.WaitGroup
	ids, errs := make([]string, 2), make([]error, 2)
	for i, p := range []string{bob, carol} {
		wg.Go(func() { ids[i], errs[i] = app.Accept(ctx, p, c.ID) })
	}
	wg.Wait()
	won := 0
	var id string
	for i, err := range errs {
		switch {
		case err == nil:
			won, id = won+1, ids[i]
		case !errors.Is(err, club.ErrChallengeGone):
			t.Errorf("accept: %v, want nil or ErrChallengeGone", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d accepts won, want 1", won)
	}
	select {
	case <-ch:
	default:
		t.Error("the challenge's waiters were not notified")
	}
	got, err := app.Challenge(ctx, alice, c.ID)
	if err != nil || got.GameID != id {
		t.Fatalf("alice's waiting page: %+v, %v; want game %s", got, err, id)
	}
	m := mustGame(t, app, alice, id)
	if m.Seat != game.White || m.Spectator || !m.Room.Public || m.Game.TimeControl.String() != "5+3" ||
		m.Game.Clock.Black != 5*time.Minute || m.Game.Clock.White != 5*time.Minute || m.Board().Size() != 6 {
		t.Errorf("alice's game: seat %v, room %+v, clock %v %+v", m.Seat, m.Room, m.Game.TimeControl, m.Game.Clock)
	}
	// Whoever lost the race watches, as anyone may; they cannot move.
	watcher := carol
	if m.Room.Guest == carol {
		watcher = bob
	}
	c4, _ := game.ParseSquare(6, "c4")
	for _, p := range []string{watcher, ""} {
		w, err := app.Game(ctx, p, id)
		if err != nil || !w.Spectator || w.CanPlay() {
			t.Fatalf("a spectator's view: %+v, %v", w, err)
		}
		if _, err := app.Move(ctx, play.Who{Player: p}, w, 0, c4); !errors.Is(err, play.ErrSpectator) {
			t.Errorf("a spectator's move: %v, want ErrSpectator", err)
		}
	}
	l, err := app.Lobby(ctx, watcher)
	if err != nil || len(l.Live) != 1 || l.Live[0].GameID != id || len(l.Challenges) != 0 {
		t.Errorf("the lobby after the accept: %+v, %v", l, err)
	}
}

func TestInviteGamesStayPrivate(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	g, err := app.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "online"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.Game(ctx, carol, g.ID); !errors.Is(err, play.ErrNotSeated) {
		t.Errorf("a third player opening an invite game: %v, want ErrNotSeated", err)
	}
}

func TestQuickPairingMeets(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	o := offer(t, "", "3+2", "", false)
	gameID, wait, err := app.Quick(ctx, alice, o)
	if err != nil || gameID != "" || wait == "" {
		t.Fatalf("the first in the pool: %q, %q, %v; want a wait", gameID, wait, err)
	}
	if l, _ := app.Lobby(ctx, bob); len(l.Challenges) != 0 {
		t.Error("the lobby lists a quick pairing")
	}
	// Another pool does not meet it.
	if g, _, err := app.Quick(ctx, carol, offer(t, "", "5+3", "", false)); err != nil || g != "" {
		t.Errorf("another pool: %q, %v; want a wait", g, err)
	}
	gameID, _, err = app.Quick(ctx, bob, o)
	if err != nil || gameID == "" {
		t.Fatalf("the second in the pool: %q, %v; want a game", gameID, err)
	}
	c, err := app.Challenge(ctx, alice, wait)
	if err != nil || c.GameID != gameID {
		t.Errorf("alice's wait: %+v, %v; want game %s", c, err, gameID)
	}
	if m := mustGame(t, app, bob, gameID); m.Spectator || m.Game.TimeControl.String() != "3+2" {
		t.Errorf("bob's game: %+v", m)
	}
}

func TestQuickPairingAtOnceMeets(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	o := offer(t, "8", "10+5", "", false)
	var wg sync.WaitGroup
	games, waits, errs := make([]string, 2), make([]string, 2), make([]error, 2)
	for i, p := range []string{alice, bob} {
		wg.Go(func() { games[i], waits[i], errs[i] = app.Quick(ctx, p, o) })
	}
	wg.Wait()
	var found string
	for i, p := range []string{alice, bob} {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		id := games[i]
		if id == "" {
			c, err := app.Challenge(ctx, p, waits[i])
			if err != nil {
				t.Fatal(err)
			}
			id = c.GameID
		}
		if id == "" || (found != "" && id != found) {
			t.Fatalf("the two players are in games %q and %q, want one", found, id)
		}
		found = id
	}
}

func TestCancelChallenge(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	c, err := app.MakeChallenge(ctx, alice, offer(t, "8", "none", "random", false))
	if err != nil {
		t.Fatal(err)
	}
	if err := app.CancelChallenge(ctx, bob, c.ID); !errors.Is(err, play.ErrNoChallenge) {
		t.Errorf("bob cancelling alice's: %v", err)
	}
	if err := app.CancelChallenge(ctx, alice, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Accept(ctx, bob, c.ID); !errors.Is(err, club.ErrChallengeGone) {
		t.Errorf("accepting a cancelled challenge: %v", err)
	}
}

// TestPairingClosesOwnChallenge checks that a player who gets a game, by
// accepting a challenge or by quick pairing, leaves no open challenge of
// their own behind for someone else to accept.
func TestPairingClosesOwnChallenge(t *testing.T) {
	for _, tt := range []struct {
		name string
		pair func(ctx context.Context, app *play.App) (string, error)
	}{
		{"accepting a challenge", func(ctx context.Context, app *play.App) (string, error) {
			c, err := app.MakeChallenge(ctx, alice, offer(t, "8", "5+3", "black", false))
			if err != nil {
				return "", err
			}
			return app.Accept(ctx, bob, c.ID)
		}},
		{"quick pairing", func(ctx context.Context, app *play.App) (string, error) {
			if _, _, err := app.Quick(ctx, alice, offer(t, "", "3+2", "", false)); err != nil {
				return "", err
			}
			id, _, err := app.Quick(ctx, bob, offer(t, "", "3+2", "", false))
			return id, err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			app, _ := newApp(t, nil)
			ctx := context.Background()
			own, err := app.MakeChallenge(ctx, bob, offer(t, "10", "10+5", "random", false))
			if err != nil {
				t.Fatal(err)
			}
			gameID, err := tt.pair(ctx, app)
			if err != nil || gameID == "" {
				t.Fatalf("pairing: %q, %v; want a game", gameID, err)
			}
			if _, err := app.Challenge(ctx, bob, own.ID); !errors.Is(err, play.ErrNoChallenge) {
				t.Errorf("bob's own challenge after his game began: %v, want ErrNoChallenge", err)
			}
			if _, err := app.Accept(ctx, carol, own.ID); !errors.Is(err, club.ErrChallengeGone) {
				t.Errorf("accepting bob's old challenge: %v, want ErrChallengeGone", err)
			}
			if l, err := app.Lobby(ctx, carol); err != nil || len(l.Challenges) != 0 {
				t.Errorf("the lobby lists %d challenges (%v), want none", len(l.Challenges), err)
			}
		})
	}
}
