package handlers

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"reversi/internal/testkit"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// TestTrialText checks the words for trials on the tutorial's positions:
// the summary and one line per direction or group of directions.
func TestTrialText(t *testing.T) {
	for _, tc := range []struct {
		name, moves, try string
		summary          string
		lines            []string
	}{
		{"d3 brackets d4", "", "d3",
			"A legal move: Black at d3 would turn over 1 disc: d4.",
			[]string{"Down: d4 is white, and Black's d5 closes the line, so it would turn over.",
				"Up (d2), up and right (e2), right (e3), down and left (c4), left (c3) and up and left (c2): the next square is empty, so no line starts there.",
				"Down and right (e4): the next square holds Black's own disc, so there is nothing to trap."}},
		{"f3 fails for White", "d3", "f3",
			"Not a legal move: White at f3 would trap no black disc, so nothing would turn over.",
			[]string{"Down and left: e4 and d5 are black, but c6 is empty, so the line is not closed and traps nothing.",
				"Up (f2), up and right (g2), right (g3), down and right (g4), down (f4), left (e3) and up and left (e2): the next square is empty, so no line starts there."}},
		{"e3 for White", "d3", "e3",
			"A legal move: White at e3 would turn over 1 disc: e4.",
			[]string{"Down: e4 is black, and White's e5 closes the line, so it would turn over.",
				"Down and left: d4 is black, but c5 is empty, so the line is not closed and traps nothing.",
				"Left: d3 is black, but c3 is empty, so the line is not closed and traps nothing.",
				"Up (e2), up and right (f2), right (f3), down and right (f4) and up and left (d2): the next square is empty, so no line starts there."}},
		{"f3 closes two lines", "d3e3", "f3",
			"A legal move: Black at f3 would turn over 2 discs: e3 and e4.",
			[]string{"Down and left: e4 is white, and Black's d5 closes the line, so it would turn over.",
				"Left: e3 is white, and Black's d3 closes the line, so it would turn over.",
				"Up (f2), up and right (g2), right (g3), down and right (g4), down (f4) and up and left (e2): the next square is empty, so no line starts there."}},
		{"occupied", "", "d4", "d4 already holds a white disc. A disc goes only on an empty square.", nil},
		{"a8 for Black after c7", play.LateBeforePass, "a8",
			"Not a legal move: Black at a8 would trap no white disc, so nothing would turn over.",
			[]string{"Up and right: b7, c6, d5, e4, f3, g2 and h1 are white, but all 7 run to the edge of the board with no black disc to close the line.",
				"Right: b8, c8, d8, e8, f8, g8 and h8 are white, but all 7 run to the edge of the board with no black disc to close the line.",
				"Up (a7): the next square holds Black's own disc, so there is nothing to trap.",
				"Down and right, down, down and left, left and up and left: a8 is at the edge of the board."}},
		{"b1 for Black after c7", play.LateBeforePass, "b1",
			"Not a legal move: Black at b1 would trap no white disc, so nothing would turn over.",
			[]string{"Right: c1, d1, e1, f1, g1 and h1 are white, but all 6 run to the edge of the board with no black disc to close the line.",
				"Down and right (c2), down (b2), down and left (a2) and left (a1): the next square holds Black's own disc, so there is nothing to trap.",
				"Up, up and right and up and left: b1 is at the edge of the board."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _, _, err := play.Step{Moves: tc.moves}.Position()
			if err != nil {
				t.Fatal(err)
			}
			en := views.English()
			v := views.Trial(b, testkit.Sq8(t, tc.try))
			if got := en.Say(v.Summary); got != tc.summary {
				t.Errorf("summary = %q, want %q", got, tc.summary)
			}
			var lines []string
			for _, l := range v.Lines {
				lines = append(lines, en.Say(l))
			}
			if !slices.Equal(lines, tc.lines) {
				t.Errorf("lines =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tc.lines, "\n"))
			}
		})
	}
}

// TestTutorialFeedback checks the answer given when a trial answers a
// step's question.
func TestTutorialFeedback(t *testing.T) {
	for _, tc := range []struct {
		step      int
		try       string
		wantRight bool
		want      string
	}{
		{1, "d3", true, "Yes: d3 turns over d4."},
		{1, "c4", true, "Yes: c4 turns over d4."},
		{1, "f5", false, "f5 is a legal move, but it turns over e5, not d4. Try another square."},
		{2, "e3", true, "Yes: e3 turns over e4."},
		{2, "c3", false, "c3 is a legal move, but it turns over d4, not e4. Try another square."},
		{2, "f3", false, "f3 turns over nothing, so it is not a move at all. Try another square."},
		{5, "e2", true, "Yes: White can play e2, which turns over e3 and e4."},
		{5, "f2", false, "No: f2 traps nothing for White. The squares with a small ring are White's legal moves."},
		{6, "a8", true, "Right: a8 traps nothing for Black either. Black has no legal move anywhere, so Black must pass."},
		{7, "b1", true, "Yes: White can play b1, which turns over b2, c2, b3, b4, b5 and b6."},
		{7, "a8", false, "No: a8 traps nothing for White. The squares with a small ring are White's legal moves."},
	} {
		t.Run(strconv.Itoa(tc.step)+"/"+tc.try, func(t *testing.T) {
			st := play.Steps()[tc.step-1]
			b, _, _, err := st.Position()
			if err != nil {
				t.Fatal(err)
			}
			a := st.Check(b, testkit.Sq8(t, tc.try))
			got, right := views.English().Say(views.TutorialAnswer(a, 8)), a.Right
			if got != tc.want || right != tc.wantRight {
				t.Errorf("feedback = %q (right %v), want %q (right %v)", got, right, tc.want, tc.wantRight)
			}
		})
	}
}

var squareButton = regexp.MustCompile(`<button name="try" value="([a-h][1-8])"( data-disc="(black|white)")? aria-label="[^"]+"`)

func TestTutorialPages(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct {
		path   string
		status int
		want   []string
	}{
		{"/tutorial", 200, []string{`href="/tutorial/1"`, `href="/tutorial/8"`, `href="/practice"`, `href="/"`}},
		{"/tutorial/1", 200, []string{`<h1>Trap a line to turn it over</h1>`, `action="/tutorial/1"`, `method="get"`,
			`class="skip" href="#board"`, `rel="next"`, `<details>`, `Black to move. Black has 2 discs, White 2.`}},
		{"/tutorial/1?try=d3", 200, []string{`Trial: Black at d3`, `A legal move: Black at d3 would turn over 1 disc: d4.`,
			`aria-label="d3, empty, legal move, trial black disc" class="lg tb"`, `aria-label="d4, white, would turn over" class="wf lv"`,
			`aria-label="d5, black, closes a line" class="lv"`, `Yes: d3 turns over d4.`, `id="cancel"`}},
		{"/tutorial/2?try=f3", 200, []string{`Not a legal move: White at f3`, `but c6 is empty`, `class="tw"`}},
		{"/tutorial/2", 200, []string{`aria-label="d3, black, just placed" class="pl"`, `aria-label="c3, empty, legal move" class="lg"`}},
		{"/tutorial/4?answer=2", 200, []string{`Yes, two:`, `value="2" aria-pressed="true"`}},
		{"/tutorial/4?answer=3", 200, []string{`Not quite.`}},
		{"/tutorial/6", 200, []string{`Black to move. Black has 21 discs`, `passes left out): f5 f4 f3 g4`, `a5 c7</p>`}},
		{"/tutorial/6?try=a8", 200, []string{`Black to move, but Black has no legal move.`}},
		{"/tutorial/7", 200, []string{`White to move. Black has 21 discs, White 41.`}},
		{"/tutorial/8", 200, []string{`The game is over: neither side can move.`, `<dd>15 discs</dd>`, `<dd>48 discs</dd>`,
			`<dd>1, belonging to nobody</dd>`, `Black 15, White 49`, `href="/practice"`}},
		{"/tutorial/8?try=a8", 200, []string{`Not a legal move: Black at a8`}},
		{"/tutorial/1?try=d4", 200, []string{`d4 already holds a white disc.`}},
		{"/tutorial/1?try=z9", 400, []string{`That square wasn&#39;t understood`}},
		{"/tutorial/0", 404, []string{`No such step`}},
		{"/tutorial/9", 404, []string{`No such step`}},
		{"/tutorial/01", 404, []string{`No such step`}},
		{"/tutorial/two", 404, []string{`No such step`}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			w := a.do("GET", tc.path, nil, nil)
			if w.Code != tc.status {
				t.Fatalf("GET %s = %d, want %d", tc.path, w.Code, tc.status)
			}
			if c := w.Header().Get("Set-Cookie"); c != "" {
				t.Errorf("GET %s sets a cookie %q", tc.path, c)
			}
			body := w.Body.String()
			for _, want := range tc.want {
				if !strings.Contains(body, want) {
					t.Errorf("GET %s lacks %q", tc.path, want)
				}
			}
			if tc.status == 200 && strings.HasPrefix(tc.path, "/tutorial/") {
				if n := len(squareButton.FindAllString(body, -1)); n != 64 {
					t.Errorf("GET %s has %d squares, want 64", tc.path, n)
				}
				if !strings.Contains(body, `href="/tutorial"`) || !strings.Contains(body, `<a href="/">`) {
					t.Errorf("GET %s lacks links to the tutorial and the game", tc.path)
				}
			}
		})
	}
}

