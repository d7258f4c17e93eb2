package dbtest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// testKeys: a key is found by its hash alone, names its player, and
// revoking voids every key of that player and no one else's.
func testKeys(t *testing.T, e *env) {
	e.player(t, "ann", "bob")
	for _, k := range []struct{ player, hash string }{{"ann", "h1"}, {"ann", "h2"}, {"bob", "h3"}} {
		if err := e.s.AddKey(ctx, k.player, k.hash); err != nil {
			t.Fatalf("AddKey(%s, %s): %v", k.player, k.hash, err)
		}
	}
	if err := e.s.AddKey(ctx, "nobody", "h4"); err == nil {
		t.Errorf("AddKey(nobody) = nil, want an error: a key needs its player")
	}
	for hash, want := range map[string]string{"h1": "ann", "h2": "ann", "h3": "bob"} {
		if got, err := e.s.KeyPlayer(ctx, hash); err != nil || got != want {
			t.Errorf("KeyPlayer(%s) = %q, %v; want %q", hash, got, err, want)
		}
	}
	if n, err := e.s.Keys(ctx, "ann"); err != nil || n != 2 {
		t.Errorf("Keys(ann) = %d, %v; want 2", n, err)
	}
	if n, err := e.s.RevokeKeys(ctx, "ann"); err != nil || n != 2 {
		t.Fatalf("RevokeKeys(ann) = %d, %v; want 2", n, err)
	}
	for _, hash := range []string{"h1", "h2", "none"} {
		if got, err := e.s.KeyPlayer(ctx, hash); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("KeyPlayer(%s) after revoking = %q, %v; want ErrNotFound", hash, got, err)
		}
	}
	if got, err := e.s.KeyPlayer(ctx, "h3"); err != nil || got != "bob" {
		t.Errorf("KeyPlayer(h3) after ann revoked = %q, %v; want bob's key kept", got, err)
	}
}

// testDeletePlayer: deleting a player takes their name, keys, practice,
// puzzle progress, own games and unjoined rooms, and passes their seats
// in shared rooms to the heir, so that the opponents keep those games.
func testDeletePlayer(t *testing.T, e *env) {
	e.newGame(t, "solo", "ann")
	e.newGame(t, "bobs", "bob")
	e.player(t, "cat")
	if err := e.s.SetName(ctx, "ann", "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := e.s.AddKey(ctx, "ann", "hash"); err != nil {
		t.Fatal(err)
	}
	if err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "ann", Opening: "f5"}, 0); err != nil {
		t.Fatal(err)
	}
	if err := e.s.SavePuzzleProgress(ctx, &club.PuzzleProgress{PlayerID: "ann", Level: 1}, 0); err != nil {
		t.Fatal(err)
	}
	// ann hosts a room bob sat in, sits as cat's guest, and hosts a room
	// nobody joined.
	for _, seats := range [][3]string{{"hosted", "ann", "bob"}, {"guested", "cat", "ann"}, {"empty", "ann", ""}} {
		r, g := lobbyGame(e, seats[0], seats[1], seats[2])
		if err := e.s.CreateRoom(ctx, r, g); err != nil {
			t.Fatalf("CreateRoom(%s): %v", seats[0], err)
		}
	}
	if err := e.s.DeletePlayer(ctx, "ann", "heir"); err != nil {
		t.Fatalf("DeletePlayer(ann): %v", err)
	}
	if err := e.s.DeletePlayer(ctx, "ann", "heir2"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("DeletePlayer(ann) again = %v, want ErrNotFound", err)
	}
	if _, err := e.s.Player(ctx, "ann"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Player(ann) after deleting = %v, want ErrNotFound", err)
	}
	if taken, err := e.s.NameTaken(ctx, "ann"); err != nil || taken {
		t.Errorf("NameTaken(ann) = %v, %v; want the name free", taken, err)
	}
	if _, err := e.s.KeyPlayer(ctx, "hash"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("KeyPlayer after deleting = %v, want ErrNotFound", err)
	}
	if _, err := e.s.Practice(ctx, "ann"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Practice(ann) = %v, want ErrNotFound", err)
	}
	if _, err := e.s.PuzzleProgress(ctx, "ann"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("PuzzleProgress(ann) = %v, want ErrNotFound", err)
	}
	for _, id := range []string{"solo", "empty"} {
		if _, err := e.s.Game(ctx, id); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("Game(%s) = %v, want ErrNotFound", id, err)
		}
	}
	if _, err := e.s.Room(ctx, "room-empty"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Room(room-empty) = %v, want ErrNotFound", err)
	}
	heir, err := e.s.Player(ctx, "heir")
	if err != nil || heir.Name != club.DeletedName || heir.Named() {
		t.Fatalf("Player(heir) = %+v, %v; want the deleted player's row", heir, err)
	}
	for id, want := range map[string][2]string{"hosted": {"heir", "bob"}, "guested": {"cat", "heir"}} {
		r, err := e.s.Room(ctx, "room-"+id)
		if err != nil || r.Host != want[0] || r.Guest != want[1] {
			t.Errorf("Room(%s) = %+v, %v; want host %s, guest %s", id, r, err, want[0], want[1])
		}
		g := e.game(t, id)
		if g.PlayerID != want[0] {
			t.Errorf("Game(%s).PlayerID = %s, want %s", id, g.PlayerID, want[0])
		}
	}
	for player, want := range map[string][]string{"bob": {"bobs", "hosted"}, "cat": {"guested"}} {
		gs, err := e.s.Unfinished(ctx, player, 10)
		var got []string
		for _, g := range gs {
			got = append(got, g.ID)
		}
		slices.Sort(got)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Unfinished(%s) = %v, %v; want %v", player, got, err, want)
		}
	}
}

