// Package dbtest is the contract that every store of package db must keep:
// one suite of tests written against [club.Store] alone. A store runs it from
// its own tests:
//
//	func TestContract(t *testing.T) {
//		dbtest.Run(t, func(t *testing.T) dbtest.Opener { … })
//	}
//
// The suite checks what the app relies on: every field round-trips, a
// conditional update applies exactly once and a stale or missing one
// changes nothing, two guests racing for a seat get one seat, "play again"
// and practice boards are versioned, the unfinished-games list holds the
// right games in the right order, and migrations are applied once.
package dbtest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// An Opener opens a store on one database, with its clock reading now.
// The same Opener may be called again (after the store it returned is
// closed) and must then reach the same database.
type Opener func(t *testing.T, now func() time.Time) club.Store

// Run runs the contract suite. newDB makes a fresh, empty database for one
// test and returns the Opener that reaches it.
func Run(t *testing.T, newDB func(t *testing.T) Opener) {
	tests := []struct {
		name string
		fn   func(t *testing.T, e *env)
	}{
		{"GameRoundTrip", testGameRoundTrip},
		{"GameNotFound", testGameNotFound},
		{"StaleUpdateChangesNothing", testStaleUpdate},
		{"ConcurrentUpdatesOneWins", testConcurrentUpdates},
		{"EndingAtTheSamePlyIsFinal", testEndingFinal},
		{"UnfinishedOrder", testUnfinished},
		{"Settings", testSettings},
		{"CreateGameNeedsAPlayer", testGameNeedsPlayer},
		{"SeatRace", testSeatRace},
		{"PlayAgainVersions", testPlayAgain},
		{"ConcurrentRoundsOneWins", testConcurrentRounds},
		{"PracticeRoundTrip", testPracticeRoundTrip},
		{"PracticeVersions", testPracticeVersions},
		{"PracticeHistoryBounded", testPracticeHistory},
		{"PracticeLeavesGamesAlone", testPracticeApart},
		{"MigrationsAppliedOnce", testMigrationsOnce},
		{"Choices", testChoices},
		{"StartGame", testStartGame},
		{"DeleteGame", testDeleteGame},
		{"Expire", testExpire},
		{"ExpireInBatches", testExpireBatches},
		{"Reviews", testReviews},
		{"SetupStartRoundTrip", testSetupStart},
		{"LevelIsAnyPlainName", testLevelNames},
		{"PuzzleProgress", testPuzzleProgress},
		{"ReadsMatchTheRowAfterEveryWrite", testReadsMatchTheRow},
		{"Names", testNames},
		{"NameRaceOneWins", testNameRace},
		{"Challenges", testChallenges},
		{"AcceptOnce", testAcceptOnce},
		{"AcceptClosesOwn", testAcceptClosesOwn},
		{"RatedEndOnce", testRatedEndOnce},
		{"UnratedEndsChangeNothing", testUnratedEndsChangeNothing},
		{"SharedNetworkOnceADay", testSharedNetworkOnceADay},
		{"LeadersAndProfiles", testLeadersAndProfiles},
		{"WaitingNearestRating", testWaitingNearestRating},
		{"DeletedOpponentUnnamed", testDeletedOpponentUnnamed},
		{"Keys", testKeys},
		{"DeletePlayer", testDeletePlayer},
		{"DeletedPlayerStaysDeleted", testDeletedStaysDeleted},
		{"DeleteRacesRecording", testDeleteRacesRecording},
		{"Overdue", testOverdue},
		{"ExpireKeepsCorrespondence", testExpireKeepsCorrespondence},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			open := newDB(t)
			e := &env{open: open, clock: &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}}
			e.s = open(t, e.clock.now)
			t.Cleanup(func() { e.s.Close() })
			tt.fn(t, e)
		})
	}
}

// env is one test's store and clock.
type env struct {
	s     club.Store
	open  Opener
	clock *clock
}

// clock is a settable time source; every reading is a millisecond after
// the one before, so that writes in a row get distinct times.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

var ctx = context.Background()

func (e *env) player(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := e.s.CreatePlayer(ctx, id); err != nil {
			t.Fatalf("CreatePlayer(%s): %v", id, err)
		}
	}
}

// newGame stores a fresh 8×8 game of player p against the computer.
func (e *env) newGame(t *testing.T, id, p string) *club.Game {
	t.Helper()
	e.player(t, p)
	g := &club.Game{
		ID: id, PlayerID: p, Opponent: club.Computer, Human: game.Black, Level: "easy",
		Record:   game.Game{Options: game.Options{Size: 8, Start: game.Cross}},
		Settings: club.Settings{ShowMoves: true, AllowUndo: true}, HintPly: -1, HintSquare: game.Pass,
	}
	if err := e.s.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame(%s): %v", id, err)
	}
	return g
}

