package dbtest

import (
	"errors"
	"maps"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// The lobby's part of the contract: names, challenges, accepting one
// once, quick pools, expiry, and the games public rooms are playing.

func testNames(t *testing.T, e *env) {
	e.player(t, "ann", "bob")
	p, err := e.s.Player(ctx, "ann")
	if err != nil || p.Named() {
		t.Fatalf("Player(ann) = %+v, %v; want a player without a name", p, err)
	}
	if _, err := e.s.Player(ctx, "nobody"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Player(nobody): %v, want ErrNotFound", err)
	}
	if err := e.s.SetName(ctx, "ann", "Ann_1"); err != nil {
		t.Fatalf("SetName(ann): %v", err)
	}
	if p, _ := e.s.Player(ctx, "ann"); p.Name != "Ann_1" {
		t.Errorf("ann's name is %q, want Ann_1", p.Name)
	}
	// The same key in another case or width is taken; the owner may
	// change the case of their own.
	for _, n := range []club.Name{"ANN_1", "Ａｎｎ_1"} {
		if err := e.s.SetName(ctx, "bob", n); !errors.Is(err, club.ErrNameTaken) {
			t.Errorf("SetName(bob, %q): %v, want ErrNameTaken", n, err)
		}
	}
	if err := e.s.SetName(ctx, "ann", "ANN_1"); err != nil {
		t.Errorf("SetName(ann, ANN_1), her own name in capitals: %v", err)
	}
	if err := e.s.SetName(ctx, "nobody", "Nemo"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("SetName(nobody): %v, want ErrNotFound", err)
	}
	// Several names in one read: the unnamed as the zero Name, the
	// unknown left out.
	names, err := e.s.Names(ctx, []string{"ann", "bob", "nobody"})
	if want := map[string]club.Name{"ann": "ANN_1", "bob": ""}; err != nil || !maps.Equal(names, want) {
		t.Errorf("Names(ann, bob, nobody) = %v, %v; want %v", names, err, want)
	}
	if names, err := e.s.Names(ctx, nil); err != nil || len(names) != 0 {
		t.Errorf("Names() = %v, %v; want none", names, err)
	}
}

// testNameRace has many players ask for one name at once: exactly one
// gets it.
func testNameRace(t *testing.T, e *env) {
	const n = 8
	ids := make([]string, n)
	for i := range ids {
		ids[i] = string(rune('a'+i)) + "-player"
		e.player(t, ids[i])
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range ids {
		wg.Go(func() { errs[i] = e.s.SetName(ctx, ids[i], "Same") })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, club.ErrNameTaken):
			t.Errorf("SetName raced: %v, want nil or ErrNameTaken", err)
		}
	}
	if won != 1 {
		t.Errorf("%d players got the name, want 1", won)
	}
}

func newChallenge(id, player string, quick bool) *club.Challenge {
	tc, _ := club.ParseTimeControl("3+2")
	return &club.Challenge{ID: id, PlayerID: player, Size: 8, Clock: tc, Color: game.White, Rated: true, Quick: quick}
}

// lobbyGame is the game and public room that accepting a challenge of
// host's by guest makes.
func lobbyGame(e *env, id, host, guest string) (*club.Room, *club.Game) {
	tc, _ := club.ParseTimeControl("3+2")
	g := &club.Game{ID: id, PlayerID: host, Opponent: club.Online, Human: game.White, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass,
		TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: e.clock.now()}}
	r := &club.Room{ID: "room-" + id, Token: "tok-" + id, Host: host, Guest: guest, HostColor: game.White, Round: 1, Public: true}
	return r, g
}