// testDeletedStaysDeleted: a deleted id cannot be made again, by
// CreatePlayer or StartGame, until Expire forgets it with the players
// last seen as long ago; other ids are not refused.
func testDeletedStaysDeleted(t *testing.T, e *env) {
	const day = 24 * time.Hour
	e.player(t, "ann", "bob")
	before := e.clock.now() // the clock moves on at each reading
	if err := e.s.DeletePlayer(ctx, "ann", "heir"); err != nil {
		t.Fatal(err)
	}
	start := func(id string) error {
		return e.s.StartGame(ctx, &club.Game{ID: id, PlayerID: "ann", Opponent: club.Local, Level: "easy",
			Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}, "size=8")
	}
	e.clock.advance(day)
	if err := e.s.CreatePlayer(ctx, "ann"); !errors.Is(err, club.ErrPlayerDeleted) {
		t.Errorf("CreatePlayer(ann) after deleting = %v, want ErrPlayerDeleted", err)
	}
	if err := start("g1"); !errors.Is(err, club.ErrPlayerDeleted) {
		t.Errorf("StartGame for ann after deleting = %v, want ErrPlayerDeleted", err)
	}
	if _, err := e.s.Player(ctx, "ann"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Player(ann) after the refused writes = %v, want ErrNotFound", err)
	}
	if _, err := e.s.Game(ctx, "g1"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Game(g1) after a refused start = %v, want ErrNotFound", err)
	}
	e.player(t, "bob", "cat")
	// An expiry of what was seen before the deletion keeps the id.
	if _, err := e.s.Expire(ctx, before, before, 100); err != nil {
		t.Fatal(err)
	}
	if err := e.s.CreatePlayer(ctx, "ann"); !errors.Is(err, club.ErrPlayerDeleted) {
		t.Errorf("CreatePlayer(ann) after an earlier expiry = %v, want ErrPlayerDeleted", err)
	}
	// Once the deletion is older than the expiry's cut, no cookie can
	// hold the id any longer: it is forgotten, and may be made anew.
	e.clock.advance(day)
	if _, err := e.s.Expire(ctx, before.Add(time.Hour), before, 100); err != nil {
		t.Fatal(err)
	}
	if err := start("g2"); err != nil {
		t.Errorf("StartGame for ann once forgotten = %v, want nil", err)
	}
	if err := e.s.DeletePlayer(ctx, "ann", "heir2"); err != nil {
		t.Errorf("DeletePlayer(ann) a second time = %v, want nil", err)
	}
	if err := e.s.CreatePlayer(ctx, "ann"); !errors.Is(err, club.ErrPlayerDeleted) {
		t.Errorf("CreatePlayer(ann) after the second deletion = %v, want ErrPlayerDeleted", err)
	}
}

