package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reversi/game"
	"reversi/static"
)

// w3mPath returns Debian's w3m, or skips the test (fails it under CI=true,
// where .ci/run installs it).
func w3mPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("w3m")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true and no w3m found (apt-get install w3m)")
		}
		t.Skip("skipping: no w3m found (apt-get install w3m)")
	}
	return p
}

// dumpW3m renders html as w3m shows it, as text.
func dumpW3m(t *testing.T, html string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(w3mPath(t), "-dump", "-T", "text/html", "-cols", "100", "-O", "UTF-8", path).Output()
	if err != nil {
		t.Fatalf("w3m -dump: %v", err)
	}
	return string(out)
}

// checkTextGrid compares the rows of a text board with b: X black, O
// white, + a legal move, - another empty square.
func checkTextGrid(t *testing.T, rows []string, b game.Board) {
	t.Helper()
	legal := b.Moves()
	for r := range b.Size() {
		want := ""
		for c := range b.Size() {
			sq := game.SquareAt(b.Size(), c, r)
			switch {
			case b.At(sq) == game.Black:
				want += "X"
			case b.At(sq) == game.White:
				want += "O"
			case legal.Has(sq):
				want += "+"
			default:
				want += "-"
			}
		}
		if rows[r] != want {
			t.Errorf("row %d in w3m = %s, want %s", r+1, rows[r], want)
		}
	}
}

// textGrid finds the board in a text dump: the line of column letters,
// then one line per row that starts with the row's number, one character
// per square, each after a space or a mark ("*" placed, "~" flipped). It
// returns the rows as strings of those characters, without the marks.
func textGrid(t *testing.T, dump string, size int) []string {
	t.Helper()
	lines := strings.Split(dump, "\n")
	letters := strings.Join(strings.Split("abcdefghij"[:size], ""), "")
	for i, l := range lines {
		if strings.ReplaceAll(strings.TrimSpace(l), " ", "") != letters || i+size >= len(lines) {
			continue
		}
		var rows []string
		for r := range size {
			f := strings.FieldsFunc(lines[i+1+r], func(c rune) bool { return c == ' ' || c == '*' || c == '~' })
			if len(f) != size+1 || f[0] != strconv.Itoa(r+1) {
				t.Fatalf("row %d of the text board is %q, want its number and %d squares", r+1, lines[i+1+r], size)
			}
			rows = append(rows, strings.Join(f[1:], ""))
		}
		return rows
	}
	t.Fatalf("no board (a line %q) in the text dump:\n%s", letters, dump)
	return nil
}

// TestTextBrowserBoard renders a mid-game page with w3m and checks the text
// grid against the stored game, row by row: X black, O white, + a legal
// move, - another empty square.
func TestTextBrowserBoard(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	body := a.do("GET", "/games/midgamemidgamemi", nil, a.playerCookie(testPlayer)).Body.String()
	rows := textGrid(t, dumpW3m(t, body), 8)
	b, err := a.stored("midgamemidgamemi").Record.Board()
	if err != nil {
		t.Fatal(err)
	}
	checkTextGrid(t, rows, b)
}

// TestPagesLinkTheReference checks the header of every kind of page for
// the reference pages, and the favicon link that saves a 404.
func TestPagesLinkTheReference(t *testing.T) {
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	cookie := a.playerCookie(testPlayer)
	for _, path := range []string{"/", "/games/midgamemidgamemi", "/tutorial", "/tutorial/3", "/practice", "/rules", "/faq", "/games/aaaaaaaaaaaaaaaa"} {
		body := a.do("GET", path, nil, cookie).Body.String()
		for _, want := range []string{`<nav aria-label="Site">`, `href="/rules"`, `href="/strategy"`, `href="/faq"`, `href="/history"`, `href="/tutorial"`, `rel="icon" href="/static/icon.svg"`} {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s lacks %s", path, want)
			}
		}
	}
}