func testChallenges(t *testing.T, e *env) {
	e.player(t, "ann", "bob", "cat")
	if err := e.s.SetName(ctx, "ann", "Ann"); err != nil {
		t.Fatal(err)
	}
	c := newChallenge("c1", "ann", false)
	if err := e.s.MakeChallenge(ctx, c); err != nil {
		t.Fatalf("MakeChallenge: %v", err)
	}
	got, err := e.s.Challenge(ctx, "c1")
	if err != nil {
		t.Fatalf("Challenge(c1): %v", err)
	}
	if got.Name != "Ann" || got.Size != 8 || got.Clock.String() != "3+2" || got.Color != game.White || !got.Rated || got.Quick ||
		got.GameID != "" || !got.Seen.Equal(c.Seen) {
		t.Errorf("Challenge(c1) = %+v, want what was made, by Ann", got)
	}
	// A second challenge of ann's replaces the first; bob's and a quick
	// one of cat's stand beside it, the quick one unlisted.
	e.clock.advance(time.Second)
	if err := e.s.MakeChallenge(ctx, newChallenge("c2", "ann", false)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Challenge(ctx, "c1"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the replaced challenge: %v, want ErrNotFound", err)
	}
	e.clock.advance(time.Second)
	if err := e.s.MakeChallenge(ctx, newChallenge("c3", "bob", false)); err != nil {
		t.Fatal(err)
	}
	if err := e.s.MakeChallenge(ctx, newChallenge("q1", "cat", true)); err != nil {
		t.Fatal(err)
	}
	list, err := e.s.Challenges(ctx, e.clock.now().Add(-club.ChallengeLife), 10)
	if err != nil || len(list) != 2 || list[0].ID != "c3" || list[1].ID != "c2" || list[0].Name != "" {
		t.Fatalf("Challenges = %v, %v; want c3 (anonymous) then c2", ids(list), err)
	}
	// The quick pool: cat waits; cat does not meet herself.
	tc, _ := club.ParseTimeControl("3+2")
	if w, err := e.s.Waiting(ctx, 8, tc, true, time.Time{}, "bob"); err != nil || w.ID != "q1" {
		t.Errorf("Waiting(8, 3+2) for bob = %v, %v; want q1", w, err)
	}
	other, _ := club.ParseTimeControl("5+3")
	for _, tt := range []struct {
		size   int
		tc     club.TimeControl
		player string
		rated  bool
	}{{8, tc, "cat", true}, {6, tc, "bob", true}, {8, other, "bob", true}, {8, tc, "bob", false}} {
		if _, err := e.s.Waiting(ctx, tt.size, tt.tc, tt.rated, time.Time{}, tt.player); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("Waiting(%d, %v) for %s: %v, want ErrNotFound", tt.size, tt.tc, tt.player, err)
		}
	}
	// Seen moves on; cancel takes only the maker's open one.
	e.clock.advance(time.Minute)
	if err := e.s.SeeChallenge(ctx, "c2"); err != nil {
		t.Fatal(err)
	}
	if got, _ := e.s.Challenge(ctx, "c2"); !got.Seen.After(c.Seen.Add(time.Minute)) {
		t.Errorf("seen at %v after SeeChallenge, want later than %v", got.Seen, c.Seen.Add(time.Minute))
	}
	if err := e.s.CancelChallenge(ctx, "c2", "bob"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("bob cancelling ann's challenge: %v, want ErrNotFound", err)
	}
	if err := e.s.CancelChallenge(ctx, "c2", "ann"); err != nil {
		t.Errorf("CancelChallenge: %v", err)
	}
	if _, err := e.s.Challenge(ctx, "c2"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("a cancelled challenge: %v, want ErrNotFound", err)
	}
	// Expiry takes what was not seen since.
	e.clock.advance(club.ChallengeLife)
	if err := e.s.SeeChallenge(ctx, "c3"); err != nil {
		t.Fatal(err)
	}
	n, err := e.s.ExpireChallenges(ctx, e.clock.now().Add(-club.ChallengeLife))
	if err != nil || n != 1 {
		t.Errorf("ExpireChallenges = %d, %v; want 1 (q1)", n, err)
	}
	if _, err := e.s.Challenge(ctx, "q1"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("an expired challenge: %v, want ErrNotFound", err)
	}
}

func ids(list []*club.Challenge) []string {
	var s []string
	for _, c := range list {
		s = append(s, c.ID)
	}
	return s
}

