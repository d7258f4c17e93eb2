package handlers

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// renderedWords is what a reader of the open page meets: its title, its
// text as rendered, and the names read aloud, leaving out the parts
// marked as in another language (the language switch).
const renderedWords = `(() => {
	const own = e => !e.closest("[lang]:not(html)");
	const parts = [document.title];
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode()); ) {
		const e = n.parentElement;
		if (own(e) && e.closest("script,style") === null && e.getClientRects().length) parts.push(n.textContent);
	}
	for (const e of document.querySelectorAll("[aria-label],[title],[alt]")) {
		if (own(e)) parts.push(e.getAttribute("aria-label") || "", e.getAttribute("title") || "", e.getAttribute("alt") || "");
	}
	return parts.join("\n");
})()`

// TestBrowserLanguages opens every fixture page in French and Japanese in
// a real browser: the page's language is set, no English word is
// rendered or read aloud, axe-core finds nothing, and at 320 pixels
// nothing scrolls sideways. Screenshots at 320 and 1280 pixels go to
// REVERSI_SCREENSHOTS (or a temporary directory) for a person to read.
func TestBrowserLanguages(t *testing.T) {
	axe := axeSource(t)
	dir := screenshotDir(t, "reversi-languages-")
	shots := map[string]bool{"home": true, "game": true, "result": true, "tutorial-2": true, "rules": true, "faq": true,
		"import": true, "nogame": true, "puzzle": true, "review": true, "practice": true}
	for _, lang := range translatedCodes() {
		t.Run(lang, func(t *testing.T) {
			a, ts := liveApp(t)
			pages := translatedFixtures(t, a)
			cookie := a.inLanguage(lang)
			names := make([]string, 0, len(pages))
			for name := range pages {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, width := range []int{320, 1280} {
				ctx := newBrowser(t, width, 800)
				if _, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{Name: cookie.Name, Value: cookie.Value, URL: ts.URL + "/"}); err != nil {
					t.Fatal(err)
				}
				for _, name := range names {
					if width == 1280 && !shots[name] {
						continue // every page is read once, at 320
					}
					do(t, ctx, chromedp.Navigate(ts.URL+pages[name]))
					if got := eval[string](t, ctx, `document.documentElement.lang`); got != lang {
						t.Errorf("%s: html lang %q, want %q", name, got, lang)
					}
					if width == 320 {
						if bad := foreignWords(lang, eval[string](t, ctx, renderedWords)); len(bad) > 0 {
							t.Errorf("%s in %s shows English words %q", name, lang, bad)
						}
						if sw := eval[int](t, ctx, `document.documentElement.scrollWidth`); sw > width {
							t.Errorf("%s in %s at 320 px is %d px wide and scrolls sideways", name, lang, sw)
						}
						audit(t, ctx, axe, lang+" "+name)
					}
					if shots[name] {
						png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
						if err != nil {
							t.Fatal(err)
						}
						if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s-%d.png", lang, name, width)), png, 0o644); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		})
	}
	t.Logf("screenshots in %s", dir)
}

// TestBrowserSwitchLanguage starts as an English browser with no cookie,
// switches to French with the button at the foot of the rules page, stays
// on that page, and is still French on the next page without any
// Accept-Language saying so.
func TestBrowserSwitchLanguage(t *testing.T) {
	_, ts := liveApp(t)
	ctx := newBrowser(t, 1280, 800)
	do(t, ctx, chromedp.Navigate(ts.URL+"/rules"))
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "en" {
		t.Fatalf("an English browser got %q", got)
	}
	if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil,
		chromedp.Click(chromedp.CSS(`footer button[value="fr"]`)))); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](t, ctx, `document.documentElement.lang + " " + location.pathname`); got != "fr /rules" {
		t.Errorf("after the switch: %q, want the rules in French", got)
	}
	do(t, ctx, chromedp.Navigate(ts.URL+"/"))
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "fr" {
		t.Errorf("the next page is %q, want the kept French", got)
	}
	if text := eval[string](t, ctx, renderedWords); !strings.Contains(text, "Reversi") {
		t.Errorf("the French home page lost the game's name:\n%s", text)
	}
}
