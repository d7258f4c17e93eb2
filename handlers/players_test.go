package handlers

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/views"
)

// The ratings through the forms, as a person meets them: two fresh named
// players, a rated 8×8 5+3 challenge, four plies, the challenger
// resigns; the profiles and the list show the result.

var dataRating = regexp.MustCompile(`data-rating="(\d+)"`)

// ratingOn returns the first data-rating of a page, or -1.
func ratingOn(page string) int {
	m := dataRating.FindStringSubmatch(page)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// ratedGame plays a rated 8×8 5+3 game between two fresh named players
// through the forms: the challenger (Black) and the acceptor play four
// plies, then the challenger resigns. It returns both clients and the
// game's path.
func ratedGame(t *testing.T, base, challenger, acceptor string) (*client, *client, string) {
	t.Helper()
	a, b := newClient(t, base), newClient(t, base)
	a.want(a.post("/players/me", url.Values{"name": {challenger}}), http.StatusSeeOther, "a name")
	b.want(b.post("/players/me", url.Values{"name": {acceptor}}), http.StatusSeeOther, "a name")
	return a, b, playRated(t, a, b)
}

// playRated plays a rated 8×8 5+3 game between a (Black, who challenges
// and resigns after four plies) and b, and returns its path.
func playRated(t *testing.T, a, b *client) string {
	t.Helper()
	wait := challenge(t, a, url.Values{"size": {"8"}, "clock": {"5+3"}, "color": {"black"}, "rated": {"on"}})
	r := b.want(b.post(wait+"/accept", nil), http.StatusSeeOther, "accepting")
	game := strings.TrimSuffix(r.location, "#status")
	for i, m := range []string{"f5", "d6", "c3", "d3"} {
		p := []*client{a, b}[i%2]
		p.want(p.post(game+"/moves", url.Values{"move": {m}, "ply": {strconv.Itoa(i)}}), http.StatusSeeOther, "move "+m)
	}
	a.want(a.post(game+"/resign", url.Values{"ply": {"4"}}), http.StatusSeeOther, "resigning")
	return game
}

func TestRatedGameThroughTheForms(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	a, b, game := ratedGame(t, ts.URL, "Challenger", "Acceptor")

	loser := b.want(b.get("/players/Challenger"), http.StatusOK, "the loser's profile").body
	winner := a.want(a.get("/players/acceptor"), http.StatusOK, "the winner's profile, by another case").body
	if got := ratingOn(winner); got < 1661 || got > 1663 {
		t.Errorf("the winner's data-rating is %d, want 1662", got)
	}
	if got := ratingOn(loser); got < 1337 || got > 1339 {
		t.Errorf("the loser's data-rating is %d, want 1338", got)
	}
	for _, want := range []string{"8×8, live", "1662?", "deviation 290", "1 game: 1 won, 0 lost, 0 drawn", "<svg",
		`href="` + game + `"`, `href="` + game + `/replay"`, `href="` + game + `/review"`, "against Challenger (1500)", "&#43;162", `<svg class="graph"`} {
		if !strings.Contains(winner, want) {
			t.Errorf("the winner's profile lacks %q\n%s", want, winner)
		}
	}
	list := a.want(a.get("/players"), http.StatusOK, "the list").body
	iw, il := strings.Index(list, `href="/players/Acceptor"`), strings.Index(list, `href="/players/Challenger"`)
	if iw < 0 || il < 0 || iw > il {
		t.Errorf("the list does not put the winner first (%d, %d):\n%s", iw, il, list)
	}
	if ratingOn(list) != ratingOn(winner) {
		t.Errorf("the list's first rating %d, the profile's %d", ratingOn(list), ratingOn(winner))
	}
	// Both players' game page says the game was rated; a casual lobby
	// game's says so too.
	for _, c := range []*client{a, b} {
		if page := c.get(game).body; !strings.Contains(page, "A rated game: its result moves both players&#39; ratings.") {
			t.Errorf("the rated game's page does not say it is rated")
		}
	}
	rated := challenge(t, a, url.Values{"size": {"8"}, "clock": {"5+3"}, "color": {"black"}, "rated": {"on"}})
	if page := a.get(rated).body; !strings.Contains(page, "A rated game") {
		t.Errorf("a rated challenge's waiting page does not say the game will be rated")
	}
	wait := challenge(t, a, url.Values{"size": {"8"}, "clock": {"5+3"}, "color": {"black"}})
	if page := a.get(wait).body; !strings.Contains(page, "A casual game") {
		t.Errorf("a casual challenge's waiting page does not say so")
	}
	casual := strings.TrimSuffix(b.want(b.post(wait+"/accept", nil), http.StatusSeeOther, "accepting").location, "#status")
	if page := a.get(casual).body; !strings.Contains(page, "A casual game: no rating changes.") {
		t.Errorf("the casual game's page does not say it is casual")
	}
	// Resigning again changes nothing: the game is over.
	a.post(game+"/resign", url.Values{"ply": {"4"}})
	if got := ratingOn(a.get("/players/Acceptor").body); got != ratingOn(winner) {
		t.Errorf("after a second resign the winner's rating is %d", got)
	}
	// A second game that day of a player who had a counted game with
	// someone on their network counts not (every client of this test is
	// on one network): not against the same opponent, nor against a
	// fresh name (a second cookie).
	playRated(t, a, b)
	alt := newClient(t, ts.URL)
	alt.want(alt.post("/players/me", url.Values{"name": {"Alt"}}), http.StatusSeeOther, "a name")
	playRated(t, alt, b)
	page := b.get("/players/Acceptor").body
	if got := ratingOn(page); got != ratingOn(winner) {
		t.Errorf("more games on one network moved the winner from %d to %d", ratingOn(winner), got)
	}
	if strings.Count(page, "not counted") != 2 || !strings.Contains(page, "1 game: 1 won") {
		t.Errorf("the winner's profile does not show two games not counted:\n%s", page)
	}
	if page := alt.get("/players/Alt").body; ratingOn(page) != -1 || !strings.Contains(page, "not counted") {
		t.Errorf("the second cookie has a rating, or its game is not shown as not counted:\n%s", page)
	}
}

// TestProfileKeepsAnExpiredGamesResult: once a rated game's room has
// expired with its games, the profile still lists the result, without
// links to a game that would answer 404.
func TestProfileKeepsAnExpiredGamesResult(t *testing.T) {
	ts, store := onlineServer(t, nil)
	a, _, game := ratedGame(t, ts.URL, "Challenger", "Acceptor")
	now := time.Now()
	if e, err := store.Expire(context.Background(), now.Add(-time.Hour), now.Add(time.Hour), 100); err != nil || e.Rooms != 1 {
		t.Fatalf("Expire = %+v, %v; want the room gone", e, err)
	}
	a.want(a.get(game), http.StatusNotFound, "the expired game")
	page := a.want(a.get("/players/Acceptor"), http.StatusOK, "the winner's profile").body
	if !strings.Contains(page, "against Challenger (1500)") || strings.Contains(page, `href="`+game) {
		t.Errorf("the profile after the game expired does not keep the result, or links to the game:\n%s", page)
	}
}

func TestProfileAndListRefusals(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	c := newClient(t, ts.URL)
	c.want(c.post("/players/me", url.Values{"name": {"Lonely"}}), http.StatusSeeOther, "a name")
	if page := c.want(c.get("/players/Lonely"), http.StatusOK, "a profile without games").body; !strings.Contains(page, "No rated games yet") {
		t.Errorf("the profile of a player without games:\n%s", page)
	}
	c.want(c.get("/players/me"), http.StatusOK, "the player's own page still")
	for _, path := range []string{"/players/Nobody", "/players/%3Cb%3E", "/players?size=7", "/players?speed=blitz", "/players?size=08"} {
		r := c.get(path)
		if r.code != http.StatusNotFound || strings.Contains(r.body, "goroutine") {
			t.Errorf("GET %s: %d, want 404", path, r.code)
		}
	}
	if page := c.want(c.get("/players?size=6&speed=correspondence"), http.StatusOK, "an empty list").body; !strings.Contains(page, "Nobody has finished") ||
		!strings.Contains(page, `aria-current="page"`) {
		t.Errorf("the empty list:\n%s", page)
	}
	// An anonymous visitor may not accept a rated challenge, and the
	// refusal makes no player.
	wait := challenge(t, c, url.Values{"size": {"8"}, "clock": {"5+3"}, "rated": {"on"}})
	anon := newClient(t, ts.URL)
	anon.want(anon.post(wait+"/accept", nil), http.StatusUnprocessableEntity, "an anonymous accept of a rated challenge")
	if u, _ := url.Parse(ts.URL); len(anon.c.Jar.Cookies(u)) != 0 {
		t.Errorf("the refused accept left a cookie")
	}
	// The lobby shows the challenge's rating; a rated quick pool is offered.
	lobby := c.want(c.get("/lobby"), http.StatusOK, "the lobby").body
	for _, want := range []string{`data-rating="1500"`, "1500?", `name="rated" value="on"`, `href="/players/Lonely"`, "8×8, 5 min &#43; 3 s, rated"} {
		if !strings.Contains(lobby, want) {
			t.Errorf("the lobby lacks %q", want)
		}
	}
}

// TestQuickRatedPoolsEachSize: the lobby offers a named player the rated
// pools of every board size, a size select and a button a clock in one
// form, and two presses of the 6×6 pool meet in a 6×6 game.
func TestQuickRatedPoolsEachSize(t *testing.T) {
	ts, store := onlineServer(t, nil)
	ann, bob := newClient(t, ts.URL), newClient(t, ts.URL)
	for c, name := range map[*client]string{ann: "Ann", bob: "Bob"} {
		c.want(c.post("/players/me", url.Values{"name": {name}}), http.StatusSeeOther, "a name")
	}
	lobby := ann.want(ann.get("/lobby"), http.StatusOK, "the lobby").body
	for _, want := range []string{`<label for="quick-size">Board size</label> <select id="quick-size" name="size">`,
		`<option value="6">6×6</option>`, `<option value="10">10×10</option>`,
		`<button name="clock" value="3&#43;2">Rated game, 3 min &#43; 2 s</button>`} {
		if !strings.Contains(lobby, want) {
			t.Errorf("the lobby lacks %q", want)
		}
	}
	press := url.Values{"size": {"6"}, "clock": {"3+2"}, "rated": {"on"}}
	ann.want(ann.post("/lobby/quick", press), http.StatusSeeOther, "Ann's press")
	r := bob.want(bob.post("/lobby/quick", press), http.StatusSeeOther, "Bob's press")
	id, ok := strings.CutPrefix(strings.TrimSuffix(r.location, "#status"), "/games/")
	if !ok {
		t.Fatalf("the second press goes to %q, want a game", r.location)
	}
	g, err := store.Game(context.Background(), id)
	if err != nil || g.Record.Options.Size != 6 || !g.Rated {
		t.Errorf("the quick game = %+v, %v; want a rated 6×6 game", g, err)
	}
}

// storeRatedGame stores a rated game of kind (size, clock) between host
// (White) and guest, four plies or none, and ends it with the host
// resigning, through the store alone: many games quickly.
func storeRatedGame(t *testing.T, st club.Store, id, host, guest string, size int, clock string) {
	t.Helper()
	tc, _ := club.ParseTimeControl(clock)
	g := &club.Game{ID: id, PlayerID: host, Opponent: club.Online, Human: game.White, Level: "easy",
		Record: game.Game{Options: game.Options{Size: size, Start: game.Cross}}, HintPly: -1, HintSquare: game.Pass,
		TimeControl: tc, Rated: true}
	r := &club.Room{ID: "room" + id, Token: "tok" + id, Host: host, Guest: guest, HostColor: game.White, Round: 1, Public: true}
	ctx := context.Background()
	if err := st.CreateRoom(ctx, r, g); err != nil {
		t.Fatal(err)
	}
	g.Status, g.Resigned = club.Over, game.White
	if err := st.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
}

// gzipped returns a page's size as the server sends it gzipped.
func gzipped(t *testing.T, base, path, lang string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", base+path, nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the transport leaves the body as it came
	req.Header.Set("Accept-Language", lang)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s: %d, %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	return len(body)
}

// TestRatingPageWeights fills the profile, the list and the lobby to
// their bounds (every kind of rating with its whole graph and the recent
// games; the whole list, in long names; the lobby's 20 challenges, each
// with its maker's rating, and 20 games) and weighs them gzipped, in
// every language.
func TestRatingPageWeights(t *testing.T) {
	ts, st := onlineServer(t, nil)
	ctx := context.Background()
	players := make([]string, 40)
	for i := range players {
		players[i] = fmt.Sprintf("player%02d%032d", i, i)[:32]
		if err := st.CreatePlayer(ctx, players[i]); err != nil {
			t.Fatal(err)
		}
		n := fmt.Sprintf("名前のとても長いプレイヤー%02d_abcdef", i) // 20 characters, 3 bytes most
		if err := st.SetName(ctx, players[i], club.Name(n)); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, size := range []int{6, 8, 10} {
		for _, clock := range []string{"5+3", "3d"} {
			for i := range play.HistoryPoints {
				n++
				storeRatedGame(t, st, fmt.Sprintf("g%015d", n), players[1+i%39], players[0], size, clock)
			}
		}
	}
	for i := 2; i < 40; i += 2 {
		n++
		storeRatedGame(t, st, fmt.Sprintf("g%015d", n), players[i], players[i+1], 8, "5+3")
	}
	// The lobby full too: 20 challenges of named, rated makers, 20 games.
	for i := range 20 {
		tc, _ := club.ParseTimeControl("15+10")
		if err := st.MakeChallenge(ctx, &club.Challenge{ID: fmt.Sprintf("c%015d", i), PlayerID: players[i], Size: 10,
			Clock: tc, Color: game.White, Rated: true}); err != nil {
			t.Fatal(err)
		}
		g := &club.Game{ID: fmt.Sprintf("l%015d", i), PlayerID: players[20+i], Opponent: club.Online, Human: game.White,
			Level: "easy", Record: game.Game{Options: game.Options{Size: 10, Start: game.Cross}}, HintPly: -1,
			HintSquare: game.Pass, TimeControl: tc, Rated: true}
		r := &club.Room{ID: fmt.Sprintf("lr%014d", i), Token: fmt.Sprintf("lt%014d", i), Host: players[20+i],
			Guest: players[39-i], HostColor: game.White, Round: 1, Public: true}
		if err := st.CreateRoom(ctx, r, g); err != nil {
			t.Fatal(err)
		}
	}
	profile := views.ProfileURL(club.Name(fmt.Sprintf("名前のとても長いプレイヤー%02d_abcdef", 0)))
	c := newClient(t, ts.URL)
	if page := c.get(profile).body; strings.Count(page, "<tr>") < 6*(play.HistoryPoints+1) || strings.Count(page, "<li>") < play.RecentGames {
		t.Fatalf("the full profile is not full:\n%s", page)
	}
	if page := c.get("/players").body; strings.Count(page, "data-rating") != 40 {
		t.Fatalf("the full list holds %d players, want 40", strings.Count(page, "data-rating"))
	}
	for _, lang := range []string{"en", "fr", "ja"} {
		for _, path := range []string{profile, "/players", "/lobby"} {
			size := gzipped(t, ts.URL, path, lang)
			what := map[string]string{profile: "the profile", "/players": "the list", "/lobby": "the lobby"}[path]
			t.Logf("%s in %s, gzipped: %d bytes", what, lang, size)
			if size > 4096 {
				t.Errorf("%s in %s is %d bytes gzipped, over 4096", what, lang, size)
			}
		}
	}
}

// FuzzPlayersPages: no name, size or speed gives a 500; a profile is 200
// or 404, and so is the list.
func FuzzPlayersPages(f *testing.F) {
	for _, seed := range [][3]string{
		{"Ann", "8", "live"}, {"me", "", ""}, {"%00", "6", "correspondence"}, {"ＡＮＮ", "10", ""},
		{"a/b", "08", "blitz"}, {strings.Repeat("x", 300), "-1", "LIVE"}, {"", "", ""}, {"%zz", "8 ", "live "},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	a := newApp(f)
	if err := a.store.CreatePlayer(context.Background(), testPlayer); err != nil {
		f.Fatal(err)
	}
	if err := a.store.SetName(context.Background(), testPlayer, "Ann"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name, size, speed string) {
		a.t = t
		for _, target := range []string{"/players/" + url.PathEscape(name),
			"/players?" + url.Values{"size": {size}, "speed": {speed}}.Encode()} {
			w := a.do("GET", target, nil, nil)
			if w.Code != http.StatusOK && w.Code != http.StatusNotFound && w.Code != http.StatusMovedPermanently {
				t.Errorf("GET %s = %d", target, w.Code)
			}
		}
	})
}
