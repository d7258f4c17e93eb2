package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"reversi/db/postgres"
	"reversi/db/postgres/pgtest"
)

// TestSeveralServers runs three real servers on one PostgreSQL database
// behind a round-robin reverse proxy, and two players in an online game
// whose every request goes to the next server. It checks that each page
// shows the move that another server has just answered, that an event
// stream and a long poll on one server wake for a move made on another,
// that killing a server (SIGKILL) and starting it again loses nothing,
// that cutting every database connection gives 503s, never a 500, and
// that the servers and their listeners recover by themselves,
// that "play again" answered by both players at the same moment on two
// servers starts exactly one round, and that every game replays by the
// rules at the end.
func TestSeveralServers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs three server binaries; skipped in -short mode")
	}
	dbURL := pgtest.NewDatabase(t)
	bin := buildServer(t)
	// All three start at once: one applies the migrations and stores the
	// session key, the others wait for it and read it.
	servers := make([]*pgServer, 3)
	var wg sync.WaitGroup
	for i := range servers {
		servers[i] = newPGServer(t, i, bin, dbURL)
		wg.Go(servers[i].start)
	}
	wg.Wait()
	for _, s := range servers {
		s.waitReady(t)
	}
	proxy := newRoundRobin(servers)
	front := httptest.NewServer(proxy)
	defer front.Close()

	host, guest := newPlayer(t, front.URL, "host"), newPlayer(t, front.URL, "guest")
	r := host.must(host.post("/games", url.Values{"opponent": {"online"}, "color": {"black"}, "level": {"easy"},
		"size": {"6"}, "start": {"cross"}, "show_moves": {"on"}, "confirm": {"yes"}}), http.StatusSeeOther, "new online game")
	gamePath := strings.TrimSuffix(r.location, "#status")
	m := regexp.MustCompile(`<textarea id="invite-link"[^>]*>([^<]+)</textarea>`).FindStringSubmatch(
		host.must(host.get(gamePath), http.StatusOK, "host's page").body)
	if m == nil {
		t.Fatal("the host's page has no invite link")
	}
	invite, err := url.Parse(m[1])
	if err != nil || invite.Host != strings.TrimPrefix(front.URL, "http://") {
		t.Fatalf("invite link %q does not point at the proxy %s", m[1], front.URL)
	}
	guest.must(guest.post(invite.Path, url.Values{}), http.StatusSeeOther, "take the seat")

	players := []*player{host, guest} // host is Black, who moves first
	var games []string
	for round := 1; round <= 2; round++ {
		games = append(games, gamePath)
		playRound(t, dbURL, gamePath, players, servers, proxy, round == 1)
		if round == 2 {
			break
		}
		gamePath = playAgain(t, dbURL, gamePath, players)
	}
	checkReplays(t, dbURL, games)
	for i := range servers {
		t.Logf("server %d answered %d requests", i, proxy.served[i].Load())
	}
}