// testAcceptOnce has several players accept one challenge at once:
// exactly one game and room are stored, and the challenge names it.
func testAcceptOnce(t *testing.T, e *env) {
	e.player(t, "ann", "p0", "p1", "p2", "p3")
	if err := e.s.SetName(ctx, "ann", "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := e.s.MakeChallenge(ctx, newChallenge("c1", "ann", false)); err != nil {
		t.Fatal(err)
	}
	since := e.clock.now().Add(-club.ChallengeLife)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			id := string(rune('a'+i)) + "game"
			r, g := lobbyGame(e, id, "ann", "p"+string(rune('0'+i)))
			errs[i] = e.s.AcceptChallenge(ctx, "c1", since, r, g)
		})
	}
	wg.Wait()
	won := -1
	for i, err := range errs {
		switch {
		case err == nil && won < 0:
			won = i
		case err == nil:
			t.Errorf("accepts %d and %d both won", won, i)
		case !errors.Is(err, club.ErrChallengeGone):
			t.Errorf("accept %d: %v, want ErrChallengeGone", i, err)
		}
	}
	if won < 0 {
		t.Fatal("no accept won")
	}
	id := string(rune('a'+won)) + "game"
	c, err := e.s.Challenge(ctx, "c1")
	if err != nil || c.GameID != id {
		t.Fatalf("the accepted challenge = %+v, %v; want game %s", c, err, id)
	}
	g := e.game(t, id)
	r, err := e.s.Room(ctx, g.RoomID)
	if err != nil || !r.Public || r.Host != "ann" || r.Guest != "p"+string(rune('0'+won)) || r.GameID != id {
		t.Fatalf("the room = %+v, %v; want ann's public room with its guest", r, err)
	}
	if g.TimeControl.String() != "3+2" || g.Clock.Black != 3*time.Minute {
		t.Errorf("the game's clock = %v %+v, want 3+2 with 3 minutes each", g.TimeControl, g.Clock)
	}
	for i := range errs {
		if i != won {
			if _, err := e.s.Game(ctx, string(rune('a'+i))+"game"); !errors.Is(err, club.ErrNotFound) {
				t.Errorf("the losing accept's game: %v, want ErrNotFound", err)
			}
		}
	}
	live, err := e.s.LiveGames(ctx, 10)
	if err != nil || len(live) != 1 || live[0].GameID != id || live[0].White != "Ann" || live[0].Black != "" || live[0].Size != 8 {
		t.Errorf("LiveGames = %+v, %v; want the one game, Ann white", live, err)
	}
	// An expired challenge cannot be accepted.
	if err := e.s.MakeChallenge(ctx, newChallenge("c2", "p0", false)); err != nil {
		t.Fatal(err)
	}
	e.clock.advance(club.ChallengeLife + time.Second)
	r2, g2 := lobbyGame(e, "late", "p0", "p1")
	if err := e.s.AcceptChallenge(ctx, "c2", e.clock.now().Add(-club.ChallengeLife), r2, g2); !errors.Is(err, club.ErrChallengeGone) {
		t.Errorf("accepting an expired challenge: %v, want ErrChallengeGone", err)
	}
}

// testAcceptClosesOwn has a player with an open challenge accept
// another's: the same write deletes the acceptor's own, and nobody
// else's.
func testAcceptClosesOwn(t *testing.T, e *env) {
	e.player(t, "ann", "bob", "cat")
	for _, c := range []*club.Challenge{newChallenge("c1", "ann", false), newChallenge("c2", "bob", false), newChallenge("c3", "cat", true)} {
		if err := e.s.MakeChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	r, g := lobbyGame(e, "g1", "ann", "bob")
	if err := e.s.AcceptChallenge(ctx, "c1", e.clock.now().Add(-club.ChallengeLife), r, g); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Challenge(ctx, "c2"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the acceptor's own challenge: %v, want ErrNotFound", err)
	}
	for id, want := range map[string]string{"c1": "g1", "c3": ""} {
		if c, err := e.s.Challenge(ctx, id); err != nil || c.GameID != want {
			t.Errorf("challenge %s = %+v, %v; want it kept with game %q", id, c, err, want)
		}
	}
}
