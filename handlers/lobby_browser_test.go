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

// TestBrowserLobbyGame has three browsers meet in the lobby: one takes a
// name and makes a 1+0 challenge, another accepts it, both land on the
// same clocked game, a move out of turn changes nothing, and a third
// watches the game read-only and sees the move made. It runs in four
// settings that between them cover light and dark, 320 and 1280 px, and
// JavaScript on and off (each width with both); axe-core audits the
// lobby, the waiting page, the player's page and both game pages where
// scripts run (axe is a script), and every page is kept as a screenshot.
func TestBrowserLobbyGame(t *testing.T) {
	axe := axeSource(t)
	dir := screenshotDir(t, "reversi-screenshots-")
	for _, tt := range []struct {
		scheme  int // index in lookSchemes
		width   int
		scripts bool
	}{
		{0, 320, true}, {1, 320, false}, {0, 1280, false}, {1, 1280, true},
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
			maker, taker, watcher := open(), open(), open()
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
				name := fmt.Sprintf("lobby-%s-%s-%d-%s.png", page, scheme.name, tt.width, js)
				if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}

			// A name, on the player's page.
			do(t, maker, chromedp.Navigate(ts.URL+"/players/me"), chromedp.SetValue(chromedp.CSS(`#name`), "Maker_"+js))
			clickAndLoad(t, maker, `form[action="/players/me"] button`)
			if got := eval[string](t, maker, `document.body.innerText`); !strings.Contains(got, "Your name is Maker_"+js) {
				t.Fatalf("the player's page after naming says:\n%s", got)
			}
			look(maker, "player")

			// A 1+0 challenge, as Black, from the lobby.
			do(t, maker, chromedp.Navigate(ts.URL+"/lobby"))
			look(maker, "lobby")
			do(t, maker, chromedp.SetValue(chromedp.CSS(`#clock`), "1+0"), chromedp.SetValue(chromedp.CSS(`#color`), "black"))
			clickAndLoad(t, maker, `form.challenge button`)
			waiting := eval[string](t, maker, `location.pathname`)
			if !strings.HasPrefix(waiting, "/lobby/challenges/") {
				t.Fatalf("after the challenge the maker is at %s, want a waiting page", waiting)
			}
			look(maker, "waiting")

			// Another accepts it from the lobby's list.
			do(t, taker, chromedp.Navigate(ts.URL+"/lobby"))
			clickAndLoad(t, taker, `form[action$="/accept"] button`)
			game := eval[string](t, taker, `location.pathname`)
			if !strings.HasPrefix(game, "/games/") {
				t.Fatalf("after the accept the taker is at %s, want a game", game)
			}
			if tt.scripts {
				waitFor(t, maker, `location.pathname === "`+game+`" && document.readyState === "complete"`, "the waiting page to follow the accept by itself")
			} else {
				do(t, maker, chromedp.Navigate(ts.URL+waiting)) // the page's own reload, by hand
				if at := eval[string](t, maker, `location.pathname`); at != game {
					t.Fatalf("the waiting page, loaded again, is at %s, want %s", at, game)
				}
			}
			const clocks = `document.querySelectorAll("[data-clock][data-ms]").length`
			for who, ctx := range map[string]context.Context{"maker": maker, "taker": taker} {
				if n := eval[int](t, ctx, clocks); n != 2 {
					t.Errorf("the %s's game shows %d clocks, want 2", who, n)
				}
			}
			look(maker, "game")

			// White, out of turn: the server refuses, and the game stays at ply 0.
			status := eval[int](t, taker, `(() => { const x = new XMLHttpRequest(); x.open("POST", "`+game+`/moves", false);
				x.setRequestHeader("Content-Type", "application/x-www-form-urlencoded"); x.send("move=d3&ply=0"); return x.status })()`)
			if status < 400 {
				t.Errorf("a move out of turn answered %d, want a refusal", status)
			}

			// A third watches: names, no forms of the game, a board of
			// disabled squares, the clocks.
			do(t, watcher, chromedp.Navigate(ts.URL+game))
			for _, c := range []struct{ what, cond string }{
				{"the heading names both and says so", `document.querySelector("h1").textContent === "Maker_` + js + ` (Black) against Anonymous (White): you are watching"`},
				{"no form of the game", `!document.querySelector('form[action^="/games"]')`},
				{"a read-only board", `document.querySelectorAll(".grid button").length === 64 && !document.querySelector(".grid button:not([disabled]):not([aria-disabled=true])")`},
				{"the clocks", clocks + ` === 2`},
			} {
				if !eval[bool](t, watcher, c.cond) {
					t.Errorf("the spectator's page: %s does not hold", c.what)
				}
			}
			look(watcher, "spectator")

			// Black moves; the spectator sees it, by the stream or the link.
			clickAndLoad(t, maker, `.grid button.lg:not([disabled])`)
			if !tt.scripts {
				clickAndLoad(t, watcher, `a[data-events]`)
			}
			waitFor(t, watcher, `document.getElementById("status").textContent.includes("Black played")`, "the spectator's page to show Black's move")
			look(watcher, "spectator-after")
		})
	}
	t.Logf("screenshots in %s", dir)
}
