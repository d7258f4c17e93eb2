package handlers

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestTextBrowserKeysAndYourTurn reads in w3m the your-turn list (the
// game and its time left in days and hours), the player's page with its
// key and delete forms, the key shown once, and the key's question.
func TestTextBrowserKeysAndYourTurn(t *testing.T) {
	w3mPath(t)
	ts, _ := onlineServer(t, nil)
	ann, bob, fresh := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	dayGame(t, ann, bob)
	home := dumpW3m(t, ann.want(ann.get("/"), http.StatusOK, "home").body)
	if !regexp.MustCompile(`Your turn\s+• 8×8, online against Anonymous, 0 moves played \((23 hours 59 minutes|1 day 0 hours) left\)`).MatchString(home) {
		t.Errorf("w3m's home page shows no your-turn list with the game and its time:\n%s", home)
	}
	me := dumpW3m(t, ann.want(ann.get("/players/me"), http.StatusOK, "the player's page").body)
	for _, want := range []string{"A key instead of a password", "Make a key", "You have no key.", "Delete this player…"} {
		if !strings.Contains(me, want) {
			t.Errorf("w3m's player page lacks %q:\n%s", want, me)
		}
	}
	body := ann.want(ann.post("/players/me/key", nil), http.StatusOK, "a key").body
	key := playerKeyPattern.FindStringSubmatch(body)[1]
	if shown := dumpW3m(t, body); !strings.Contains(shown, key) {
		t.Errorf("w3m's key page does not show the key's link %s as text:\n%s", key, shown)
	}
	path := key[strings.Index(key, "/key/"):]
	ask := dumpW3m(t, fresh.want(fresh.get(path), http.StatusOK, "the key's page").body)
	for _, want := range []string{"Become this player?", "Ann", "Become this player\n", "No, stay as I am"} {
		if !strings.Contains(ask, want) {
			t.Errorf("w3m's key page lacks %q:\n%s", want, ask)
		}
	}
}
