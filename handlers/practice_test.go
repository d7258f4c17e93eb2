package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"reversi/club"
	"reversi/play"
)

// practiceRow returns the stored practice of the player whose cookie is
// given, or nil for none.
func (a *testApp) practiceRow(p string) *club.Practice {
	a.t.Helper()
	got, err := a.store.Practice(context.Background(), p)
	if errors.Is(err, club.ErrNotFound) {
		return nil
	}
	if err != nil {
		a.t.Fatal(err)
	}
	return got
}

// practicePost posts to /practice/{action} at version and checks a 303 to
// the practice page.
func (a *testApp) practicePost(action string, version int, move string, cookie *http.Cookie) *http.Cookie {
	a.t.Helper()
	form := url.Values{"version": {strconv.Itoa(version)}}
	if move != "" {
		form.Set("move", move)
	}
	w := a.do("POST", "/practice/"+action, form, cookie)
	if w.Code != http.StatusSeeOther {
		a.t.Fatalf("POST /practice/%s %v = %d, want 303; body:\n%s", action, form, w.Code, w.Body)
	}
	did := strings.TrimSuffix(action, "s") // "moves" answers did=move
	if got, want := w.Header().Get("Location"), "/practice?did="+did+"#status"; got != want {
		a.t.Errorf("Location = %q, want %q", got, want)
	}
	if cookie == nil {
		cookie = cookieFrom(a.t, w)
	}
	return cookie
}

func TestPracticeFlow(t *testing.T) {
	a := newApp(t)
	w := a.do("GET", "/practice", nil, nil)
	if w.Code != http.StatusOK || w.Header().Get("Set-Cookie") != "" {
		t.Fatalf("GET /practice = %d, cookie %q; want 200 and no cookie", w.Code, w.Header().Get("Set-Cookie"))
	}
	for _, want := range []string{"Black to move. Black has 3 discs, White 5.", "Placements made: 0 of 4", "Opening: f5 f6 e6 f4."} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("fresh practice page lacks %q", want)
		}
	}
	if strings.Contains(w.Body.String(), "/practice/undo") || strings.Contains(w.Body.String(), "/practice/reset") {
		t.Errorf("fresh practice page offers undo or reset")
	}

	// A preview changes nothing and offers Apply.
	w = a.do("GET", "/practice?try=d3", nil, nil)
	for _, want := range []string{"Trial: Black at d3", `name="move" value="d3"`, "Apply d3 for Black", `name="version" value="0"`} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("preview of d3 lacks %q", want)
		}
	}
	if w = a.do("GET", "/practice?try=a1", nil, nil); strings.Contains(w.Body.String(), "Apply") {
		t.Errorf("preview of an illegal a1 offers Apply")
	}

	cookie := a.practicePost("moves", 0, "d3", nil)
	p := playerOf(t, a, cookie)
	steps := []struct {
		action, move string
		plies        string
		history      []string
	}{
		{"moves", "c3", "d3 c3", []string{"", "d3"}},
		{"moves", "e3", "d3 c3 e3", []string{"", "d3", "d3 c3"}},
		{"moves", "f3", "d3 c3 e3 f3", []string{"", "d3", "d3 c3", "d3 c3 e3"}},
		{"undo", "", "d3 c3 e3", []string{"", "d3", "d3 c3"}},
		{"reset", "", "", []string{"", "d3", "d3 c3", "d3 c3 e3"}},
		{"undo", "", "d3 c3 e3", []string{"", "d3", "d3 c3"}},
	}
	for i, st := range steps {
		version := i + 1
		if st.action == "moves" {
			// The move must be legal where the board stands.
			body := a.do("GET", "/practice?try="+st.move, nil, cookie).Body.String()
			if !strings.Contains(body, "A legal move") {
				t.Fatalf("step %d: %s is not legal here:\n%s", i, st.move, body)
			}
		}
		a.practicePost(st.action, version, st.move, cookie)
		row := a.practiceRow(p)
		if row.Plies != st.plies || !slices.Equal(row.History, st.history) || row.Version != version+1 {
			t.Errorf("after %s %s: plies %q history %q version %d; want %q %q %d",
				st.action, st.move, row.Plies, row.History, row.Version, st.plies, st.history, version+1)
		}
		if i == 2 {
			body := a.do("GET", "/practice?did=move", nil, cookie).Body.String()
			for _, want := range []string{"The exercise is over: you made 4 placements.", "/practice/undo", "/practice/reset"} {
				if !strings.Contains(body, want) {
					t.Errorf("after four placements the page lacks %q", want)
				}
			}
			if strings.Contains(body, `name="try" value="a1" aria-label="a1, empty" disabled`) == false {
				t.Errorf("after four placements the board is still open")
			}
			if strings.Contains(body, " to move") {
				t.Errorf("after four placements the page still says whose move it is")
			}
			if strings.Contains(body, "legal move") || strings.Contains(body, `class="lg`) {
				t.Errorf("after four placements the board still rings legal moves")
			}
			w := a.do("POST", "/practice/moves", url.Values{"version": {"4"}, "move": {"g4"}}, cookie)
			if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "The exercise is over after four placements") {
				t.Errorf("a fifth placement = %d, want 409 saying the exercise is over", w.Code)
			}
		}
	}
	// The board survives a reload, from the database.
	body := a.do("GET", "/practice", nil, cookie).Body.String()
	if !strings.Contains(body, "Placements made: 3 of 4") || !strings.Contains(body, "Yours: d3 c3 e3.") {
		t.Errorf("reloaded practice page does not show three placements:\n%s", body)
	}
}