// playRound plays a whole game, one move at a time by whoever is to move.
// In the first round it also checks the live updates across servers and
// kills and restarts a server.
func playRound(t *testing.T, dbURL, gamePath string, players []*player, servers []*pgServer, proxy *roundRobin, faults bool) {
	t.Helper()
	for turn := 0; ; turn++ {
		if turn > 100 {
			t.Fatal("the game did not end in 100 turns")
		}
		var mover, waiter *player
		var page gamePage
		for i, p := range players {
			page = parseGamePage([]byte(p.must(p.get(gamePath), http.StatusOK, "game page").body))
			if len(page.moves) > 0 {
				mover, waiter = p, players[1-i]
				break
			}
		}
		if mover == nil {
			return // over
		}
		form := url.Values{"move": {page.moves[0]}, "ply": {strconv.Itoa(page.ply)}}
		switch {
		case faults && turn == 2:
			// The waiter's event stream on one server sees the move
			// made on the next one. A long poll, sent straight to the
			// third server, wakes too.
			link := waiter.waitingLink(gamePath)
			stream := waiter.stream(gamePath)
			third := servers[(stream.backend+2)%len(servers)]
			poll := waiter.longPoll("http://"+third.addr, gamePath, link)
			r := mover.must(mover.post(gamePath+"/moves", form), http.StatusSeeOther, "move")
			if r.backend == stream.backend || r.backend == third.index {
				t.Fatalf("the move went to server %d; the stream is on %d, the long poll on %d", r.backend, stream.backend, third.index)
			}
			start := time.Now()
			stream.waitChange(t)
			t.Logf("stream on server %d woke %v after the move on server %d was answered", stream.backend, time.Since(start), r.backend)
			if pr := <-poll; pr.code != http.StatusOK || parseGamePage([]byte(pr.body)).ply != page.ply+1 {
				t.Errorf("long poll on server %d answered %d at ply %d, want 200 at %d", third.index, pr.code, parseGamePage([]byte(pr.body)).ply, page.ply+1)
			}
		case faults && turn == 4:
			// The waiter's stream is on a server that is killed: the
			// stream breaks, the script opens it again through the
			// proxy, on another server, and hears of the move.
			stream := waiter.stream(gamePath)
			killed := servers[stream.backend]
			killed.kill(t)
			stream.waitEnd()
			stream = waiter.stream(gamePath)
			mover.must(mover.post(gamePath+"/moves", form), http.StatusSeeOther, "move while a server is down")
			stream.waitChange(t)
			// Two more turns on the two servers left, then the killed
			// one comes back on the same address.
			for range 2 {
				if !playOne(t, gamePath, players) {
					break
				}
			}
			before := proxy.served[killed.index].Load()
			killed.start()
			killed.waitReady(t)
			for range 3 {
				if !playOne(t, gamePath, players) {
					break
				}
			}
			if proxy.served[killed.index].Load() == before {
				t.Errorf("the restarted server %d answered no request", killed.index)
			}
		case faults && turn == 6:
			// Every connection to the database is cut, as a restart of
			// PostgreSQL does, while the waiter's stream is open: pools
			// and listeners alike. Requests answer 503 (never 500) or
			// succeed, and the servers recover by themselves; the move
			// goes through, and the stream hears of it even if its
			// server's listener was still reconnecting when it was
			// committed (the reconnection wakes every waiter).
			stream := waiter.stream(gamePath)
			cutConnections(t, dbURL)
			unavailable := 0
			r := mover.retry(func() answer { return mover.post(gamePath+"/moves", form) }, &unavailable)
			mover.must(r, http.StatusSeeOther, "move after the connections were cut")
			stream.waitChange(t)
			for range len(servers) {
				waiter.must(waiter.retry(func() answer { return waiter.get(gamePath) }, &unavailable), http.StatusOK, "page after the cut")
			}
			t.Logf("after the cut: %d answers 503, then served again", unavailable)
		default:
			mover.must(mover.post(gamePath+"/moves", form), http.StatusSeeOther, "move")
		}
		// The very next page, from the next server, shows the move.
		if got := parseGamePage([]byte(waiter.must(waiter.get(gamePath), http.StatusOK, "page after a move").body)).ply; got <= page.ply {
			t.Fatalf("after the move at ply %d was answered, the next page shows ply %d", page.ply, got)
		}
	}
}