// TestTutorialBoardsAreMarked checks that a trial draws the bracketed
// lines and never ranks the legal moves.
func TestTutorialBoardsAreMarked(t *testing.T) {
	a := newApp(t)
	body := a.do("GET", "/tutorial/4?try=f3", nil, nil).Body.String()
	for _, want := range []string{
		`value="e3" data-disc="white" aria-label="e3, white, would turn over" class="wf lh"`,
		`value="d3" data-disc="black" aria-label="d3, black, closes a line" class="lh"`,
		`value="e4" data-disc="white" aria-label="e4, white, would turn over" class="wf la"`,
		`value="d5" data-disc="black" aria-label="d5, black, closes a line" class="la"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("trial f3 lacks %q", want)
		}
	}
	for _, bad := range []string{"best", "hint", "strongest"} {
		if strings.Contains(strings.ToLower(body), bad) {
			t.Errorf("a tutorial page says %q", bad)
		}
	}
}

func TestReferencePages(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"/rules", []string{"<h1>Rules</h1>", `role="img"`, "<figcaption>Diagram 1.", "Diagram 5.", "tournament score"}},
		{"/strategy", []string{"<h1>Strategy</h1>", "X-squares", "C-squares", "Quiet moves", "Mobility", "Frontier discs", "parity"}},
		{"/faq", []string{"<h1>Questions and answers</h1>", "<dt>Is Reversi the same as Othello?</dt>"}},
		{"/history", []string{"<h1>A short history</h1>", "Genpei-go", "2023"}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			w := a.do("GET", tc.path, nil, nil)
			if w.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200", tc.path, w.Code)
			}
			body := w.Body.String()
			for _, want := range append(tc.want, `href="/tutorial"`, `<a href="/">`, `class="skip"`) {
				if !strings.Contains(body, want) {
					t.Errorf("GET %s lacks %q", tc.path, want)
				}
			}
		})
	}
}

func TestTutorialLinksFromHomeAndGame(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil)
	for _, path := range []string{"/", "/games/" + id} {
		body := a.do("GET", path, nil, cookie).Body.String()
		if !regexp.MustCompile(`<a href="[^"]*tutorial[^"]*"`).MatchString(body) {
			t.Errorf("GET %s has no link to the tutorial", path)
		}
	}
}

// TestTutorialPageWeights keeps every tutorial page, with a trial shown,
// within 8 KB gzipped.
func TestTutorialPageWeights(t *testing.T) {
	a := newApp(t)
	paths := []string{"/tutorial", "/practice", "/practice?try=d3", "/rules", "/strategy", "/faq", "/history"}
	for i := range play.Steps() {
		n := strconv.Itoa(i + 1)
		paths = append(paths, "/tutorial/"+n, "/tutorial/"+n+"?try=g2")
	}
	for _, path := range paths {
		got := gzipSize(t, a, path, nil)
		t.Logf("%s: %d bytes gzipped", path, got)
		if got > 8192 {
			t.Errorf("%s is %d bytes gzipped, over 8192", path, got)
		}
	}
	if len(static.CSS().Gzip) > 4096+128 { // as TestPageWeights allows
		t.Errorf("stylesheet is %d bytes gzipped, over 4096+128", len(static.CSS().Gzip))
	}
}

// TestTutorialKeepsTheAnswer checks that a step's question is not
// answered above it: what the step says after the answer is shown with
// the answer, on request, until the learner answers.
func TestTutorialKeepsTheAnswer(t *testing.T) {
	a := newApp(t)
	const after = "Black plays f3 and both discs turn"
	for _, tc := range []struct {
		target   string
		revealed bool // after the question, not inside its answer
	}{
		{"/tutorial/4", false},
		{"/tutorial/4?answer=2", true},
		{"/tutorial/4?answer=3", true},
		{"/tutorial/4?try=f3", true},
	} {
		body := a.do("GET", tc.target, nil, nil).Body.String()
		i, open, shut := strings.Index(body, after), strings.Index(body, "<details>"), strings.Index(body, "</details>")
		if i < 0 || open < 0 || shut < 0 {
			t.Fatalf("GET %s: no answer or no %q:\n%s", tc.target, after, body)
		}
		if inside := open < i && i < shut; inside == tc.revealed {
			t.Errorf("GET %s: %q inside the answer: %v, want %v", tc.target, after, inside, !tc.revealed)
		}
	}
}
