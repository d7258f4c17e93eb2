package handlers

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// The lobby through the real handlers over HTTP, one cookie jar a player.

func TestNames(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, bob := newClient(t, ts.URL), newClient(t, ts.URL)
	page := ann.want(ann.get("/players/me"), http.StatusOK, "the player's page").body
	for _, want := range []string{`name="name"`, `action="/players/me"`, `<label for="name">`, "Anonymous", "3 to 20 characters"} {
		if !strings.Contains(page, want) {
			t.Errorf("the player's page lacks %q", want)
		}
	}
	r := ann.want(ann.post("/players/me", url.Values{"name": {"Ann_1"}}), http.StatusSeeOther, "a name")
	if r.location != "/players/me#status" {
		t.Errorf("Location %q, want /players/me#status", r.location)
	}
	if body := ann.get("/players/me").body; !strings.Contains(body, "Your name is Ann_1.") {
		t.Errorf("the page after naming does not say the name:\n%s", body)
	}
	for _, tt := range []struct {
		name, sentence string
		code           int
	}{
		{"ANN_1", "That name is taken", http.StatusConflict},
		{"Ａｎｎ_1", "That name is taken", http.StatusConflict},
		{"<b>bob</b>", "only letters, digits", http.StatusUnprocessableEntity},
		{"bo", "from 3 to 20 characters", http.StatusUnprocessableEntity},
		{"Admin", "kept by the site", http.StatusUnprocessableEntity},
		{"expert", "kept by the site", http.StatusUnprocessableEntity},
	} {
		r := bob.post("/players/me", url.Values{"name": {tt.name}})
		if r.code != tt.code || !strings.Contains(r.body, tt.sentence) || !strings.Contains(r.body, `value="`+escape(tt.name)+`"`) {
			t.Errorf("name %q: status %d, want %d with %q and the value again\n%s", tt.name, r.code, tt.code, tt.sentence, r.body)
		}
	}
}

func escape(s string) string {
	return strings.NewReplacer("<", "&lt;", ">", "&gt;").Replace(s)
}

// challenge makes a challenge for b and returns its waiting page's path.
func challenge(t *testing.T, b *client, form url.Values) string {
	t.Helper()
	r := b.want(b.post("/lobby", form), http.StatusSeeOther, "make a challenge")
	path, ok := strings.CutSuffix(r.location, "#status")
	if !ok || !strings.HasPrefix(path, "/lobby/challenges/") {
		t.Fatalf("Location %q, want a waiting page", r.location)
	}
	return path
}