func (e *env) game(t *testing.T, id string) *club.Game {
	t.Helper()
	g, err := e.s.Game(ctx, id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

// newRoom stores an online 6×6 game in room r1 (token tok), hosted by
// "host" playing White; "guest" and "third" are players too.
func (e *env) newRoom(t *testing.T, mods ...func(*club.Game)) (*club.Room, *club.Game) {
	t.Helper()
	e.player(t, "host", "guest", "third")
	tc, err := club.ParseTimeControl("3+2")
	if err != nil {
		t.Fatal(err)
	}
	g := &club.Game{ID: "g1", PlayerID: "host", Opponent: club.Online, Human: game.White, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass,
		TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: e.clock.now()}}
	for _, mod := range mods {
		mod(g)
	}
	r := &club.Room{ID: "r1", Token: "tok", Host: "host", HostColor: game.White, Round: 1}
	if err := e.s.CreateRoom(ctx, r, g); err != nil {
		t.Fatalf("CreateRoom: %v", err)
	}
	if g.RoomID != "r1" || r.GameID != "g1" {
		t.Fatalf("CreateRoom set RoomID %q and GameID %q, want r1 and g1", g.RoomID, r.GameID)
	}
	return r, g
}

func play(t *testing.T, g *club.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		sq, err := game.ParseMove(g.Record.Options.Size, m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Record.Play(sq); err != nil {
			t.Fatalf("Play(%s): %v", m, err)
		}
	}
}

func testGameRoundTrip(t *testing.T, e *env) {
	g := e.newGame(t, "g1", "p1")
	created := g.Created
	if created.IsZero() || !g.Updated.Equal(created) {
		t.Errorf("CreateGame set Created %v and Updated %v, want the same non-zero time", created, g.Updated)
	}
	play(t, g, "f5", "d6", "c3")
	g.Hints, g.Undos, g.HintPly, g.HintSquare = 2, 1, 3, game.SquareAt(8, 3, 2)
	g.Status, g.Resigned = club.Over, game.White
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	if !g.Updated.After(created) {
		t.Errorf("UpdateGame set Updated %v, want after %v", g.Updated, created)
	}
	got := e.game(t, "g1")
	want := *g
	if got.Record.Transcript() != "f5d6c3" || got.Ply() != 3 {
		t.Errorf("transcript = %q at ply %d, want f5d6c3 at 3", got.Record.Transcript(), got.Ply())
	}
	got.Record, want.Record = game.Game{}, game.Game{}
	if !got.Created.Equal(want.Created) || !got.Updated.Equal(want.Updated) {
		t.Errorf("times = %v, %v; want %v, %v", got.Created, got.Updated, want.Created, want.Updated)
	}
	got.Created, got.Updated, want.Created, want.Updated = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("Game() = %+v\nwant    %+v", *got, want)
	}
	// Every level and start the app offers is stored as it is.
	for i, level := range []string{"easy", "normal", "hard", "expert"} {
		for _, o := range []game.Options{{Size: 6, Start: game.Parallel}, {Size: 10, Start: game.Free}} {
			id := fmt.Sprintf("%s-%d-%d", level, o.Size, i)
			h := &club.Game{ID: id, PlayerID: "p1", Opponent: club.Local, Level: level,
				Record: game.Game{Options: o}, HintPly: -1, HintSquare: game.Pass}
			if err := e.s.CreateGame(ctx, h); err != nil {
				t.Fatalf("CreateGame(%s): %v", id, err)
			}
			if got := e.game(t, id); got.Level != level || got.Record.Options != o || got.Human != game.Empty || got.Status != club.Playing {
				t.Errorf("Game(%s) = level %q, options %+v, human %v, status %q", id, got.Level, got.Record.Options, got.Human, got.Status)
			}
		}
	}
}

func testGameNotFound(t *testing.T, e *env) {
	if _, err := e.s.Game(ctx, "nope"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Game(nope) error = %v, want club.ErrNotFound", err)
	}
	if _, err := e.s.Room(ctx, "nope"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Room(nope) error = %v, want club.ErrNotFound", err)
	}
	if _, err := e.s.RoomByToken(ctx, "nope"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("RoomByToken(nope) error = %v, want club.ErrNotFound", err)
	}
}

func testStaleUpdate(t *testing.T, e *env) {
	g := e.newGame(t, "g1", "p1")
	play(t, g, "f5")
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	before := e.game(t, "g1")
	// A second writer that read the game at ply 0 plays another move.
	other := *before
	other.Record.Plies = nil
	play(t, &other, "d3")
	other.Hints = 5
	if err := e.s.UpdateGame(ctx, &other, 0); !errors.Is(err, club.ErrStale) {
		t.Errorf("stale UpdateGame error = %v, want club.ErrStale", err)
	}
	if got := e.game(t, "g1"); got.Record.Transcript() != "f5" || got.Hints != 0 || !got.Updated.Equal(before.Updated) {
		t.Errorf("after a stale update: transcript %q, hints %d, updated %v; want f5, 0, %v",
			got.Record.Transcript(), got.Hints, got.Updated, before.Updated)
	}
	other.ID = "missing"
	if err := e.s.UpdateGame(ctx, &other, 0); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("UpdateGame(missing) error = %v, want club.ErrNotFound", err)
	}
}

// testEndingFinal checks that a game ended at the ply it was read at (a
// flag, which adds no ply) is not written again by a writer that read it
// at that ply while it was playing: the status is part of the version.
func testEndingFinal(t *testing.T, e *env) {
	g := e.newGame(t, "g1", "p1")
	play(t, g, "f5")
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatalf("UpdateGame: %v", err)
	}
	read := e.game(t, "g1") // the mover's copy, read while playing
	flag := *read
	flag.Status, flag.Ending = club.Over, club.EndedOnTime
	if err := e.s.UpdateGame(ctx, &flag, 1); err != nil {
		t.Fatalf("UpdateGame(the flag): %v", err)
	}
	move := *read
	move.Record.Plies = slices.Clone(read.Record.Plies)
	play(t, &move, "d6")
	if err := e.s.UpdateGame(ctx, &move, 1); !errors.Is(err, club.ErrStale) {
		t.Errorf("a move after the flag at the same ply: error %v, want club.ErrStale", err)
	}
	// Nor is an ending written over another one.
	again := *read
	again.Status, again.Ending = club.Over, club.EndedAborted
	if err := e.s.UpdateGame(ctx, &again, 1); !errors.Is(err, club.ErrStale) {
		t.Errorf("a second ending at the same ply: error %v, want club.ErrStale", err)
	}
	got := e.game(t, "g1")
	if got.Ply() != 1 || got.Status != club.Over || got.Ending != club.EndedOnTime {
		t.Errorf("stored: ply %d, %s, ending %q; want 1, over, %q", got.Ply(), got.Status, got.Ending, club.EndedOnTime)
	}
}

