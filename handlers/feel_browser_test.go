package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"reversi/game"
)

// lookPages are the pages of the look-and-feel screenshots: home, a game
// right after the computer's reply, a failing tutorial trial, the practice;
// and, seen by a second player (other), an online guest waiting for the
// host's move and a finished practice board.
var lookPages = []struct {
	name, path string
	other      bool
}{
	{"home", "/", false},
	{"reply", "/games/midgamemidgamemi#status", false},
	{"trial", "/tutorial/2?try=f3", false},
	{"practice", "/practice?try=c4", false},
	{"puzzle", "/puzzles/1#status", false},
	{"guest", "", true},
	{"practice-over", "/practice?did=move#status", true},
}

// otherPlayer is the second player of the look-and-feel pages.
const otherPlayer = "00000000000000000000000000000002"

// lookOther makes otherPlayer's pages: the guest of an online game whose
// host is to move (its path returned), and a practice with its four
// placements used.
func lookOther(t *testing.T, a *testApp) string {
	t.Helper()
	w := a.do("POST", "/games", url.Values{"opponent": {"online"}, "color": {"black"}, "level": {"easy"}, "size": {"8"},
		"start": {"cross"}, "show_moves": {"on"}}, nil)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("new online game = %d", w.Code)
	}
	gamePath := strings.TrimSuffix(w.Header().Get("Location"), "#status")
	body := a.do("GET", gamePath, nil, cookieFrom(t, w)).Body.String()
	m := invitePattern.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no invite link:\n%s", body)
	}
	u, _ := url.Parse(m[1])
	cookie := a.playerCookie(otherPlayer)
	if w := a.do("POST", u.Path, url.Values{}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("take the seat = %d", w.Code)
	}
	for v := range 4 {
		body := a.do("GET", "/practice", nil, cookie).Body.String()
		m := regexp.MustCompile(`/practice\?try=([a-h][1-8])`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("practice placement %d: no example move:\n%s", v, body)
		}
		a.practicePost("moves", v, m[1], cookie)
	}
	return gamePath + "#status"
}

// lookSchemes are the colour settings the pages are looked at in.
var lookSchemes = []struct {
	name     string
	features []*emulation.MediaFeature
}{
	{"light", []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}},
	{"dark", []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}},
	{"forced", []*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}}},
}

// TestBrowserLookAndFeel writes screenshots of lookPages at 320 and 1280
// px wide in light, dark and forced colours to REVERSI_SCREENSHOTS (for a
// person to look at), runs axe-core on each in light and dark, and checks
// that nothing scrolls sideways and that a trial keeps the board in view.
func TestBrowserLookAndFeel(t *testing.T) {
	axe := axeSource(t)
	a, ts := liveApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	// A move, so that the page shows the player's placement and the reply.
	if w := a.do("POST", "/games/midgamemidgamemi/moves", url.Values{"ply": {"30"}, "move": {"e1"}}, a.playerCookie(testPlayer)); w.Code != http.StatusSeeOther {
		t.Fatalf("e1 = %d, want 303", w.Code)
	}
	guestPath := lookOther(t, a)
	dir := screenshotDir(t, "reversi-screenshots-")
	for _, width := range []int{320, 1280} {
		ctx := newBrowser(t, width, 800)
		setCookie(t, ctx, a, ts.URL)
		for _, scheme := range lookSchemes {
			features := append(scheme.features, &emulation.MediaFeature{Name: "prefers-reduced-motion", Value: "reduce"})
			if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features}); err != nil {
				t.Fatal(err)
			}
			for _, p := range lookPages {
				name := fmt.Sprintf("%s-%s-%d", p.name, scheme.name, width)
				path := p.path
				if p.name == "guest" {
					path = guestPath
				}
				c := a.playerCookie(testPlayer)
				if p.other {
					c = a.playerCookie(otherPlayer)
				}
				if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: c.Name, Value: c.Value, URL: ts.URL + "/"}); err != nil {
					t.Fatal(err)
				}
				do(t, ctx, chromedp.Navigate(ts.URL+path))
				if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > width {
					t.Errorf("%s: the page is %d px wide and scrolls sideways", name, sw)
				}
				if p.name == "guest" && eval[bool](t, ctx, `document.body.innerHTML.includes("legal move") || !!document.querySelector(".grid .lg")`) {
					t.Errorf("%s: the waiting guest's page shows legal moves", name)
				}
				if p.name == "reply" {
					// The status heading, focused after a move: a light 2 px
					// outline, not the 3 px box of the controls. (A key
					// press first, as a keyboard player's move is.)
					do(t, ctx, chromedp.KeyEvent(kb.Tab))
					if w := eval[string](t, ctx, `(document.getElementById("status").focus(), [document.getElementById("status").matches(":focus-visible"), getComputedStyle(document.getElementById("status")).outline].join(" "))`); !strings.Contains(w, "2px") {
						t.Errorf("%s: the focused status heading's outline is %s, want 2px", name, w)
					}
				}
				if p.name == "trial" || p.name == "practice" {
					// The board stays in view beside or above the explanation.
					top := eval[float64](t, ctx, `document.querySelector(".grid").getBoundingClientRect().top`)
					res := eval[float64](t, ctx, `document.getElementById("result").getBoundingClientRect().top`)
					if top < -40 || res > 800 {
						t.Errorf("%s: the board's top is at %.0f px and the explanation's at %.0f px; want both in the window", name, top, res)
					}
				}
				if scheme.name != "forced" && width == 1280 {
					audit(t, ctx, axe, name)
				}
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

// TestBrowserSaysWhy presses a square that is not a legal move: with
// JavaScript the server's reason appears in a live region and the page
// stays; without it the refusal (422) page says the same.
func TestBrowserSaysWhy(t *testing.T) {
	a, ts := liveApp(t)
	a.put("saywhysaywhysayw", testPlayer, game.Options{Size: 8}, "f5f6", nil)
	const why = "a1 doesn't trap any of your opponent's discs"
	for _, scripts := range []bool{true, false} {
		ctx := newBrowser(t, 1280, 900)
		if !scripts {
			if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				t.Fatal(err)
			}
		}
		setCookie(t, ctx, a, ts.URL)
		do(t, ctx, chromedp.Navigate(ts.URL+"/games/saywhysaywhysayw#status"))
		do(t, ctx, chromedp.Click(chromedp.CSS(`button[value=a1]`)))
		if scripts {
			waitFor(t, ctx, `(document.querySelector('#board + p[role=status]') || {}).textContent?.includes(`+jsString(why)+`)`, "the reason in the live region")
		} else {
			waitFor(t, ctx, `(document.querySelector('.msg[role=alert]') || {}).textContent?.includes(`+jsString(why)+`) || false`, "the refusal page's reason")
		}
		if g := a.stored("saywhysaywhysayw"); g.Ply() != 2 {
			t.Errorf("scripts %v: a1 changed the game to ply %d", scripts, g.Ply())
		}
	}
}
