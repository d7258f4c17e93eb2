// Package loadtest plays real games against a running Reversi server
// through its HTML forms and cookies, as many browsers at once, and
// reports moves per second, latency per kind of request, and errors: the
// engine of the "reversi loadtest" command, and of the crash test. Some of
// its players may solve endgame puzzles instead (puzzles.go).
package loadtest

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrUsage is what [Command] returns when its arguments are wrong, once it
// has printed its usage.
var ErrUsage = errors.New("loadtest: wrong arguments")

// Command is the loadtest command: it parses args as its flags, plays real games against a running server through its HTML
// forms and cookies, as many browsers at once, and reports moves per second,
// latency per kind of request, and errors. It fails on any 5xx, lost move
// or connection error.
func Command(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	base := fs.String("url", "", "the server's base URL, e.g. http://localhost:8080 (required)")
	players := fs.Int("players", 32, "players playing at once, each with its own cookies")
	duration := fs.Duration("duration", 20*time.Second, "how long to play")
	computer := fs.Float64("computer", 0.2, "share of games played against the computer (the rest are local two-player games)")
	level := fs.String("level", "easy", "the computer's level, as the new-game form names it (reversi help gtp lists them)")
	size := fs.Int("size", 8, "board size: 6, 8 or 10")
	hard := fs.Int("hard", 0, "extra players who only play the Hard computer, to load the search pool")
	think := fs.Duration("think", 0, "mean pause before each move, as a person thinks (0: none, full speed)")
	procs := fs.Int("procs", 1, "cores the load generator may use at once (GOMAXPROCS); one leaves the rest to a server on the same machine")
	puzzles := fs.Int("puzzles", 0, "extra players who solve endgame puzzles: open one, answer it with a legal square (pausing -think first), read the verdict, go on to the next; with them -players may be 0")
	lobby := fs.Int("lobby", 0, "extra players who pair through the lobby's quick pairing ("+lobbyQuickPool+") and play clocked games against each other, waiting on the long poll for the other's move; with them -players may be 0")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi loadtest -url URL [-players N] [-duration D] [-computer F] [-level L] [-size N] [-hard N] [-think D] [-procs N] [-puzzles N] [-lobby N]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *base == "" || fs.NArg() != 0 || *players < 0 || *players == 0 && *puzzles < 1 && *lobby < 1 ||
		*puzzles < 0 || *lobby < 0 || *duration <= 0 || *procs < 1 {
		fs.Usage()
		return ErrUsage
	}
	u, err := url.Parse(*base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("url %q: want http://host:port", *base)
	}
	// A generator that competes with the server for its cores measures
	// its own scheduling as much as the server's latency.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(*procs))
	cfg := Config{Base: strings.TrimSuffix(*base, "/"), Computer: *computer, Level: *level, Size: *size, Hard: *hard, Think: *think, Puzzles: *puzzles, Lobby: *lobby}
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	st := Run(ctx, cfg, *players, 1)
	st.Report(stdout)
	return st.Err()
}

// Config says what games the players start.
type Config struct {
	Base     string  // the server's base URL, without a trailing slash
	Computer float64 // share of games against the computer
	Level    string
	Size     int
	// Hard players, beyond the others, play only against the Hard level.
	Hard int
	// Puzzles players, beyond the others and the Hard ones, solve endgame
	// puzzles instead of playing games.
	Puzzles int
	// Lobby players, beyond all the others, pair through the lobby and
	// play clocked games against each other (lobby.go).
	Lobby int
	// Think is the mean pause before each move or puzzle answer (uniform
	// in [0, 2×Think]).
	Think time.Duration
	// Acked, when set, is told of every move the server answered with its
	// 303: the game's id and the ply the game then stood at, at least.
	Acked func(id string, ply int)
}

// Request kinds, as reported.
const (
	kindNew      = "new game"
	kindLocal    = "move, two players"
	kindComputer = "move, with computer reply"
	kindHard     = "move, with Hard's reply"
	kindPage     = "game page"
	// A puzzle answer: the POST alone, and the POST with the GET of the
	// verdict its 303 leads to, which is what a person waits for. The
	// verdicts' GETs count among the puzzle pages too.
	kindAnswer        = "puzzle answer"
	kindAnswerVerdict = "puzzle answer and verdict"
	kindPuzzlePage    = "puzzle page"
)