// testConcurrentUpdates has several writers read the game at ply 0 and
// store different moves at once: exactly one applies.
func testConcurrentUpdates(t *testing.T, e *env) {
	e.newGame(t, "g1", "p1")
	moves := []string{"f5", "d3", "c4", "e6", "f5", "d3", "c4", "e6"}
	errs := make([]error, len(moves))
	var wg sync.WaitGroup
	for i, m := range moves {
		wg.Go(func() {
			g, err := e.s.Game(ctx, "g1")
			if err != nil {
				errs[i] = err
				return
			}
			sq, _ := game.ParseMove(8, m)
			g.Record.Plies = append(g.Record.Plies[:0:0], sq)
			errs[i] = e.s.UpdateGame(ctx, g, 0)
		})
	}
	wg.Wait()
	var won []string
	for i, err := range errs {
		switch {
		case err == nil:
			won = append(won, moves[i])
		case !errors.Is(err, club.ErrStale):
			t.Errorf("update %d: %v", i, err)
		}
	}
	if len(won) != 1 {
		t.Fatalf("%d updates won (%v), want 1", len(won), won)
	}
	if got := e.game(t, "g1").Record.Transcript(); got != won[0] {
		t.Errorf("stored transcript = %q, want the winner's %q", got, won[0])
	}
}

// testUnfinished checks the home page's list: a player's own unfinished
// games and the rooms where they hold the guest seat, the most recently
// changed first, at most limit of them; finished games and other players'
// games never.
func testUnfinished(t *testing.T, e *env) {
	e.newGame(t, "a", "p1")
	b := e.newGame(t, "b", "p1")
	e.newGame(t, "c", "p1")
	e.newGame(t, "x", "p2")
	b.Status = club.Over
	if err := e.s.UpdateGame(ctx, b, 0); err != nil {
		t.Fatal(err)
	}
	ids := func(player string, limit int) []string {
		t.Helper()
		gs, err := e.s.Unfinished(ctx, player, limit)
		if err != nil {
			t.Fatalf("Unfinished(%s): %v", player, err)
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.ID)
		}
		return ids
	}
	if got, want := ids("p1", 10), []string{"c", "a"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished(p1) = %v, want %v", got, want)
	}
	// A move brings a game to the top.
	a := e.game(t, "a")
	play(t, a, "f5")
	if err := e.s.UpdateGame(ctx, a, 0); err != nil {
		t.Fatal(err)
	}
	if got, want := ids("p1", 10), []string{"a", "c"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished(p1) after a move in a = %v, want %v", got, want)
	}
	if got, want := ids("p1", 1), []string{"a"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished(p1, 1) = %v, want %v", got, want)
	}
	// The guest of a room sees its game once seated, the host always.
	e.newRoom(t)
	if got := ids("guest", 10); len(got) != 0 {
		t.Errorf("Unfinished(guest) before joining = %v, want none", got)
	}
	if err := e.s.JoinRoom(ctx, "r1", "guest"); err != nil {
		t.Fatal(err)
	}
	if got, want := ids("guest", 10), []string{"g1"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished(guest) = %v, want %v", got, want)
	}
	if got, want := ids("host", 10), []string{"g1"}; !slices.Equal(got, want) {
		t.Errorf("Unfinished(host) = %v, want %v", got, want)
	}
	if got := ids("nobody", 10); len(got) != 0 {
		t.Errorf("Unfinished(nobody) = %v, want none", got)
	}
	// The list's rooms in one read: those that exist, each as Room reads it.
	one, err := e.s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	rooms, err := e.s.Rooms(ctx, []string{"r1", "none"})
	if err != nil || len(rooms) != 1 || !reflect.DeepEqual(rooms["r1"], one) {
		t.Errorf("Rooms(r1, none) = %v, %v; want r1 alone, %+v", rooms, err, one)
	}
	if rooms, err := e.s.Rooms(ctx, nil); err != nil || len(rooms) != 0 {
		t.Errorf("Rooms() = %v, %v; want none", rooms, err)
	}
}

func testSettings(t *testing.T, e *env) {
	g := e.newGame(t, "a", "p1")
	play(t, g, "f5")
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	// Settings apply whatever the ply, and change nothing else.
	if err := e.s.UpdateSettings(ctx, "a", club.Settings{Sound: true}); err != nil {
		t.Fatal(err)
	}
	got := e.game(t, "a")
	if got.Settings != (club.Settings{Sound: true}) || got.Record.Transcript() != "f5" {
		t.Errorf("after UpdateSettings: settings %+v, transcript %q; want sound only, f5", got.Settings, got.Record.Transcript())
	}
	if err := e.s.UpdateSettings(ctx, "zz", club.Settings{}); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("UpdateSettings(zz) error = %v, want club.ErrNotFound", err)
	}
}

func testGameNeedsPlayer(t *testing.T, e *env) {
	g := &club.Game{ID: "x", PlayerID: "ghost", Opponent: club.Local, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6}}, HintPly: -1}
	if err := e.s.CreateGame(ctx, g); err == nil {
		t.Error("CreateGame for an unknown player: got no error")
	}
	if _, err := e.s.Game(ctx, "x"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the refused game was stored: err = %v", err)
	}
	// Creating a player twice is fine.
	e.player(t, "p", "p")
}

