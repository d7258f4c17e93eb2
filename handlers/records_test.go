package handlers

import (
	"errors"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

func TestReplayPages(t *testing.T) {
	a := newApp(t)
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	a.put("humanmustpassaaa", testPlayer, game.Options{Size: 6}, humanMustPass+"", func(g *club.Game) {
		g.Opponent, g.Human = club.Local, game.Empty
	})
	a.put("otherplayersgame", "0123456789abcdef0123456789abcdef", game.Options{Size: 8}, "f5", nil)
	cookie := a.playerCookie(testPlayer)
	imported := importedURL(mustTranscript(t, game.Options{Size: 8}, "f5d6c3d3c4"))
	tests := []struct {
		name, path string
		status     int
		golden     string   // golden file, or empty
		want       []string // parts of the page
	}{
		{"start", "/games/finishedfinished/replay?ply=0", 200, "replay-start",
			[]string{"The starting position. Black to move.", `data-square="c3" data-disc="white"`, `<span>Start</span>`, `href="/games/finishedfinished/replay?ply=1#status" rel="next"`}},
		{"middle", "/games/finishedfinished/replay?ply=5", 200, "replay",
			[]string{"Move 5 (ply 5 of 32): Black played c2 and turned", `data-square="c2" data-disc="black" class="pl"`, `rel="prev"`, `rel="next"`, `id="transcript"`}},
		{"end by default", "/games/finishedfinished/replay", 200, "",
			[]string{"The game is over: White wins, 25 to 11.", `<span>Forward one</span>`, `<span>End</span>`}},
		{"a pass", "/games/humanmustpassaaa/replay?ply=18", 200, "",
			[]string{"Black to move"}},
		{"imported", imported + "ply=2", 200, "replay-imported",
			[]string{"Replay of an imported game, 8×8", "Move 2 (ply 2 of 5): White played d6", `f5d6c3d3c4`}},
		{"ply too big", "/games/finishedfinished/replay?ply=33", 400, "", nil},
		{"ply not a number", "/games/finishedfinished/replay?ply=x", 400, "", nil},
		{"another player's game", "/games/otherplayersgame/replay", 403, "", nil},
		{"no such game", "/games/aaaaaaaaaaaaaaaa/replay", 404, "", nil},
		{"broken import address", "/replay?size=8&start=cross&moves=f5f5", 400, "", nil},
		{"import with a setup", "/replay?size=8&start=setup&setup=" + url.QueryEscape("-------------------X-------XX------XO--------------------------- O") + "&moves=c3c4", 200, "",
			[]string{"White to move", "Move 2 (ply 2 of 2): Black played c4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := a.do("GET", tt.path, nil, cookie)
			if w.Code != tt.status {
				t.Fatalf("GET %s = %d, want %d", tt.path, w.Code, tt.status)
			}
			body := stableAssets(w.Body.String())
			for _, part := range tt.want {
				if !strings.Contains(body, part) {
					t.Errorf("GET %s: no %q in\n%s", tt.path, part, body)
				}
			}
			if tt.golden != "" {
				golden(t, tt.golden, []byte(body))
			}
		})
	}
}

// The pass in humanMustPass: after its 18 plies Black must pass.
func TestReplayNamesPasses(t *testing.T) {
	a := newApp(t)
	a.put("passpasspasspass", testPlayer, game.Options{Size: 6}, humanMustPass, func(g *club.Game) {
		g.Opponent, g.Human = club.Local, game.Empty
		g.Record.Plies = append(g.Record.Plies, game.Pass)
	})
	w := a.do("GET", "/games/passpasspasspass/replay?ply=19", nil, a.playerCookie(testPlayer))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "Ply 19 of 19: Black passed. White to move") {
		t.Errorf("replay of a pass = %d:\n%s", w.Code, w.Body.String())
	}
	if !regexp.MustCompile(`<td>pass</td>|<td><a href="[^"]*ply=19">pass</a></td>`).MatchString(w.Body.String()) {
		t.Errorf("the move list does not name the pass:\n%s", w.Body.String())
	}
}

