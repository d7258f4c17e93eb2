package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/static"
)

// clockedGame stores an online 8×8 game with a 1+0 clock between host
// (Black) and guest, started at now, as the lobby makes them, and returns
// its id and the two players' cookies; mods may change the game first.
func clockedGame(t *testing.T, a *testApp, now time.Time, mods ...func(*club.Game)) (string, *http.Cookie, *http.Cookie) {
	t.Helper()
	ctx := context.Background()
	const host, guest = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"
	for _, p := range []string{host, guest} {
		if err := a.store.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	tc, _ := club.ParseTimeControl("1+0")
	g := &club.Game{ID: "clockedgameaaaaa", PlayerID: host, Opponent: club.Online, Human: game.Black, Level: "easy",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Playing, HintPly: -1, HintSquare: game.Pass,
		TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: now}}
	for _, mod := range mods {
		mod(g)
	}
	r := &club.Room{ID: "clockedroomaaaaa", Token: "clockedroomtokenaaaaaaaa", Host: host, HostColor: game.Black, Round: 1}
	if err := a.store.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	if err := a.store.JoinRoom(ctx, r.ID, guest); err != nil {
		t.Fatal(err)
	}
	return g.ID, a.playerCookie(host), a.playerCookie(guest)
}

func TestClockedGamePage(t *testing.T) {
	clk := newClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	store, err := sqlite.Open(context.Background(), migratedDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := newAppConfig(t, store, func(c *testConfig) { c.Now = clk.now })
	id, black, white := clockedGame(t, a, clk.now())
	page := func(c *http.Cookie) string {
		t.Helper()
		w := a.do("GET", "/games/"+id, nil, c)
		if w.Code != http.StatusOK {
			t.Fatalf("GET the game = %d", w.Code)
		}
		return w.Body.String()
	}
	move := func(c *http.Cookie, ply, sq string) {
		t.Helper()
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {ply}, "move": {sq}}, c)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("POST %s = %d, want 303:\n%s", sq, w.Code, w.Body)
		}
	}
	clk.advance(10 * time.Second)
	body := page(white)
	for _, want := range []string{
		`<li data-clock="black" data-ms="50000" data-running class="run" data-tick>`, "Black: 0:50, running</span>",
		`<li data-clock="white" data-ms="60000" data-tick>`, "White: 1:00</span>",
		`<script src="` + static.Clock().Path + `" defer></script>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page at 10 s lacks %s", want)
		}
	}
	move(black, "0", "f5")
	clk.advance(5 * time.Second)
	move(white, "1", "d6")
	clk.advance(50 * time.Second) // Black's 50 s run out
	body = page(white)
	for _, want := range []string{
		`<li data-clock="black" data-ms="0" data-tick>`, `<li data-clock="white" data-ms="55000" data-tick>`,
		"Black lost on time", "<dd>Black 0, White 64</dd>", "Lost on time",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page after the flag lacks %s", want)
		}
	}
	if strings.Contains(body, "data-running") {
		t.Error("a clock still runs once the game is over")
	}
	if g := a.stored(id); g.Status != club.Over || g.Ending != club.EndedOnTime {
		t.Errorf("stored %s, ending %q; want over on time", g.Status, g.Ending)
	}
	if w := a.do("GET", "/games/"+id+"/transcript", nil, black); !strings.HasSuffix(w.Body.String(),
		"# Black lost on time: White wins, 64 to 0 by the tournament score.\n") {
		t.Errorf("the transcript:\n%s", w.Body)
	}
	if w := a.do("GET", "/games/"+id+"/ggf", nil, black); !strings.Contains(w.Body.String(), "RE[-64.00:t]TI[01:00/00:00/]") {
		t.Errorf("the GGF record:\n%s", w.Body)
	}
	// A move sent from the page before the flag changes nothing.
	if w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"2"}, "move": {"c3"}}, black); w.Code == http.StatusSeeOther {
		t.Errorf("a move after the flag = %d, want a refusal", w.Code)
	}
}

func TestAbortedGamePage(t *testing.T) {
	clk := newClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	store, err := sqlite.Open(context.Background(), migratedDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := newAppConfig(t, store, func(c *testConfig) { c.Now = clk.now })
	id, _, white := clockedGame(t, a, clk.now())
	clk.advance(time.Minute) // Black never made a first move
	w := a.do("GET", "/games/"+id, nil, white)
	body := w.Body.String()
	for _, want := range []string{"the game was aborted", "Nobody: the game was aborted", `data-clock="black" data-ms="0"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the aborted game's page (%d) lacks %s", w.Code, want)
		}
	}
	if strings.Contains(body, "Tournament score") {
		t.Error("an aborted game shows a tournament score")
	}
	if strings.Contains(body, "/review") {
		t.Error("an aborted game offers a review of its one move or none")
	}
	if g := a.stored(id); g.Ending != club.EndedAborted {
		t.Errorf("stored ending %q, want aborted", g.Ending)
	}
}
