package handlers

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"reversi/play"
	"reversi/views"
)

// TestBrowserPuzzles answers puzzles with the keyboard alone, from the
// home page's link: a wrong answer, a retry with the best move, the next
// puzzle; every page is checked with axe-core, and at 320 px wide none
// scrolls sideways.
func TestBrowserPuzzles(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the browser under -short")
	}
	a := newApp(t)
	srv := httptest.NewServer(a.h)
	t.Cleanup(srv.Close)
	b := newTutorBrowser(t, srv.URL)

	b.open("/")
	b.follow(`a[href="/puzzles"]`, kb.Enter)
	b.checkAxe()
	b.follow(`a.main[href^="/puzzles/"]`, kb.Enter)
	b.checkAxe()
	path := b.eval(`location.pathname`)
	var n int
	for _, p := range play.Puzzles() {
		if views.PuzzleURL(p.Number) == path {
			n = p.Number
		}
	}
	if n == 0 {
		t.Fatalf("the list's link led to %s, no puzzle", path)
	}
	p := play.Puzzles()[n-1]
	b.wantText(views.English().Say(views.PuzzleTask(p)))

	// A wrong answer, by the arrow keys and Enter.
	b.square(p.Moves[1].Move.Name(8))
	b.key(kb.Enter, true)
	b.wantText("Not the best move", "The best move is "+p.Moves[0].Move.Name(8))
	if got := b.eval(`document.activeElement === document.getElementById('status') || location.hash === '#status' ? 'ok' : 'no'`); got != "ok" {
		t.Errorf("after an answer the page is not at its status")
	}
	b.checkAxe()
	// Try again, with the best move.
	b.follow(`a.main[href$="#board"]`, kb.Enter)
	b.square(p.Moves[0].Move.Name(8))
	b.key(kb.Enter, true)
	b.wantText("Right: "+p.Moves[0].Move.Name(8)+" is the best move.", "The line with perfect play")
	b.checkAxe()
	run(b, "narrow", chromedp.EmulateViewport(320, 900))
	for _, page := range []string{b.eval(`location.pathname`), path, "/puzzles"} {
		b.open(page)
		if w := b.eval(`String(document.documentElement.scrollWidth)`); w != "320" {
			t.Errorf("%s at 320 px is %s px wide", page, w)
		}
	}
	b.open(path + "/answer/" + p.Moves[0].Move.Name(8))
	b.follow(`a.main[href^="/puzzles/"]`, kb.Enter)
	if got := b.eval(`location.pathname`); got == path {
		t.Errorf("the next puzzle is the same one, %s", got)
	}
}
