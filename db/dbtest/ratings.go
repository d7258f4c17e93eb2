package dbtest

import (
	"errors"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// The ratings' contract: a rated game's end applies its result to both
// ratings in the same write, once; a stale or second end, an aborted
// game and a casual one change nothing; results between players on one
// network count once a day per player.

// ratedGame stores a rated 8×8 5+3 lobby game between host (White) and
// guest, with four plies played, and returns it.
func (e *env) ratedGame(t *testing.T, id, host, guest string, shared bool) *club.Game {
	t.Helper()
	r, g := lobbyGame(e, id, host, guest)
	g.TimeControl, _ = club.ParseTimeControl("5+3")
	g.Rated, g.SharedNetwork = true, shared
	if err := e.s.CreateRoom(ctx, r, g); err != nil {
		t.Fatalf("CreateRoom(%s): %v", id, err)
	}
	play(t, g, "f5", "d6", "c3", "d3")
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	return g
}

// resign ends g with side resigning, at its ply.
func resign(g *club.Game, side game.Color) *club.Game {
	end := *g
	end.Status, end.Resigned = club.Over, side
	return &end
}

// named makes players with the given ids named as their ids.
func (e *env) named(t *testing.T, ids ...string) {
	t.Helper()
	e.player(t, ids...)
	for _, id := range ids {
		if err := e.s.SetName(ctx, id, club.Name(id)); err != nil {
			t.Fatal(err)
		}
	}
}

// rating returns player's 8×8 live rating, or nil.
func (e *env) rating(t *testing.T, player string) *club.Rating {
	t.Helper()
	rs, err := e.s.Ratings(ctx, player)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Size == 8 && r.Speed == club.Live {
			return r
		}
	}
	return nil
}

func testRatedEndOnce(t *testing.T, e *env) {
	e.named(t, "Winner", "Loser")
	g := e.ratedGame(t, "rg1", "Loser", "Winner", false)
	// Two ends of the same game at once (a resign and a flag, say, on two
	// servers): one applies, with the ratings; the other is stale.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = e.s.UpdateGame(ctx, resign(g, game.White), 4) })
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) || !errors.Is(errors.Join(errs...), club.ErrStale) {
		t.Fatalf("two ends: %v and %v, want one applied and one ErrStale", errs[0], errs[1])
	}
	w, l := e.rating(t, "Winner"), e.rating(t, "Loser")
	if w == nil || l == nil {
		t.Fatalf("ratings after the game: %+v, %+v", w, l)
	}
	if math.Abs(w.Rating.Rating-1662.31) > 0.01 || math.Abs(l.Rating.Rating-1337.69) > 0.01 ||
		math.Abs(w.Deviation-290.32) > 0.01 || w.Games != 1 || w.Wins != 1 || l.Losses != 1 || w.Name != "Winner" {
		t.Errorf("ratings = %+v and %+v; want 1662.31 and 1337.69, RD 290.32, one game each", *w, *l)
	}
	// A stale end again, and an update of the finished game: nothing.
	if err := e.s.UpdateGame(ctx, resign(g, game.Black), 4); !errors.Is(err, club.ErrStale) {
		t.Errorf("a second end: %v, want ErrStale", err)
	}
	if w2 := e.rating(t, "Winner"); *w2 != *w {
		t.Errorf("after a second end the rating is %+v, want %+v", *w2, *w)
	}
	hist, err := e.s.RatedGames(ctx, "Winner", 0, "", 10)
	if err != nil || len(hist) != 1 || hist[0].GameID != "rg1" || hist[0].Opponent != "Loser" || hist[0].Score != 1 ||
		!hist[0].Counted || hist[0].OpponentRating != 1500 || hist[0].Before != 1500 || hist[0].Rating != w.Rating.Rating ||
		hist[0].Gone {
		t.Errorf("RatedGames(Winner) = %+v, %v", hist, err)
	}
	// A game played out to the end is rated by the discs: a draw here
	// would be 0.5; a loss on time goes to the side to move's opponent.
	g2 := e.ratedGame(t, "rg2", "Loser", "Winner", false)
	onTime := *g2
	onTime.Status, onTime.Ending = club.Over, club.EndedOnTime // Black (Winner, the guest) to move at ply 4
	if err := e.s.UpdateGame(ctx, &onTime, 4); err != nil {
		t.Fatal(err)
	}
	if w3 := e.rating(t, "Winner"); w3.Games != 2 || w3.Losses != 1 || w3.Rating.Rating >= w.Rating.Rating {
		t.Errorf("after a loss on time: %+v", *w3)
	}
}