// testSeatRace has many players try to take one free seat at once: one
// gets it, the others ErrRoomFull, and the host never.
func testSeatRace(t *testing.T, e *env) {
	e.newRoom(t)
	if err := e.s.JoinRoom(ctx, "r1", "host"); !errors.Is(err, club.ErrRoomFull) {
		t.Errorf("host joins own room: err = %v, want club.ErrRoomFull", err)
	}
	var players []string
	for i := range 8 {
		players = append(players, "p"+strconv.Itoa(i))
	}
	e.player(t, players...)
	errs := make([]error, len(players))
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Go(func() { errs[i] = e.s.JoinRoom(ctx, "r1", p) })
	}
	wg.Wait()
	winner := ""
	for i, err := range errs {
		switch {
		case err == nil && winner != "":
			t.Errorf("%s and %s both took the seat", winner, players[i])
		case err == nil:
			winner = players[i]
		case !errors.Is(err, club.ErrRoomFull):
			t.Errorf("JoinRoom(%s): %v", players[i], err)
		}
	}
	r, err := e.s.RoomByToken(ctx, "tok")
	if err != nil {
		t.Fatal(err)
	}
	if winner == "" || r.Guest != winner || r.Host != "host" || r.HostColor != game.White || r.Version != 1 || r.GameID != "g1" {
		t.Errorf("room = %+v, want guest %q, host White, version 1, game g1", r, winner)
	}
	if err := e.s.JoinRoom(ctx, "r1", "third"); !errors.Is(err, club.ErrRoomFull) {
		t.Errorf("a visitor after the race: err = %v, want club.ErrRoomFull", err)
	}
}

func testPlayAgain(t *testing.T, e *env) {
	e.newRoom(t)
	if err := e.s.JoinRoom(ctx, "r1", "guest"); err != nil {
		t.Fatal(err)
	}
	r, err := e.s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	stale := *r
	if err := e.s.SetAgain(ctx, r, true, club.AgainSwitch); err != nil {
		t.Fatalf("SetAgain(host): %v", err)
	}
	if r.HostAgain != club.AgainSwitch || r.Version != stale.Version+1 {
		t.Errorf("after SetAgain: %+v, want host's switch at version %d", r, stale.Version+1)
	}
	if err := e.s.SetAgain(ctx, &stale, false, club.AgainKeep); !errors.Is(err, club.ErrStale) {
		t.Errorf("SetAgain from an old version: err = %v, want club.ErrStale", err)
	}
	if err := e.s.SetAgain(ctx, r, false, club.AgainKeep); err != nil {
		t.Fatalf("SetAgain(guest): %v", err)
	}
	old := r.Version
	r.Round, r.HostWins, r.GuestWins, r.Draws, r.HostColor = 2, 1, 0, 0, game.Black
	g2 := &club.Game{ID: "g2", PlayerID: "host", Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	if err := e.s.StartRound(ctx, r, g2, old); err != nil {
		t.Fatalf("StartRound: %v", err)
	}
	g3 := *g2
	g3.ID = "g3"
	if err := e.s.StartRound(ctx, r, &g3, old); !errors.Is(err, club.ErrStale) {
		t.Errorf("StartRound twice from one version: err = %v, want club.ErrStale", err)
	}
	if _, err := e.s.Game(ctx, "g3"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the refused round's game was stored: err = %v", err)
	}
	got, err := e.s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	if g := e.game(t, "g2"); g.RoomID != "r1" || g.Human != game.Black {
		t.Errorf("Game(g2) = %+v, want it in room r1 with the host Black", g)
	}
	if got.GameID != "g2" || got.Round != 2 || got.HostWins != 1 || got.HostColor != game.Black ||
		got.HostAgain != club.AgainNone || got.GuestAgain != club.AgainNone || got.Guest != "guest" || got.Version != old+1 {
		t.Errorf("room after the new round = %+v", got)
	}
}

// testConcurrentRounds has both seats start the next round at the same
// moment, as both servers' handlers would: exactly one round starts.
func testConcurrentRounds(t *testing.T, e *env) {
	e.newRoom(t)
	if err := e.s.JoinRoom(ctx, "r1", "guest"); err != nil {
		t.Fatal(err)
	}
	base, err := e.s.Room(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"n1", "n2", "n3", "n4"}
	errs := make([]error, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() {
			r := *base
			r.Round = 2
			g := &club.Game{ID: id, PlayerID: "host", Opponent: club.Online, Human: game.Black, Level: "easy",
				Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
			errs[i] = e.s.StartRound(ctx, &r, g, base.Version)
		})
	}
	wg.Wait()
	started := 0
	for i, err := range errs {
		switch {
		case err == nil:
			started++
		case !errors.Is(err, club.ErrStale):
			t.Errorf("StartRound(%s): %v", ids[i], err)
		}
	}
	if started != 1 {
		t.Errorf("%d rounds started, want 1", started)
	}
	stored := 0
	for _, id := range ids {
		if _, err := e.s.Game(ctx, id); err == nil {
			stored++
		}
	}
	if stored != 1 {
		t.Errorf("%d new games stored, want 1", stored)
	}
}

func testPracticeRoundTrip(t *testing.T, e *env) {
	e.player(t, "p1")
	if _, err := e.s.Practice(ctx, "p1"); !errors.Is(err, club.ErrNotFound) {
		t.Fatalf("Practice before any save: err = %v, want club.ErrNotFound", err)
	}
	p := &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}
	if err := e.s.SavePractice(ctx, p, 0); err != nil {
		t.Fatalf("first SavePractice: %v", err)
	}
	if p.Version != 1 || p.Updated.IsZero() {
		t.Errorf("after the first save: version %d, updated %v; want 1 and a time", p.Version, p.Updated)
	}
	p.History, p.Plies = append(p.History, p.Plies), "d3 c3"
	if err := e.s.SavePractice(ctx, p, 1); err != nil {
		t.Fatalf("second SavePractice: %v", err)
	}
	got, err := e.s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Opening != "f5f6e6f4" || got.Plies != "d3 c3" || !slices.Equal(got.History, []string{"d3"}) || got.Version != 2 {
		t.Errorf("Practice() = %+v, want opening f5f6e6f4, plies \"d3 c3\", history [d3], version 2", got)
	}
	if err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "nobody", Opening: "f5"}, 0); err == nil {
		t.Errorf("SavePractice for a missing player: got no error")
	}
}

