package handlers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowserOnlineGame has two browsers play a whole online game: the
// host with JavaScript, who hears of the guest's moves through the event
// stream without touching the page, and the guest without JavaScript, who
// uses the "Check for" link. axe-core audits the invite, join and waiting
// pages on the way.
func TestBrowserOnlineGame(t *testing.T) {
	axe := axeSource(t)
	_, ts := liveApp(t)
	host := newBrowser(t, 1280, 900)
	guest := newBrowser(t, 1280, 900)

	// The host starts a 6×6 online game from the home page.
	do(t, host, chromedp.Navigate(ts.URL+"/"),
		chromedp.Click(chromedp.CSS(`details.newgame summary`)),
		chromedp.Click(chromedp.CSS(`input[name=opponent][value=online]`)),
		chromedp.Click(chromedp.CSS(`input[name=size][value="6"]`)))
	clickAndLoad(t, host, `form.new button.main`)
	invite := eval[string](t, host, `document.getElementById("invite-link").value`)
	if !strings.HasPrefix(invite, ts.URL+"/join/") {
		t.Fatalf("invite link = %q, want %s/join/…", invite, ts.URL)
	}
	if got := eval[string](t, host, `document.querySelector("#invite-link").parentElement.nextElementSibling.textContent`); !strings.Contains(got, "Copy the link") {
		t.Errorf("the invite has no Copy button with JavaScript: %q", got)
	}
	audit(t, host, axe, "invite")

	// The guest opens the link and takes the seat. axe-core needs
	// JavaScript, so it audits the page before the guest switches it off.
	do(t, guest, chromedp.Navigate(invite))
	audit(t, guest, axe, "join")
	if _, err := chromedp.Call(guest, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	do(t, guest, chromedp.Navigate(invite))
	clickAndLoad(t, guest, `main form button`)

	// The host's page notices the guest without a reload by hand.
	waitFor(t, host, `!!document.querySelector(".grid button:not([aria-disabled])")`, "the host's board to open after the guest joined")

	const playable = `.grid button.lg:not([disabled]):not([aria-disabled]), button[value=pass]`
	ply := func(ctx context.Context) string {
		v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("input[name=ply]") || {}).value || ""`))
		return v
	}
	over := `document.getElementById("status").textContent.includes("the game is over")`
	audited := false
	for turn := 0; ; turn++ {
		if turn > 60 {
			t.Fatal("the game did not end in 60 turns")
		}
		if eval[bool](t, host, over) && eval[bool](t, guest, over) {
			break
		}
		before := ply(host)
		switch {
		case eval[bool](t, host, `!!document.querySelector("`+playable+`")`):
			// The guest asks to hear of the host's move, then waits: the
			// long poll answers once the host has moved.
			do(t, guest, chromedp.Click(chromedp.CSS(`a[data-events]`)))
			time.Sleep(50 * time.Millisecond)
			clickAndLoad(t, host, playable)
			waitFor(t, guest, moved(before), "the guest's page to show the host's move")
		case eval[bool](t, guest, `!!document.querySelector("`+playable+`")`):
			if !audited {
				audit(t, host, axe, "waiting")
				audited = true
			}
			clickAndLoad(t, guest, playable)
			waitFor(t, host, moved(before), "the host's page to show the guest's move by itself")
		default:
			t.Fatalf("turn %d: neither browser can move, and the game is not over on both\nhost: %s\nguest: %s", turn,
				eval[string](t, host, `document.getElementById("status").textContent`),
				eval[string](t, guest, `document.getElementById("status").textContent`))
		}
	}
	for _, ctx := range []context.Context{host, guest} {
		if !eval[bool](t, ctx, `!!document.querySelector("form[action$='/again']")`) {
			t.Error("a result page has no play-again form")
		}
	}
}

// moved is a JavaScript condition: a whole game page has loaded whose ply
// is not before.
func moved(before string) string {
	return `document.readyState === "complete" && !!document.getElementById("status") &&
		(document.querySelector("input[name=ply]") || {value: "over"}).value !== "` + before + `"`
}

// clickAndLoad clicks the first element matching sel and waits for the page
// it leads to.
func clickAndLoad(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.WaitEvent(page.LoadEventFired, nil, chromedp.Click(chromedp.CSS(sel)))); err != nil {
		t.Fatalf("click %s and wait for the page: %v", sel, err)
	}
}

// waitFor polls the JavaScript condition until it holds, for up to 15 s.
// Errors while a page loads count as "not yet".
func waitFor(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}
