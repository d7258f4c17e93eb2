package handlers

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"reversi/club"
	"reversi/game"
)

// TestBrowserClock opens a clocked game at 320 px in light, dark and
// forced colours: the running clock counts down with JavaScript, nothing
// scrolls sideways, and at zero the page loads again and says the game
// was lost on time, where axe finds nothing. The server's clock is the real one here,
// as the browser's is.
func TestBrowserClock(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser, and a clock that runs out for real")
	}
	axe := axeSource(t)
	dir := screenshotDir(t, "reversi-screenshots-")
	for _, scheme := range lookSchemes {
		t.Run(scheme.name, func(t *testing.T) {
			a, ts := liveApp(t)
			// Both have moved, so the game is not aborted; Black, to move,
			// has 4.5 s.
			id, black, _ := clockedGame(t, a, time.Now(), func(g *club.Game) {
				rec, err := game.ParseTranscript(g.Record.Options, "f5d6")
				if err != nil {
					t.Fatal(err)
				}
				g.Record = *rec
				g.Clock.Black = 4500 * time.Millisecond
			})
			ctx := newBrowser(t, 320, 800)
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: scheme.features}); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: black.Name, Value: black.Value, URL: ts.URL + "/"}); err != nil {
				t.Fatal(err)
			}
			do(t, ctx, chromedp.Navigate(ts.URL+"/games/"+id))
			// Loaded at 0:04 at most; a second later the script has counted.
			waitFor(t, ctx, `(e => !!e && /0:0[0-3]/.test(e.textContent))(document.querySelector('[data-running] .line'))`, "the clock to count down")
			if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > 320 {
				t.Errorf("the page is %d px wide and scrolls sideways", sw)
			}
			if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
				os.WriteFile(filepath.Join(dir, fmt.Sprintf("clock-%s-320.png", scheme.name)), shot, 0o644)
			}
			waitFor(t, ctx, `document.body.innerText.includes('Black lost on time')`, "the page to say the game was lost on time")
			audit(t, ctx, axe, "clocked game, lost on time ("+scheme.name+")")
			if g := a.stored(id); g.Ending != club.EndedOnTime {
				t.Errorf("stored ending %q, want on time", g.Ending)
			}
		})
	}
}
