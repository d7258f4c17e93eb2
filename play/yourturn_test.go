package play_test

import (
	"context"
	"errors"
	"maps"
	"sync/atomic"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

func corrApp(t *testing.T) (*play.App, club.Store, *fakeNow, string) {
	t.Helper()
	clock := &fakeNow{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var st club.Store
	app, _ := newApp(t, func(c *play.Config) { c.Now, st = clock.now, c.Store })
	return app, st, clock, clockedRoom(t, st, "1d", clock.now())
}

func homeIDs(t *testing.T, app *play.App, player string) (yours, others []string) {
	t.Helper()
	y, o, err := app.HomeGames(context.Background(), player)
	if err != nil {
		t.Fatalf("HomeGames(%s): %v", player, err)
	}
	for _, h := range y {
		yours = append(yours, h.Game.ID)
	}
	for _, h := range o {
		others = append(others, h.Game.ID)
	}
	return yours, others
}

// TestYourTurnPassesAfterTheMove: a 1-day game is in the your-turn list
// of the side to move only, and passes to the other's after the move.
func TestYourTurnPassesAfterTheMove(t *testing.T) {
	app, _, clock, id := corrApp(t)
	for _, tt := range []struct {
		mover, waiter string
		square        string
	}{{alice, bob, "f5"}, {bob, alice, "d6"}} {
		if y, _ := homeIDs(t, app, tt.mover); len(y) != 1 || y[0] != id {
			t.Fatalf("before %s: the mover's your-turn list is %v, want [%s]", tt.square, y, id)
		}
		if y, o := homeIDs(t, app, tt.waiter); len(y) != 0 || len(o) != 1 {
			t.Fatalf("before %s: the waiter's lists are %v and %v, want the game among the others", tt.square, y, o)
		}
		clock.advance(5 * time.Hour)
		move(t, app, tt.mover, id, tt.square)
	}
	yours, _, err := app.HomeGames(context.Background(), alice)
	if err != nil || len(yours) != 1 || yours[0].Left != 24*time.Hour {
		t.Fatalf("after two moves alice's list is %+v, %v; want her game with a whole day left", yours, err)
	}
}

// TestOverdueIsLostOnTime: nobody opens the game; the janitor's sweep
// ends it on time all the same, and the lists leave it out.
func TestOverdueIsLostOnTime(t *testing.T) {
	app, st, clock, id := corrApp(t)
	clock.advance(25 * time.Hour)
	if _, err := app.Expire(context.Background()); err != nil {
		t.Fatal(err)
	}
	g, err := st.Game(context.Background(), id)
	if err != nil || g.Status != club.Over || g.Ending != club.EndedOnTime {
		t.Fatalf("after the sweep the game is %v, %v, %v; want over, on time", g.Status, g.Ending, err)
	}
	for _, p := range []string{alice, bob} {
		if y, o := homeIDs(t, app, p); len(y)+len(o) != 0 {
			t.Errorf("%s's lists after the flag: %v and %v, want none", p, y, o)
		}
	}
}

// TestOverdueIsJudgedOnRead: before any sweep, the home page's list ends
// the game on time rather than show it as the player's turn.
func TestOverdueIsJudgedOnRead(t *testing.T) {
	app, st, clock, id := corrApp(t)
	clock.advance(7*24*time.Hour + time.Minute) // past the room's life too
	if y, _ := homeIDs(t, app, alice); len(y) != 0 {
		t.Errorf("alice's your-turn list after her day ran out: %v, want none", y)
	}
	g, err := st.Game(context.Background(), id)
	if err != nil || g.Ending != club.EndedOnTime {
		t.Fatalf("the game after the list read it: %v, %v; want lost on time", g.Ending, err)
	}
}

// TestKeysAndRevoking: a key opens its player until it is revoked.
func TestKeysAndRevoking(t *testing.T) {
	app, _ := newApp(t, nil)
	ctx := context.Background()
	k1, err := app.NewKey(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := app.NewKey(ctx, alice)
	if len(k1) != 22 || k1 == k2 {
		t.Fatalf("keys %q and %q: want two different 22-character keys", k1, k2)
	}
	for _, k := range []string{k1, k2} {
		if p, err := app.KeyPlayer(ctx, k); err != nil || p.ID != alice {
			t.Errorf("KeyPlayer(%s) = %v, %v; want alice", k, p, err)
		}
	}
	for _, bad := range []string{"", "short", k1[:21] + "!", "AAAAAAAAAAAAAAAAAAAAAA"} {
		if _, err := app.KeyPlayer(ctx, bad); !errors.Is(err, play.ErrNoKey) {
			t.Errorf("KeyPlayer(%q) = %v, want ErrNoKey", bad, err)
		}
	}
	if n, err := app.RevokeKeys(ctx, alice); err != nil || n != 2 {
		t.Fatalf("RevokeKeys = %d, %v; want 2", n, err)
	}
	if _, err := app.KeyPlayer(ctx, k1); !errors.Is(err, play.ErrNoKey) {
		t.Errorf("KeyPlayer after revoking = %v, want ErrNoKey", err)
	}
}

// TestDeletePlayerKeepsTheOpponentsGame: the deleted player's game
// against bob is resigned and stays bob's, under a deleted player's name.
func TestDeletePlayerKeepsTheOpponentsGame(t *testing.T) {
	app, _, _, id := corrApp(t)
	ctx := context.Background()
	if _, err := app.SetName(ctx, alice, "Alice"); err != nil {
		t.Fatal(err)
	}
	if err := app.DeletePlayer(ctx, alice); err != nil {
		t.Fatal(err)
	}
	if p, err := app.Player(ctx, alice); err != nil || p.Named() {
		t.Errorf("alice after deleting: %+v, %v; want nobody", p, err)
	}
	m, err := app.Game(ctx, bob, id)
	if err != nil {
		t.Fatalf("bob's game after alice left: %v", err)
	}
	if m.Playing() || m.Outcome().Winner != m.Seat {
		t.Errorf("bob's game: playing %v, winner %v; want won by bob (%v)", m.Playing(), m.Outcome().Winner, m.Seat)
	}
	if _, err := app.Game(ctx, alice, id); err == nil {
		t.Errorf("alice's old id still opens the game")
	}
}

// FuzzKeyPlayer: whatever a key's address holds, it opens no one or its
// player, and never fails otherwise.
func FuzzKeyPlayer(f *testing.F) {
	app, _ := newApp(f, nil)
	key, err := app.NewKey(context.Background(), alice)
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{key, "", "short", key + "x", "../../etc/passwd", "AAAAAAAAAAAAAAAAAAAAAA", "é" + key[1:]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := app.KeyPlayer(context.Background(), s)
		switch {
		case s == key && (err != nil || p.ID != alice):
			t.Errorf("KeyPlayer(the key) = %v, %v; want alice", p, err)
		case s != key && !errors.Is(err, play.ErrNoKey):
			t.Errorf("KeyPlayer(%q) = %v, %v; want ErrNoKey", s, p, err)
		}
	})
}

// readCounts counts the store's reads of games, rooms and players.
type readCounts struct {
	club.Store
	games, rooms, players atomic.Int64
	// nameReads counts calls of Names, names the ids they asked for.
	nameReads, names atomic.Int64
}

func (s *readCounts) Game(ctx context.Context, id string) (*club.Game, error) {
	s.games.Add(1)
	return s.Store.Game(ctx, id)
}

func (s *readCounts) Room(ctx context.Context, id string) (*club.Room, error) {
	s.rooms.Add(1)
	return s.Store.Room(ctx, id)
}

func (s *readCounts) Rooms(ctx context.Context, ids []string) (map[string]*club.Room, error) {
	s.rooms.Add(1)
	return s.Store.Rooms(ctx, ids)
}

func (s *readCounts) Player(ctx context.Context, id string) (*club.Player, error) {
	s.players.Add(1)
	return s.Store.Player(ctx, id)
}

func (s *readCounts) Names(ctx context.Context, ids []string) (map[string]club.Name, error) {
	s.nameReads.Add(1)
	s.names.Add(int64(len(ids)))
	return s.Store.Names(ctx, ids)
}

// lobbyRoom stores a lobby game of 8×8 between host (Black) and guest,
// as the lobby makes them, and returns its id; id is 12 letters, the start
// of the game's and the room's ids and the invite token.
func lobbyRoom(t *testing.T, st club.Store, id, host, guest string) string {
	t.Helper()
	ctx := context.Background()
	g := &club.Game{ID: id + "game", PlayerID: host, Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Playing, HintPly: -1, HintSquare: game.Pass}
	r := &club.Room{ID: id + "room", Token: id + "tokenaaaaaaa", Host: host, HostColor: game.Black, Round: 1, Public: true}
	if err := st.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	if err := st.JoinRoom(ctx, r.ID, guest); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// TestHomeGamesReadInOneGo: the home page's list reads its games once, in
// the list, then all their rooms in one read and all the names it shows in
// another, however many online games it lists.
func TestHomeGamesReadInOneGo(t *testing.T) {
	clock := &fakeNow{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	var reads *readCounts
	app, st := newApp(t, func(c *play.Config) {
		reads = &readCounts{Store: c.Store}
		c.Store, c.Now = reads, clock.now
	})
	ctx := context.Background()
	clocked := clockedRoom(t, st, "1d", clock.now())
	for _, id := range []string{bob, carol} {
		if err := st.CreatePlayer(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.SetName(ctx, carol, "Carol"); err != nil {
		t.Fatal(err)
	}
	lobby := map[string]club.Name{
		lobbyRoom(t, st, "withcarolaaa", alice, carol): "Carol",
		lobbyRoom(t, st, "carolhostaaa", carol, alice): "Carol",
		lobbyRoom(t, st, "withbobaaaaa", alice, bob):   "",
	}
	yours, others, err := app.HomeGames(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	got, listed := map[string]club.Name{}, false
	for _, h := range append(yours, others...) {
		switch {
		case h.Lobby:
			got[h.Game.ID] = h.Opponent
		case h.Game.ID == clocked:
			listed = true
		default:
			t.Errorf("the home page lists %s, which is neither the clocked game nor a lobby game", h.Game.ID)
		}
	}
	if !maps.Equal(got, lobby) || !listed {
		t.Errorf("the home page's lobby games and opponents are %v, want %v; the clocked game listed: %v", got, lobby, listed)
	}
	for _, c := range []struct {
		what string
		n    *atomic.Int64
		want int64
	}{{"games besides the list", &reads.games, 0}, {"rooms", &reads.rooms, 1}, {"players", &reads.players, 0}, {"names", &reads.nameReads, 1}} {
		if n := c.n.Load(); n != c.want {
			t.Errorf("the home page read %s %d times, want %d", c.what, n, c.want)
		}
	}
}

// TestLobbyGameReadsTheNamesShown: a lobby game's player sees their
// opponent's name, not their own, so one name is read; a spectator sees
// both, read at once.
func TestLobbyGameReadsTheNamesShown(t *testing.T) {
	var reads *readCounts
	app, st := newApp(t, func(c *play.Config) {
		reads = &readCounts{Store: c.Store}
		c.Store = reads
	})
	ctx := context.Background()
	id := lobbyRoom(t, st, "lobbyaaaaaaa", alice, bob)
	for _, tt := range []struct {
		viewer string
		want   int64
	}{{alice, 1}, {bob, 1}, {carol, 2}} {
		reads.nameReads.Store(0)
		reads.names.Store(0)
		if _, err := app.Game(ctx, tt.viewer, id); err != nil {
			t.Fatalf("Game for %s: %v", tt.viewer, err)
		}
		if n, calls := reads.names.Load(), reads.nameReads.Load(); n != tt.want || calls != 1 {
			t.Errorf("the lobby game's page for %s read %d names in %d reads, want %d in 1", tt.viewer, n, calls, tt.want)
		}
	}
	if n := reads.players.Load(); n != 0 {
		t.Errorf("the lobby game's pages read %d players, want none (the names alone)", n)
	}
}
