package loadtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"reversi/club"
	"reversi/db/sqlite"
	"reversi/handlers"
	"reversi/play"
	"reversi/views"
)

// newTestServer serves the real app on a database in a temp directory.
func newTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	store, err := sqlite.Open(context.Background(), filepath.Join(dir, "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	keys, err := handlers.SessionKeys("", filepath.Join(dir, "session-key"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := views.New()
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	app, err := play.New(play.Config{Store: store, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := handlers.New(handlers.Config{App: app, Views: v, SessionKeys: keys, Logger: log})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Routes())
	t.Cleanup(ts.Close)
	return ts
}

func TestLoadtestPlaysRealGames(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	ts := newTestServer(t)
	d := 2 * time.Second
	if testing.Short() {
		d = 500 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	acked := 0
	cfg := Config{Base: ts.URL, Computer: 0.3, Level: "easy", Size: 6, Think: time.Millisecond}
	cfg.Acked = func(string, int) { acked++ } // one player: no race
	st := Run(ctx, cfg, 1, 1)
	var out bytes.Buffer
	st.Report(&out)
	t.Log("\n" + out.String())
	if st.Games == 0 || st.Moves == 0 || acked != st.Moves {
		t.Errorf("games, moves, acked = %d, %d, %d; want games and moves, every move acked", st.Games, st.Moves, acked)
	}
	if st.ServerErrors+st.Lost+st.Other != 0 {
		t.Errorf("errors: %d server, %d lost, %d other: %v", st.ServerErrors, st.Lost, st.Other, st.FirstErrors)
	}
	if !strings.Contains(out.String(), " moves/s") {
		t.Errorf("report has no moves/s line:\n%s", out.String())
	}
}

// fakeGame answers like the game server for new games and pages, each page
// a game at ply 0 with one legal move, and with move for every move.
func fakeGame(move http.HandlerFunc) http.Handler {
	const page = `<form><input type="hidden" name="ply" value="0"><button name="move" value="d3" class="lg">+</button></form>`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/games":
			http.Redirect(w, r, "/games/g1#status", http.StatusSeeOther)
		case r.Method == http.MethodPost:
			move(w, r)
		default:
			io.WriteString(w, page)
		}
	})
}

// TestLoadtestCatchesFaults runs the players against servers that lose
// moves or fail, and checks that the report counts it.
func TestLoadtestCatchesFaults(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	tests := []struct {
		name      string
		moveCode  int
		wantLost  bool
		wantFatal bool
	}{
		{"a move answered but not stored", http.StatusSeeOther, true, false},
		{"a server error", http.StatusInternalServerError, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := httptest.NewServer(fakeGame(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Location", "/games/g1#status")
				w.WriteHeader(tt.moveCode)
			}))
			defer ts.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			st := Run(ctx, Config{Base: ts.URL, Level: "easy", Size: 8}, 2, 1)
			if got := st.Lost > 0; got != tt.wantLost {
				t.Errorf("lost = %d, want some: %v", st.Lost, tt.wantLost)
			}
			if got := st.ServerErrors > 0; got != tt.wantFatal {
				t.Errorf("server errors = %d, want some: %v", st.ServerErrors, tt.wantFatal)
			}
		})
	}
}

// FuzzParseGamePage holds the load test's page scanner to the plain
// regular-expression reading of the same markup.
func FuzzParseGamePage(f *testing.F) {
	f.Add(`<input type="hidden" name="ply" value="12"><button name="move" value="d3" class="lg">+</button>` +
		`<button name="move" value="a1">-</button><button name="move" value="e3" disabled>X</button><button name="move" value="pass" class="main">`)
	f.Add(`<button name="move" value="a1"`)
	f.Add(`name="ply" value="x"`)
	f.Add(`<button name="move" value="><button name="move" value="">`)
	plyField := regexp.MustCompile(`name="ply" value="(\d+)"`)
	button := regexp.MustCompile(`<button name="move" value="([^">]*)"([^>]*)>`)
	f.Fuzz(func(t *testing.T, body string) {
		got := parseGamePage([]byte(body))
		var want gamePage
		if m := plyField.FindStringSubmatch(body); m != nil && strings.Index(body, `name="ply" value="`) == strings.Index(body, m[0]) {
			want.ply, _ = strconv.Atoi(m[1])
		}
		for _, m := range button.FindAllStringSubmatch(body, -1) {
			if !strings.Contains(m[2], " disabled") && (strings.Contains(m[2], `class="lg`) || m[1] == "pass") {
				want.moves = append(want.moves, m[1])
			}
		}
		if got.ply != want.ply || !slices.Equal(got.moves, want.moves) {
			t.Fatalf("parseGamePage(%q) = %+v, want %+v", body, got, want)
		}
	})
}