// playerOf returns the player id in a session cookie.
func playerOf(t *testing.T, a *testApp, cookie *http.Cookie) string {
	t.Helper()
	r := httptestRequest("GET", "/", nil)
	r.AddCookie(cookie)
	sess, err := a.srv.cookies.Get(r, cookieName)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := sess.Values[playerKey].(string)
	if id == "" {
		t.Fatal("cookie holds no player id")
	}
	return id
}

func TestPracticeRefusals(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil) // version 1 now
	p := playerOf(t, a, cookie)
	for _, tc := range []struct {
		name, action string
		form         url.Values
		status       int
		text         string
	}{
		{"stale version", "moves", url.Values{"version": {"0"}, "move": {"c3"}}, 409, "out of date"},
		{"future version", "moves", url.Values{"version": {"7"}, "move": {"c3"}}, 409, "out of date"},
		{"no version", "moves", url.Values{"move": {"c3"}}, 400, "which board"},
		{"bad version", "undo", url.Values{"version": {"-1"}}, 400, "which board"},
		{"illegal", "moves", url.Values{"version": {"1"}, "move": {"a1"}}, 422, "isn&#39;t a legal move"},
		{"occupied", "moves", url.Values{"version": {"1"}, "move": {"d4"}}, 422, "already holds a disc"},
		{"bad square", "moves", url.Values{"version": {"1"}, "move": {"z9"}}, 400, "wasn&#39;t understood"},
		{"stale undo", "undo", url.Values{"version": {"0"}}, 409, "out of date"},
		{"stale reset", "reset", url.Values{"version": {"0"}}, 409, "out of date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := a.practiceRow(p)
			w := a.do("POST", "/practice/"+tc.action, tc.form, cookie)
			if w.Code != tc.status {
				t.Fatalf("status = %d, want %d; body:\n%s", w.Code, tc.status, w.Body)
			}
			if !strings.Contains(w.Body.String(), tc.text) {
				t.Errorf("body lacks %q", tc.text)
			}
			// The refusal shows the board as stored, with its version.
			if want := `name="version" value="1"`; !strings.Contains(w.Body.String(), want) {
				t.Errorf("refusal page lacks %q", want)
			}
			if after := a.practiceRow(p); after.Plies != before.Plies || after.Version != before.Version {
				t.Errorf("a refused request changed the practice: %+v -> %+v", before, after)
			}
		})
	}
	t.Run("nothing to undo", func(t *testing.T) {
		b := newApp(t)
		w := b.do("POST", "/practice/undo", url.Values{"version": {"0"}}, nil)
		if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "nothing to take back") {
			t.Errorf("undo of a fresh board = %d, want 409", w.Code)
		}
		if w.Header().Get("Set-Cookie") != "" {
			t.Errorf("a refused undo set a cookie")
		}
	})
	t.Run("reset at the start", func(t *testing.T) {
		w := a.do("POST", "/practice/reset", url.Values{"version": {"0"}}, nil)
		if w.Code != http.StatusConflict || !strings.Contains(w.Body.String(), "already at the start") {
			t.Errorf("reset of a fresh board = %d, want 409", w.Code)
		}
	})
	t.Run("cross-origin", func(t *testing.T) {
		r := httptestRequest("POST", "/practice/moves", url.Values{"version": {"1"}, "move": {"c3"}})
		r.Header.Set("Sec-Fetch-Site", "cross-site")
		r.AddCookie(cookie)
		if w := recordRequest(a, r); w.Code != http.StatusForbidden {
			t.Errorf("cross-site POST = %d, want 403", w.Code)
		}
		if row := a.practiceRow(p); row.Version != 1 {
			t.Errorf("cross-site POST changed the practice")
		}
	})
	t.Run("GET never writes", func(t *testing.T) {
		if w := a.do("GET", "/practice/moves?version=1&move=c3", nil, cookie); w.Code == http.StatusSeeOther {
			t.Errorf("GET /practice/moves = %d", w.Code)
		}
		if row := a.practiceRow(p); row.Version != 1 {
			t.Errorf("a GET changed the practice")
		}
	})
}

