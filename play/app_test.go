package play_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/internal/testkit"
	"reversi/play"
)

// These tests drive the application as handlers do, without HTTP, on a
// real SQLite store in a temporary folder.

const (
	alice = "0123456789abcdef0123456789abcdef"
	bob   = "fedcba9876543210fedcba9876543210"
	carol = "00000000000000000000000000000001"
)

func newApp(t testing.TB, mod func(*play.Config)) (*play.App, club.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "play.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg := play.Config{Store: st, Choose: testkit.FirstMove[ai.Level], Hint: testkit.FirstHint, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if mod != nil {
		mod(&cfg)
	}
	app, err := play.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Drain)
	for _, p := range []string{alice, bob, carol} {
		if err := app.SeePlayer(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	return app, st
}

func choices(t *testing.T, kv ...string) play.Choices {
	t.Helper()
	form := url.Values{"opponent": {"computer"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}, "show_moves": {"on"}, "allow_undo": {"on"}}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Set(kv[i], kv[i+1])
	}
	ch, err := play.ParseChoices(form)
	if err != nil {
		t.Fatal(err)
	}
	return ch
}

func TestParseChoicesRefusesWhatTheFormsDoNotOffer(t *testing.T) {
	for _, tc := range []struct{ field, value string }{
		{"level", "grandmaster"}, {"size", "7"}, {"start", "setup"}, {"opponent", "robot"}, {"color", ""},
	} {
		form := choices(t).Encode()
		form.Set(tc.field, tc.value)
		_, err := play.ParseChoices(form)
		var inc *play.IncompleteError
		if !errors.As(err, &inc) || inc.Field != tc.field {
			t.Errorf("ParseChoices with %s=%q: error %v, want an IncompleteError for %s", tc.field, tc.value, err, tc.field)
		}
	}
	for _, name := range ai.LevelNames() {
		if _, err := play.ParseChoices(choices(t, "level", name).Encode()); err != nil {
			t.Errorf("level %q from the registry is refused: %v", name, err)
		}
	}
}

