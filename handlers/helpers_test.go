package handlers

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/db/sqlite"
	"reversi/game"
	"reversi/internal/testkit"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// testKeys are fixed session keys for tests only.
var testKeys = func() [][]byte {
	k, err := SessionKeys(strings.Repeat("test-secret-", 4), "")
	if err != nil {
		panic(err)
	}
	return k
}()

type testApp struct {
	t     testing.TB
	store *sqlite.Store
	srv   *Server
	h     http.Handler
}

func newApp(t testing.TB) *testApp {
	t.Helper()
	store, err := sqlite.Open(context.Background(), migratedDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return newAppWith(t, store, store)
}

func newAppWith(t testing.TB, store *sqlite.Store, s club.Store) *testApp {
	t.Helper()
	return newAppConfig(t, store, func(c *testConfig) { c.Play.Store = s })
}

// testConfig is a test server's configuration: the HTTP layer's, and the
// application's that it is made with.
type testConfig struct {
	Config
	Play play.Config
}

// newTestServer makes the application and the server of cfg. The views,
// the session keys and the logger default to the tests' ones, and the
// application's logger and clock to the server's.
func newTestServer(t testing.TB, cfg testConfig) *Server {
	t.Helper()
	if cfg.Views == nil {
		v, err := testViews()
		if err != nil {
			t.Fatal(err)
		}
		cfg.Views = v
	}
	if cfg.SessionKeys == nil {
		cfg.SessionKeys = testKeys
	}
	if cfg.Logger == nil {
		cfg.Logger = discardLogger()
	}
	if cfg.Play.Logger == nil {
		cfg.Play.Logger = cfg.Logger
	}
	if cfg.Play.Now == nil {
		cfg.Play.Now = cfg.Now
	}
	app, err := play.New(cfg.Play)
	if err != nil {
		t.Fatal(err)
	}
	cfg.App = app
	srv, err := New(cfg.Config)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// newAppConfig makes a test app on store whose configuration mod may
// change.
func newAppConfig(t testing.TB, store *sqlite.Store, mod func(*testConfig)) *testApp {
	t.Helper()
	// No rate limits here: tests and fuzzers play faster than any person.
	cfg := testConfig{
		Config: Config{MoveRate: -1, GameRate: -1, HintRate: -1, NewPlayersPerHour: -1, NewGamesPerHour: -1},
		Play:   play.Config{Store: store, Choose: testkit.FirstMove[ai.Level], Hint: testkit.FirstHint},
	}
	if mod != nil {
		mod(&cfg)
	}
	srv := newTestServer(t, cfg)
	return &testApp{t: t, store: store, srv: srv, h: srv.Routes()}
}

// do sends a request through Routes and returns the recorded response.
func (a *testApp) do(method, target string, form url.Values, cookie *http.Cookie) *httptest.ResponseRecorder {
	a.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(method, target, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, req)
	return w
}

// cookieFrom returns the session cookie that w sets.
func cookieFrom(t testing.TB, w *httptest.ResponseRecorder) *http.Cookie {
	t.Helper()
	for _, c := range w.Result().Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	t.Fatalf("no %s cookie in response (status %d)", cookieName, w.Code)
	return nil
}

var gameLocation = regexp.MustCompile(`^/games/([a-z2-7]{16})#status$`)

// start posts a new game with form values over the defaults, and returns the
// game id and the cookie.
func (a *testApp) start(cookie *http.Cookie, kv ...string) (string, *http.Cookie) {
	a.t.Helper()
	form := url.Values{"opponent": {"computer"}, "color": {"black"}, "level": {"easy"}, "size": {"8"},
		"start": {"cross"}, "show_moves": {"on"}, "allow_undo": {"on"}, "confirm": {"yes"}}
	for i := 0; i+1 < len(kv); i += 2 {
		form.Set(kv[i], kv[i+1])
	}
	w := a.do("POST", "/games", form, cookie)
	if w.Code != http.StatusSeeOther {
		a.t.Fatalf("POST /games = %d, want 303; body:\n%s", w.Code, w.Body)
	}
	m := gameLocation.FindStringSubmatch(w.Header().Get("Location"))
	if m == nil {
		a.t.Fatalf("POST /games Location = %q, want /games/{id}#status", w.Header().Get("Location"))
	}
	if cookie == nil {
		cookie = cookieFrom(a.t, w)
	}
	return m[1], cookie
}

// stored returns the game as the database holds it.
func (a *testApp) stored(id string) *club.Game {
	a.t.Helper()
	g, err := a.store.Game(context.Background(), id)
	if err != nil {
		a.t.Fatal(err)
	}
	return g
}

// put stores a game for player p with the given transcript (passes implied).
func (a *testApp) put(id, p string, opts game.Options, transcript string, mod func(*club.Game)) {
	a.t.Helper()
	rec, err := game.ParseTranscript(opts, transcript)
	if err != nil {
		a.t.Fatal(err)
	}
	ctx := context.Background()
	if err := a.store.CreatePlayer(ctx, p); err != nil {
		a.t.Fatal(err)
	}
	g := &club.Game{ID: id, PlayerID: p, Opponent: club.Computer, Human: game.Black, Level: "easy", Record: *rec,
		Status: club.Playing, Settings: club.Settings{ShowMoves: true, AllowUndo: true}, HintPly: -1, HintSquare: game.Pass}
	if b, _ := rec.Board(); b.Over() {
		g.Status = club.Over
	}
	if mod != nil {
		mod(g)
	}
	if err := a.store.CreateGame(ctx, g); err != nil {
		a.t.Fatal(err)
	}
}

// playerCookie returns a valid session cookie for player id p.
func (a *testApp) playerCookie(p string) *http.Cookie {
	a.t.Helper()
	req := httptest.NewRequest("GET", "/", nil)
	w := httptest.NewRecorder()
	if err := a.srv.savePlayer(ginContext(w, req), p); err != nil {
		a.t.Fatal(err)
	}
	return cookieFrom(a.t, w)
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.html")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file; run go test ./handlers -update and review the diff.\ngot:\n%s", path, got)
	}
}

