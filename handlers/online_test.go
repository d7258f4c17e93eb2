package handlers

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/internal/testkit"
	"reversi/play"
)

// onlineServer serves the app over real HTTP, for event streams and long
// polls; mod may change the config first.
func onlineServer(t *testing.T, mod func(*testConfig)) (*httptest.Server, *sqlite.Store) {
	return onlineServerTimeout(t, mod, 0)
}

// onlineServerTimeout is onlineServer with the http.Server's WriteTimeout.
func onlineServerTimeout(t *testing.T, mod func(*testConfig), writeTimeout time.Duration) (*httptest.Server, *sqlite.Store) {
	ts, store, _ := onlineApp(t, mod, writeTimeout)
	return ts, store
}

// onlineApp is onlineServerTimeout that also returns the app's Server.
func onlineApp(t *testing.T, mod func(*testConfig), writeTimeout time.Duration) (*httptest.Server, *sqlite.Store, *Server) {
	t.Helper()
	store, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "online.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cfg := testConfig{Config: Config{}, Play: play.Config{Store: store, Choose: testkit.FirstMove[ai.Level], Hint: testkit.FirstHint}}
	if mod != nil {
		mod(&cfg)
	}
	srv := newTestServer(t, cfg)
	ts := httptest.NewUnstartedServer(srv.Routes())
	ts.Config.WriteTimeout = writeTimeout
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, store, srv
}

// client is one player's browser, as plain HTTP: its own cookie jar; it follows no
// redirect by itself.
type client struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newClient(t *testing.T, base string) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: base, c: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

type response struct {
	code     int
	location string
	body     string
}

func (b *client) get(path string) response {
	b.t.Helper()
	resp, err := b.c.Get(b.base + path)
	if err != nil {
		b.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return response{resp.StatusCode, resp.Header.Get("Location"), string(body)}
}

func (b *client) post(path string, form url.Values) response {
	b.t.Helper()
	resp, err := b.c.PostForm(b.base+path, form)
	if err != nil {
		b.t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return response{resp.StatusCode, resp.Header.Get("Location"), string(body)}
}

func (b *client) want(r response, code int, what string) response {
	b.t.Helper()
	if r.code != code {
		b.t.Fatalf("%s: status %d, want %d\n%s", what, r.code, code, r.body)
	}
	return r
}

var (
	invitePattern = regexp.MustCompile(`id="invite-link" readonly rows="3" spellcheck="false">([^<]+)</textarea>`)
	eventsPattern = regexp.MustCompile(`data-events="([^"]+)"`)
	plyPattern    = regexp.MustCompile(`name="ply" value="(\d+)"`)
	buttonPattern = regexp.MustCompile(`<button name="move" value="([a-j][0-9]{1,2}|pass)"([^>]*)>`)
)

// page reads the ply and the legal move buttons of a game page.
func readPage(body string) (ply string, moves []string) {
	if m := plyPattern.FindStringSubmatch(body); m != nil {
		ply = m[1]
	}
	for _, m := range buttonPattern.FindAllStringSubmatch(body, -1) {
		// Every empty square is enabled (an illegal one is refused with a
		// reason); the legal moves carry the ring, class lg.
		if !strings.Contains(m[2], "disabled") && (m[1] == "pass" || strings.Contains(m[2], "lg")) {
			moves = append(moves, m[1])
		}
	}
	return ply, moves
}

// newOnline has host start a 6×6 online game as Black and returns the game
// path and the invite path.
// seatedGuest has host start an online game and guest take the seat, and
// returns the game's path and the event stream's URL path that the
// guest's waiting page links.
func seatedGuest(t *testing.T, host, guest *client) (gamePath, events string) {
	t.Helper()
	gamePath, invite := newOnline(t, host)
	guest.want(guest.post(invite, url.Values{}), http.StatusSeeOther, "take the seat")
	body := guest.want(guest.get(gamePath), http.StatusOK, "guest waits").body
	m := eventsPattern.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("guest's waiting page has no stream:\n%s", body)
	}
	return gamePath, strings.ReplaceAll(m[1], "&amp;", "&")
}

func newOnline(t *testing.T, host *client, kv ...string) (string, string) {
	t.Helper()
	form := url.Values{"opponent": {"online"}, "color": {"black"}, "level": {"easy"}, "size": {"6"},
		"start": {"cross"}, "show_moves": {"on"}, "confirm": {"yes"}}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Set(kv[i], kv[i+1])
	}
	r := host.want(host.post("/games", form), http.StatusSeeOther, "create online game")
	gamePath := strings.TrimSuffix(r.location, "#status")
	body := host.want(host.get(gamePath), http.StatusOK, "host's game page").body
	m := invitePattern.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("host's page has no invite link:\n%s", body)
	}
	u, err := url.Parse(m[1])
	if err != nil || u.Host == "" || !strings.HasPrefix(u.Path, "/join/") {
		t.Fatalf("invite link %q is not an absolute /join/ URL", m[1])
	}
	if token := strings.TrimPrefix(u.Path, "/join/"); len(token) < 22 {
		t.Fatalf("invite token %q is shorter than 128 bits", token)
	}
	return gamePath, u.Path
}