func TestLobbyChallengeAccepted(t *testing.T) {
	broker := club.NewBroker()
	ts, _ := onlineServer(t, func(c *testConfig) { c.Play.Notifier = broker; c.Heartbeat = 50 * time.Millisecond })
	ann, bob, cat := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	lobby := ann.want(ann.get("/lobby"), http.StatusOK, "the lobby").body
	for _, want := range []string{`action="/lobby"`, `name="size"`, `name="clock"`, `name="color"`, `name="rated"`,
		`value="1&#43;0"`, `value="15&#43;10"`, `value="7d"`, `value="none"`, `value="random"`, "Nobody is waiting"} {
		if !strings.Contains(lobby, want) {
			t.Errorf("the lobby lacks %q", want)
		}
	}
	// An anonymous player's rated challenge is refused; a casual one is made.
	r := ann.want(ann.post("/lobby", url.Values{"size": {"8"}, "clock": {"1+0"}, "color": {"black"}, "rated": {"on"}}),
		http.StatusUnprocessableEntity, "a rated challenge from an anonymous player")
	if !strings.Contains(r.body, "Rated games are for players with a name") {
		t.Errorf("the refusal does not say why:\n%s", r.body)
	}
	ann.want(ann.post("/lobby", url.Values{"size": {"7"}, "clock": {"1+0"}}), http.StatusBadRequest, "a size not offered")
	ann.want(ann.post("/players/me", url.Values{"name": {"Ann"}}), http.StatusSeeOther, "a name")
	wait := challenge(t, ann, url.Values{"size": {"8"}, "clock": {"1+0"}, "color": {"black"}, "rated": {"on"}})
	// A rated challenge is for named players: Bob and Cat take names.
	bob.want(bob.post(wait+"/accept", nil), http.StatusUnprocessableEntity, "an anonymous accept of a rated challenge")
	bob.want(bob.post("/players/me", url.Values{"name": {"Bob"}}), http.StatusSeeOther, "a name")
	cat.want(cat.post("/players/me", url.Values{"name": {"Cat"}}), http.StatusSeeOther, "a name")
	page := ann.want(ann.get(wait), http.StatusOK, "the waiting page").body
	for _, want := range []string{`data-events="` + wait + `/events"`, `href="` + wait + `?wait=1#status"`, `action="` + wait + `/cancel"`, "Check now"} {
		if !strings.Contains(page, want) {
			t.Errorf("the waiting page lacks %q\n%s", want, page)
		}
	}
	bob.want(bob.get(wait), http.StatusNotFound, "another player's waiting page")

	// Bob sees it listed with one button; Ann cannot accept her own.
	accept := wait + "/accept"
	list := bob.want(bob.get("/lobby"), http.StatusOK, "the lobby").body
	if !strings.Contains(list, `action="`+accept+`"`) || !strings.Contains(list, "Ann") || !strings.Contains(list, "1 min &#43; 0 s") {
		t.Errorf("the lobby does not list Ann's challenge:\n%s", list)
	}
	r = ann.want(ann.post(accept, nil), http.StatusUnprocessableEntity, "accepting one's own")
	if !strings.Contains(r.body, "your own challenge") {
		t.Errorf("no sentence:\n%s", r.body)
	}

	// Ann's page waits on the stream; Bob's accept ends it with the game.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+wait+"/events", nil)
	resp, err := ann.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	waitUntil(t, func() bool {
		return broker.Waiting(club.ChallengeKey(strings.TrimPrefix(wait, "/lobby/challenges/"))) > 0
	}, "the stream to listen")

	// Bob and Cat race: one wins, the other gets 409.
	var wg sync.WaitGroup
	got := make([]response, 2)
	for i, b := range []*client{bob, cat} {
		wg.Go(func() { got[i] = b.post(accept, nil) })
	}
	wg.Wait()
	var gamePath string
	var winner, loser *client
	for i, r := range got {
		switch r.code {
		case http.StatusSeeOther:
			gamePath = strings.TrimSuffix(r.location, "#status")
			winner, loser = []*client{bob, cat}[i], []*client{bob, cat}[1-i]
		case http.StatusConflict:
			if !strings.Contains(r.body, "no longer open") {
				t.Errorf("the losing accept has no sentence:\n%s", r.body)
			}
		default:
			t.Fatalf("accept: status %d\n%s", r.code, r.body)
		}
	}
	if winner == nil || got[0].code == got[1].code {
		t.Fatalf("accepts answered %d and %d, want one 303 and one 409", got[0].code, got[1].code)
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if line, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			if line != gamePath+"#status" {
				t.Errorf("the stream sent %q, want %s#status", line, gamePath)
			}
			break
		}
	}
	// Without the script: the waiting page sends Ann to the same game.
	if r := ann.get(wait); r.code != http.StatusSeeOther || r.location != gamePath+"#status" {
		t.Errorf("the waiting page after the accept: %d to %q, want 303 to %s", r.code, r.location, gamePath)
	}
	ann.want(ann.get(gamePath), http.StatusOK, "Ann's game")
	winner.want(winner.get(gamePath), http.StatusOK, "the acceptor's game")

	// The loser watches: the page, read-only; every POST is refused 403.
	watched := loser.want(loser.get(gamePath), http.StatusOK, "a spectator's view").body
	if m := buttonPattern.FindAllStringSubmatch(watched, -1); len(m) > 0 {
		for _, b := range m {
			if !strings.Contains(b[2], "disabled") {
				t.Errorf("a spectator's board has an enabled button %q", b[0])
				break
			}
		}
	}
	for _, path := range []string{"/moves", "/resign", "/again", "/settings", "/undo"} {
		r := loser.post(gamePath+path, url.Values{"move": {"d3"}, "ply": {"0"}})
		if r.code != http.StatusForbidden || !strings.Contains(r.body, "only its two players") {
			t.Errorf("a spectator's POST %s: %d, want 403 with a sentence", path, r.code)
		}
	}
	if list := loser.get("/lobby").body; !strings.Contains(list, `href="`+gamePath+`"`) || strings.Contains(list, accept) {
		t.Errorf("the lobby does not link the game, or still lists the challenge:\n%s", list)
	}
}