// TestPracticeAndGameApart checks that the practice never changes a real
// game, and a real game never changes the practice.
func TestPracticeAndGameApart(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	p := playerOf(t, a, cookie)
	before := a.stored(id)
	a.practicePost("moves", 0, "d3", cookie)
	a.practicePost("moves", 1, "c3", cookie)
	a.practicePost("reset", 2, "", cookie)
	a.practicePost("undo", 3, "", cookie)
	after := a.stored(id)
	if !slices.Equal(after.Record.Plies, before.Record.Plies) || !after.Updated.Equal(before.Updated) || after.Status != before.Status {
		t.Errorf("practice changed the game: %v -> %v", before.Record.Plies, after.Record.Plies)
	}
	practice := a.practiceRow(p)
	if w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {"f5"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("game move = %d, want 303", w.Code)
	}
	if got := a.practiceRow(p); got.Plies != practice.Plies || got.Version != practice.Version {
		t.Errorf("a game move changed the practice: %+v -> %+v", practice, got)
	}
	if body := a.do("GET", "/practice", nil, cookie).Body.String(); !strings.Contains(body, "Yours: d3 c3.") {
		t.Errorf("practice page after a game move does not show d3 c3")
	}
}

func TestTutorialGoldenPages(t *testing.T) {
	a := newApp(t)
	cookie := a.practicePost("moves", 0, "d3", nil)
	for _, tc := range []struct {
		name, path string
		cookie     *http.Cookie
	}{
		{"tutorial-2-f3", "/tutorial/2?try=f3", nil},
		{"tutorial-8", "/tutorial/8", nil},
		{"practice", "/practice?try=c3", cookie},
		{"rules", "/rules", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := a.do("GET", tc.path, nil, tc.cookie)
			if w.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200", tc.path, w.Code)
			}
			body := stableAssets(w.Body.String())
			golden(t, tc.name, []byte(body))
		})
	}
}

// TestPracticePlaysAForcedPass stores a practice that starts in the late
// game of the tutorial, where White's c7 leaves Black without a move: the
// pass is played at once and said in words, and b1 ends the game.
func TestPracticePlaysAForcedPass(t *testing.T) {
	a := newApp(t)
	const p = "0123456789abcdef0123456789abcdef"
	cookie := a.playerCookie(p)
	if err := a.store.CreatePlayer(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	opening := strings.TrimSuffix(play.LateBeforePass, "c7")
	if err := a.store.SavePractice(context.Background(), &club.Practice{PlayerID: p, Opening: opening}, 0); err != nil {
		t.Fatal(err)
	}
	a.practicePost("moves", 1, "c7", cookie)
	if row := a.practiceRow(p); row.Plies != "c7 pass" {
		t.Errorf("plies after c7 = %q, want \"c7 pass\"", row.Plies)
	}
	body := a.do("GET", "/practice?did=move", nil, cookie).Body.String()
	for _, want := range []string{"White played c7 and turned over 1 disc. Black had no legal move and passed.", "White to move."} {
		if !strings.Contains(body, want) {
			t.Errorf("page after c7 lacks %q", want)
		}
	}
	a.practicePost("moves", 2, "b1", cookie)
	body = a.do("GET", "/practice?did=move", nil, cookie).Body.String()
	for _, want := range []string{"The game is over: neither side can move.", "The exercise is over: you made 2 placements."} {
		if !strings.Contains(body, want) {
			t.Errorf("page after b1 lacks %q", want)
		}
	}
}