// waitUntil waits for cond to hold, checking it every few milliseconds,
// and fails the test if it does not within ten seconds.
func waitUntil(t testing.TB, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// clock is a settable time source for Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(t time.Time) *clock { return &clock{t: t} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// migrated is a database with every migration applied, made once per test
// binary: each test starts from a copy of it, which saves running the
// migrations (and their table rebuilds) a hundred times.
var migrated struct {
	once sync.Once
	data []byte
	err  error
}

// migratedDB returns the path of a fresh copy of the migrated database in
// t's temporary folder. Opening it applies nothing: the migrations are
// recorded as applied, and the store checks the schema as it always does.
func migratedDB(t testing.TB) string {
	t.Helper()
	migrated.once.Do(func() {
		dir, err := os.MkdirTemp("", "reversi-template")
		if err != nil {
			migrated.err = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "template.db")
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			migrated.err = err
			return
		}
		if err := st.Close(); err != nil {
			migrated.err = err
			return
		}
		// Close checkpoints the write-ahead log into the file; a log left
		// behind would hold part of the schema.
		if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
			migrated.err = fmt.Errorf("template database left a %d-byte write-ahead log", fi.Size())
			return
		}
		migrated.data, migrated.err = os.ReadFile(path)
	})
	if migrated.err != nil {
		t.Fatal(migrated.err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, migrated.data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// testViews are the templates parsed once for every test server: parsing
// them in each language takes tens of milliseconds, and a Views does not
// change once made.
var testViews = sync.OnceValues(views.New)

// stableAssets replaces the assets' content hashes in page with HASH, so
// that a golden file does not change with every edit of a stylesheet or a
// script.
func stableAssets(page string) string {
	return strings.NewReplacer(static.CSS().Path, "/static/app.HASH.css", static.JS().Path, "/static/board.HASH.js",
		static.Replay().Path, "/static/replay.HASH.js", static.Live().Path, "/static/live.HASH.js").Replace(page)
}
