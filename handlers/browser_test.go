package handlers

// Browser tests: Debian's chromium, headless, driven by chromedp. Under a
// plain `go test` they skip (saying why) when chromium or axe-core is
// missing; with CI=true they fail instead. REVERSI_CHROMIUM names the
// browser binary and REVERSI_AXE_JS the file axe.min.js (by default
// .ci/node_modules/axe-core/axe.min.js, where .ci/run installs it).
// Screenshots go to REVERSI_SCREENSHOTS, or a new temporary directory.

import (
	"context"
	"fmt"

	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// missing skips the test, or fails it under CI=true.
func missing(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true and "+format, args...)
	}
	t.Skipf("skipping browser test: "+format, args...)
}

func chromiumPath(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping browser test in -short mode")
	}
	if p := os.Getenv("REVERSI_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "no chromium found (install it, or set REVERSI_CHROMIUM)")
	return ""
}

func axeSource(t *testing.T) string {
	t.Helper()
	p := os.Getenv("REVERSI_AXE_JS")
	if p == "" {
		p = filepath.Join("..", ".ci", "node_modules", "axe-core", "axe.min.js")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		missing(t, "axe-core not found at %s (npm install axe-core, and set REVERSI_AXE_JS): %v", p, err)
	}
	return string(b)
}

// chromiumScratch gives the browser a temporary directory of its own, removed
// when the test ends: chromium leaves a directory for its singleton socket
// in TMPDIR at every start, which piled up by the hundred in /tmp.
func chromiumScratch(t *testing.T) chromedp.ExecAllocatorOption {
	t.Helper()
	dir, err := os.MkdirTemp("", "reversi-chromium-")
	if err != nil {
		t.Fatalf("chromium's temporary directory: %v", err)
	}
	// Registered before the browser's own clean-up, so it runs after it.
	t.Cleanup(func() { os.RemoveAll(dir) })
	return chromedp.Env("TMPDIR=" + dir)
}

// newBrowser starts a headless chromium with a window of the given size.
func newBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(width, height),
		chromiumScratch(t),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancelTime)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// liveApp serves the app with the real computer player on a local port.
func liveApp(t *testing.T, mods ...func(*testConfig)) (*testApp, *httptest.Server) {
	t.Helper()
	a := newApp(t)
	cfg := testConfig{Play: play.Config{Store: a.store}}
	for _, mod := range mods {
		mod(&cfg)
	}
	srv := newTestServer(t, cfg)
	a.srv, a.h = srv, srv.Routes()
	ts := httptest.NewServer(a.h)
	t.Cleanup(ts.Close)
	return a, ts
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// pressAndLoad presses key and waits for the page that it leads to.
func pressAndLoad(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil, chromedp.KeyEvent(key))); err != nil {
		t.Fatalf("press %q and wait for the page: %v", key, err)
	}
}

// tabTo presses Tab until the focused element satisfies the JavaScript
// predicate test, which sees it as e.
func tabTo(t *testing.T, ctx context.Context, test string) {
	t.Helper()
	js := "(e => !!(" + test + "))(document.activeElement)"
	for range 250 {
		do(t, ctx, chromedp.KeyEvent(kb.Tab))
		if eval[bool](t, ctx, js) {
			return
		}
	}
	t.Fatalf("Tab never reached an element where %s", test)
}

const (
	focusIsStatus = `document.activeElement && document.activeElement.id === "status"`
	statusText    = `document.getElementById("status").textContent`
	playable      = `e.matches('.grid button.lg:not([disabled]):not([aria-disabled])') || e.value === 'pass'`
)