// kinds are the request kinds in the report's order.
var kinds = []string{kindNew, kindLocal, kindComputer, kindHard, kindPage, kindAnswer, kindAnswerVerdict, kindPuzzlePage,
	kindQuick, kindLobbyMove, kindLobbyPage, kindLobbyWait}

// Stats gathers what the players saw.
type Stats struct {
	mu           sync.Mutex
	start        time.Time
	elapsed      time.Duration
	latencies    map[string][]time.Duration
	Moves        int // moves answered with 303
	Games        int
	Finished     int
	ServerErrors int           // 5xx answers
	Lost         int           // moves answered but missing from the next page
	ConnErrors   int           // requests that got no answer: refused, reset or dropped connections
	Unchecked    int           // moves answered whose next page could not be read before the run ended
	Other        int           // anything else unexpected: refused moves, bad pages
	Throttled    int           // 429 answers, waited out and sent again
	Waited       time.Duration // spent waiting out 429s, all players together
	Players      int           // players that played, Hard and puzzle ones included
	FirstErrors  []string
	// The puzzle players': answers answered with 303, those the verdict
	// said were right, answers answered but missing from the progress that
	// the verdict's page shows, and answers whose verdict could not be read
	// before the run ended.
	Answers, RightAnswers, LostAnswers, UncheckedAnswers int
	puzzlers                                             int
	// LobbyMoves are the lobby players' moves, among Moves.
	LobbyMoves int
	lobbyists  int
}

func (st *Stats) observe(kind string, d time.Duration) {
	st.mu.Lock()
	st.latencies[kind] = append(st.latencies[kind], d)
	st.mu.Unlock()
}

func (st *Stats) fail(counter *int, format string, args ...any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	*counter++
	if len(st.FirstErrors) < 10 {
		st.FirstErrors = append(st.FirstErrors, fmt.Sprintf(format, args...))
	}
}

// Run runs players (and cfg.Hard players of Hard games, and cfg.Puzzles
// puzzle players) until ctx ends and returns what they saw. Player i draws
// its choices from a source seeded with seed and i.
func Run(ctx context.Context, cfg Config, players int, seed uint64) *Stats {
	st := &Stats{start: time.Now(), latencies: make(map[string][]time.Duration),
		Players: players + cfg.Hard + cfg.Puzzles + cfg.Lobby, puzzlers: cfg.Puzzles, lobbyists: cfg.Lobby}
	var wg sync.WaitGroup
	for i := range players + cfg.Hard + cfg.Puzzles + cfg.Lobby {
		wg.Go(func() {
			c := cfg
			if i >= players {
				c.Computer, c.Level = 1, "hard"
			}
			p := newPlayer(c, st, rand.New(rand.NewPCG(seed, uint64(i))))
			if i >= players+cfg.Hard+cfg.Puzzles {
				p.playLobby(ctx)
			} else if i >= players+cfg.Hard {
				p.solvePuzzles(ctx)
			} else {
				p.play(ctx)
			}
			p.client.CloseIdleConnections()
		})
	}
	wg.Wait()
	st.elapsed = time.Since(st.start)
	return st
}

