package handlers

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tutorBrowser drives one headless tab with the keyboard and checks pages with
// axe-core.
type tutorBrowser struct {
	t    *testing.T
	ctx  context.Context
	base string
	axe  string
}

func newTutorBrowser(t *testing.T, base string) *tutorBrowser {
	t.Helper()
	chromium, axe := chromiumPath(t), axeSource(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 1600), chromiumScratch(t))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx); err != nil { // start the browser without a deadline
		t.Fatalf("start chromium: %v", err)
	}
	return &tutorBrowser{t: t, ctx: ctx, base: base, axe: axe}
}

// run runs an action with a deadline, failing the test on error.
func run[T any](b *tutorBrowser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

func (b *tutorBrowser) open(path string) {
	b.t.Helper()
	run(b, "open "+path, chromedp.Navigate(b.base+path))
}

func (b *tutorBrowser) eval(expr string) string {
	b.t.Helper()
	return run(b, "evaluate "+expr, chromedp.Evaluate[string](expr))
}

// key presses keys; when they load a new page, it waits for that page.
func (b *tutorBrowser) key(keys string, loads bool) {
	b.t.Helper()
	if loads {
		run(b, "mark page", chromedp.Evaluate[chromedp.Void](`window.__old = true; undefined`, chromedp.EvalAsValue))
	}
	run(b, "press keys", chromedp.KeyEvent(keys))
	if !loads {
		return
	}
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	for {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__old !== true && document.readyState === 'complete'`))
		if err == nil && done {
			return
		}
		if ctx.Err() != nil {
			b.t.Fatalf("no new page after the keys %q: %v", keys, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// tabTo presses Tab until the focused element matches the CSS selector.
func (b *tutorBrowser) tabTo(selector string) {
	b.t.Helper()
	for range 80 {
		if b.eval(`String(!!document.activeElement && document.activeElement.matches(`+jsString(selector)+`))`) == "true" {
			return
		}
		b.key(kb.Tab, false)
	}
	b.t.Fatalf("%s: Tab never reached %s", b.eval("location.pathname+location.search"), selector)
}

// square moves the focus onto the board and, with the arrow keys, to sq.
func (b *tutorBrowser) square(sq string) {
	b.t.Helper()
	b.tabTo(".grid button")
	for range 20 {
		at := b.eval(`document.activeElement.value`)
		if at == sq {
			return
		}
		dc, dr := int(sq[0])-int(at[0]), int(sq[1])-int(at[1])
		switch {
		case dc > 0:
			b.key(kb.ArrowRight, false)
		case dc < 0:
			b.key(kb.ArrowLeft, false)
		case dr > 0:
			b.key(kb.ArrowDown, false)
		default:
			b.key(kb.ArrowUp, false)
		}
	}
	b.t.Fatalf("the arrow keys never reached %s", sq)
}

// try chooses a square on the board with Enter and returns the trial text.
func (b *tutorBrowser) try(sq string) string {
	b.t.Helper()
	b.square(sq)
	b.key(kb.Enter, true)
	if got := b.eval(`new URLSearchParams(location.search).get('try') || ''`); got != sq {
		b.t.Fatalf("after Enter on %s the page shows try=%q", sq, got)
	}
	// The page comes back with the focus, and the board's tab stop, on
	// the tried square, not at the top and on a1.
	if got := b.eval(`document.activeElement.value + ' ' + document.activeElement.tabIndex`); got != sq+" 0" {
		b.t.Errorf("after trying %s the focus is on %q, want the square with the tab stop", sq, got)
	}
	return b.eval(`document.getElementById('result').innerText`)
}

// follow tabs to the link or button and presses Enter (or Space).
func (b *tutorBrowser) follow(selector, key string) {
	b.t.Helper()
	b.tabTo(selector)
	b.key(key, true)
}

func (b *tutorBrowser) text() string { return b.eval(`document.body.innerText`) }

func (b *tutorBrowser) wantText(want ...string) {
	b.t.Helper()
	page := b.text()
	for _, w := range want {
		if !strings.Contains(page, w) {
			b.t.Errorf("%s lacks %q", b.eval("location.pathname+location.search"), w)
		}
	}
}

// checkAxe runs axe-core on the page and fails on any violation.
func (b *tutorBrowser) checkAxe() {
	b.t.Helper()
	if b.eval(`typeof axe`) == "undefined" {
		run(b, "load axe", chromedp.Evaluate[chromedp.Void](b.axe+";undefined", chromedp.EvalAsValue))
	}
	res := run(b, "axe.run", chromedp.Evaluate[struct {
		Violations []string
		Passes     int
	}](`axe.run(document).then(r => ({passes: r.passes.length, violations: r.violations.map(v =>
		v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))}))`, chromedp.EvalAwaitPromise))
	got := res.Violations
	b.t.Logf("axe-core on %s: %d rules passed, %d violated", b.eval("location.pathname+location.search"), res.Passes, len(got))
	if res.Passes == 0 {
		b.t.Errorf("axe-core passed no rule: did it run?")
	}
	if len(got) > 0 {
		b.t.Errorf("axe-core on %s: %d violations:\n%s", b.eval("location.pathname+location.search"), len(got), strings.Join(got, "\n"))
	}
}

func jsString(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }

// TestBrowserTutorialAndPractice goes through the whole tutorial and the
// practice with the keyboard alone, checks every page with axe-core, and
// then checks that the player's real game did not change.
func TestBrowserTutorialAndPractice(t *testing.T) {
	a := newApp(t)
	srv := httptest.NewServer(a.h)
	t.Cleanup(srv.Close)
	b := newTutorBrowser(t, srv.URL)

	// A real game in progress for this browser's player.
	id, cookie := a.start(nil)
	if w := a.do("POST", "/games/"+id+"/moves", map[string][]string{"ply": {"0"}, "move": {"f5"}}, cookie); w.Code != 303 {
		t.Fatalf("game move = %d", w.Code)
	}
	before := a.stored(id)
	run(b, "set cookie", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: cookie.Name, Value: cookie.Value, URL: srv.URL, Path: "/"})
		return err
	}))

	// From the home page to the tutorial by its link.
	b.open("/")
	b.follow(`header a[href="/tutorial"]`, kb.Enter)
	b.checkAxe()
	b.follow(`a.main[href="/tutorial/1"]`, kb.Enter)

	// Step 1: d3 traps d4; Escape clears the trial.
	b.checkAxe()
	if got := b.try("d3"); !strings.Contains(got, "A legal move: Black at d3 would turn over 1 disc: d4.") || !strings.Contains(got, "Yes: d3 turns over d4.") {
		t.Errorf("trial d3 says:\n%s", got)
	}
	b.checkAxe()
	b.square("d3")
	b.key(kb.Escape, true)
	if got := b.eval(`location.search`); got != "" {
		t.Errorf("Escape left the trial in place: %q", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Step 2: f3 fails with its reasons; e3 answers the question.
	b.checkAxe()
	if got := b.try("f3"); !strings.Contains(got, "Not a legal move") || !strings.Contains(got, "but c6 is empty") {
		t.Errorf("trial f3 says:\n%s", got)
	}
	if got := b.try("e3"); !strings.Contains(got, "Yes: e3 turns over e4.") {
		t.Errorf("trial e3 says:\n%s", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Step 3: the answer opens with the keyboard.
	b.checkAxe()
	b.tabTo("summary")
	b.key(kb.Enter, false)
	if got := b.eval(`String(document.querySelector('details').open)`); got != "true" {
		t.Errorf("Enter on the summary did not open the answer")
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Step 4: the number question, answered with Space.
	b.checkAxe()
	b.follow(`button[name=answer][value="2"]`, " ")
	b.wantText("Yes, two:")
	b.checkAxe()
	if got := b.try("f3"); !strings.Contains(got, "would turn over 2 discs: e3 and e4") {
		t.Errorf("trial f3 in step 4 says:\n%s", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Step 5: White can still move.
	b.checkAxe()
	if got := b.try("c5"); !strings.Contains(got, "Yes: White can play c5") {
		t.Errorf("trial c5 says:\n%s", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Steps 6 and 7: Black must pass; White's only move is b1.
	b.checkAxe()
	b.wantText("Black to move. Black has 21 discs")
	if got := b.try("b1"); !strings.Contains(got, "run to the edge of the board") || !strings.Contains(got, "Black must pass") {
		t.Errorf("trial b1 for Black says:\n%s", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)
	b.checkAxe()
	if got := b.try("b1"); !strings.Contains(got, "Yes: White can play b1, which turns over b2, c2, b3, b4, b5 and b6.") {
		t.Errorf("trial b1 for White says:\n%s", got)
	}
	b.follow(`a[rel=next]`, kb.Enter)

	// Step 8: the count, then on to the practice.
	b.checkAxe()
	b.wantText("The game is over", "15 discs", "48 discs", "belonging to nobody", "Black 15, White 49")
	b.follow(`a[rel=next]`, kb.Enter)

	// Practice: four placements, each previewed and then applied.
	if got := b.eval(`location.pathname`); got != "/practice" {
		t.Fatalf("the last step led to %s, want /practice", got)
	}
	b.checkAxe()
	for i, sq := range []string{"d3", "c3", "e3", "f3"} {
		if got := b.try(sq); !strings.Contains(got, "A legal move") {
			t.Fatalf("preview %s says:\n%s", sq, got)
		}
		if i == 0 {
			b.checkAxe()
		}
		b.follow(`.tools button.main`, kb.Enter)
		b.wantText(fmt.Sprintf("Placements made: %d of 4", i+1))
	}
	b.wantText("The exercise is over")
	b.checkAxe()
	b.follow(`form[action="/practice/undo"] button`, kb.Enter)
	b.wantText("Placements made: 3 of 4", "Taken back")
	// Start again asks first; the answer is the form.
	b.follow(`a[href="/practice/reset#reset"]`, kb.Enter)
	b.wantText("Start this practice again?", "You can undo the reset.")
	b.checkAxe()
	b.follow(`form[action="/practice/reset"] button`, " ")
	b.wantText("Placements made: 0 of 4", "Started again")
	b.follow(`form[action="/practice/undo"] button`, kb.Enter)
	b.wantText("Placements made: 3 of 4", "Yours: d3 c3 e3.")

	// The practice survives a reload and sits in its own table.
	b.open("/practice")
	b.wantText("Placements made: 3 of 4")
	if row := a.practiceRow(playerOf(t, a, cookie)); row == nil || row.Plies != "d3 c3 e3" {
		t.Errorf("stored practice = %+v, want plies d3 c3 e3", row)
	}

	// The reference pages.
	for _, path := range []string{"/rules", "/strategy", "/faq", "/history"} {
		b.open(path)
		b.checkAxe()
	}

	// The real game is unchanged.
	after := a.stored(id)
	if !slices.Equal(after.Record.Plies, before.Record.Plies) || !after.Updated.Equal(before.Updated) {
		t.Errorf("the real game changed: %v -> %v", before.Record.Plies, after.Record.Plies)
	}
	b.open("/games/" + id)
	if got := b.text(); !strings.Contains(got, "f5") {
		t.Errorf("the game page no longer shows f5:\n%s", got)
	}
}