// TestReferenceDiagramsAndAnswers checks the diagrams and answers that the
// reference pages promise.
func TestReferenceDiagramsAndAnswers(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"/rules", []string{"Diagram 1: the cross start", "Diagram 2: the parallel start", "Diagram 3: the free placement start",
			"Diagram 7: Black must pass", "Diagram 9: a full board", `data-square="d4" data-disc="white"`}},
		{"/strategy", []string{`class="co"`, `class="xs"`, `class="cs"`, "Key to the diagram.", `data-square="b2" data-disc="empty" class="xs">x</i>`}},
		{"/faq", []string{"Which level should I choose?", "Can two people play on one device?", "Can I stop a game and come back to it later?",
			"Can I play on a phone?", "Is there sound?", "What happens in a draw?"}},
	} {
		body := a.do("GET", tc.path, nil, nil).Body.String()
		for _, want := range tc.want {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s lacks %s", tc.path, want)
			}
		}
	}
	if n := strings.Count(a.do("GET", "/rules", nil, nil).Body.String(), "<figure"); n != 9 {
		t.Errorf("the rules page has %d diagrams, want 9", n)
	}
}

// TestTrialMarksWhereLinesBreak checks that a failing trial marks the
// empty square that breaks a line and the disc where a line runs off the
// board.
func TestTrialMarksWhereLinesBreak(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct {
		path string
		want []string
	}{
		// f3 for White after d3: e4, d5 then the empty c6.
		{"/tutorial/2?try=f3", []string{`value="c6" aria-label="c6, empty, a line breaks here: the square is empty" class="gap"`}},
		// b1 for Black after c7: c1 to h1 run to the edge at h1.
		{"/tutorial/6?try=b1", []string{`value="h1" data-disc="white" aria-label="h1, white, a line runs off the board here" class="edge"`}},
	} {
		body := a.do("GET", tc.path, nil, nil).Body.String()
		for _, want := range tc.want {
			if !strings.Contains(body, want) {
				t.Errorf("GET %s lacks %s", tc.path, want)
			}
		}
	}
}

// TestPracticeAsksBeforeStartingAgain checks that Start again is a
// question first (a GET that changes nothing), and that the page offers
// one legal move as an example.
func TestPracticeAsksBeforeStartingAgain(t *testing.T) {
	a := newApp(t)
	body := a.do("GET", "/practice", nil, nil).Body.String()
	if !strings.Contains(body, `An example, not advice: Black can play <a href="/practice?try=`) {
		t.Errorf("the practice offers no example move:\n%s", body)
	}
	cookie := a.practicePost("moves", 0, "d3", nil)
	body = a.do("GET", "/practice", nil, cookie).Body.String()
	if !strings.Contains(body, `<a href="/practice/reset#reset">Start again…</a>`) || strings.Contains(body, `action="/practice/reset"`) {
		t.Errorf("the practice page should link to the question, not reset at once")
	}
	w := a.do("GET", "/practice/reset", nil, cookie)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "Start this practice again?") || !strings.Contains(w.Body.String(), `action="/practice/reset"`) {
		t.Fatalf("GET /practice/reset = %d without the question", w.Code)
	}
	if !strings.Contains(w.Body.String(), "You can undo the reset.") {
		t.Errorf("the question does not say the reset can be undone")
	}
	a.practicePost("reset", 1, "", cookie)
	// Nothing to reset: the question is not asked.
	if w := a.do("GET", "/practice/reset", nil, cookie); w.Code != http.StatusSeeOther {
		t.Errorf("GET /practice/reset at the start = %d, want 303", w.Code)
	}
}

// TestFirstVisitWeight holds what a first visit downloads, gzipped, under
// 14 KB: the home page with the stylesheet and the favicon, and a game page
// with the stylesheet and the board script.
func TestFirstVisitWeight(t *testing.T) {
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	cookie := a.playerCookie(testPlayer)
	if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("e1 = %d, want 303", w.Code)
	}
	for _, tc := range []struct {
		what  string
		bytes int
	}{
		{"home, stylesheet and icon", gzipSize(t, a, "/", nil) + len(static.CSS().Gzip) + len(static.Icon().Gzip)},
		{"game page, stylesheet and board script", gzipSize(t, a, "/games/midgamemidgamemi", cookie) + len(static.CSS().Gzip) + len(static.JS().Gzip)},
		{"tutorial trial, stylesheet and board script", gzipSize(t, a, "/tutorial/2?try=f3", nil) + len(static.CSS().Gzip) + len(static.JS().Gzip)},
	} {
		t.Logf("first visit, %s: %d bytes gzipped", tc.what, tc.bytes)
		if tc.bytes > 14<<10 {
			t.Errorf("first visit, %s: %d bytes gzipped, over 14 KB", tc.what, tc.bytes)
		}
	}
}