func (st *Stats) Report(w io.Writer) {
	st.mu.Lock()
	defer st.mu.Unlock()
	secs := st.elapsed.Seconds()
	fmt.Fprintf(w, "%d games started, %d finished, in %.1fs\n", st.Games, st.Finished, secs)
	for _, kind := range kinds {
		l := st.latencies[kind]
		if len(l) == 0 {
			continue
		}
		slices.Sort(l)
		fmt.Fprintf(w, "%-26s n=%-7d p50=%-9v p95=%-9v p99=%-9v max=%v\n", kind, len(l),
			pct(l, 50), pct(l, 95), pct(l, 99), l[len(l)-1].Round(time.Microsecond))
	}
	if st.puzzlers > 0 {
		fmt.Fprintf(w, "puzzles: %d answers (%d right) in %.1fs: %.1f answers/s; %d lost answers",
			st.Answers, st.RightAnswers, secs, float64(st.Answers)/secs, st.LostAnswers)
		if st.UncheckedAnswers > 0 {
			fmt.Fprintf(w, ", %d not checked (the run ended before their verdict could be read)", st.UncheckedAnswers)
		}
		fmt.Fprintln(w)
	}
	if st.lobbyists > 0 {
		l := st.latencies[kindLobbyMove]
		fmt.Fprintf(w, "lobby: %d moves in clocked games in %.1fs: %.1f moves/s", st.LobbyMoves, secs, float64(st.LobbyMoves)/secs)
		if len(l) > 0 {
			fmt.Fprintf(w, "; move p99 %v", pct(l, 99)) // sorted above
		}
		fmt.Fprintln(w)
	}
	for _, e := range st.FirstErrors {
		fmt.Fprintln(w, "error:", e)
	}
	fmt.Fprintf(w, "errors: %d server errors (5xx), %d lost moves, %d connection errors, %d other; %d requests throttled (429) and retried\n",
		st.ServerErrors, st.Lost, st.ConnErrors, st.Other, st.Throttled)
	if st.Unchecked > 0 {
		fmt.Fprintf(w, "%d answered moves could not be checked: the run ended before their page could be read again\n", st.Unchecked)
	}
	if st.Throttled > 0 {
		// Waiting players send nothing: the load was lighter by this much.
		fmt.Fprintf(w, "throttled players waited %.1fs in all, %.0f%% of the players' time\n",
			st.Waited.Seconds(), 100*st.Waited.Seconds()/(secs*float64(max(st.Players, 1))))
	}
	fmt.Fprintf(w, "%d moves in %.1fs: %.1f moves/s\n", st.Moves, secs, float64(st.Moves)/secs)
}

// Err returns an error when the run saw a server error, a lost move or
// answer, or a request that got no answer.
func (st *Stats) Err() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ServerErrors+st.Lost+st.ConnErrors+st.LostAnswers == 0 {
		return nil
	}
	err := fmt.Sprintf("%d server errors, %d lost moves, %d connection errors", st.ServerErrors, st.Lost, st.ConnErrors)
	if st.LostAnswers > 0 {
		err += fmt.Sprintf(", %d lost puzzle answers", st.LostAnswers)
	}
	return errors.New(err)
}

// pct returns the p-th percentile of sorted durations, nearest rank.
func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(i-1, 0)].Round(time.Microsecond)
}

// player is one browser: its own cookie jar and its own game.
type player struct {
	cfg    Config
	st     *Stats
	rng    *rand.Rand
	client *http.Client
	// zr and buf are reused for every page. The transport's own gzip
	// handling made a reader, with its 32 KB window, for each one.
	zr  *gzip.Reader
	buf bytes.Buffer
	// lastPost is how long the last POST took to be answered, its last
	// try if it was throttled.
	lastPost time.Duration
}

