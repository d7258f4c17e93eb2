package handlers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"reversi/club"
)

// TestBrowserRatings audits a profile with a history of a few games and
// the list of the best, in light and dark, at 320 and 1280 px: axe-core
// finds nothing, nothing scrolls sideways, and each page is kept as a
// screenshot. It also audits the lobby with a rated maker's challenge.
func TestBrowserRatings(t *testing.T) {
	axe := axeSource(t)
	dir := screenshotDir(t, "reversi-screenshots-")
	a, ts := liveApp(t)
	ratedGame(t, ts.URL, "Challenger", "Acceptor_長い名前_x")
	// A few more games, from other networks (through the store), for a
	// graph with a shape and a settled player or two.
	ctx := context.Background()
	for _, id := range []string{"Rival", "Third"} {
		if err := a.store.CreatePlayer(ctx, "p-"+id); err != nil {
			t.Fatal(err)
		}
		if err := a.store.SetName(ctx, "p-"+id, club.Name(id)); err != nil {
			t.Fatal(err)
		}
	}
	p, err := a.store.PlayerByName(ctx, "Acceptor_長い名前_x")
	if err != nil {
		t.Fatal(err)
	}
	winner := p.ID
	for i := range 6 {
		host, guest := "p-Rival", winner
		if i%3 == 2 {
			host, guest = winner, "p-Third"
		}
		storeRatedGame(t, a.store, fmt.Sprintf("browsergame%05d", i), host, guest, 8, "5+3")
	}
	// The lobby lists a challenge of the rated player's, with the rating.
	tc, _ := club.ParseTimeControl("5+3")
	if err := a.store.MakeChallenge(ctx, &club.Challenge{ID: "browserchalleng1", PlayerID: winner, Size: 8, Clock: tc, Rated: true}); err != nil {
		t.Fatal(err)
	}
	profile := "/players/Acceptor_%E9%95%B7%E3%81%84%E5%90%8D%E5%89%8D_x"
	for _, scheme := range lookSchemes[:2] {
		for _, width := range []int{320, 1280} {
			t.Run(fmt.Sprintf("%s-%d", scheme.name, width), func(t *testing.T) {
				ctx := newBrowser(t, width, 900)
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: scheme.features}); err != nil {
					t.Fatal(err)
				}
				for _, page := range []struct{ name, path string }{
					{"profile", profile}, {"players", "/players"}, {"empty", "/players?size=10&speed=correspondence"},
					{"lobby", "/lobby"},
				} {
					do(t, ctx, chromedp.Navigate(ts.URL+page.path))
					if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > width {
						t.Errorf("%s: the page is %d px wide and scrolls sideways", page.name, sw)
					}
					audit(t, ctx, axe, page.name)
					png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
					if err != nil {
						t.Fatal(err)
					}
					name := fmt.Sprintf("ratings-%s-%s-%d.png", page.name, scheme.name, width)
					if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
	t.Logf("screenshots in %s", dir)
}