func TestOnlineInviteJoinAndTurns(t *testing.T) {
	ts, store := onlineServer(t, nil)
	host, guest, third := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, invite := newOnline(t, host)
	id := strings.TrimPrefix(gamePath, "/games/")
	transcript := func() string {
		g, err := store.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return g.Record.Transcript()
	}

	// Before the guest comes, the host cannot move, and the page shows
	// neither legal moves nor whose move it is.
	host.want(host.post(gamePath+"/moves", url.Values{"move": {"b3"}, "ply": {"0"}}), http.StatusConflict, "move before the guest joins")
	if body := host.get(gamePath).body; strings.Contains(body, `class="lg`) || strings.Contains(body, "to move") {
		t.Errorf("the waiting host's page shows legal moves or a side to move:\n%s", body)
	}

	// The invite page offers the seat; taking it binds it to the guest.
	if body := guest.want(guest.get(invite), http.StatusOK, "invite page").body; !strings.Contains(body, "Take the seat") {
		t.Fatalf("invite page offers no seat:\n%s", body)
	}
	r := guest.want(guest.post(invite, url.Values{}), http.StatusSeeOther, "take the seat")
	if !strings.HasPrefix(r.location, gamePath) {
		t.Fatalf("after joining, Location = %q, want %s", r.location, gamePath)
	}
	guest.want(guest.get(gamePath), http.StatusOK, "guest's game page")
	// The host opening the invite is sent to the game.
	host.want(host.get(invite), http.StatusSeeOther, "host opens the invite")

	// A third browser sees that the room is full and can do nothing.
	if body := third.want(third.get(invite), http.StatusOK, "third visitor's invite page").body; !strings.Contains(body, "already has two players") || strings.Contains(body, "Take the seat") {
		t.Errorf("third visitor's invite page does not say the room is full:\n%s", body)
	}
	third.want(third.post(invite, url.Values{}), http.StatusConflict, "third visitor takes a seat")
	third.want(third.get(gamePath), http.StatusForbidden, "third visitor opens the game")
	third.want(third.post(gamePath+"/moves", url.Values{"move": {"b3"}, "ply": {"0"}}), http.StatusForbidden, "third visitor moves")

	// Black (host) moves; White may not move out of turn or from an old page.
	guest.want(guest.post(gamePath+"/moves", url.Values{"move": {"c2"}, "ply": {"0"}}), http.StatusConflict, "guest moves out of turn")
	host.want(host.post(gamePath+"/moves", url.Values{"move": {"b3"}, "ply": {"0"}}), http.StatusSeeOther, "host's first move")
	host.want(host.post(gamePath+"/moves", url.Values{"move": {"e4"}, "ply": {"0"}}), http.StatusConflict, "host's stale move")
	guest.want(guest.post(gamePath+"/moves", url.Values{"move": {"a1"}, "ply": {"1"}}), http.StatusUnprocessableEntity, "guest's illegal move")
	if got := transcript(); got != "b3" {
		t.Fatalf("after refused moves, transcript = %q, want b3", got)
	}
	host.want(host.post(gamePath+"/undo", url.Values{"ply": {"1"}}), http.StatusConflict, "undo online")
	host.want(host.post(gamePath+"/hint", url.Values{"ply": {"1"}}), http.StatusConflict, "hint online")
}