func mustTranscript(t *testing.T, o game.Options, s string) *game.Game {
	t.Helper()
	g, err := game.ParseTranscript(o, s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestImport(t *testing.T) {
	a := newApp(t)
	const ggf6 = "(;GM[Othello]TY[6]BO[6 --------------O*----*O-------------- *]B[e4]W[c5]B[b6]W[f4]B[d5]W[c2]B[c1]W[c6]B[e6]W[b1]B[a1]W[b3]B[d6]W[b4]B[f3]W[f5]B[f6]W[PA]B[a2];)"
	tests := []struct {
		name     string
		record   string
		status   int
		location string // of a 303
		message  string // of a 422
	}{
		{"transcript", "f5d6c3", 303, "/replay?moves=f5d6c3&size=8&start=cross&ply=3#status", ""},
		{"GGF with a pass", ggf6, 303, "/replay?moves=e4c5b6f4d5c2c1c6e6b1a1b3d6b4f3f5f6a2&size=6&start=cross&ply=19#status", ""},
		{"illegal move", "f5d6c3d3c4a1", 422, "", "Move 6, a1, is not allowed: it outflanks no disc."},
		{"not a square", "f5d6z9", 422, "", "Move 3, &#34;z9&#34;, is not a square of the 8×8 board."},
		{"GGF turn", "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]B[d6];)", 422, "", "Move 2, B[d6], is not allowed: it is White&#39;s turn."},
		{"empty", "", 422, "", "The record cannot be read: it is empty."},
		{"numbered, 8×8 cross", "1. f5 d6 2. c3 d3 3. c4\x008cross", 303, "/replay?moves=f5d6c3d3c4&size=8&start=cross&ply=5#status", ""},
		{"dashes, upper case", "F5-D6-C3-D3-C4\x008cross", 303, "/replay?moves=f5d6c3d3c4&size=8&start=cross&ply=5#status", ""},
		{"6×6 parallel", "1. C2\x006parallel", 303, "/replay?moves=c2&size=6&start=parallel&ply=1#status", ""},
		{"cross start's reason", "d4\x008cross", 422, "", "Move 1, d4, is not allowed: that square is taken."},
		{"free start's reason", "a1\x008free", 422, "", "Move 1, a1, is not allowed: the first four discs go on the centre squares."},
		{"no such size", "f5\x007cross", 400, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := url.Values{"transcript": {tt.record}}
			if rec, opts, ok := strings.Cut(tt.record, "\x00"); ok {
				tt.record = rec
				form = url.Values{"transcript": {rec}, "size": {opts[:1]}, "start": {opts[1:]}}
			}
			w := a.do("POST", "/import", form, nil)
			if w.Code != tt.status {
				t.Fatalf("POST /import %q = %d, want %d:\n%s", tt.record, w.Code, tt.status, w.Body.String())
			}
			if got := w.Header().Get("Location"); got != tt.location {
				t.Errorf("Location = %q, want %q", got, tt.location)
			}
			if tt.status == 303 {
				if r := a.do("GET", strings.TrimSuffix(tt.location, "#status"), nil, nil); r.Code != 200 {
					t.Errorf("GET %s = %d", tt.location, r.Code)
				}
			}
			if tt.message != "" && !strings.Contains(w.Body.String(), `role="alert" id="status" tabindex="-1">`+tt.message+"</p>") {
				t.Errorf("POST /import %q: no message %q in\n%s", tt.record, tt.message, w.Body.String())
			}
			if tt.status == 422 && !strings.Contains(w.Body.String(), ">"+strings.ReplaceAll(tt.record, `"`, "&#34;")+"</textarea>") {
				t.Errorf("POST /import %q: the form lost the record", tt.record)
			}
		})
	}
	form := a.do("GET", "/import", nil, nil)
	for _, want := range []string{`name="transcript"`, `name="size" value="8" checked`, `name="size" value="10"`,
		`name="start" value="cross" checked`, `name="start" value="parallel"`, `name="start" value="free"`} {
		if form.Code != 200 || !strings.Contains(form.Body.String(), want) {
			t.Errorf("GET /import = %d, lacks %s:\n%s", form.Code, want, form.Body.String())
		}
	}
	if w := a.do("GET", "/", nil, nil); !strings.Contains(w.Body.String(), `href="/import"`) {
		t.Errorf("the home page has no link to the import form")
	}
}

func TestDownloads(t *testing.T) {
	a := newApp(t)
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	a.put("otherplayersgame", "0123456789abcdef0123456789abcdef", game.Options{Size: 8}, "f5", nil)
	cookie := a.playerCookie(testPlayer)
	w := a.do("GET", "/games/finishedfinished/transcript", nil, cookie)
	if w.Code != 200 || w.Body.String() != wholeGame6+"\n" || !strings.Contains(w.Header().Get("Content-Disposition"), `filename="reversi-finishedfinished.txt"`) {
		t.Errorf("transcript download = %d %q %q", w.Code, w.Header().Get("Content-Disposition"), w.Body.String())
	}
	w = a.do("GET", "/games/finishedfinished/ggf", nil, cookie)
	r, err := game.ParseGGF(w.Body.String())
	if w.Code != 200 || err != nil {
		t.Fatalf("GGF download = %d, %v:\n%s", w.Code, err, w.Body.String())
	}
	if r.Game.Transcript() != wholeGame6 || r.Result != "-14.00" || r.Black != "Black (you)" || r.White != "White (computer, easy)" {
		t.Errorf("GGF download reads back as %+v", r)
	}
	for _, path := range []string{"/games/otherplayersgame/transcript", "/games/otherplayersgame/ggf"} {
		if w := a.do("GET", path, nil, cookie); w.Code != 403 {
			t.Errorf("GET %s = %d, want 403", path, w.Code)
		}
	}
}

func TestReview(t *testing.T) {
	a := newAppConfig(t, newApp(t).store, func(c *testConfig) { c.Play.Review = ai.ReviewOptions{Nodes: 20_000, ExactEmpties: 10} })
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	a.put("otherplayersgame", "0123456789abcdef0123456789abcdef", game.Options{Size: 6}, wholeGame6, nil)
	cookie := a.playerCookie(testPlayer)

	w := a.do("GET", "/games/finishedfinished", nil, cookie)
	if !strings.Contains(w.Body.String(), `href="/games/finishedfinished/review"`) {
		t.Errorf("the result page has no link to the review")
	}
	w = a.do("GET", "/games/finishedfinished/review", nil, cookie)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `<form method="post" action="/games/finishedfinished/review"><button class="main">Review this game</button>`) {
		t.Fatalf("GET review before one = %d:\n%s", w.Code, w.Body.String())
	}
	if _, err := a.store.Review(t.Context(), "finishedfinished"); !errors.Is(err, club.ErrNotFound) {
		t.Fatalf("a GET stored a review: %v", err)
	}
	w = a.do("POST", "/games/finishedfinished/review", url.Values{}, cookie)
	if w.Code != 303 || w.Header().Get("Location") != "/games/finishedfinished/review#status" {
		t.Fatalf("POST review = %d, Location %q", w.Code, w.Header().Get("Location"))
	}
	// The event stream says when the review is stored (at once if it is
	// already).
	if w := a.do("GET", "/games/finishedfinished/review/events", nil, cookie); w.Code != 200 ||
		!strings.Contains(w.Body.String(), "event: change\ndata: /games/finishedfinished/review#status\n\n") {
		t.Errorf("review events = %d %q", w.Code, w.Body.String())
	}
	// The "Check again" link waits for the review; a slow machine may
	// need it more than once.
	var body string
	for range 20 {
		w = a.do("GET", "/games/finishedfinished/review?wait=1", nil, cookie)
		body = w.Body.String()
		if w.Code != 200 || !strings.Contains(body, "Check again") {
			break
		}
	}
	if w.Code != 200 || !strings.Contains(body, "The computer has judged every move.") {
		t.Fatalf("GET review = %d:\n%s", w.Code, body)
	}
	// The graph, with its title and description; the table of every
	// move, each linked to the replay before it.
	for _, want := range []string{`<svg class="graph" viewBox="0 0 `, `role="img" aria-labelledby="graph-t graph-d"`,
		`<title id="graph-t">Black&#39;s expected final disc difference after each move</title>`, `<desc id="graph-d">For Black, `,
		`<th scope="col">Value played</th>`, `<td><a href="/games/finishedfinished/replay?ply=30#status">31</a> Black b5</td>`,
		`<td><a href="/games/finishedfinished/replay?ply=1#status">2</a> White `} {
		if !strings.Contains(body, want) {
			t.Errorf("the review lacks %q:\n%s", want, body)
		}
	}
	// The player is Black: the mistakes are Black's, in the second person.
	if regexp.MustCompile(`<li><p>Move \d+, White`).MatchString(body) {
		t.Errorf("the review shows White's mistakes:\n%s", body)
	}
	stored, err := a.store.Review(t.Context(), "finishedfinished")
	if err != nil || stored.Ply != 32 {
		t.Fatalf("stored review = %+v, %v", stored, err)
	}
	// The replay before move 1 carries its verdict.
	if w := a.do("GET", "/games/finishedfinished/replay?ply=0", nil, cookie); !strings.Contains(w.Body.String(), `<p class="verdict">Review: Move 1, you played d5`) {
		t.Errorf("the replay before move 1 shows no verdict:\n%s", w.Body.String())
	}
	// Asked again, it is not computed again.
	a.do("POST", "/games/finishedfinished/review", url.Values{}, cookie)
	if again, err := a.store.Review(t.Context(), "finishedfinished"); err != nil || !again.Created.Equal(stored.Created) {
		t.Errorf("a second request changed the stored review: %+v, %v", again, err)
	}

	for _, tt := range []struct {
		method, path string
		status       int
	}{
		{"POST", "/games/midgamemidgamemi/review", 409},
		{"POST", "/games/otherplayersgame/review", 403},
		{"GET", "/games/otherplayersgame/review", 403},
	} {
		if w := a.do(tt.method, tt.path, url.Values{}, cookie); w.Code != tt.status {
			t.Errorf("%s %s = %d, want %d", tt.method, tt.path, w.Code, tt.status)
		}
	}
}

