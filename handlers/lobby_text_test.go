package handlers

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestTextBrowserLobby reads the lobby and a lobby game in w3m: the
// challenge's accept button with whose challenge it is, and both clocks
// as text, for the players and for a spectator.
func TestTextBrowserLobby(t *testing.T) {
	w3mPath(t)
	ts, _ := onlineServer(t, nil)
	ann, bob, cat := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	ann.want(ann.post("/players/me", url.Values{"name": {"Alice"}}), http.StatusSeeOther, "a name")
	challenge(t, ann, url.Values{"size": {"8"}, "clock": {"1+0"}, "color": {"black"}})

	lobby := dumpW3m(t, bob.want(bob.get("/lobby"), http.StatusOK, "the lobby").body)
	// The challenge is a row of the table: who, their rating, the clock,
	// and the button to take it up at its end.
	row := regexp.MustCompile(`(?m)^\s*Alice\s+1500\?\s+8×8,\s+1 min \+ 0 s\s+Black\s+Play\s*$`)
	if !row.MatchString(lobby) {
		t.Errorf("w3m's lobby shows no row of Alice's challenge with its Play button:\n%s", lobby)
	}
	r := bob.want(bob.post(acceptPath(t, bob), nil), http.StatusSeeOther, "accept")
	gamePath := strings.TrimSuffix(r.location, "#status")
	for who, c := range map[string]*client{"a player": bob, "a spectator": cat} {
		dump := dumpW3m(t, c.want(c.get(gamePath), http.StatusOK, who+"'s game").body)
		// Black's clock runs on the server's real clock: a second may
		// have gone.
		for _, want := range []*regexp.Regexp{regexp.MustCompile(`• Black: (1:00|0:5\d), running`), regexp.MustCompile(`• White: 1:00\n`)} {
			if !want.MatchString(dump) {
				t.Errorf("w3m's game page for %s shows no %q:\n%s", who, want, dump)
			}
		}
	}
}

// acceptPath is the action of the first accept form on the lobby page:
// its challenge's path and "/accept".
func acceptPath(t *testing.T, c *client) string {
	t.Helper()
	body := c.get("/lobby").body
	_, rest, ok := strings.Cut(body, `<form method="post" action="/lobby/challenges/`)
	if !ok {
		t.Fatalf("the lobby has no accept form:\n%s", body)
	}
	id, _, _ := strings.Cut(rest, `"`)
	return "/lobby/challenges/" + id
}