// TestOnlineLiveUpdates checks both ways that a waiting player hears of the
// other's move: the event stream and the long poll.
//
// The server's write timeout is short here: the stream must outlive it.
func TestOnlineLiveUpdates(t *testing.T) {
	writeTimeout := time.Second // longer than any page takes on a loaded machine
	if testing.Short() {
		writeTimeout = 400 * time.Millisecond
	}
	broker := club.NewBroker()
	ts, _ := onlineServerTimeout(t, func(c *testConfig) { c.Play.Notifier = broker; c.Heartbeat = 50 * time.Millisecond }, writeTimeout)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, invite := newOnline(t, host)
	id := strings.TrimPrefix(gamePath, "/games/")
	guest.want(guest.post(invite, url.Values{}), http.StatusSeeOther, "take the seat")
	host.want(host.post(gamePath+"/moves", url.Values{"move": {"b3"}, "ply": {"0"}}), http.StatusSeeOther, "host's move")

	// The host now waits for White: the page says so and links the stream.
	body := host.want(host.get(gamePath), http.StatusOK, "host waits").body
	m := eventsPattern.FindStringSubmatch(body)
	if m == nil || !strings.Contains(body, "Waiting for White") {
		t.Fatalf("waiting page has no event stream or no words:\n%s", body)
	}
	events := strings.ReplaceAll(m[1], "&amp;", "&")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+events, nil)
	resp, err := host.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" || resp.Header.Get("Content-Encoding") != "" {
		t.Fatalf("stream Content-Type %q, Content-Encoding %q; want text/event-stream, not compressed", ct, resp.Header.Get("Content-Encoding"))
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	// Heartbeats keep coming after the write timeout has passed.
	streamStart := time.Now()
	for time.Since(streamStart) < 2*writeTimeout {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the stream ended after %v, within the write timeout's reach", time.Since(streamStart))
			}
			_ = l
		case <-ctx.Done():
			t.Fatal("no heartbeat on the event stream")
		}
	}
	sawHeartbeat := false
	for !sawHeartbeat {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the stream ended")
			}
			sawHeartbeat = l == ": heartbeat"
		case <-ctx.Done():
			t.Fatal("no heartbeat after the write timeout")
		}
	}

	// A long poll waits as well; the guest's move ends both.
	polled := make(chan response, 1)
	waiting := broker.Waiting(id)
	go func() {
		u := strings.TrimPrefix(events, gamePath+"/events")
		polled <- host.get(gamePath + u)
	}()
	waitUntil(t, func() bool { return broker.Waiting(id) > waiting }, "the long poll to wait")
	_, moves := readPage(guest.want(guest.get(gamePath), http.StatusOK, "guest's page").body)
	if len(moves) == 0 {
		t.Fatal("the guest has no move to play")
	}
	guest.want(guest.post(gamePath+"/moves", url.Values{"move": {moves[0]}, "ply": {"1"}}), http.StatusSeeOther, "guest's move")
	for got := ""; got != "event: change"; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the stream ended without a change event")
			}
			got = l
		case <-ctx.Done():
			t.Fatal("no change event after the guest's move")
		}
	}
	if l := <-lines; !strings.HasPrefix(l, "data: "+gamePath) {
		t.Errorf("change event data = %q, want the game's address", l)
	}
	select {
	case r := <-polled:
		if r.code != http.StatusOK || !strings.Contains(r.body, `name="ply" value="2"`) {
			t.Errorf("long poll answered %d without ply 2:\n%s", r.code, r.body)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the long poll did not return after the guest's move")
	}
}

// TestOnlineStreamEndsWithClient checks that an event stream lets go of its
// subscription when the client goes away.
func TestOnlineStreamEndsWithClient(t *testing.T) {
	broker := club.NewBroker()
	ts, _ := onlineServer(t, func(c *testConfig) { c.Play.Notifier = broker })
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, events := seatedGuest(t, host, guest)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+events, nil)
	resp, err := guest.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(gamePath, "/games/")
	if got := broker.Waiting(id); got != 1 {
		t.Errorf("while streaming, waiting = %d, want 1", got)
	}
	cancel()
	resp.Body.Close()
	waitUntil(t, func() bool { return broker.Waiting(id) == 0 }, "the stream to end after the client left")
}

// playOut plays random legal moves (the first button) for whoever is to
// move until the game ends.
func playOut(t *testing.T, gamePath string, players ...*client) {
	t.Helper()
	for turn := 0; turn < 200; turn++ {
		moved := false
		for _, p := range players {
			ply, moves := readPage(p.want(p.get(gamePath), http.StatusOK, "game page").body)
			if len(moves) == 0 {
				continue
			}
			p.want(p.post(gamePath+"/moves", url.Values{"move": {moves[0]}, "ply": {ply}}), http.StatusSeeOther, "move")
			moved = true
			break
		}
		if !moved {
			return
		}
	}
	t.Fatal("the game did not end in 200 turns")
}