// TestLoadtestCommand runs the command as a user would: its flags, its
// report, and its refusals.
func TestLoadtestCommand(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	ts := newTestServer(t)
	var out bytes.Buffer
	procs := runtime.GOMAXPROCS(0)
	if err := Command([]string{"-url", ts.URL, "-players", "2", "-duration", "500ms", "-procs", "1"}, &out); err != nil {
		t.Fatalf("loadtest: %v\n%s", err, out.String())
	}
	if !regexp.MustCompile(`\d moves in [\d.]+s: [\d.]+ moves/s`).MatchString(out.String()) {
		t.Errorf("no moves/s line in the report:\n%s", out.String())
	}
	if got := runtime.GOMAXPROCS(0); got != procs {
		t.Errorf("GOMAXPROCS after the run = %d, want %d as before", got, procs)
	}
	for _, args := range [][]string{
		{},
		{"-url", "localhost:1"},
		{"-url", ts.URL, "-players", "0"},
		{"-url", ts.URL, "-procs", "0"},
		{"-url", ts.URL, "extra"},
	} {
		if err := Command(append(args, "-duration", "10ms"), io.Discard); err == nil {
			t.Errorf("loadtest %q: no error", args)
		}
	}
}

// TestLoadtestWaitsOutThrottling checks that a 429 is waited out as its
// Retry-After says, then sent again, and that the report says how long the
// players waited: time in which they put no load on the server.
func TestLoadtestWaitsOutThrottling(t *testing.T) {
	t.Parallel() // it waits out a Retry-After of a whole second
	var mu sync.Mutex
	refused := false
	game := fakeGame(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "refused", http.StatusConflict) // ends the game: the player starts another
	})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		first := !refused
		refused = true
		mu.Unlock()
		if first {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		game.ServeHTTP(w, r)
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	st := Run(ctx, Config{Base: ts.URL, Level: "easy", Size: 8}, 1, 1)
	var out bytes.Buffer
	st.Report(&out)
	if st.Throttled != 1 || st.Waited < time.Second || st.Games == 0 {
		t.Errorf("throttled %d, waited %v, games %d; want 1, at least 1s, and games after the wait", st.Throttled, st.Waited, st.Games)
	}
	if !regexp.MustCompile(`throttled players waited \d+\.\ds in all, \d+% of the players' time`).MatchString(out.String()) {
		t.Errorf("report does not say how long the players waited:\n%s", out.String())
	}
}

// hangUp closes the connection without an answer, as a crashed server's
// socket does.
func hangUp(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err == nil {
		conn.Close()
	}
}

// TestLoadtestCountsConnectionErrors checks that requests that get no
// answer count as errors and fail the run.
func TestLoadtestCountsConnectionErrors(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	ts := httptest.NewServer(fakeGame(func(w http.ResponseWriter, r *http.Request) { hangUp(w) }))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	st := Run(ctx, Config{Base: ts.URL, Level: "easy", Size: 8}, 2, 1)
	if st.ConnErrors == 0 || st.Err() == nil {
		t.Errorf("connection errors = %d, Err() = %v; want some, and an error", st.ConnErrors, st.Err())
	}
	var out bytes.Buffer
	st.Report(&out)
	if !regexp.MustCompile(`[1-9]\d* connection errors`).MatchString(out.String()) {
		t.Errorf("report does not count the connection errors:\n%s", out.String())
	}
}