// playWholeGame starts a 6×6 game against the computer from the home page
// and plays it to the end with Tab, Enter and an arrow key in the form's
// radio group, nothing else.
func playWholeGame(t *testing.T, ctx context.Context, base string, scripts bool) {
	do(t, ctx, chromedp.Navigate(base+"/"))
	do(t, ctx, chromedp.KeyEvent(kb.Tab))
	if got := eval[string](t, ctx, `document.activeElement.className`); got != "skip" {
		t.Errorf("the first Tab reaches %q, want the skip link", got)
	}
	// The full form is one press away, behind a summary.
	tabTo(t, ctx, `e.matches("details.newgame summary")`)
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	tabTo(t, ctx, `e.name === "size" && e.checked`)
	do(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	if got := eval[string](t, ctx, `document.querySelector("input[name=size]:checked").value`); got != "6" {
		t.Fatalf("after ArrowDown the size is %q, want 6", got)
	}
	tabTo(t, ctx, `e.textContent === "Start the game"`)
	pressAndLoad(t, ctx, kb.Enter)

	hasScript := eval[bool](t, ctx, `document.querySelector(".grid [aria-disabled]") !== null`)
	if hasScript != scripts {
		t.Errorf("board script ran: %v, want %v", hasScript, scripts)
	}
	for moves := 0; ; moves++ {
		if moves > 40 {
			t.Fatal("the game did not end after 40 turns")
		}
		if !eval[bool](t, ctx, focusIsStatus) {
			t.Errorf("turn %d: focus is on %q, want the status heading", moves,
				eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		status := eval[string](t, ctx, statusText)
		if title := eval[string](t, ctx, `document.title`); !strings.HasPrefix(title, status) {
			t.Errorf("title %q does not start with the status %q", title, status)
		}
		if strings.Contains(status, "the game is over") {
			break
		}
		if moves > 0 && !strings.HasPrefix(status, "You played") && !strings.HasPrefix(status, "You passed") {
			t.Errorf("turn %d: status %q does not say what you did", moves, status)
		}
		tabTo(t, ctx, playable)
		pressAndLoad(t, ctx, kb.Enter)
	}
	for _, want := range []string{"Result", "Tournament score", "Undos used"} {
		if !eval[bool](t, ctx, `document.body.textContent.includes(`+fmt.Sprintf("%q", want)+`)`) {
			t.Errorf("result page lacks %q", want)
		}
	}
}

func TestBrowserKeyboardGame(t *testing.T) {
	_, ts := liveApp(t)
	ctx := newBrowser(t, 1280, 900)
	playWholeGame(t, ctx, ts.URL, true)
}

func TestBrowserKeyboardGameWithoutJavaScript(t *testing.T) {
	_, ts := liveApp(t)
	ctx := newBrowser(t, 1280, 900)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	playWholeGame(t, ctx, ts.URL, false)
}

func TestBrowserArrowKeys(t *testing.T) {
	a, ts := liveApp(t)
	a.put("arrowsarrowsarro", testPlayer, game.Options{Size: 8}, "f5f6", nil)
	ctx := newBrowser(t, 1280, 900)
	setCookie(t, ctx, a, ts.URL)
	do(t, ctx, chromedp.Navigate(ts.URL+"/games/arrowsarrowsarro#status"))
	tabTo(t, ctx, `e.matches(".grid button")`)
	for _, step := range []struct{ key, want string }{
		{kb.End, "h3"}, {kb.Home, "a3"}, {kb.ArrowUp, "a2"}, {kb.ArrowUp, "a1"}, {kb.ArrowUp, "a1"},
		{kb.ArrowRight, "b1"}, {kb.ArrowDown, "b2"}, {kb.ArrowLeft, "a2"}, {kb.ArrowLeft, "a2"},
	} {
		do(t, ctx, chromedp.KeyEvent(step.key))
		if got := eval[string](t, ctx, `document.activeElement.value`); got != step.want {
			t.Errorf("after %q focus is on %q, want %q", step.key, got, step.want)
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.grid [tabindex="0"]').length`); n != 1 {
		t.Errorf("%d squares in the tab order, want 1 (a roving tab stop)", n)
	}
	// Enter on a square that isn't a legal move does nothing.
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	if g := a.stored("arrowsarrowsarro"); g.Ply() != 2 {
		t.Errorf("Enter on a2 changed the game to ply %d", g.Ply())
	}
}

// setCookie gives the browser the session cookie of testPlayer.
func setCookie(t *testing.T, ctx context.Context, a *testApp, base string) {
	t.Helper()
	c := a.playerCookie(testPlayer)
	if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: c.Name, Value: c.Value, URL: base + "/"}); err != nil {
		t.Fatal(err)
	}
}

type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

const runAxe = `axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
	id: v.id, impact: v.impact || "", help: v.help,
	nodes: v.nodes.slice(0, 5).map(n => n.target.join(" "))})))`

// audit runs axe-core (source axe) on the page open in ctx and reports
// each violation as an error naming the page.
func audit(t *testing.T, ctx context.Context, axe, page string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](axe)); err != nil {
		t.Fatalf("inject axe-core: %v", err)
	}
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]axeViolation](runAxe, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	for _, v := range vs {
		t.Errorf("axe on the %s page: %s (%s): %s at %v", page, v.ID, v.Impact, v.Help, v.Nodes)
	}
}

