package handlers

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"reversi/ai"
	"reversi/game"
)

// TestBrowserRecords goes from a finished game's result page to its review
// and replay with the keyboard alone, steps the replay with the arrow keys,
// imports a transcript, and runs axe-core on every page.
func TestBrowserRecords(t *testing.T) {
	axe := axeSource(t)
	a, ts := liveApp(t, func(c *testConfig) { c.Play.Review = ai.ReviewOptions{Nodes: 5_000, ExactEmpties: 10} })
	a.put("finishedfinished", testPlayer, game.Options{Size: 6}, wholeGame6, nil)
	ctx := newBrowser(t, 1280, 900)
	setCookie(t, ctx, a, ts.URL)

	do(t, ctx, chromedp.Navigate(ts.URL+"/games/finishedfinished#status"))
	audit(t, ctx, axe, "result with its record")
	tabTo(t, ctx, `e.matches('a[href$="/review"]')`)
	pressAndLoad(t, ctx, kb.Enter)
	audit(t, ctx, axe, "review, before one")
	tabTo(t, ctx, `e.matches('form[action$="/review"] button')`)
	pressAndLoad(t, ctx, kb.Enter)
	for range 20 { // "Check again" waits until the review is stored
		if eval[bool](t, ctx, `!document.querySelector('a[href*="wait=1"]')`) {
			break
		}
		tabTo(t, ctx, `e.matches('a[href*="wait=1"]')`)
		pressAndLoad(t, ctx, kb.Enter)
	}
	if got := eval[string](t, ctx, statusText); got != "The computer has judged every move." {
		t.Fatalf("review status %q", got)
	}
	audit(t, ctx, axe, "review")
	// A 60-move game's review, with its graph and three boards.
	a.put("sixtymovesixtymo", testPlayer, game.Options{Size: 8}, game60, nil)
	g60, err := game.ParseTranscript(game.Options{Size: 8}, game60)
	if err != nil {
		t.Fatal(err)
	}
	putReview(t, a, "sixtymovesixtymo", g60, map[int]int{21: 20, 35: 6, 37: 12, 43: 4, 49: 9})
	do(t, ctx, chromedp.Navigate(ts.URL+"/games/sixtymovesixtymo/review"))
	if n := eval[int](t, ctx, `document.querySelectorAll('svg.mboard').length`); n != 3 {
		t.Errorf("%d boards on the review, want 3", n)
	}
	audit(t, ctx, axe, "review with a graph and boards")
	do(t, ctx, chromedp.Navigate(ts.URL+"/games/finishedfinished/review"))
	tabTo(t, ctx, `e.matches('table.review a')`)
	pressAndLoad(t, ctx, kb.Enter)
	if !eval[bool](t, ctx, `location.pathname.endsWith("/replay") && !!document.querySelector('[data-square][data-disc="black"]')`) {
		t.Fatalf("the verdict's link did not lead to the replay: %s", eval[string](t, ctx, `location.href`))
	}
	audit(t, ctx, axe, "replay")
	for _, step := range []struct{ key, want string }{
		{kb.End, "ply=32"}, {kb.ArrowLeft, "ply=31"}, {kb.Home, "ply=0"}, {kb.ArrowRight, "ply=1"},
	} {
		pressAndLoad(t, ctx, step.key)
		if got := eval[string](t, ctx, `location.search`); !strings.Contains(got, step.want) {
			t.Errorf("after %q the replay is at %q, want %s", step.key, got, step.want)
		}
	}
	// Without the script the same steps are links: Tab to "Forward one".
	tabTo(t, ctx, `e.id === "forward"`)
	pressAndLoad(t, ctx, kb.Enter)
	if got := eval[string](t, ctx, `location.search`); !strings.Contains(got, "ply=2") {
		t.Errorf("Forward one led to %q, want ply=2", got)
	}

	do(t, ctx, chromedp.Navigate(ts.URL+"/import"))
	audit(t, ctx, axe, "import")
	tabTo(t, ctx, `e.id === "transcript"`)
	do(t, ctx, chromedp.SendKeys("#transcript", "f5d6c3d3c4a1"))
	tabTo(t, ctx, `e.matches('button.main')`)
	pressAndLoad(t, ctx, kb.Enter)
	if got := eval[string](t, ctx, `document.querySelector('[role=alert]').textContent`); got != "Move 6, a1, is not allowed: it outflanks no disc." {
		t.Errorf("the refused import says %q", got)
	}
	audit(t, ctx, axe, "refused import")
}

// TestBrowserRadiosKeepTheirSize checks at 320 pixels wide that no radio
// button is squeezed by a label that wraps: each stays as wide as it is
// tall, at its full size, on the home page's new-game form and on the
// replay's "Play on from here".
func TestBrowserRadiosKeepTheirSize(t *testing.T) {
	_, ts := liveApp(t)
	ctx := newBrowser(t, 320, 900)
	for _, path := range []string{"/", "/replay?moves=f5d6c3d3c4&size=8&start=cross&ply=5"} {
		do(t, ctx, chromedp.Navigate(ts.URL+path))
		const squeezed = `(() => {
			document.querySelectorAll('details').forEach(d => { d.open = true })
			const bad = []
			for (const e of document.querySelectorAll('input[type=radio]')) {
				const r = e.getBoundingClientRect()
				if (r.width < 20 || Math.abs(r.width - r.height) > 0.5) bad.push(e.name + '=' + e.value + ' ' + r.width + '×' + r.height)
			}
			return document.querySelectorAll('input[type=radio]').length + ' radios; squeezed: ' + bad.join(', ')
		})()`
		got := eval[string](t, ctx, squeezed)
		if !strings.HasSuffix(got, "squeezed: ") || strings.HasPrefix(got, "0 ") {
			t.Errorf("%s at 320 px: %s", path, got)
		}
	}
}
