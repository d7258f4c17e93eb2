package handlers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserKeysAndYourTurn: a named player's 1-day game sits in their
// your-turn list; their key, made on their page, makes a fresh browser
// them (it asks first), and the page that asks before deleting is there.
// axe-core audits the home page with its list, the player's page, the
// key shown once, the key's question and the deleting question, at 320
// and 1280 px, light and dark; a setting without scripts walks the same
// forms. Every page is kept as a screenshot.
func TestBrowserKeysAndYourTurn(t *testing.T) {
	axe := axeSource(t)
	dir := screenshotDir(t, "reversi-screenshots-")
	for _, tt := range []struct {
		scheme  int // index in lookSchemes
		width   int
		scripts bool
	}{
		{0, 320, true}, {1, 1280, true}, {1, 320, false},
	} {
		scheme := lookSchemes[tt.scheme]
		js := map[bool]string{true: "js", false: "nojs"}[tt.scripts]
		t.Run(fmt.Sprintf("%s-%d-%s", scheme.name, tt.width, js), func(t *testing.T) {
			_, ts := liveApp(t)
			open := func() context.Context {
				ctx := newBrowser(t, tt.width, 900)
				if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: scheme.features}); err != nil {
					t.Fatal(err)
				}
				if !tt.scripts {
					if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
						t.Fatal(err)
					}
				}
				return ctx
			}
			look := func(ctx context.Context, page string) {
				t.Helper()
				if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > tt.width {
					t.Errorf("%s: the page is %d px wide and scrolls sideways", page, sw)
				}
				if tt.scripts {
					audit(t, ctx, axe, page)
				}
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("me-%s-%s-%d-%s.png", page, scheme.name, tt.width, js)
				if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			owner, opponent, fresh := open(), open(), open()

			// A name, a 1-day challenge as Black, accepted.
			do(t, owner, chromedp.Navigate(ts.URL+"/players/me"), chromedp.SetValue(chromedp.CSS(`#name`), "Keeper_"+js))
			clickAndLoad(t, owner, `form[action="/players/me"] button`)
			do(t, owner, chromedp.Navigate(ts.URL+"/lobby"), chromedp.SetValue(chromedp.CSS(`#clock`), "1d"), chromedp.SetValue(chromedp.CSS(`#color`), "black"))
			clickAndLoad(t, owner, `form.challenge button`)
			do(t, opponent, chromedp.Navigate(ts.URL+"/lobby"))
			clickAndLoad(t, opponent, `form[action$="/accept"] button`)
			game := eval[string](t, opponent, `location.pathname`)

			// The owner's home: the game in the your-turn list, with its day.
			do(t, owner, chromedp.Navigate(ts.URL+"/"))
			if !eval[bool](t, owner, `!!document.querySelector('#your-turn a[href^="`+game+`"]') && document.getElementById("your-turn").innerText.includes("left)")`) {
				t.Errorf("the owner's your-turn list lacks the game and its time left")
			}
			look(owner, "home")

			// The key, shown once.
			do(t, owner, chromedp.Navigate(ts.URL+"/players/me"))
			look(owner, "player")
			clickAndLoad(t, owner, `form[action="/players/me/key"] button`)
			key := eval[string](t, owner, `document.getElementById("player-key").getAttribute("href")`)
			if !strings.Contains(key, "/key/") {
				t.Fatalf("the key's link is %q", key)
			}
			look(owner, "key")

			// A fresh browser opens it, is asked, and becomes the owner.
			do(t, fresh, chromedp.Navigate(key))
			look(fresh, "signin")
			clickAndLoad(t, fresh, `form[action*="/key/"] button`)
			if !eval[bool](t, fresh, `location.pathname === "/" && !!document.querySelector('#your-turn a[href^="`+game+`"]')`) {
				t.Errorf("the fresh browser, after the key, does not list the owner's game as its turn")
			}

			// Deleting asks first.
			do(t, owner, chromedp.Navigate(ts.URL+"/players/me"))
			clickAndLoad(t, owner, `a[href="/players/me/delete"]`)
			if !eval[bool](t, owner, `!!document.querySelector('form[action="/players/me/delete"] button')`) {
				t.Errorf("the deleting question has no form")
			}
			look(owner, "delete")
		})
	}
	t.Logf("screenshots in %s", dir)
}