// TestLoadtestRechecksAfterReconnecting has the page after an answered
// move fail once, as when the server crashes right after answering: the
// player reads it again and still finds the move lost.
func TestLoadtestRechecksAfterReconnecting(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	var mu sync.Mutex
	drops := 0
	game := fakeGame(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		drops = 2 // the client's transport tries a dropped GET once more by itself
		mu.Unlock()
		http.Redirect(w, r, "/games/g1#status", http.StatusSeeOther) // but the page stays at ply 0
	})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		drop := drops > 0 && r.Method == http.MethodGet
		if drop {
			drops--
		}
		mu.Unlock()
		if drop {
			hangUp(w)
			return
		}
		game.ServeHTTP(w, r)
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	st := Run(ctx, Config{Base: ts.URL, Level: "easy", Size: 8}, 1, 1)
	if st.Lost == 0 || st.ConnErrors == 0 {
		t.Errorf("lost %d, connection errors %d; want the lost move found after the dropped page", st.Lost, st.ConnErrors)
	}
}

// TestLoadtestSolvesPuzzles runs puzzle players, alone and beside a game
// player, against the real server: they answer, right and wrong, every
// answer is counted in their progress, and the report times the answers.
func TestLoadtestSolvesPuzzles(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	ts := newTestServer(t)
	d := 2 * time.Second
	if testing.Short() {
		d = 500 * time.Millisecond
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	st := Run(ctx, Config{Base: ts.URL, Level: "easy", Size: 8, Puzzles: 2}, 1, 1)
	var out bytes.Buffer
	st.Report(&out)
	t.Log("\n" + out.String())
	if st.Answers == 0 || st.RightAnswers == 0 || st.RightAnswers == st.Answers || st.Moves == 0 {
		t.Errorf("answers %d, right %d, moves %d; want answers, some right and some wrong, and moves", st.Answers, st.RightAnswers, st.Moves)
	}
	if st.ServerErrors+st.Lost+st.LostAnswers+st.Other+st.ConnErrors != 0 || st.Err() != nil {
		t.Errorf("errors: %d server, %d lost moves, %d lost answers, %d other, %d connection: %v",
			st.ServerErrors, st.Lost, st.LostAnswers, st.Other, st.ConnErrors, st.FirstErrors)
	}
	for _, line := range []string{
		`(?m)^puzzle answer +n=[1-9]\d* +p50=\S+ +p95=\S+ +p99=\S+ +max=\S+$`,
		`(?m)^puzzle answer and verdict +n=[1-9]\d* +p50=\S+ +p95=\S+ +p99=\S+ +max=\S+$`,
		`(?m)^puzzle page +n=[1-9]\d* `,
		`(?m)^puzzles: [1-9]\d* answers \([1-9]\d* right\) in [\d.]+s: [\d.]+ answers/s; 0 lost answers(, \d+ not checked .*)?$`,
		`(?m)^move, two players +n=[1-9]`,
		`(?m)^\d+ moves in [\d.]+s: [\d.]+ moves/s\n$`, // still the last line
	} {
		if !regexp.MustCompile(line).MatchString(out.String()) {
			t.Errorf("no line %s in the report:\n%s", line, out.String())
		}
	}

	// The command, with puzzle players alone.
	out.Reset()
	if err := Command([]string{"-url", ts.URL, "-players", "0", "-puzzles", "2", "-duration", "300ms"}, &out); err != nil {
		t.Fatalf("loadtest -players 0 -puzzles 2: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "\npuzzle answer and verdict ") || strings.Contains(out.String(), "\ngame page") {
		t.Errorf("loadtest -players 0 -puzzles 2: want the answers' line and no game's:\n%s", out.String())
	}
	if err := Command([]string{"-url", ts.URL, "-puzzles", "-1", "-duration", "10ms"}, io.Discard); err == nil {
		t.Errorf("loadtest -puzzles -1: no error")
	}
}

// fakePuzzles answers like the puzzle pages, for one player: the list
// links to puzzle 1, puzzle n has two legal moves, d3 right and c4 wrong,
// and links to puzzle n+1; every answer is answered with its verdict's
// 303. The progress is play.Progress's, if count, or stays at nothing.
func fakePuzzles(count bool) http.Handler {
	var mu sync.Mutex
	pr := &club.PuzzleProgress{Level: 1}
	progress := func(w io.Writer) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "<p>Your progress: %d solved at the first try, a streak of %d (best %d), grade %d of 5 reached.</p>",
			pr.Solved, pr.Streak, pr.Best, pr.Level)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/puzzles/"), "/")
		n, _ := strconv.Atoi(parts[0])
		next := fmt.Sprintf(`<a class="main" href="/puzzles/%d#status">Next</a>`, n+1)
		board := fmt.Sprintf(`<form method="post" action="/puzzles/%d/answer" id="board"><button name="move" value="a1" disabled>X</button>`+
			`<button name="move" value="d3" class="lg">+</button><button name="move" value="c4" class="lg">+</button><button name="move" value="h8">-</button></form>`, n)
		switch {
		case r.Method == http.MethodPost:
			if count {
				mu.Lock()
				play.Progress(pr, n, r.PostFormValue("move") == "d3")
				mu.Unlock()
			}
			http.Redirect(w, r, fmt.Sprintf("/puzzles/%d/answer/%s#status", n, r.PostFormValue("move")), http.StatusSeeOther)
		case r.URL.Path == "/puzzles":
			io.WriteString(w, next)
		case len(parts) == 3 && parts[2] == "d3":
			io.WriteString(w, next+`<div id="board"><button name="move" value="d3" disabled>O</button></div>`)
		default:
			io.WriteString(w, fmt.Sprintf(`<a href="/puzzles/%d#board">Try again</a> `, n)+next+board)
		}
		progress(w)
	})
}

