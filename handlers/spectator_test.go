package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"reversi/club"
)

// TestSpectatorPage checks a watched game's page: both players by name,
// the third person, a board outside any form, no forms at all, and the
// clocks and the live links as a player has them.
func TestSpectatorPage(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, bob, cat := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	ann.want(ann.post("/players/me", url.Values{"name": {"Alice"}}), http.StatusSeeOther, "a name")
	wait := challenge(t, ann, url.Values{"size": {"8"}, "clock": {"1+0"}, "color": {"black"}})
	r := bob.want(bob.post(wait+"/accept", nil), http.StatusSeeOther, "accept")
	gamePath := strings.TrimSuffix(r.location, "#status")
	watched := cat.want(cat.get(gamePath), http.StatusOK, "a spectator's view").body

	for _, tt := range []struct{ what, want string }{
		{"the heading", "Alice (Black) against Anonymous (White): you are watching"},
		{"the third person's wait", "Waiting for Alice (Black) to move."},
		{"the check link", "Check for Alice&#39;s move"},
		{"the clocks", `data-clock="black"`},
		{"the live stream", `data-events="` + gamePath + `/events?after=`},
		{"the read-only board", `<div id="board" role="group"`},
	} {
		if !strings.Contains(watched, tt.want) {
			t.Errorf("%s: the page lacks %q", tt.what, tt.want)
		}
	}
	for _, tt := range []struct{ what, unwanted string }{
		{"any form of the game", `action="/games`},
		{"the resign link", "?ask=resign"},
		{"the player's voice", "You ("},
		{"an empty name", "Waiting for &#39;s"},
	} {
		if strings.Contains(watched, tt.unwanted) {
			t.Errorf("%s: the page has %q", tt.what, tt.unwanted)
		}
	}
	if m := buttonPattern.FindAllStringSubmatch(watched, -1); len(m) == 0 {
		t.Error("the board has no squares")
	}
	// The players keep their own page, which names the stranger they met.
	if body := bob.get(gamePath).body; !strings.Contains(body, `id="board" aria-label`) || strings.Contains(body, "you are watching") {
		t.Errorf("a player's page reads as a spectator's:\n%s", body)
	} else if !strings.Contains(body, "<h1>You (White) against Alice (Black)</h1>") {
		t.Errorf("the guest's heading does not name Alice:\n%s", body)
	}
	// Players who met in the lobby go by name in the score's lines too,
	// not as the "friend" of an invite game, and a first round is no match.
	for _, body := range []string{bob.get(gamePath).body, ann.get(gamePath).body} {
		for _, unwanted := range []string{"your friend", "Round 1 of the match"} {
			if strings.Contains(body, unwanted) {
				t.Errorf("a lobby game's player page says %q", unwanted)
			}
		}
	}
	if body := bob.get(gamePath).body; !strings.Contains(body, "(Alice)") {
		t.Errorf("the guest's score lines do not name Alice:\n%s", body)
	}
	if body := ann.get(gamePath).body; !strings.Contains(body, "<h1>You (Black) against Anonymous (White)</h1>") {
		t.Errorf("the host's heading does not name the anonymous guest:\n%s", body)
	}
}

// creationCount is a store that counts the player rows made.
type creationCount struct {
	club.Store
	made atomic.Int32
}

func (s *creationCount) CreatePlayer(ctx context.Context, id string) error {
	s.made.Add(1)
	return s.Store.CreatePlayer(ctx, id)
}

// TestRefusedNameMakesNothing checks that a visitor without a cookie
// whose name is refused, as breaking a rule or as taken, leaves no player
// row and gets no cookie.
func TestRefusedNameMakesNothing(t *testing.T) {
	var store *creationCount
	ts, _ := onlineServer(t, func(c *testConfig) {
		store = &creationCount{Store: c.Play.Store}
		c.Play.Store = store
	})
	ann := newClient(t, ts.URL)
	ann.want(ann.post("/players/me", url.Values{"name": {"Alice"}}), http.StatusSeeOther, "a name")
	for _, tt := range []struct {
		name string
		code int
	}{
		{"alice", http.StatusConflict},
		{"ab", http.StatusUnprocessableEntity},
	} {
		before := store.made.Load()
		visitor := newClient(t, ts.URL)
		visitor.want(visitor.post("/players/me", url.Values{"name": {tt.name}}), tt.code, "a refused name")
		if made := store.made.Load() - before; made != 0 {
			t.Errorf("name %q refused, yet %d player rows were made", tt.name, made)
		}
		u, _ := url.Parse(ts.URL)
		if cs := visitor.c.Jar.Cookies(u); len(cs) != 0 {
			t.Errorf("name %q refused, yet the visitor was given cookies %v", tt.name, cs)
		}
	}
}