// browserPages are fixture pages for the audit and the screenshots.
func browserPages(t *testing.T, a *testApp) map[string]string {
	t.Helper()
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, func(g *club.Game) {
		g.HintPly, g.HintSquare = 30, mustSquare(t, 8, "a2")
	})
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	a.put("tentententenaaaa", testPlayer, game.Options{Size: 10}, lastMoves(t, game.Options{Size: 10}, 10), nil)
	a.put("humanmustpassaaa", testPlayer, game.Options{Size: 6}, humanMustPass, func(g *club.Game) { g.Opponent, g.Human = club.Local, game.Empty })
	return map[string]string{
		"home":   "/",
		"game":   "/games/midgamemidgamemi#status",
		"result": "/games/finishedfinished#status",
		"ten":    "/games/tentententenaaaa#status",
		"pass":   "/games/humanmustpassaaa#status",
		"error":  "/games/aaaaaaaaaaaaaaaa",
	}
}

// lastMoves returns the transcript of n plies that each take the last legal
// move in square order.
func lastMoves(t *testing.T, o game.Options, n int) string {
	t.Helper()
	g, err := game.NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		b, err := g.Board()
		if err != nil {
			t.Fatal(err)
		}
		ms := b.Moves().Squares()
		m := game.Pass
		if len(ms) > 0 {
			m = ms[len(ms)-1]
		}
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Transcript()
}