// TestLoadtestCatchesLostAnswers has a server answer every puzzle answer
// with its 303 but never count it: the run fails with lost answers. The
// same server counting them by the app's rules fails nothing.
func TestLoadtestCatchesLostAnswers(t *testing.T) {
	t.Parallel() // each has a server of its own, and most of it is waiting
	for _, count := range []bool{false, true} {
		ts := httptest.NewServer(fakePuzzles(count))
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		st := Run(ctx, Config{Base: ts.URL, Puzzles: 1}, 0, 1)
		cancel()
		ts.Close()
		if st.Answers == 0 || st.RightAnswers == 0 {
			t.Errorf("count %v: answers %d, right %d; want both", count, st.Answers, st.RightAnswers)
		}
		if lost := st.LostAnswers > 0 && st.Err() != nil; lost == count {
			t.Errorf("count %v: lost answers %d, Err() %v", count, st.LostAnswers, st.Err())
		}
		if st.Other != 0 {
			t.Errorf("count %v: other errors: %v", count, st.FirstErrors)
		}
	}
}

// TestLoadtestPairsInTheLobby has four lobby players pair through quick
// pairing and play clocked games against each other on the real app:
// games start, moves are made on both sides, and nothing is lost.
func TestLoadtestPairsInTheLobby(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	d := 3 * time.Second
	if testing.Short() {
		d = time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	st := Run(ctx, Config{Base: ts.URL, Lobby: 4}, 0, 1)
	var out bytes.Buffer
	st.Report(&out)
	t.Log("\n" + out.String())
	if st.Games < 2 || st.LobbyMoves == 0 || st.Moves != st.LobbyMoves {
		t.Errorf("games, lobby moves, moves = %d, %d, %d; want two sides of a game at least, and lobby moves only", st.Games, st.LobbyMoves, st.Moves)
	}
	if st.ServerErrors+st.Lost+st.Other+st.ConnErrors != 0 {
		t.Errorf("errors: %d server, %d lost, %d other, %d connection: %v", st.ServerErrors, st.Lost, st.Other, st.ConnErrors, st.FirstErrors)
	}
	if !strings.Contains(out.String(), "lobby: ") || !strings.Contains(out.String(), "move p99") {
		t.Errorf("report has no lobby line:\n%s", out.String())
	}
}