// testDeleteRacesRecording: a player recorded as seen while they are
// being deleted is either recorded first and deleted after, or refused:
// never made again once the deletion is done.
func testDeleteRacesRecording(t *testing.T, e *env) {
	for i := range 100 {
		id := fmt.Sprint("racer", i)
		e.player(t, id)
		var wg sync.WaitGroup
		var delErr, seeErr error
		wg.Go(func() { delErr = e.s.DeletePlayer(ctx, id, "heir-"+id) })
		wg.Go(func() { seeErr = e.s.CreatePlayer(ctx, id) })
		wg.Wait()
		if delErr != nil || (seeErr != nil && !errors.Is(seeErr, club.ErrPlayerDeleted)) {
			t.Fatalf("DeletePlayer = %v, CreatePlayer = %v", delErr, seeErr)
		}
		if _, err := e.s.Player(ctx, id); !errors.Is(err, club.ErrNotFound) {
			t.Fatalf("%s after the race (CreatePlayer = %v): Player = %v, want ErrNotFound", id, seeErr, err)
		}
	}
}

// testOverdue: a correspondence game is overdue once its last move is
// older than a move's time; live and finished games never are.
func testOverdue(t *testing.T, e *env) {
	e.player(t, "ann", "bob")
	start := e.clock.now()
	for i, name := range []string{"1d", "3d", "3+2", "1d"} {
		tc, _ := club.ParseTimeControl(name)
		id := []string{"day", "three", "live", "over"}[i]
		g := &club.Game{ID: id, PlayerID: "ann", Opponent: club.Online, Human: game.White, Level: "easy",
			Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass,
			TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: start}}
		if id == "over" {
			g.Status = club.Over
		}
		r := &club.Room{ID: "room-" + id, Token: "tok-" + id, Host: "ann", Guest: "bob", HostColor: game.White, Round: 1, Public: true}
		if err := e.s.CreateRoom(ctx, r, g); err != nil {
			t.Fatalf("CreateRoom(%s): %v", id, err)
		}
	}
	for _, tt := range []struct {
		after time.Duration
		want  []string
	}{
		{23 * time.Hour, nil},
		{25 * time.Hour, []string{"day"}},
		{73 * time.Hour, []string{"day", "three"}},
	} {
		got, err := e.s.Overdue(ctx, start.Add(tt.after), 10)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Overdue(start+%v) = %v, %v; want %v", tt.after, got, err, tt.want)
		}
	}
}

// testExpireKeepsCorrespondence: a correspondence game being played keeps
// its room however long its side to move takes; a live one unused goes.
func testExpireKeepsCorrespondence(t *testing.T, e *env) {
	e.player(t, "ann", "bob")
	start := e.clock.now()
	for _, id := range []string{"corr", "live"} {
		tc, _ := club.ParseTimeControl(map[string]string{"corr": "7d", "live": "3+2"}[id])
		g := &club.Game{ID: id, PlayerID: "ann", Opponent: club.Online, Human: game.White, Level: "easy",
			Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass,
			TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: start}}
		r := &club.Room{ID: "room-" + id, Token: "tok-" + id, Host: "ann", Guest: "bob", HostColor: game.White, Round: 1, Public: true}
		if err := e.s.CreateRoom(ctx, r, g); err != nil {
			t.Fatalf("CreateRoom(%s): %v", id, err)
		}
	}
	e.clock.advance(3 * 24 * time.Hour)
	got, err := e.s.Expire(ctx, start.Add(-time.Hour), e.clock.now().Add(-24*time.Hour), 100)
	if err != nil || got.Rooms != 1 {
		t.Fatalf("Expire = %+v, %v; want the live room alone", got, err)
	}
	e.game(t, "corr")
	if _, err := e.s.Room(ctx, "room-live"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the unused live room is still there: %v", err)
	}
}