func testUnratedEndsChangeNothing(t *testing.T, e *env) {
	e.named(t, "Ann", "Bob")
	// Aborted: no result, no rating.
	g := e.ratedGame(t, "ab", "Ann", "Bob", false)
	aborted := *g
	aborted.Status, aborted.Ending = club.Over, club.EndedAborted
	if err := e.s.UpdateGame(ctx, &aborted, 4); err != nil {
		t.Fatal(err)
	}
	// Casual: the same end, no rating.
	r, c := lobbyGame(e, "casual", "Ann", "Bob")
	if err := e.s.CreateRoom(ctx, r, c); err != nil {
		t.Fatal(err)
	}
	if err := e.s.UpdateGame(ctx, resign(c, game.White), 0); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"Ann", "Bob"} {
		rs, err := e.s.Ratings(ctx, p)
		hist, err2 := e.s.RatedGames(ctx, p, 0, "", 10)
		if len(rs) != 0 || len(hist) != 0 || err != nil || err2 != nil {
			t.Errorf("%s after an aborted and a casual game: ratings %v (%v), games %v (%v); want none", p, rs, err, hist, err2)
		}
	}
	// A rated game still playing rates nothing either.
	e.ratedGame(t, "going", "Ann", "Bob", false) // four plies stored, the game goes on
	if rs, _ := e.s.Ratings(ctx, "Ann"); len(rs) != 0 {
		t.Errorf("a game still playing made ratings %v", rs)
	}
}

func testSharedNetworkOnceADay(t *testing.T, e *env) {
	e.named(t, "Main", "Alt1", "Alt2", "Far")
	end := func(id, host, guest string, shared bool) {
		t.Helper()
		g := e.ratedGame(t, id, host, guest, shared)
		if err := e.s.UpdateGame(ctx, resign(g, game.White), 4); err != nil { // the host resigns: guest wins
			t.Fatal(err)
		}
	}
	end("s1", "Alt1", "Main", true)
	first := e.rating(t, "Main")
	end("s2", "Alt2", "Main", true) // a second cookie, the same day: not counted
	if got := e.rating(t, "Main"); *got != *first {
		t.Errorf("a second shared-network result moved Main to %+v", *got)
	}
	if e.rating(t, "Alt2") != nil {
		t.Errorf("the uncounted game made Alt2 a rating")
	}
	hist, err := e.s.RatedGames(ctx, "Alt2", 0, "", 10)
	if err != nil || len(hist) != 1 || hist[0].Counted || hist[0].Rating != 1500 {
		t.Errorf("Alt2's rated games = %+v, %v; want one not counted", hist, err)
	}
	end("f1", "Far", "Main", false) // from another network: counted
	if got := e.rating(t, "Main"); got.Games != 2 {
		t.Errorf("a game from another network did not count: %+v", *got)
	}
	e.clock.advance(24 * time.Hour) // the next day: one counts again
	end("s3", "Alt2", "Main", true)
	if got := e.rating(t, "Main"); got.Games != 3 {
		t.Errorf("the next day's shared-network game did not count: %+v", *got)
	}
	// The rating's history holds its counted games; all of them, the
	// one not counted too.
	for _, tt := range []struct {
		size  int
		speed club.Speed
		want  []string
	}{{8, club.Live, []string{"s3", "f1", "s1"}}, {0, "", []string{"s3", "f1", "s2", "s1"}}, {6, club.Live, nil}} {
		hist, err := e.s.RatedGames(ctx, "Main", tt.size, tt.speed, 10)
		var got []string
		for _, g := range hist {
			got = append(got, g.GameID)
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("RatedGames(Main, %d, %q) = %v, %v; want %v", tt.size, tt.speed, got, err, tt.want)
		}
	}
}