func mustSquare(t *testing.T, size int, name string) game.Square {
	sq, err := game.ParseSquare(size, name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestBrowserAccessibilityAudit runs axe-core on every kind of page, in
// light and in dark.
func TestBrowserAccessibilityAudit(t *testing.T) {
	axe := axeSource(t)
	a, ts := liveApp(t)
	pages := browserPages(t, a)
	for name, path := range map[string]string{
		"replay": "/games/finishedfinished/replay?ply=5", "review": "/games/finishedfinished/review",
		"analysis": analysisPage, "setup": setupPage, "import": "/import", "tutorial": "/tutorial", "tutorial-2": "/tutorial/2?try=f3", "practice": "/practice",
		"rules": "/rules", "strategy": "/strategy", "faq": "/faq", "history": "/history", "resign": "/games/midgamemidgamemi?ask=resign#resign",
	} {
		pages[name] = path
	}
	ctx := newBrowser(t, 1280, 900)
	setCookie(t, ctx, a, ts.URL)
	for _, scheme := range []string{"light", "dark"} {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
			t.Fatal(err)
		}
		for name, path := range pages {
			t.Run(scheme+"/"+name, func(t *testing.T) {
				do(t, ctx, chromedp.Navigate(ts.URL+path))
				audit(t, ctx, axe, scheme+" "+name)
			})
		}
	}
}

// analysisPage is an analysis of a position of 14 empties, every value
// exact.
const analysisPage = "/analysis?position=--XXXXX--OOOXX-OOOOOXXOOOO-OXOOOO-XXOOO-OOXXOOOXXXXXOX--XXXX----&side=X"

// setupPage is the set-up board just after a press of c4.
const setupPage = "/setup?position=" + start8 + "&side=X&set=c4"

// TestBrowserSetupKeepsFocus: on the set-up board, the square just
// pressed has the focus back, and the arrow keys move it.
func TestBrowserSetupKeepsFocus(t *testing.T) {
	_, ts := liveApp(t)
	b := newTutorBrowser(t, ts.URL)
	b.open(setupPage)
	if got := b.eval(`document.activeElement.value`); got != "c4" {
		t.Fatalf("focus on %q after pressing c4", got)
	}
	b.key(kb.ArrowDown, false)
	b.key(kb.Enter, true)
	if got := b.eval(`document.activeElement.value + ' ' + document.activeElement.dataset.disc`); got != "c5 black" {
		t.Errorf("after pressing c5 with the keys, the focus is on %q, want c5 black", got)
	}
}

// TestBrowserScreenshots writes screenshots at 320 and 1280 pixels wide,
// for a person to look at, and checks that nothing scrolls sideways.
func TestBrowserScreenshots(t *testing.T) {
	a, ts := liveApp(t)
	pages := browserPages(t, a)
	pages["review"], pages["analysis"], pages["setup"] = "/games/finishedfinished/review", analysisPage, setupPage
	dir := screenshotDir(t, "reversi-screenshots-")
	for _, width := range []int{320, 1280} {
		ctx := newBrowser(t, width, 800)
		setCookie(t, ctx, a, ts.URL)
		// Still pictures: the flips are drawn in their final state.
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"home", "game", "result", "ten", "pass", "review", "analysis", "setup"} {
			do(t, ctx, chromedp.Navigate(ts.URL+pages[name]))
			if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > width {
				t.Errorf("%s at %d px: the page is %d px wide and scrolls sideways", name, width, sw)
			}
			// A radio button or checkbox counts with its label, which takes the click.
			small := eval[[]string](t, ctx, `[...document.querySelectorAll("button, a, input:not([type=hidden]), summary, label")].filter(e => {
				if (e.matches("label input")) return false;
				const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 24 || r.height < 24) }).map(e => e.outerHTML.slice(0, 60))`)
			if len(small) > 0 {
				t.Errorf("%s at %d px: targets smaller than 24 px: %q", name, width, small)
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width))
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Visible focus on a square.
		do(t, ctx, chromedp.Navigate(ts.URL+pages["game"]))
		tabTo(t, ctx, `e.matches(".grid button")`)
		do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("focus-%d.png", width)), png, 0o644); err != nil {
			t.Fatal(err)
		}
		if width == 320 {
			// Forced colours (Windows high contrast): the discs must still show.
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}, {Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
				t.Fatal(err)
			}
			do(t, ctx, chromedp.Navigate(ts.URL+pages["game"]))
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "game-forced-colors-320.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
			// The tutorial's trial draws the closed lines as stripes, which
			// forced colours would drop like any gradient unless redrawn.
			do(t, ctx, chromedp.Navigate(ts.URL+"/tutorial/1?try=d3"))
			if lost := eval[[]string](t, ctx, `[...document.querySelectorAll(".grid .lh, .grid .lv, .grid .ld, .grid .la")].
				filter(e => getComputedStyle(e).backgroundImage == "none").map(e => e.value)`); len(lost) > 0 {
				t.Errorf("forced colours: the trial's stripes are gone on %v", lost)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll(".grid .lv").length`); n == 0 {
				t.Error("the trial of d3 in step 1 marks no closed line")
			}
			if png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "trial-forced-colors-320.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

// screenshotDir is the folder the browser tests keep their screenshots
// in: $REVERSI_SCREENSHOTS, made if need be, or else a new folder under
// the system's temporary one named with prefix, kept after the test for
// a person to look at.
func screenshotDir(t *testing.T, prefix string) string {
	t.Helper()
	dir := os.Getenv("REVERSI_SCREENSHOTS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", prefix); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