// cutConnections ends every session on the test's database.
func cutConnections(t *testing.T, dbURL string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	u, _ := url.Parse(dbURL)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1`,
		strings.TrimPrefix(u.Path, "/")).Scan(&n); err != nil {
		t.Fatal(err)
	}
	t.Logf("cut %d connections", n)
}

// playOne plays the next move, if the game is not over.
func playOne(t *testing.T, gamePath string, players []*player) bool {
	t.Helper()
	for _, p := range players {
		page := parseGamePage([]byte(p.must(p.get(gamePath), http.StatusOK, "game page").body))
		if len(page.moves) > 0 {
			p.must(p.post(gamePath+"/moves", url.Values{"move": {page.moves[0]}, "ply": {strconv.Itoa(page.ply)}}), http.StatusSeeOther, "move")
			return true
		}
	}
	return false
}

var versionField = regexp.MustCompile(`name="v" value="(\d+)"`)

// playAgain has both players answer "play again" at the same moment,
// through the proxy and so on two servers, and checks that exactly one
// round starts. It returns the new round's game.
func playAgain(t *testing.T, dbURL, gamePath string, players []*player) string {
	t.Helper()
	forms := make([]url.Values, len(players))
	for i, p := range players {
		m := versionField.FindStringSubmatch(p.must(p.get(gamePath), http.StatusOK, "result page").body)
		if m == nil {
			t.Fatalf("%s's result page has no play-again form", p.name)
		}
		forms[i] = url.Values{"v": {m[1]}, "sides": {"switch"}}
	}
	next := make([]string, len(players))
	backends := make([]int, len(players))
	errs := make([]error, len(players))
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Go(func() {
			<-ready
			for try := 0; try < 5; try++ {
				r := p.post(gamePath+"/again", forms[i])
				if r.err != nil {
					errs[i] = r.err
					return
				}
				backends[i] = r.backend
				switch r.code {
				case http.StatusSeeOther:
					next[i] = strings.TrimSuffix(r.location, "#status")
					return
				case http.StatusConflict:
					// The other answer came first: as a player would,
					// read the page again and answer again, unless the
					// page now leads to the new round.
					g := p.get(gamePath)
					if g.err != nil {
						errs[i] = g.err
						return
					}
					m := versionField.FindStringSubmatch(g.body)
					if m == nil {
						next[i] = "" // no form: the round has started
						return
					}
					forms[i].Set("v", m[1])
				default:
					errs[i] = fmt.Errorf("play again: status %d\n%s", r.code, r.body)
					return
				}
			}
			errs[i] = errors.New("play again: still refused after 5 tries")
		})
	}
	close(ready)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if backends[0] == backends[1] {
		t.Logf("both answers went to server %d", backends[0])
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var roomID, newGame string
	var round, games int
	id := strings.TrimPrefix(gamePath, "/games/")
	if err := conn.QueryRow(ctx, `SELECT r.id, r.round, r.game_id, (SELECT count(*) FROM games g WHERE g.room_id = r.id)
		FROM rooms r JOIN games g ON g.room_id = r.id WHERE g.id = $1`, id).Scan(&roomID, &round, &newGame, &games); err != nil {
		t.Fatal(err)
	}
	if round != 2 || games != 2 || newGame == id {
		t.Fatalf("after both answered at once: room %s at round %d with %d games, current %s; want round 2, 2 games, a new one",
			roomID, round, games, newGame)
	}
	for i, p := range players {
		if next[i] != "" && next[i] != "/games/"+newGame && next[i] != gamePath {
			t.Errorf("%s was sent to %s, want the new round /games/%s or the old page", p.name, next[i], newGame)
		}
	}
	return "/games/" + newGame
}

// checkReplays checks every stored game: over, and replaying by the rules.
func checkReplays(t *testing.T, dbURL string, played []string) {
	t.Helper()
	ctx := context.Background()
	s, err := postgres.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, path := range played {
		g, err := s.Game(ctx, strings.TrimPrefix(path, "/games/"))
		if err != nil {
			t.Fatal(err)
		}
		b, err := g.Record.Board()
		if err != nil {
			t.Errorf("game %s does not replay: %v", g.ID, err)
			continue
		}
		if !b.Over() {
			t.Errorf("game %s is not over after being played out", g.ID)
		}
		t.Logf("game %s: %s", g.ID, g.Record.Transcript())
	}
}

// pgServer is one app server process on the shared database; it can be
// killed and started again on the same address.
type pgServer struct {
	index   int
	bin     string
	dbURL   string
	addr    string
	logPath string
	cmd     *exec.Cmd
	done    chan struct{}
}

func newPGServer(t *testing.T, index int, bin, dbURL string) *pgServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s := &pgServer{index: index, bin: bin, dbURL: dbURL, addr: addr,
		logPath: filepath.Join(t.TempDir(), "server.log")}
	t.Cleanup(func() {
		if s.cmd != nil {
			s.cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			b, _ := os.ReadFile(s.logPath)
			t.Logf("server %d's log:\n%s", s.index, b)
		}
	})
	return s
}

// start starts the process. REVERSI_SESSION_KEY is left out of its
// environment: the servers must agree on the key in the database.
func (s *pgServer) start() {
	logf, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		panic(err)
	}
	defer logf.Close()
	cmd := exec.Command(s.bin, "-addr", s.addr, "-db", s.dbURL, "-move-rate", "-1", "-game-rate", "-1")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "REVERSI_SESSION_KEY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	s.cmd, s.done = cmd, make(chan struct{})
	go func() { cmd.Wait(); close(s.done) }()
}

// waitReady waits until the server answers.
func (s *pgServer) waitReady(t *testing.T) {
	t.Helper()
	for range 400 {
		select {
		case <-s.done:
			b, _ := os.ReadFile(s.logPath)
			t.Fatalf("server %d exited at start:\n%s", s.index, b)
		default:
		}
		resp, err := http.Get("http://" + s.addr + "/")
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("server %d did not answer on %s", s.index, s.addr)
}

func (s *pgServer) kill(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-s.done
	s.cmd = nil
}

// roundRobin is the reverse proxy: each request goes to the next server.
// A server that refuses the connection (down) is skipped for the next
// one, which is safe since the request never reached it. Responses are
// flushed at once, for event streams, and name the server that answered
// in X-Backend, for the test.
type roundRobin struct {
	servers []*pgServer
	next    atomic.Uint64
	served  []atomic.Int64
}

func newRoundRobin(servers []*pgServer) *roundRobin {
	return &roundRobin{servers: servers, served: make([]atomic.Int64, len(servers))}
}

func (p *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	first := int(p.next.Add(1) - 1)
	for try := range p.servers {
		k := (first + try) % len(p.servers)
		refused := false
		rp := &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(&url.URL{Scheme: "http", Host: p.servers[k].addr})
				pr.SetXForwarded()
				pr.Out.Host = pr.In.Host // links the app writes name the proxy
			},
			FlushInterval: -1, // event streams: every write goes out at once
			ModifyResponse: func(resp *http.Response) error {
				p.served[k].Add(1)
				resp.Header.Set("X-Backend", strconv.Itoa(k))
				return nil
			},
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				if errors.Is(err, syscall.ECONNREFUSED) {
					refused = true
					return
				}
				http.Error(w, "bad gateway", http.StatusBadGateway)
			},
		}
		out := r.Clone(r.Context())
		out.Body = io.NopCloser(bytes.NewReader(body))
		rp.ServeHTTP(w, out)
		if !refused {
			return
		}
	}
	http.Error(w, "no server answers", http.StatusBadGateway)
}

// player is one browser, going through the proxy; it follows no redirect.
type player struct {
	t    *testing.T
	name string
	base string
	c    *http.Client
}

func newPlayer(t *testing.T, base, name string) *player {
	jar, _ := cookiejar.New(nil)
	return &player{t: t, name: name, base: base, c: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

type answer struct {
	code     int
	location string
	body     string
	backend  int
	err      error
}

func (p *player) do(req *http.Request) answer {
	resp, err := p.c.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	backend, _ := strconv.Atoi(resp.Header.Get("X-Backend"))
	return answer{resp.StatusCode, resp.Header.Get("Location"), string(body), backend, err}
}

func (p *player) get(path string) answer {
	req, _ := http.NewRequest("GET", p.base+path, nil)
	return p.do(req)
}

func (p *player) post(path string, form url.Values) answer {
	req, _ := http.NewRequest("POST", p.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return p.do(req)
}

// must checks an answer's status.
func (p *player) must(a answer, code int, what string) answer {
	p.t.Helper()
	if a.err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, what, a.err)
	}
	if a.code != code {
		p.t.Fatalf("%s: %s: status %d from server %d, want %d\n%s", p.name, what, a.code, a.backend, code, a.body)
	}
	return a
}

// retry sends a request again while it is answered 503, as a player
// would press reload, a few times at most, and counts the 503s.
func (p *player) retry(send func() answer, unavailable *int) answer {
	a := send()
	for try := 0; a.err == nil && a.code == http.StatusServiceUnavailable && try < 10; try++ {
		*unavailable++
		a = send()
	}
	return a
}

// eventsLink is the event stream's address on a waiting page.
var eventsLink = regexp.MustCompile(`data-events="([^"]+)"`)