func testPracticeVersions(t *testing.T, e *env) {
	e.player(t, "p1")
	if err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4"}, 0); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		old  int
	}{{"second insert", 0}, {"old version", 5}, {"future version", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}, tc.old)
			if !errors.Is(err, club.ErrStale) {
				t.Errorf("SavePractice at version %d: err = %v, want club.ErrStale", tc.old, err)
			}
		})
	}
	// Two saves from the same version at once: one applies.
	errs := make([]error, 6)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			errs[i] = e.s.SavePractice(ctx, &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "c" + strconv.Itoa(i+3)}, 1)
		})
	}
	wg.Wait()
	applied := 0
	for _, err := range errs {
		switch {
		case err == nil:
			applied++
		case !errors.Is(err, club.ErrStale):
			t.Errorf("SavePractice: %v", err)
		}
	}
	got, err := e.s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if applied != 1 || got.Version != 2 {
		t.Errorf("%d saves from version 1 applied, stored version %d; want 1 and 2", applied, got.Version)
	}
}

func testPracticeHistory(t *testing.T, e *env) {
	e.player(t, "p1")
	p := &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4"}
	for i := range club.MaxPracticeHistory + 10 {
		p.History = append(p.History, strconv.Itoa(i))
	}
	if err := e.s.SavePractice(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	got, err := e.s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.History) != club.MaxPracticeHistory || got.History[len(got.History)-1] != strconv.Itoa(club.MaxPracticeHistory+9) {
		t.Errorf("history holds %d entries, want the newest %d", len(got.History), club.MaxPracticeHistory)
	}
}

// testPracticeApart checks that practice boards and games never touch.
func testPracticeApart(t *testing.T, e *env) {
	g := e.newGame(t, "g1", "p1")
	play(t, g, "f5")
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	before := e.game(t, "g1")
	if err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "p1", Opening: "f5f6e6f4", Plies: "d3"}, 0); err != nil {
		t.Fatal(err)
	}
	after := e.game(t, "g1")
	if !slices.Equal(after.Record.Plies, before.Record.Plies) || !after.Updated.Equal(before.Updated) {
		t.Errorf("saving a practice changed the game: %v -> %v", before.Record.Plies, after.Record.Plies)
	}
	play(t, after, "d6")
	if err := e.s.UpdateGame(ctx, after, 1); err != nil {
		t.Fatal(err)
	}
	got, err := e.s.Practice(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Plies != "d3" || got.Version != 1 {
		t.Errorf("a game move changed the practice: %+v", got)
	}
}

