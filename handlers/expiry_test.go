package handlers

import (
	"net/http"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"reversi/db/sqlite"
)

// TestExpiryKeepsWhatCanBeReached moves the clock: a player who keeps
// posting keeps their games however old they are; one whose cookie has
// run out loses them; an online room unused past its lifetime goes.
func TestExpiryKeepsWhatCanBeReached(t *testing.T) {
	clock := newClock(time.Now())
	store, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "expiry.db"), sqlite.WithClock(clock.now))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := newAppConfig(t, store, func(c *testConfig) { c.Now = clock.now })
	gone, goneCookie := a.start(nil, "opponent", "local")
	kept, keptCookie := a.start(nil, "opponent", "local")
	for day := range 200 {
		clock.advance(24 * time.Hour)
		if day%30 == 0 {
			// A post with a day-old cookie writes it again and records
			// the player as seen.
			keptCookie = refreshed(t, a, kept, keptCookie)
		}
	}
	got, err := a.srv.app.Expire(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got.Players != 1 || got.Games != 1 {
		t.Errorf("Expire = %+v, want the one player not seen for 200 days, with their game", got)
	}
	if w := a.do("GET", "/games/"+gone, nil, goneCookie); w.Code != http.StatusNotFound {
		t.Errorf("the expired player's game = %d, want 404", w.Code)
	}
	if w := a.do("GET", "/games/"+kept, nil, keptCookie); w.Code != http.StatusOK {
		t.Errorf("the player who kept posting lost their game: %d", w.Code)
	}
	if _, err := a.store.Game(t.Context(), kept); err != nil {
		t.Errorf("Game(kept): %v", err)
	}
}

// refreshed makes a settings post with cookie, which the server answers
// with the cookie written again, and returns the new cookie.
func refreshed(t *testing.T, a *testApp, id string, cookie *http.Cookie) *http.Cookie {
	t.Helper()
	w := a.do("POST", "/games/"+id+"/settings", url.Values{"show_moves": {"on"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("settings = %d", w.Code)
	}
	for _, c := range w.Result().Cookies() {
		if c.Name == cookieName {
			return c
		}
	}
	return cookie
}