// waitingLink reads the stream's address off the waiting player's page.
func (p *player) waitingLink(gamePath string) string {
	p.t.Helper()
	m := eventsLink.FindStringSubmatch(p.must(p.get(gamePath), http.StatusOK, "waiting page").body)
	if m == nil {
		p.t.Fatalf("%s's waiting page links no event stream", p.name)
	}
	return strings.ReplaceAll(m[1], "&amp;", "&")
}

// eventStream is an open event stream.
type eventStream struct {
	backend int
	lines   chan string
}

// stream opens the event stream of the waiting page, as the page's script
// does, and returns once the server has answered.
func (p *player) stream(gamePath string) *eventStream {
	p.t.Helper()
	link := p.waitingLink(gamePath)
	ctx, cancel := context.WithCancel(context.Background())
	p.t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", p.base+link, nil)
	resp, err := (&http.Client{Jar: p.c.Jar}).Do(req) // no timeout: a stream
	if err != nil {
		p.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		p.t.Fatalf("event stream: status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	backend, _ := strconv.Atoi(resp.Header.Get("X-Backend"))
	s := &eventStream{backend: backend, lines: make(chan string, 16)}
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	if first := <-s.lines; !strings.HasPrefix(first, ":") {
		p.t.Fatalf("event stream began with %q, want a comment", first)
	}
	return s
}

// waitChange waits for the stream's change event; the test's deadline
// bounds the wait.
func (s *eventStream) waitChange(t *testing.T) {
	t.Helper()
	for l := range s.lines {
		if l == "event: change" {
			return
		}
	}
	t.Fatal("the event stream ended without a change event")
}

// waitEnd waits until the stream has ended.
func (s *eventStream) waitEnd() {
	for range s.lines {
	}
}

// longPoll starts the long poll of the waiting page whose stream link is
// link, on the server at base, and returns where its answer will arrive.
// The player's cookies go there too: a cookie jar ignores ports.
func (p *player) longPoll(base, gamePath, link string) <-chan answer {
	_, query, _ := strings.Cut(link, "?")
	ch := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest("GET", base+gamePath+"?"+query, nil)
		ch <- p.do(req)
	}()
	return ch
}

// gamePage is what a player reads off a game page.
type gamePage struct {
	ply   int
	moves []string // the legal moves: squares, or "pass"
}

var (
	plyField   = regexp.MustCompile(`name="ply" value="(\d+)"`)
	moveButton = regexp.MustCompile(`<button name="move" value="([a-j][0-9]{1,2}|pass)"([^>]*)>`)
)

func parseGamePage(body []byte) gamePage {
	var p gamePage
	if m := plyField.FindSubmatch(body); m != nil {
		p.ply, _ = strconv.Atoi(string(m[1]))
	}
	for _, m := range moveButton.FindAllSubmatch(body, -1) {
		// Every empty square of the player to move is enabled (an illegal
		// one is refused with a reason); the legal ones carry the ring,
		// class lg.
		if !bytes.Contains(m[2], []byte("disabled")) && (string(m[1]) == "pass" || bytes.Contains(m[2], []byte(`class="lg`))) {
			p.moves = append(p.moves, string(m[1]))
		}
	}
	return p
}