// testMigrationsOnce opens the same database again: the migrations are
// listed once each, in order, and the data is still there.
func testMigrationsOnce(t *testing.T, e *env) {
	first, err := e.s.Migrations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) == 0 || !slices.IsSorted(first) || len(slices.Compact(slices.Clone(first))) != len(first) {
		t.Fatalf("Migrations() = %v, want names in order, each once", first)
	}
	e.newGame(t, "g1", "p1")
	if err := e.s.Close(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		s := e.open(t, e.clock.now)
		got, err := s.Migrations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, first) {
			t.Errorf("Migrations() after reopening = %v, want %v", got, first)
		}
		if _, err := s.Game(ctx, "g1"); err != nil {
			t.Errorf("Game(g1) after reopening: %v", err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	e.s = e.open(t, e.clock.now) // for the cleanup's Close
}

func testChoices(t *testing.T, e *env) {
	e.player(t, "p1")
	if c, err := e.s.Choices(ctx, "p1"); err != nil || c != "" {
		t.Errorf("Choices before any = %q, %v; want empty", c, err)
	}
	const want = "color=white&level=hard&size=6"
	if err := e.s.SetChoices(ctx, "p1", want); err != nil {
		t.Fatal(err)
	}
	// Seeing the player again keeps them.
	e.player(t, "p1")
	if c, err := e.s.Choices(ctx, "p1"); err != nil || c != want {
		t.Errorf("Choices = %q, %v; want %q", c, err, want)
	}
	if c, err := e.s.Choices(ctx, "nobody"); err != nil || c != "" {
		t.Errorf("Choices(nobody) = %q, %v; want empty", c, err)
	}
}

// testStartGame starts games for a new player and for one already seen:
// each is stored, the choices kept, and the player seen at the start.
func testStartGame(t *testing.T, e *env) {
	start := e.clock.now()
	for i, choices := range []string{"color=white&size=6", "color=black&size=8"} {
		e.clock.advance(time.Duration(i) * time.Hour)
		g := &club.Game{
			ID: fmt.Sprint("started", i), PlayerID: "starter", Opponent: club.Local, Level: "easy",
			Record:   game.Game{Options: game.Options{Size: 8, Start: game.Cross}},
			Settings: club.Settings{ShowMoves: true}, HintPly: -1, HintSquare: game.Pass,
		}
		if err := e.s.StartGame(ctx, g, choices); err != nil {
			t.Fatalf("StartGame %d: %v", i, err)
		}
		if got := e.game(t, g.ID); got.PlayerID != "starter" || got.Created.IsZero() {
			t.Errorf("game %d stored as %+v", i, got)
		}
		if c, err := e.s.Choices(ctx, "starter"); err != nil || c != choices {
			t.Errorf("after game %d, Choices = %q, %v; want %q", i, c, err, choices)
		}
	}
	// Seen at the second start, an hour after the first: an expiry of
	// players unseen since half an hour after the first keeps them.
	if _, err := e.s.Expire(ctx, start.Add(30*time.Minute), start, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Game(ctx, "started1"); err != nil {
		t.Errorf("a player seen at the start was expired: %v", err)
	}
	bad := &club.Game{ID: "bad", PlayerID: "starter"}
	if err := e.s.StartGame(ctx, bad, ""); err == nil {
		t.Error("StartGame of an invalid game: no error")
	}
}

func testDeleteGame(t *testing.T, e *env) {
	e.newGame(t, "mine", "p1")
	e.newGame(t, "theirs", "p2")
	e.newRoom(t)
	for _, tt := range []struct{ id, player string }{{"theirs", "p1"}, {"g1", "host"}, {"none", "p1"}} {
		if err := e.s.DeleteGame(ctx, tt.id, tt.player); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("DeleteGame(%s, %s) = %v, want ErrNotFound", tt.id, tt.player, err)
		}
	}
	if err := e.s.DeleteGame(ctx, "mine", "p1"); err != nil {
		t.Fatalf("DeleteGame(mine): %v", err)
	}
	if _, err := e.s.Game(ctx, "mine"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Game(mine) after deleting it: %v, want ErrNotFound", err)
	}
	for _, id := range []string{"theirs", "g1"} {
		e.game(t, id)
	}
}

// testExpire keeps everything seen or used after the cut-off and deletes
// the rest: players with their games and practice boards, rooms with every
// round's game.
func testExpire(t *testing.T, e *env) {
	const day = 24 * time.Hour
	cut := e.clock.now().Add(5 * day)
	e.newGame(t, "old-game", "old")
	if err := e.s.SavePractice(ctx, &club.Practice{PlayerID: "old", Opening: "f5"}, 0); err != nil {
		t.Fatal(err)
	}
	room := func(host, id, token string) {
		e.player(t, host)
		g := &club.Game{ID: id, PlayerID: host, Opponent: club.Online, Human: game.Black, Level: "easy",
			Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
		if err := e.s.CreateRoom(ctx, &club.Room{ID: "r-" + id, Token: token, Host: host, HostColor: game.Black, Round: 1}, g); err != nil {
			t.Fatal(err)
		}
	}
	room("oldhost", "old-round", "t-old")
	e.clock.advance(10 * day)
	e.newGame(t, "new-game", "new")
	room("newhost", "new-round", "t-new")
	// The old host's guest was seen lately: they stay, the room goes.
	e.player(t, "oldguest")
	if err := e.s.JoinRoom(ctx, "r-old-round", "oldguest"); err != nil {
		t.Fatal(err)
	}
	// Joining made the old room new again: move on so it is unused.
	e.clock.advance(10 * day)
	cut = cut.Add(15 * day)
	e.player(t, "new", "newhost", "oldguest")
	r, err := e.s.Room(ctx, "r-new-round")
	if err != nil {
		t.Fatal(err)
	}
	if err := e.s.SetAgain(ctx, r, true, club.AgainNone); err != nil { // the new room is in use
		t.Fatal(err)
	}
	got, err := e.s.Expire(ctx, cut, cut, 100)
	if err != nil {
		t.Fatalf("Expire: %v", err)
	}
	if want := (club.Expired{Players: 2, Rooms: 1, Games: 2}); got != want {
		t.Errorf("Expire = %+v, want %+v (players old and oldhost, room r-old-round, games old-game and old-round)", got, want)
	}
	for _, id := range []string{"old-game", "old-round"} {
		if _, err := e.s.Game(ctx, id); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("Game(%s) after Expire: %v, want ErrNotFound", id, err)
		}
	}
	if _, err := e.s.Room(ctx, "r-old-round"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the unused room is still there: %v", err)
	}
	if _, err := e.s.Practice(ctx, "old"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("the old player's practice is still there: %v", err)
	}
	e.game(t, "new-round")
	if got, err := e.s.Expire(ctx, cut, cut, 100); err != nil || got != (club.Expired{}) {
		t.Errorf("Expire again = %+v, %v; want nothing", got, err)
	}
}

func testExpireBatches(t *testing.T, e *env) {
	for _, p := range []string{"a", "b", "c"} {
		e.newGame(t, "game-"+p, p)
	}
	e.clock.advance(time.Hour)
	cut := e.clock.now()
	total := 0
	for range 4 {
		got, err := e.s.Expire(ctx, cut, cut, 2)
		if err != nil {
			t.Fatal(err)
		}
		if got.Players > 2 {
			t.Errorf("Expire with limit 2 deleted %d players", got.Players)
		}
		total += got.Players
	}
	if total != 3 {
		t.Errorf("players deleted in batches of 2: %d, want 3", total)
	}
}

// testReviews stores a review, replaces it, keeps it apart from other
// games, and deletes it with its game.
func testReviews(t *testing.T, e *env) {
	e.newGame(t, "g1", "p1")
	e.newGame(t, "g2", "p1")
	if _, err := e.s.Review(ctx, "g1"); !errors.Is(err, club.ErrNotFound) {
		t.Fatalf("Review(g1) before any: %v, want ErrNotFound", err)
	}
	for _, body := range []string{`{"moves":[1]}`, `{"moves":[2]}`} {
		r := &club.Review{GameID: "g1", Ply: len(body), Body: body}
		if err := e.s.SaveReview(ctx, r); err != nil {
			t.Fatalf("SaveReview: %v", err)
		}
		if r.Created.IsZero() {
			t.Errorf("SaveReview did not set Created")
		}
		got, err := e.s.Review(ctx, "g1")
		if err != nil || got.GameID != "g1" || got.Ply != r.Ply || got.Body != body || !got.Created.Equal(r.Created) {
			t.Errorf("Review(g1) = %+v, %v, want %+v", got, err, r)
		}
		e.clock.advance(time.Minute)
	}
	if _, err := e.s.Review(ctx, "g2"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Review(g2): %v, want ErrNotFound", err)
	}
	if err := e.s.SaveReview(ctx, &club.Review{GameID: "none", Body: "{}"}); err == nil {
		t.Errorf("SaveReview of a game that does not exist: no error")
	}
	if err := e.s.DeleteGame(ctx, "g1", "p1"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Review(ctx, "g1"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Review(g1) after deleting the game: %v, want ErrNotFound", err)
	}
}

// testSetupStart stores a game played on from a set-up position, White to
// move, and reads it back whole.
func testSetupStart(t *testing.T, e *env) {
	e.player(t, "p1")
	b, err := game.ParseLine("-------------------X-------XX------XO--------------------------- O")
	if err != nil {
		t.Fatal(err)
	}
	o, err := game.OptionsFrom(b)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := game.ParseTranscript(o, "c3c4")
	if err != nil {
		t.Fatal(err)
	}
	g := &club.Game{ID: "set-up", PlayerID: "p1", Opponent: club.Computer, Human: game.White, Level: "hard",
		Record: *rec, HintPly: -1, HintSquare: game.Pass}
	if err := e.s.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	got := e.game(t, "set-up")
	if got.Record.Options != o || !slices.Equal(got.Record.Plies, rec.Plies) {
		t.Errorf("Game(set-up) = %v %v, want %v %v", got.Record.Options, got.Record.Plies, o, rec.Plies)
	}
}

// testLevelNames checks that the store keeps any level that is a plain
// name (the engine's registry, not the schema, says which levels exist,
// so a new level needs no migration) and refuses, storing nothing, a game
// that the core's Validate refuses.
func testLevelNames(t *testing.T, e *env) {
	e.player(t, "p")
	for _, tc := range []struct {
		id, level string
		ok        bool
	}{
		{"lv1", "beginner", true},
		{"lv2", "grandmaster", true},
		{"lv3", "", false},
		{"lv4", "Hard; DROP TABLE games", false},
		{"lv5", "expert2", false},
	} {
		g := &club.Game{ID: tc.id, PlayerID: "p", Opponent: club.Computer, Human: game.White, Level: tc.level,
			Record: game.Game{Options: game.Options{Size: 8}}, HintPly: -1, HintSquare: game.Pass}
		err := e.s.CreateGame(ctx, g)
		switch {
		case tc.ok && err != nil:
			t.Errorf("CreateGame(level %q): %v", tc.level, err)
		case tc.ok:
			if got := e.game(t, tc.id); got.Level != tc.level {
				t.Errorf("level %q read back as %q", tc.level, got.Level)
			}
		case !errors.Is(err, club.ErrInvalid):
			t.Errorf("CreateGame(level %q) error = %v, want club.ErrInvalid", tc.level, err)
		default:
			if _, err := e.s.Game(ctx, tc.id); !errors.Is(err, club.ErrNotFound) {
				t.Errorf("the refused game (level %q) was stored: err = %v", tc.level, err)
			}
		}
	}
}

func testPuzzleProgress(t *testing.T, e *env) {
	e.player(t, "p1")
	if _, err := e.s.PuzzleProgress(ctx, "p1"); !errors.Is(err, club.ErrNotFound) {
		t.Fatalf("PuzzleProgress before any save: err = %v, want club.ErrNotFound", err)
	}
	p := &club.PuzzleProgress{PlayerID: "p1", Level: 1, Current: 7, Tried: true}
	if err := e.s.SavePuzzleProgress(ctx, p, 0); err != nil {
		t.Fatalf("first SavePuzzleProgress: %v", err)
	}
	if p.Version != 1 || p.Updated.IsZero() {
		t.Errorf("after the first save: version %d, updated %v; want 1 and a time", p.Version, p.Updated)
	}
	// A second first save (another tab) changes nothing.
	if err := e.s.SavePuzzleProgress(ctx, &club.PuzzleProgress{PlayerID: "p1", Level: 3}, 0); !errors.Is(err, club.ErrStale) {
		t.Errorf("a second insert: err = %v, want club.ErrStale", err)
	}
	want := club.PuzzleProgress{PlayerID: "p1", Solved: 4, Streak: 2, Best: 3, Misses: 1, Level: 2, Current: 12, Tried: false, Done: "AAEC", Version: 2}
	next := want
	if err := e.s.SavePuzzleProgress(ctx, &next, 1); err != nil {
		t.Fatalf("second SavePuzzleProgress: %v", err)
	}
	if err := e.s.SavePuzzleProgress(ctx, &club.PuzzleProgress{PlayerID: "p1", Level: 5}, 1); !errors.Is(err, club.ErrStale) {
		t.Errorf("a save at an old version: err = %v, want club.ErrStale", err)
	}
	got, err := e.s.PuzzleProgress(ctx, "p1")
	if err != nil {
		t.Fatal(err)
	}
	got.Updated = time.Time{}
	if *got != want {
		t.Errorf("PuzzleProgress() = %+v, want %+v", *got, want)
	}
	if err := e.s.SavePuzzleProgress(ctx, &club.PuzzleProgress{PlayerID: "nobody", Level: 1}, 0); err == nil {
		t.Errorf("SavePuzzleProgress for a missing player: got no error")
	}
	// Progress goes with its player.
	e.clock.advance(48 * time.Hour)
	if _, err := e.s.Expire(ctx, e.clock.now().Add(-time.Hour), e.clock.now().Add(-time.Hour), 10); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.PuzzleProgress(ctx, "p1"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("PuzzleProgress after its player expired: err = %v, want club.ErrNotFound", err)
	}
}

// testReadsMatchTheRow checks, after every kind of write that changes a
// game, that the store gives the same game as a store opened afresh on the
// same database, which holds nothing in memory: a store that keeps games
// in memory must keep every field as the row has it. The game ends with
// every field of club.Game set (checked by reflection), so that a field
// added to Game and left behind by a store, or by its cache, fails here.
func testReadsMatchTheRow(t *testing.T, e *env) {
	// The game is rated, so that its end writes ratings too.
	r, _ := e.newRoom(t, func(g *club.Game) { g.Rated, g.SharedNetwork = true, true })
	e.newGame(t, "solo", "host")
	// agree reads each game through the store (which may keep it), then
	// through a store opened afresh, and goes on with the fresh one, whose
	// read kept the games in turn.
	agree := func(step string, ids ...string) {
		t.Helper()
		var before []*club.Game
		var errs []error
		for _, id := range ids {
			got, err := e.s.Game(ctx, id)
			before, errs = append(before, got), append(errs, err)
		}
		if err := e.s.Close(); err != nil {
			t.Fatal(err)
		}
		e.s = e.open(t, e.clock.now)
		for i, id := range ids {
			want, err := e.s.Game(ctx, id)
			if !errors.Is(errs[i], club.ErrNotFound) || !errors.Is(err, club.ErrNotFound) {
				if (errs[i] == nil) != (err == nil) {
					t.Fatalf("after %s: Game(%s) gives error %v, and afresh %v", step, id, errs[i], err)
				}
			}
			if err == nil && !reflect.DeepEqual(before[i], want) {
				t.Errorf("after %s: Game(%s) =\n%+v\nafresh it is\n%+v", step, id, *before[i], *want)
			}
		}
	}
	agree("creating", "g1", "solo")
	if err := e.s.JoinRoom(ctx, r.ID, "guest"); err != nil {
		t.Fatal(err)
	}
	agree("joining", "g1")
	g := e.game(t, "g1")
	playAny(t, g, 3)
	g.Hints, g.HintPly, g.HintSquare = 1, 3, game.SquareAt(6, 2, 4)
	if err := e.s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	agree("moves and a hint", "g1")
	if err := e.s.UpdateSettings(ctx, "g1", club.Settings{ShowMoves: true, AllowUndo: true, Sound: true}); err != nil {
		t.Fatal(err)
	}
	agree("settings", "g1")
	g = e.game(t, "g1")
	g.Record.Plies = g.Record.Plies[:2]
	g.Undos, g.HintPly, g.HintSquare = 1, -1, game.Pass
	if err := e.s.UpdateGame(ctx, g, 3); err != nil {
		t.Fatal(err)
	}
	agree("an undo, the hint gone", "g1")
	playAny(t, g, 1)
	g.Hints, g.HintPly, g.HintSquare = 2, 3, game.SquareAt(6, 1, 1)
	// A game does not end both ways at once, but a row keeps what it is
	// given: every field is set here so that every field is checked.
	g.Status, g.Resigned, g.Ending = club.Over, game.Black, club.EndedOnTime
	g.Clock = club.Clock{Black: -1500 * time.Millisecond, White: 61 * time.Second, Since: e.clock.now()}
	if err := e.s.UpdateGame(ctx, g, 2); err != nil {
		t.Fatal(err)
	}
	agree("resigning, on time", "g1")
	got := e.game(t, "g1")
	v := reflect.ValueOf(got).Elem()
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Errorf("Game.%s is zero in the test's game: set it, so that it is checked", v.Type().Field(i).Name)
		}
	}
	stale := *got
	stale.Hints = 9
	if err := e.s.UpdateGame(ctx, &stale, 0); !errors.Is(err, club.ErrStale) {
		t.Fatalf("stale UpdateGame: %v, want ErrStale", err)
	}
	agree("a stale update", "g1")
	if err := e.s.UpdateSettings(ctx, "nosuch", club.Settings{}); !errors.Is(err, club.ErrNotFound) {
		t.Fatalf("UpdateSettings(nosuch): %v, want ErrNotFound", err)
	}
	r, err := e.s.Room(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.s.SetAgain(ctx, r, true, club.AgainKeep); err != nil {
		t.Fatal(err)
	}
	next := &club.Game{ID: "g2", PlayerID: "host", Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 6, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass}
	r.Round, r.HostColor, r.HostWins = 2, game.Black, 1
	if err := e.s.StartRound(ctx, r, next, r.Version); err != nil {
		t.Fatal(err)
	}
	agree("the next round", "g1", "g2")
	if err := e.s.DeleteGame(ctx, "solo", "host"); err != nil {
		t.Fatal(err)
	}
	agree("deleting", "solo")
	if _, err := e.s.Game(ctx, "solo"); !errors.Is(err, club.ErrNotFound) {
		t.Errorf("Game(solo) after DeleteGame: %v, want ErrNotFound", err)
	}
	e.clock.advance(48 * time.Hour)
	if _, err := e.s.Expire(ctx, e.clock.now(), e.clock.now(), 10); err != nil {
		t.Fatal(err)
	}
	agree("expiring", "g1", "g2")
	for _, id := range []string{"g1", "g2"} {
		if _, err := e.s.Game(ctx, id); !errors.Is(err, club.ErrNotFound) {
			t.Errorf("Game(%s) after Expire: %v, want ErrNotFound", id, err)
		}
	}
}

// playAny plays n moves in g, each the first legal one.
func playAny(t *testing.T, g *club.Game, n int) {
	t.Helper()
	for range n {
		b, err := g.Record.Board()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Record.Play(b.Moves().Squares()[0]); err != nil {
			t.Fatal(err)
		}
	}
}