func newPlayer(cfg Config, st *Stats, rng *rand.Rand) *player {
	jar, _ := cookiejar.New(nil)
	return &player{cfg: cfg, st: st, rng: rng, client: &http.Client{
		Jar: jar,
		// A connection of its own, kept alive, as a browser has. Sharing
		// the default transport, which keeps two idle connections per
		// host, had most requests of 32 players open a new one.
		Transport: http.DefaultTransport.(*http.Transport).Clone(),
		Timeout:   60 * time.Second,
		// Follow no redirect: every 303 is checked and timed on its own.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// play plays games one after another until ctx ends.
func (p *player) play(ctx context.Context) {
	for ctx.Err() == nil {
		vsComputer := p.rng.Float64() < p.cfg.Computer
		id, err := p.newGame(ctx, vsComputer)
		if err != nil {
			continue
		}
		if p.playGame(ctx, id, vsComputer) {
			p.st.mu.Lock()
			p.st.Finished++
			p.st.mu.Unlock()
		}
	}
}

var gameLocation = regexp.MustCompile(`^/games/([A-Za-z0-9_-]+)`)

func (p *player) newGame(ctx context.Context, vsComputer bool) (string, error) {
	form := url.Values{
		"opponent": {"local"}, "color": {"black"}, "level": {p.cfg.Level},
		"size": {strconv.Itoa(p.cfg.Size)}, "start": {"cross"},
		"show_moves": {"on"}, "allow_undo": {"on"}, "confirm": {"yes"},
	}
	if vsComputer {
		form.Set("opponent", "computer")
		form.Set("color", []string{"black", "white"}[p.rng.IntN(2)])
	}
	resp, err := p.post(ctx, kindNew, "/games", form)
	if err != nil {
		return "", err
	}
	m := gameLocation.FindStringSubmatch(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || m == nil {
		return "", p.unexpected("POST /games", resp)
	}
	p.st.mu.Lock()
	p.st.Games++
	p.st.mu.Unlock()
	return m[1], nil
}

// playGame plays random legal moves in game id until it ends, ctx ends or
// something goes wrong; it reports whether the game ended.
func (p *player) playGame(ctx context.Context, id string, vsComputer bool) bool {
	kind := kindLocal
	switch {
	case vsComputer && p.cfg.Level == "hard":
		kind = kindHard
	case vsComputer:
		kind = kindComputer
	}
	path := "/games/" + id
	page, err := p.page(ctx, path)
	if err != nil {
		return false
	}
	for ctx.Err() == nil {
		if len(page.moves) == 0 {
			return true // over: nothing left to press
		}
		if p.cfg.Think > 0 {
			select {
			case <-time.After(time.Duration(p.rng.Int64N(int64(2 * p.cfg.Think)))):
			case <-ctx.Done():
				return false
			}
		}
		move := page.moves[p.rng.IntN(len(page.moves))]
		resp, err := p.post(ctx, kind, path+"/moves", url.Values{"move": {move}, "ply": {strconv.Itoa(page.ply)}})
		if err != nil {
			return false
		}
		if resp.StatusCode != http.StatusSeeOther {
			p.unexpected("POST "+path+"/moves "+move, resp)
			return false
		}
		p.st.mu.Lock()
		p.st.Moves++
		p.st.mu.Unlock()
		if p.cfg.Acked != nil {
			p.cfg.Acked(id, page.ply+1)
		}
		next, err := p.pageAgain(ctx, path)
		if err != nil {
			if errors.Is(err, errUnchecked) {
				p.st.mu.Lock()
				p.st.Unchecked++
				p.st.mu.Unlock()
			}
			return false
		}
		if next.ply <= page.ply {
			p.st.fail(&p.st.Lost, "game %s: move %s at ply %d was answered, but the page stands at ply %d", id, move, page.ply, next.ply)
			return false
		}
		page = next
	}
	return false
}

// errConn marks a request that got no answer; errUnchecked a page that
// could not be read before the run ended.
var (
	errConn      = errors.New("no answer")
	errUnchecked = errors.New("run ended before the page could be read")
)

// pageAgain reads the page that follows an answered move. A server that
// went away (crashed, say) may come back: it tries again, waiting longer
// each time, until it reads the page or the run ends, so that the check
// for a lost move is made after the reconnection rather than skipped.
func (p *player) pageAgain(ctx context.Context, path string) (*gamePage, error) {
	body, _, err := p.getAgain(ctx, kindPage, path)
	if err != nil {
		return nil, err
	}
	page := parseGamePage(body)
	return &page, nil
}

// getAgain is get, tried again after a connection error as pageAgain
// says.
func (p *player) getAgain(ctx context.Context, kind, path string) ([]byte, time.Duration, error) {
	wait := 20 * time.Millisecond
	for {
		body, d, err := p.get(ctx, kind, path)
		if err == nil || !errors.Is(err, errConn) {
			return body, d, err
		}
		select {
		case <-time.After(wait):
			wait = min(2*wait, time.Second)
		case <-ctx.Done():
			return nil, 0, errUnchecked
		}
	}
}

// gamePage is what a player reads off a game page.
type gamePage struct {
	ply   int
	moves []string // the legal move buttons: squares, or "pass"
}

// parseGamePage reads the ply and the legal move buttons off a game
// page. It scans with bytes.Index rather than a regular expression: the
// load generator shares the machine with the server, and every cycle it
// spends is one the server does not get.
func parseGamePage(body []byte) gamePage {
	var page gamePage
	const plyAttr = `name="ply" value="`
	if i := bytes.Index(body, []byte(plyAttr)); i >= 0 {
		rest := body[i+len(plyAttr):]
		if j := bytes.IndexByte(rest, '"'); j >= 0 {
			page.ply, _ = strconv.Atoi(string(rest[:j]))
		}
	}
	const button = `<button name="move" value="`
	for rest := body; ; {
		i := bytes.Index(rest, []byte(button))
		if i < 0 {
			break
		}
		rest = rest[i+len(button):]
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			break
		}
		// Every empty square is enabled, legal or not; the legal moves
		// carry the ring (class "lg"), and pass is the pass button.
		quote := bytes.IndexByte(rest[:end], '"')
		attrs := rest[max(quote, 0):end]
		if quote >= 0 && !bytes.Contains(attrs, []byte(" disabled")) &&
			(bytes.Contains(attrs, []byte(`class="lg`)) || string(rest[:quote]) == "pass") {
			page.moves = append(page.moves, string(rest[:quote]))
		}
		rest = rest[end:]
	}
	return page
}

func (p *player) page(ctx context.Context, path string) (*gamePage, error) {
	body, _, err := p.get(ctx, kindPage, path)
	if err != nil {
		return nil, err
	}
	page := parseGamePage(body)
	return &page, nil
}

// get reads the page at path, timed as kind, and returns its body (in a
// buffer that the next read reuses) and how long it took. Anything but
// 200 is an error.
func (p *player) get(ctx context.Context, kind, path string) ([]byte, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.cfg.Base+path, nil)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Accept-Encoding", "gzip") // as a browser does; read below
	t0 := time.Now()
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, 0, p.transportError("GET "+path, ctx, err)
	}
	body, err := p.read(resp.Body, resp.Header.Get("Content-Encoding") == "gzip")
	resp.Body.Close()
	if err != nil {
		return nil, 0, p.transportError("GET "+path, ctx, err)
	}
	d := time.Since(t0)
	p.st.observe(kind, d)
	if resp.StatusCode != http.StatusOK {
		return nil, d, p.unexpected("GET "+path, resp)
	}
	return body, d, nil
}

// read returns what r holds, decompressed if gzipped, in a buffer that the
// next read reuses.
func (p *player) read(r io.Reader, gzipped bool) ([]byte, error) {
	p.buf.Reset()
	if gzipped {
		if p.zr == nil {
			zr, err := gzip.NewReader(r)
			if err != nil {
				return nil, err
			}
			p.zr = zr
		} else if err := p.zr.Reset(r); err != nil {
			return nil, err
		}
		r = p.zr
	}
	_, err := p.buf.ReadFrom(r)
	return p.buf.Bytes(), err
}

// post sends a form. Like a polite browser, it waits out a 429 for as
// long as Retry-After says and sends the form again. The answer's body is
// read and dropped.
func (p *player) post(ctx context.Context, kind, path string, form url.Values) (*http.Response, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.cfg.Base+path, strings.NewReader(form.Encode()))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		t0 := time.Now()
		resp, err := p.client.Do(req)
		if err != nil {
			return nil, p.transportError("POST "+path, ctx, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		p.lastPost = time.Since(t0)
		p.st.observe(kind, p.lastPost)
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		wait, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		t1 := time.Now()
		select {
		case <-time.After(time.Duration(max(wait, 1)) * time.Second):
		case <-ctx.Done():
		}
		p.st.mu.Lock()
		p.st.Throttled++
		p.st.Waited += time.Since(t1)
		p.st.mu.Unlock()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
}

// transportError counts a request that got no answer, unless it failed
// because the run's time was up, and marks it with errConn.
func (p *player) transportError(what string, ctx context.Context, err error) error {
	if ctx.Err() == nil {
		p.st.fail(&p.st.ConnErrors, "%s: %v", what, err)
	}
	return fmt.Errorf("%s: %w: %w", what, errConn, err)
}

func (p *player) unexpected(what string, resp *http.Response) error {
	counter := &p.st.Other
	if resp.StatusCode >= 500 {
		counter = &p.st.ServerErrors
	}
	p.st.fail(counter, "%s: %s", what, resp.Status)
	return errors.New(resp.Status)
}