func TestOnlinePlayAgain(t *testing.T) {
	ts, store := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, invite := newOnline(t, host)
	guest.want(guest.post(invite, url.Values{}), http.StatusSeeOther, "take the seat")
	playOut(t, gamePath, host, guest)

	ctx := context.Background()
	g1, err := store.Game(ctx, strings.TrimPrefix(gamePath, "/games/"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g1.Record.Board()
	if !b.Over() {
		t.Fatal("playOut left the game unfinished")
	}
	winner := b.Result().Winner

	// The host asks first; the page then waits for the guest's answer.
	body := host.want(host.get(gamePath), http.StatusOK, "result page").body
	v := regexp.MustCompile(`name="v" value="(\d+)"`).FindStringSubmatch(body)
	if v == nil {
		t.Fatalf("result page has no play-again form:\n%s", body)
	}
	host.want(host.post(gamePath+"/again", url.Values{"v": {v[1]}, "sides": {"switch"}}), http.StatusSeeOther, "host: play again")
	if body := host.get(gamePath).body; !strings.Contains(body, "Waiting for White") {
		t.Errorf("after asking, the host's page does not wait for White:\n%s", body)
	}
	host.want(host.post(gamePath+"/again", url.Values{"v": {v[1]}, "sides": {"switch"}}), http.StatusConflict, "stale play-again form")
	body = guest.want(guest.get(gamePath), http.StatusOK, "guest's result page").body
	v = regexp.MustCompile(`name="v" value="(\d+)"`).FindStringSubmatch(body)
	if v == nil || !strings.Contains(body, "would like to play again") {
		t.Fatalf("guest's page does not show the host's wish:\n%s", body)
	}
	if !strings.Contains(body, `value="switch" checked`) || !strings.Contains(body, "The sides switch unless either of you asks to keep them.") {
		t.Errorf("the host asked to switch: the guest's form does not preselect switch and say what the choice does:\n%s", body)
	}
	r := guest.want(guest.post(gamePath+"/again", url.Values{"v": {v[1]}, "sides": {"switch"}}), http.StatusSeeOther, "guest: play again")
	next := strings.TrimSuffix(r.location, "#status")
	if next == gamePath {
		t.Fatal("both said yes but no new round started")
	}
	// The host's old page points to the new round, and a long poll on it
	// goes there.
	if body := host.get(gamePath).body; !strings.Contains(body, next) {
		t.Errorf("the host's old page has no link to the next round %s", next)
	}
	g2, err := store.Game(ctx, strings.TrimPrefix(next, "/games/"))
	if err != nil {
		t.Fatal(err)
	}
	room, err := store.Room(ctx, g2.RoomID)
	if err != nil {
		t.Fatal(err)
	}
	if g2.Human != game.White || room.Round != 2 {
		t.Errorf("round 2: host plays %v in round %d, want White in round 2 (sides switch)", g2.Human, room.Round)
	}
	wantHost, wantGuest, wantDraws := 0, 0, 0
	switch winner {
	case game.Black:
		wantHost = 1
	case game.White:
		wantGuest = 1
	default:
		wantDraws = 1
	}
	if room.HostWins != wantHost || room.GuestWins != wantGuest || room.Draws != wantDraws {
		t.Errorf("score = %d-%d-%d, want %d-%d-%d", room.HostWins, room.GuestWins, room.Draws, wantHost, wantGuest, wantDraws)
	}
	// Round 2: White (host) now waits for Black (guest), who moves first.
	if body := guest.get(next).body; !strings.Contains(body, "Match score") {
		t.Errorf("round 2 page has no match score:\n%s", body)
	}
	playOut(t, next, host, guest)
	// Either may keep the sides: the host asks to keep them.
	for i, p := range []*client{host, guest} {
		body := p.get(next).body
		v := regexp.MustCompile(`name="v" value="(\d+)"`).FindStringSubmatch(body)
		sides := []string{"keep", "switch"}[i]
		if i == 1 && (!strings.Contains(body, `value="keep" checked`) || strings.Contains(body, `value="switch" checked`) ||
			!strings.Contains(body, "asked to keep the same sides, so they stay as they are whichever you choose")) {
			t.Errorf("the host asked to keep the sides: the guest's form does not preselect keep and say why:\n%s", body)
		}
		r = p.want(p.post(next+"/again", url.Values{"v": {v[1]}, "sides": {sides}}), http.StatusSeeOther, "play again, round 3")
	}
	g3, err := store.Game(ctx, strings.TrimPrefix(strings.TrimSuffix(r.location, "#status"), "/games/"))
	if err != nil {
		t.Fatal(err)
	}
	if g3.ID == g2.ID || g3.Human != game.White {
		t.Errorf("round 3: game %s, host plays %v; want a new game with the host still White", g3.ID, g3.Human)
	}
}

func TestOnlineExpiry(t *testing.T) {
	clock := newClock(time.Now())
	ts, _ := onlineServer(t, func(c *testConfig) { c.Play.RoomTTL = time.Hour; c.Now = clock.now })
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, invite := newOnline(t, host)
	guest.want(guest.get(invite), http.StatusOK, "fresh invite")
	clock.advance(2 * time.Hour)
	if body := guest.want(guest.get(invite), http.StatusGone, "expired invite").body; !strings.Contains(body, "expired") {
		t.Errorf("expired invite page does not say so:\n%s", body)
	}
	guest.want(guest.post(invite, url.Values{}), http.StatusGone, "join an expired room")
	host.want(host.get(gamePath), http.StatusGone, "host opens an expired room")
	// Nor does the home page offer it any more.
	if body := host.want(host.get("/"), http.StatusOK, "host's home page").body; strings.Contains(body, gamePath) {
		t.Errorf("the home page still offers the expired room's game:\n%s", body)
	}
}

func TestOnlineTokenNeverLogged(t *testing.T) {
	var logs bytes.Buffer
	ts, _ := onlineServer(t, func(c *testConfig) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	_, invite := newOnline(t, host)
	guest.get(invite)
	guest.post(invite, url.Values{})
	newClient(t, ts.URL).post(invite, url.Values{})
	token := strings.TrimPrefix(invite, "/join/")
	if strings.Contains(logs.String(), token) {
		t.Errorf("the invite token reached the log:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "/join/") {
		t.Errorf("the joins were not logged at all:\n%s", logs.String())
	}
}

// TestOnlineDrainEndsStreams checks that Drain, which a graceful shutdown
// calls, ends an event stream and a long poll at once.
func TestOnlineDrainEndsStreams(t *testing.T) {
	broker := club.NewBroker()
	ts, _, srv := onlineApp(t, func(c *testConfig) { c.Play.Notifier = broker }, 0)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, events := seatedGuest(t, host, guest)
	done := make(chan string, 2)
	go func() {
		resp, err := guest.c.Get(ts.URL + events)
		if err != nil {
			done <- "stream: " + err.Error()
			return
		}
		io.Copy(io.Discard, resp.Body) // returns when the stream ends
		resp.Body.Close()
		done <- "stream"
	}()
	go func() {
		guest.get(gamePath + strings.TrimPrefix(events, gamePath+"/events"))
		done <- "poll"
	}()
	id := strings.TrimPrefix(gamePath, "/games/")
	waitUntil(t, func() bool { return broker.Waiting(id) == 2 }, "the stream and the long poll to wait")
	srv.Drain()
	for range 2 {
		select {
		case what := <-done:
			t.Logf("%s ended", what)
		case <-time.After(5 * time.Second):
			t.Fatal("Drain did not end the stream and the long poll")
		}
	}
}

// TestOnlineGuestRefusals checks the pages that refuse a guest's move: they
// show the game from the guest's seat, as the request loaded it, with the
// move buttons enabled only on the guest's turn.
func TestOnlineGuestRefusals(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, _ := seatedGuest(t, host, guest)
	const guestHeading = "<h1>You (White) against a friend online</h1>"

	tests := []struct {
		name      string
		before    func()
		form      url.Values
		code      int
		message   string
		wantMoves bool // the guest's move buttons are enabled
	}{
		{"out of turn", nil, url.Values{"move": {"c2"}, "ply": {"0"}}, http.StatusConflict, "It isn&#39;t your turn yet.", false},
		{"stale form", func() {
			host.want(host.post(gamePath+"/moves", url.Values{"move": {"b3"}, "ply": {"0"}}), http.StatusSeeOther, "host's first move")
		}, url.Values{"move": {"c2"}, "ply": {"0"}}, http.StatusConflict, "That board was out of date", true},
		{"illegal move", nil, url.Values{"move": {"a1"}, "ply": {"1"}}, http.StatusUnprocessableEntity, "a1 doesn&#39;t trap any of your opponent&#39;s discs", true},
		{"shared settings", nil, url.Values{"show_moves": {"on"}}, http.StatusForbidden, "Only the player who started this online game can change its settings.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.before != nil {
				tt.before()
			}
			path := gamePath + "/moves"
			if tt.form.Has("show_moves") {
				path = gamePath + "/settings"
			}
			body := guest.want(guest.post(path, tt.form), tt.code, tt.name).body
			if !strings.Contains(body, guestHeading) {
				t.Errorf("refusal page is not the guest's:\n%s", body)
			}
			if !strings.Contains(body, tt.message) {
				t.Errorf("refusal page lacks %q:\n%s", tt.message, body)
			}
			if _, moves := readPage(body); (len(moves) > 0) != tt.wantMoves {
				t.Errorf("enabled move buttons = %v, want enabled: %v", moves, tt.wantMoves)
			}
		})
	}
}