// TestOnlineWaitingBoardShowsNoTurn checks that while the guest has not
// come the host's board shows no legal-move rings and nobody "to move",
// and that they appear once the guest has taken the seat; and that the
// whole invite link is in the page as text.
func TestOnlineWaitingBoardShowsNoTurn(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, invite := newOnline(t, host)
	body := host.want(host.get(gamePath), http.StatusOK, "host's page while waiting").body
	if strings.Contains(body, `class="lg"`) || strings.Contains(body, "to move</li>") {
		t.Errorf("while waiting for the guest the host's board shows rings or a side to move")
	}
	if !strings.Contains(body, `<textarea id="invite-link"`) {
		t.Errorf("the invite link is not in a field that wraps")
	}
	guest.want(guest.post(invite, nil), http.StatusSeeOther, "take the seat")
	body = host.want(host.get(gamePath), http.StatusOK, "host's page").body
	if !strings.Contains(body, `class="lg"`) || !strings.Contains(body, "to move</li>") {
		t.Errorf("after the guest came the host's board shows no rings or no side to move")
	}
}

// TestTextBrowserTrial renders a tutorial trial and a practice preview with
// w3m: the trial's hollow disc shows as a lower-case letter, and the forms
// carry no fragment, after which w3m would put the query and lose it.
func TestTextBrowserTrial(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	for _, tc := range []struct {
		path, action, row3, says string
	}{
		{"/tutorial/2?try=f3", `action="/tutorial/2"`, "--+X+o--", "Trial: White at f3"},
		{"/practice?try=c3", `action="/practice"`, "--x++++-", "Trial: Black at c3"},
	} {
		body := a.do("GET", tc.path, nil, nil).Body.String()
		if !strings.Contains(body, tc.action+` id="board"`) {
			t.Errorf("GET %s: the board form's action is not %s", tc.path, tc.action)
		}
		dump := dumpW3m(t, body)
		if rows := textGrid(t, dump, 8); rows[2] != tc.row3 {
			t.Errorf("GET %s: row 3 in w3m = %s, want %s", tc.path, rows[2], tc.row3)
		}
		if !strings.Contains(dump, tc.says) {
			t.Errorf("GET %s: w3m shows no %q", tc.path, tc.says)
		}
	}
}

// TestYourMoveAndTheReply checks that after a move against the computer the
// player's placement and the computer's reply carry different classes and
// labels.
func TestYourMoveAndTheReply(t *testing.T) {
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	cookie := a.playerCookie(testPlayer)
	if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("e1 = %d, want 303", w.Code)
	}
	body := a.do("GET", "/games/midgamemidgamemi", nil, cookie).Body.String()
	for _, want := range []string{`value="e1" data-disc="black" aria-label="e1, black, just placed by you" class="yo`, `, the computer&#39;s reply" class="pl`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page after a reply lacks %s", want)
		}
	}
}

// TestWaitingGuestSeesNoLegalMoves checks that the guest, waiting for the
// host's move, sees no rings and no "legal move" in the labels, and that
// the host, whose move it is, does.
func TestWaitingGuestSeesNoLegalMoves(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	host, guest := newClient(t, ts.URL), newClient(t, ts.URL)
	gamePath, _ := seatedGuest(t, host, guest)
	body := guest.want(guest.get(gamePath), http.StatusOK, "guest's page").body
	if strings.Contains(body, "legal move") || strings.Contains(body, `class="lg"`) {
		t.Errorf("the waiting guest's page shows legal moves")
	}
	body = host.want(host.get(gamePath), http.StatusOK, "host's page").body
	if !strings.Contains(body, "legal move") {
		t.Errorf("the host, to move, sees no legal moves")
	}
}