func TestLobbyCancelAndQuick(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, bob := newClient(t, ts.URL), newClient(t, ts.URL)
	wait := challenge(t, ann, url.Values{"size": {"10"}, "clock": {"3d"}, "color": {"random"}})
	bob.want(bob.post(wait+"/cancel", nil), http.StatusNotFound, "cancelling another's challenge")
	r := ann.want(ann.post(wait+"/cancel", nil), http.StatusSeeOther, "cancel")
	if r.location != "/lobby#status" {
		t.Errorf("Location %q after cancel", r.location)
	}
	bob.want(bob.post(wait+"/accept", nil), http.StatusConflict, "accepting a cancelled challenge")

	// The home page offers three pools; two presses of one meet.
	home := ann.want(ann.get("/"), http.StatusOK, "home").body
	for _, pool := range []string{"3+2", "5+3", "10+5"} {
		if !strings.Contains(home, `<form method="post" action="/lobby/quick"><input type="hidden" name="clock" value="`+strings.ReplaceAll(pool, "+", "&#43;")+`">`) {
			t.Errorf("home lacks the %s pool", pool)
		}
	}
	if !strings.Contains(home, `href="/lobby"`) {
		t.Error("home does not link the lobby")
	}
	r = ann.want(ann.post("/lobby/quick", url.Values{"clock": {"3+2"}}), http.StatusSeeOther, "first quick press")
	quickWait := strings.TrimSuffix(r.location, "#status")
	if !strings.HasPrefix(quickWait, "/lobby/challenges/") {
		t.Fatalf("the first press goes to %q, want a waiting page", r.location)
	}
	if strings.Contains(bob.get("/lobby").body, quickWait) {
		t.Error("the lobby lists a quick pairing")
	}
	r = bob.want(bob.post("/lobby/quick", url.Values{"clock": {"3+2"}}), http.StatusSeeOther, "second quick press")
	if !strings.HasPrefix(r.location, "/games/") {
		t.Fatalf("the second press goes to %q, want a game", r.location)
	}
	if w := ann.get(quickWait); w.code != http.StatusSeeOther || w.location != r.location {
		t.Errorf("Ann's wait answers %d to %q, want the game %s", w.code, w.location, r.location)
	}
	bob.want(bob.post("/lobby/quick", url.Values{"clock": {"2+1"}}), http.StatusBadRequest, "a pool not offered")
}

func TestInviteGamesStayPrivate(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, third := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, _ := newOnline(t, host)
	third.want(third.get(gamePath), http.StatusForbidden, "a third browser on an invite game")
}

// TestLobbyGoldenPages holds the lobby's page, full of challenges and
// games, in each language to its golden file and under 4 KB gzipped.
func TestLobbyGoldenPages(t *testing.T) {
	a := newApp(t)
	ctx := context.Background()
	st := a.store
	names := []club.Name{"Ann", "", "Bérénice", "", "ゆうき", "Zoë_77", "", "Olek-3", "", "Tomás"}
	challenge := func(i int) {
		tc, _ := club.ParseTimeControl(club.TimeControls()[i%len(club.TimeControls())])
		c := &club.Challenge{ID: "challenge" + string(rune('a'+i)) + "aaaaaa", PlayerID: "player" + string(rune('a'+i)), Size: []int{6, 8, 10}[i%3],
			Clock: tc, Color: []game.Color{game.Empty, game.Black, game.White}[i%3]}
		if err := st.MakeChallenge(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	for i, n := range names {
		p := "player" + string(rune('a'+i))
		if err := st.CreatePlayer(ctx, p); err != nil {
			t.Fatal(err)
		}
		if n != "" {
			if err := st.SetName(ctx, p, n); err != nil {
				t.Fatal(err)
			}
		}
		challenge(i)
	}
	// Five games being played: five challenges accepted.
	for i := range 5 {
		id := "challenge" + string(rune('a'+i)) + "aaaaaa"
		host := "player" + string(rune('a'+i))
		guest := "player" + string(rune('a'+9-i))
		tc, _ := club.ParseTimeControl("3+2")
		g := &club.Game{ID: "livegame" + string(rune('a'+i)) + "aaaaaaa", PlayerID: host, Opponent: club.Online, Human: game.Black,
			Level: "normal", Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Playing,
			HintPly: -1, HintSquare: game.Pass, TimeControl: tc, Clock: club.Clock{Black: tc.Start(), White: tc.Start(), Since: time.Now()}}
		r := &club.Room{ID: "room" + string(rune('a'+i)), Token: "token" + string(rune('a'+i)), Host: host, Guest: guest,
			HostColor: game.Black, Round: 1, Public: true}
		if err := st.AcceptChallenge(ctx, id, time.Now().Add(-time.Hour), r, g); err != nil {
			t.Fatal(err)
		}
	}
	// Accepting closed the guests' own challenges; they make them again,
	// in the same order, for the list of open ones.
	for i := 5; i < 10; i++ {
		challenge(i)
	}
	for _, lang := range []string{"", "fr", "ja"} {
		name := "lobby"
		path := "/lobby"
		var cookie *http.Cookie
		if lang != "" {
			name += "-" + lang
			cookie = a.inLanguage(lang)
		}
		t.Run(name, func(t *testing.T) {
			w := a.do("GET", path, nil, cookie)
			if w.Code != http.StatusOK {
				t.Fatalf("GET %s = %d", path, w.Code)
			}
			size := gzipSize(t, a, path, cookie)
			t.Logf("%s (%s): %d bytes gzipped", path, name, size)
			if size > 4096 {
				t.Errorf("GET %s: %d bytes gzipped, want at most 4096", path, size)
			}
			golden(t, name, []byte(stableAssets(w.Body.String())))
		})
	}
}