func TestStartMoveUndoResign(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	// Against the computer as White: the computer opens.
	g, err := app.Start(ctx, play.Who{Player: alice}, choices(t, "color", "white"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := app.Game(ctx, alice, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Ply() != 1 || m.Seat != game.White {
		t.Fatalf("after Start as White: ply %d, seat %v; want the computer's opening and White", m.Ply(), m.Seat)
	}
	// Who may act: nobody else, and no made-up id.
	if _, err := app.Game(ctx, bob, g.ID); !errors.Is(err, play.ErrNotYours) {
		t.Errorf("another player's Game: %v, want ErrNotYours", err)
	}
	if _, err := app.Game(ctx, alice, "not-an-id"); !errors.Is(err, play.ErrNoGame) {
		t.Errorf("Game with a bad id: %v, want ErrNoGame", err)
	}
	// A move brings the computer's reply; a stale form changes nothing.
	mv := m.Board().Moves().First()
	if m, err = app.Move(ctx, play.Who{Player: alice}, m, 1, mv); err != nil || m.Ply() != 3 {
		t.Fatalf("Move: ply %d, err %v; want 3, nil", m.Ply(), err)
	}
	stale, _ := app.Game(ctx, alice, g.ID)
	if _, err := app.Move(ctx, play.Who{Player: alice}, stale, 1, mv); !errors.Is(err, club.ErrStale) {
		t.Errorf("Move from ply 1 at ply 3: %v, want a stale refusal", err)
	}
	var illegal *play.IllegalMoveError
	if _, err := app.Move(ctx, play.Who{Player: alice}, stale, 3, testkit.Sq8(t, "a1")); !errors.As(err, &illegal) {
		t.Errorf("Move a1: %v, want an IllegalMoveError", err)
	}
	if now, _ := app.Game(ctx, alice, g.ID); now.Ply() != 3 {
		t.Errorf("refused moves changed the game: ply %d, want 3", now.Ply())
	}
	// Undo goes back to the player's turn; resigning ends the game.
	if m, err = app.Undo(ctx, stale, 3); err != nil || m.Ply() != 1 || m.Game.Undos != 1 {
		t.Fatalf("Undo: ply %d, undos %d, err %v; want 1, 1, nil", m.Ply(), m.Game.Undos, err)
	}
	if m, err = app.Resign(ctx, m, 1); err != nil || m.Playing() || m.Outcome().Winner != game.Black {
		t.Fatalf("Resign: playing %v, winner %v, err %v; want over, Black", m.Playing(), m.Outcome().Winner, err)
	}
	if _, err := app.Move(ctx, play.Who{Player: alice}, m, 1, mv); !errors.Is(err, play.ErrOver) {
		t.Errorf("Move after resigning: %v, want ErrOver", err)
	}
	// The choices were kept for the next Play button.
	ch, err := app.Choices(ctx, alice)
	if err != nil || ch.Values["color"] != "white" || !ch.Settings.ShowMoves {
		t.Errorf("Choices = %+v, %v; want the ones Start was given", ch, err)
	}
}

func TestHintIsKeptForItsPly(t *testing.T) {
	var hints int
	app, _ := newApp(t, func(c *play.Config) {
		c.Hint = func(_ context.Context, b game.Board) (game.Square, error) { hints++; return b.Moves().First(), nil }
	})
	ctx := context.Background()
	g, err := app.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "local"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := app.Game(ctx, alice, g.ID)
	for range 2 {
		if m, err = app.Hint(ctx, play.Who{Player: alice}, m, 0); err != nil {
			t.Fatal(err)
		}
	}
	if sq, ok := m.Hint(); !ok || sq != m.Board().Moves().First() || hints != 1 || m.Game.Hints != 1 {
		t.Errorf("hint %v (%v) after %d searches, %d counted; want the first move, one search, one counted", sq, ok, hints, m.Game.Hints)
	}
	failing, _ := newApp(t, func(c *play.Config) {
		c.Hint = func(ctx context.Context, _ game.Board) (game.Square, error) { return game.Pass, errors.New("no") }
	})
	g2, _ := failing.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "local"))
	m2, _ := failing.Game(ctx, alice, g2.ID)
	if _, err := failing.Hint(ctx, play.Who{Player: alice}, m2, 0); !errors.Is(err, play.ErrHintFailed) {
		t.Errorf("a failing hint: %v, want ErrHintFailed", err)
	}
}

func TestComputerFallsBackToALegalMove(t *testing.T) {
	app, _ := newApp(t, func(c *play.Config) {
		c.AITimeout = 10 * time.Millisecond
		c.Choose = func(ctx context.Context, _ game.Board, _ ai.Level, _ *rand.Rand) (game.Square, error) {
			<-ctx.Done()
			return game.Pass, ctx.Err()
		}
	})
	g, err := app.Start(context.Background(), play.Who{Player: alice}, choices(t, "color", "white"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := app.Game(context.Background(), alice, g.ID)
	if m.Ply() != 1 {
		t.Errorf("a computer out of time left the game at ply %d, want its fallback move", m.Ply())
	}
}

func TestOnlineRoom(t *testing.T) {
	app, st := newApp(t, nil)
	ctx := context.Background()
	g, err := app.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "online"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.Room(ctx, g.RoomID)
	if err != nil {
		t.Fatal(err)
	}
	in, err := app.Invite(ctx, bob, r.Token)
	if err != nil || in.Seated || in.Full() {
		t.Fatalf("Invite for bob: %+v, %v; want a free seat", in, err)
	}
	if _, err := app.Invite(ctx, bob, "short"); !errors.Is(err, play.ErrNoRoom) {
		t.Errorf("Invite with a bad token: %v, want ErrNoRoom", err)
	}
	if err := app.Join(ctx, in, bob); err != nil {
		t.Fatal(err)
	}
	if in, _ = app.Invite(ctx, carol, r.Token); !in.Full() {
		t.Error("the room is not full after bob joined")
	}
	if _, err := app.Game(ctx, carol, g.ID); !errors.Is(err, play.ErrNotSeated) {
		t.Errorf("carol's Game: %v, want ErrNotSeated", err)
	}
	host, _ := app.Game(ctx, alice, g.ID)
	if err := app.Delete(ctx, host); !errors.Is(err, play.ErrNotOnline) {
		t.Errorf("Delete of an online game: %v, want ErrNotOnline", err)
	}
	if err := app.ChangeSettings(ctx, mustGame(t, app, bob, g.ID), bob, club.Settings{}); !errors.Is(err, play.ErrNotHost) {
		t.Errorf("the guest's ChangeSettings: %v, want ErrNotHost", err)
	}
	// Both resign… one does; then both say yes to play again.
	host, err = app.Resign(ctx, host, 0)
	if err != nil {
		t.Fatal(err)
	}
	v := host.Room.Version
	if next, err := app.Again(ctx, host, v, club.AgainSwitch); err != nil || next != g.ID {
		t.Fatalf("the host's Again: %q, %v; want to wait on the same game", next, err)
	}
	guest := mustGame(t, app, bob, g.ID)
	next, err := app.Again(ctx, guest, guest.Room.Version, club.AgainKeep)
	if err != nil || next == g.ID {
		t.Fatalf("the guest's Again: %q, %v; want the next round", next, err)
	}
	round2 := mustGame(t, app, alice, next)
	if round2.Room.Round != 2 || round2.Seat != host.Seat {
		t.Errorf("round 2: round %d, host's seat %v; want 2 and the same side (one asked to keep)", round2.Room.Round, round2.Seat)
	}
}

func mustGame(t *testing.T, app *play.App, player, id string) *play.Match {
	t.Helper()
	m, err := app.Game(context.Background(), player, id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestPracticeRules(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	// enrol counts its calls: only a change that stands on a board never
	// stored makes or records the player.
	var enrolled int
	enrol := func() (string, error) { enrolled++; return alice, nil }
	if _, err := app.PracticeReset(ctx, alice, enrol, 0); !errors.Is(err, play.ErrPracticeAtStart) {
		t.Errorf("Reset at the start: %v, want ErrPracticeAtStart", err)
	}
	if _, err := app.PracticeUndo(ctx, alice, enrol, 0); !errors.Is(err, play.ErrPracticeNoUndo) {
		t.Errorf("Undo with nothing done: %v, want ErrPracticeNoUndo", err)
	}
	if enrolled != 0 {
		t.Errorf("refused changes enrolled the player %d times", enrolled)
	}
	st, err := app.Practice(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	for i := range play.PracticeLimit {
		saved, err := app.PracticeMove(ctx, alice, enrol, i, st.Board.Moves().First())
		if err != nil || saved.Version != i+1 {
			t.Fatalf("PracticeMove: version %d, %v; want %d", saved.Version, err, i+1)
		}
		if st, err = app.Practice(ctx, alice); err != nil {
			t.Fatal(err)
		}
	}
	if enrolled != 1 {
		t.Errorf("the player was enrolled %d times, want once, for the first change", enrolled)
	}
	if !st.Over() {
		t.Fatalf("after %d placements the exercise is not over", play.PracticeLimit)
	}
	if _, err := app.PracticeMove(ctx, alice, enrol, st.Version, st.Board.Moves().First()); !errors.Is(err, play.ErrPracticeOver) {
		t.Errorf("a fifth placement: %v, want ErrPracticeOver", err)
	}
	// Two changes from the same version: the second finds it stale and
	// gets the board as it stands.
	if _, err := app.PracticeUndo(ctx, alice, enrol, st.Version); err != nil {
		t.Fatal(err)
	}
	fresh, err := app.PracticeReset(ctx, alice, enrol, st.Version)
	if !errors.Is(err, play.ErrPracticeStale) || fresh.Placed != play.PracticeLimit-1 {
		t.Errorf("the second change: %v with %d placements, want ErrPracticeStale and the undone board", err, fresh.Placed)
	}
	// A browser with no player yet gets one once its change stands.
	blank, err := app.Practice(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	st, err = app.PracticeMove(ctx, "", func() (string, error) { return bob, nil }, 0, blank.Board.Moves().First())
	if err != nil || st.PlayerID != bob || st.Version != 1 {
		t.Errorf("a first placement without a player: %+v, %v; want bob's board at version 1", st.Practice, err)
	}
}

func TestReviewOnlyOfFinishedGames(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	g, _ := app.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "local"))
	m := mustGame(t, app, alice, g.ID)
	if err := app.RequestReview(ctx, m, alice, ""); !errors.Is(err, play.ErrReviewPlaying) {
		t.Errorf("RequestReview while playing: %v, want ErrReviewPlaying", err)
	}
}

func TestExpireDeletesOldRooms(t *testing.T) {
	now := time.Now()
	app, st := newApp(t, func(c *play.Config) {
		c.RoomTTL = time.Hour
		c.Now = func() time.Time { return now }
	})
	ctx := context.Background()
	g, err := app.Start(ctx, play.Who{Player: alice}, choices(t, "opponent", "online"))
	if err != nil {
		t.Fatal(err)
	}
	if gs, _ := app.Unfinished(ctx, alice); len(gs) != 1 {
		t.Fatalf("Unfinished = %d games, want the online one", len(gs))
	}
	now = now.Add(2 * time.Hour)
	if gs, _ := app.Unfinished(ctx, alice); len(gs) != 0 {
		t.Errorf("an expired room's game is still offered: %d games", len(gs))
	}
	if _, err := app.Game(ctx, alice, g.ID); !errors.Is(err, play.ErrExpired) {
		t.Errorf("Game in an expired room: %v, want ErrExpired", err)
	}
	if e, err := app.Expire(ctx); err != nil || e.Rooms != 1 {
		t.Errorf("Expire = %+v, %v; want one room", e, err)
	}
	if _, err := st.Game(ctx, g.ID); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the expired room's game is still stored: %v", err)
	}
}