func testLeadersAndProfiles(t *testing.T, e *env) {
	e.named(t, "Top", "Low", "Mid")
	e.player(t, "anon")
	for i, p := range [][2]string{{"Low", "Top"}, {"Low", "Mid"}} {
		g := e.ratedGame(t, "l"+string(rune('0'+i)), p[0], p[1], false)
		if err := e.s.UpdateGame(ctx, resign(g, game.White), 4); err != nil {
			t.Fatal(err)
		}
	}
	since := e.clock.now().Add(-time.Hour)
	list, err := e.s.Leaders(ctx, 8, club.Live, since, 10)
	if err != nil || len(list) != 3 || list[0].Name != "Top" || list[2].Name != "Low" {
		t.Fatalf("Leaders = %v, %v; want Top, Mid, Low", list, err)
	}
	if l, _ := e.s.Leaders(ctx, 8, club.Correspondence, since, 10); len(l) != 0 {
		t.Errorf("Leaders of correspondence = %v, want none", l)
	}
	if l, _ := e.s.Leaders(ctx, 8, club.Live, e.clock.now().Add(time.Hour), 10); len(l) != 0 {
		t.Errorf("Leaders active since later = %v, want none", l)
	}
	p, err := e.s.PlayerByName(ctx, "TOP")
	if err != nil || p.ID != "Top" || p.Name != "Top" {
		t.Errorf("PlayerByName(TOP) = %+v, %v", p, err)
	}
	if _, err := e.s.PlayerByName(ctx, "nobody"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("PlayerByName(nobody): %v, want ErrNotFound", err)
	}
	// A deleted player's ratings and games go with them; their
	// opponents' history keeps the game, by name, marked gone once its
	// room expired with the game.
	e.clock.advance(72 * time.Hour)
	for _, id := range []string{"Top", "Mid", "anon"} {
		if err := e.s.CreatePlayer(ctx, id); err != nil { // seen now: kept
			t.Fatal(err)
		}
	}
	for range 2 { // the rooms first, then their host
		if _, err := e.s.Expire(ctx, e.clock.now().Add(-time.Hour), e.clock.now().Add(-time.Hour), 10); err != nil {
			t.Fatal(err)
		}
	}
	if rs, _ := e.s.Ratings(ctx, "Low"); len(rs) != 0 {
		t.Errorf("the deleted player's ratings stay: %v", rs)
	}
	hist, err := e.s.RatedGames(ctx, "Top", 0, "", 10)
	if err != nil || len(hist) != 1 || hist[0].Opponent != "Low" || !hist[0].Gone {
		t.Errorf("the opponent's history after the deletion = %+v, %v", hist, err)
	}
}

func testWaitingNearestRating(t *testing.T, e *env) {
	e.named(t, "Strong", "Weak", "New", "Asker")
	g := e.ratedGame(t, "n1", "Weak", "Strong", false)
	if err := e.s.UpdateGame(ctx, resign(g, game.White), 4); err != nil {
		t.Fatal(err)
	}
	tc, _ := club.ParseTimeControl("3+2")
	for _, id := range []string{"Strong", "New"} { // Strong waits longer
		c := &club.Challenge{ID: "q-" + id, PlayerID: id, Size: 8, Clock: tc, Rated: true, Quick: true}
		if err := e.s.MakeChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ player, want string }{{"Weak", "q-New"}, {"Asker", "q-New"}} {
		w, err := e.s.Waiting(ctx, 8, tc, true, time.Time{}, tt.player)
		if err != nil || w.ID != tt.want {
			t.Errorf("Waiting for %s = %v, %v; want %s", tt.player, w, err, tt.want)
		}
	}
	// The challenge carries its maker's rating of its kind.
	w, err := e.s.Waiting(ctx, 8, tc, true, time.Time{}, "New")
	if err != nil || w.ID != "q-Strong" || w.Rating == nil || math.Abs(w.Rating.Rating.Rating-1662.31) > 0.01 {
		t.Errorf("Waiting for New = %+v, %v; want q-Strong with its rating", w, err)
	}
}

// testDeletedOpponentUnnamed deletes a player (as they ask, not by
// expiry): the opponent's history keeps the rated game and its result,
// and names the opponent as a deleted player, no longer by the name.
func testDeletedOpponentUnnamed(t *testing.T, e *env) {
	e.named(t, "Stays", "Leaves")
	g := e.ratedGame(t, "d1", "Leaves", "Stays", false)
	if err := e.s.UpdateGame(ctx, resign(g, game.White), 4); err != nil {
		t.Fatal(err)
	}
	if err := e.s.DeletePlayer(ctx, "Leaves", "heir-of-leaves"); err != nil {
		t.Fatal(err)
	}
	hist, err := e.s.RatedGames(ctx, "Stays", 0, "", 10)
	if err != nil || len(hist) != 1 || hist[0].Opponent != club.DeletedName || hist[0].GameID != "d1" {
		t.Errorf("the opponent's history after the deletion = %+v, %v; want game d1 against %q", hist, err, club.DeletedName)
	}
	if rs, _ := e.s.Ratings(ctx, "Stays"); len(rs) != 1 || rs[0].Wins != 1 {
		t.Errorf("the opponent's rating after the deletion = %+v, want one win kept", rs)
	}
}