// TestHomeOnePress presses each of the home page's opponent and level
// buttons as a browser would (the button's value first, then the form's
// hidden fields in order): each starts the game it names, with the kept
// choices for the rest. The choices stand outside any <details>.
func TestHomeOnePress(t *testing.T) {
	a := newApp(t)
	_, cookie := a.start(nil, "level", "hard", "size", "6", "color", "white")
	home := a.do("GET", "/", nil, cookie).Body.String()
	i := strings.Index(home, `class="play1"`)
	if i < 0 || strings.Contains(home[:i], "<details") {
		t.Fatalf("no one-press form outside <details>:\n%s", home)
	}
	form := home[i : i+strings.Index(home[i:], "</form>")]
	var hidden [][2]string
	for _, m := range regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]+)">`).FindAllStringSubmatch(form, -1) {
		hidden = append(hidden, [2]string{m[1], m[2]})
	}
	buttons := regexp.MustCompile(`<button name="([^"]+)" value="([^"]+)"`).FindAllStringSubmatch(form, -1)
	for _, want := range []string{`value="local"`, `value="online"`, `value="beginner"`, `value="expert"`} {
		if !strings.Contains(form, want) {
			t.Errorf("the one-press form lacks the button %s", want)
		}
	}
	for _, b := range buttons {
		body := url.QueryEscape(b[1]) + "=" + url.QueryEscape(b[2])
		for _, h := range hidden {
			body += "&" + url.QueryEscape(h[0]) + "=" + url.QueryEscape(h[1])
		}
		r := httptest.NewRequest("POST", "/games", strings.NewReader(body+"&confirm=yes"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.AddCookie(cookie)
		w := recordRequest(a, r)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("pressing %s=%s = %d", b[1], b[2], w.Code)
		}
		id := strings.TrimSuffix(strings.TrimPrefix(w.Header().Get("Location"), "/games/"), "#status")
		g := a.stored(id)
		wantOpp, wantLevel := "computer", b[2]
		if b[1] == "opponent" {
			wantOpp, wantLevel = b[2], "hard"
		}
		if string(g.Opponent) != wantOpp || g.Record.Options.Size != 6 || (wantOpp == "computer" && g.Level != wantLevel) {
			t.Errorf("pressing %s=%s started %s, level %s, size %d; want %s, %s, 6", b[1], b[2], g.Opponent, g.Level, g.Record.Options.Size, wantOpp, wantLevel)
		}
	}
}

// TestGamePageKeysAndSound checks that the game page names the arrow keys
// and offers sound at one press outside any <details>, and that the press
// switches it on and back off, keeping the other settings.
func TestGamePageKeysAndSound(t *testing.T) {
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	cookie := a.playerCookie(testPlayer)
	for _, want := range []struct {
		sound bool
		label string
	}{{false, "Turn sound on"}, {true, "Turn sound off"}} {
		body := a.do("GET", "/games/midgamemidgamemi", nil, cookie).Body.String()
		if !strings.Contains(body, "arrow keys") {
			t.Errorf("the game page does not name the arrow keys")
		}
		i := strings.Index(body, want.label)
		if i < 0 {
			t.Fatalf("the game page lacks %q", want.label)
		}
		if d := strings.LastIndex(body[:i], "<details"); d >= 0 && !strings.Contains(body[d:i], "</details>") {
			t.Errorf("%q is inside a <details>", want.label)
		}
		form := body[strings.LastIndex(body[:i], "<form"):i]
		vals := url.Values{}
		for _, m := range regexp.MustCompile(`name="([^"]+)" value="([^"]+)"`).FindAllStringSubmatch(form, -1) {
			vals.Add(m[1], m[2])
		}
		if w := a.do("POST", "/games/midgamemidgamemi/settings", vals, cookie); w.Code != http.StatusSeeOther {
			t.Fatalf("%s = %d, want 303", want.label, w.Code)
		}
		if g := a.stored("midgamemidgamemi"); g.Sound == want.sound || !g.ShowMoves || !g.AllowUndo {
			t.Errorf("after %q: sound %v, show moves %v, undo %v", want.label, g.Sound, g.ShowMoves, g.AllowUndo)
		}
	}
}