func TestPlayOn(t *testing.T) {
	a := newApp(t)
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	cookie := a.playerCookie(testPlayer)
	w := a.do("GET", "/games/finishedfinished/replay?ply=9", nil, cookie)
	if !strings.Contains(w.Body.String(), `<form method="post" action="/playon" class="new">`) {
		t.Fatalf("the replay offers no Play on from here:\n%s", w.Body.String())
	}
	if w := a.do("GET", "/games/finishedfinished/replay", nil, cookie); strings.Contains(w.Body.String(), `action="/playon"`) {
		t.Errorf("the replay of a finished position offers to play on")
	}
	g := mustTranscript(t, game.Options{Size: 6}, wholeGame6)
	ps, err := g.Positions()
	if err != nil {
		t.Fatal(err)
	}
	form := func(ply, opponent string) url.Values {
		return url.Values{"size": {"6"}, "start": {"cross"}, "moves": {wholeGame6}, "ply": {ply}, "opponent": {opponent}, "level": {"hard"}}
	}
	for _, tt := range []struct {
		opponent, level string
		human           game.Color
		op              club.Opponent
	}{{"computer", "hard", game.White, club.Computer}, {"computer", "expert", game.White, club.Computer}, {"local", "hard", game.Empty, club.Local}} {
		f := form("9", tt.opponent)
		f.Set("level", tt.level)
		// With a game unfinished it asks first, and the answer carries
		// the form.
		w := a.do("POST", "/playon", f, cookie)
		if body := w.Body.String(); tt.op != club.Computer || tt.level != "hard" {
			// the first game played on is unfinished from here on
			if w.Code != 200 || !strings.Contains(body, `<form method="post" action="/playon">`) ||
				!strings.Contains(body, `name="confirm" value="yes"`) || !strings.Contains(body, `name="level" value="`+tt.level+`"`) {
				t.Fatalf("POST /playon with a game unfinished = %d, want the question:\n%s", w.Code, body)
			}
		}
		f.Set("confirm", "yes")
		w = a.do("POST", "/playon", f, cookie)
		if w.Code != 303 {
			t.Fatalf("POST /playon = %d:\n%s", w.Code, w.Body.String())
		}
		id := strings.TrimSuffix(strings.TrimPrefix(w.Header().Get("Location"), "/games/"), "#status")
		ng := a.stored(id)
		if ng.Opponent != tt.op || ng.Human != tt.human || ng.Record.Options.Start != game.Setup || ng.Record.Options.Setup != ps[9] || len(ng.Record.Plies) != 0 {
			t.Errorf("played on: %+v, want a %s game from ply 9 (%s), human %v", ng, tt.op, ps[9].Line(), tt.human)
		}
		if tt.op == club.Computer && ng.Level != tt.level {
			t.Errorf("played on at %s: stored level %q", tt.level, ng.Level)
		}
		if w := a.do("GET", "/games/"+id, nil, cookie); w.Code != 200 {
			t.Errorf("GET the new game = %d", w.Code)
		}
	}
	for _, tt := range []struct {
		form   url.Values
		status int
	}{
		{form("32", "computer"), 409},
		{form("33", "computer"), 400},
		{form("9", "online"), 400},
		{url.Values{"size": {"6"}, "start": {"cross"}, "moves": {"a1"}, "ply": {"0"}, "opponent": {"local"}}, 400},
	} {
		if w := a.do("POST", "/playon", tt.form, cookie); w.Code != tt.status {
			t.Errorf("POST /playon %v = %d, want %d", tt.form, w.Code, tt.status)
		}
	}
}
