package handlers

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Correspondence, keys and deleting, through the forms, one cookie jar a
// browser: what issue 36 checks from outside.

var (
	yourTurnPattern  = regexp.MustCompile(`(?s)<section id="your-turn".*?</section>`)
	playerKeyPattern = regexp.MustCompile(`id="player-key" href="([^"]+)"`)
)

// yourTurn returns the your-turn section of b's home page, "" if none.
func yourTurn(t *testing.T, b *client) string {
	t.Helper()
	return yourTurnPattern.FindString(b.want(b.get("/"), http.StatusOK, "home").body)
}

// dayGame has ann (named Ann, Black) and bob start a 1-day game through
// the lobby's forms and returns its path.
func dayGame(t *testing.T, ann, bob *client) string {
	t.Helper()
	ann.want(ann.post("/players/me", url.Values{"name": {"Ann"}}), http.StatusSeeOther, "a name")
	wait := challenge(t, ann, url.Values{"size": {"8"}, "clock": {"1d"}, "color": {"black"}})
	r := bob.want(bob.post(wait+"/accept", nil), http.StatusSeeOther, "accept")
	return strings.TrimSuffix(r.location, "#status")
}

func TestYourTurnThroughTheForms(t *testing.T) {
	clock := newClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	ts, _ := onlineServer(t, func(c *testConfig) { c.Now, c.Play.Now = clock.now, clock.now })
	ann, bob := newClient(t, ts.URL), newClient(t, ts.URL)
	game := dayGame(t, ann, bob)
	clock.advance(3 * time.Hour)
	if s := yourTurn(t, ann); !strings.Contains(s, game) || !strings.Contains(s, "(21 hours 0 minutes left)") {
		t.Errorf("Ann, to move, lacks the game and its time in her your-turn list:\n%s", s)
	}
	if s := yourTurn(t, bob); s == "" || strings.Contains(s, game) || !strings.Contains(s, "No game against someone waits") {
		t.Errorf("Bob's your-turn list, with Ann to move:\n%s", s)
	}
	ann.want(ann.post(game+"/moves", url.Values{"move": {"f5"}, "ply": {"0"}}), http.StatusSeeOther, "Ann's move")
	if s := yourTurn(t, bob); !strings.Contains(s, game) || !strings.Contains(s, "(1 day 0 hours left)") {
		t.Errorf("after Ann's move Bob's your-turn list lacks the game:\n%s", s)
	} else if !strings.Contains(s, "online against Ann, 1 move played") || strings.Contains(s, "friend") {
		t.Errorf("Bob's your-turn list does not name Ann, whom he met in the lobby:\n%s", s)
	}
	if s := yourTurn(t, ann); strings.Contains(s, game) {
		t.Errorf("after her move Ann's your-turn list still holds the game:\n%s", s)
	}
	if home := ann.get("/").body; !strings.Contains(home, game) {
		t.Errorf("Ann's home page lost the game she waits on")
	}
	// Bob lets his day run out: nobody's list shows it, and it is lost.
	clock.advance(24*time.Hour + time.Minute)
	if s := yourTurn(t, bob); strings.Contains(s, game) {
		t.Errorf("Bob's list shows a game whose day ran out:\n%s", s)
	}
	if page := ann.get(game).body; !strings.Contains(page, "lost on time") {
		t.Errorf("the game page after the flag does not say it was lost on time")
	}
}

func TestKeyMakesAnotherBrowserTheSamePlayer(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, bob, fresh, later := newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL), newClient(t, ts.URL)
	game := dayGame(t, ann, bob)
	me := ann.want(ann.get("/players/me"), http.StatusOK, "the player's page").body
	for _, want := range []string{`action="/players/me/key"`, `href="/players/me/delete"`, "You have no key."} {
		if !strings.Contains(me, want) {
			t.Errorf("the player's page lacks %q", want)
		}
	}
	resp, err := ann.c.PostForm(ts.URL+"/players/me/key", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("a new key: status %d, Cache-Control %q; want 200, no-store", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	page := ann.want(ann.post("/players/me/key", nil), http.StatusOK, "a new key").body
	m := playerKeyPattern.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the key's page has no id=player-key link:\n%s", page)
	}
	u, err := url.Parse(m[1])
	if err != nil || !strings.HasPrefix(u.Path, "/key/") {
		t.Fatalf("key link %q", m[1])
	}
	if me := ann.get("/players/me").body; !strings.Contains(me, "You have 2 keys.") || !strings.Contains(me, `action="/players/me/revoke"`) {
		t.Errorf("the player's page after two keys:\n%s", me)
	}
	if strings.Contains(ann.get("/players/me").body, u.Path) {
		t.Errorf("the player's page shows the key again")
	}

	// A fresh browser: the key asks, then makes it Ann.
	ask := fresh.want(fresh.get(u.Path), http.StatusOK, "the key's page").body
	if !strings.Contains(ask, `action="`+u.Path+`"`) || !strings.Contains(ask, "Become this player?") || !strings.Contains(ask, "Ann") {
		t.Errorf("the key's page does not ask:\n%s", ask)
	}
	if r := fresh.want(fresh.post(u.Path, nil), http.StatusSeeOther, "use the key"); r.location != "/" {
		t.Errorf("Location %q, want /", r.location)
	}
	if me := fresh.get("/players/me").body; !strings.Contains(me, "Your name is Ann.") {
		t.Errorf("the fresh browser is not Ann:\n%s", me)
	}
	if s := yourTurn(t, fresh); !strings.Contains(s, game) {
		t.Errorf("the fresh browser lacks Ann's game:\n%s", s)
	}
	fresh.want(fresh.post(game+"/moves", url.Values{"move": {"f5"}, "ply": {"0"}}), http.StatusSeeOther, "Ann's move from the fresh browser")

	// A browser that is someone already is told it leaves them.
	bob.want(bob.get(u.Path), http.StatusOK, "the key's page for Bob")
	if ask := bob.get(u.Path).body; !strings.Contains(ask, "You will leave the player") {
		t.Errorf("the key's page does not warn Bob he leaves his player:\n%s", ask)
	}

	// Revoked, the key signs no one in.
	if r := ann.want(ann.post("/players/me/revoke", nil), http.StatusSeeOther, "revoke"); r.location != "/players/me?did=revoke#keys" {
		t.Errorf("Location %q", r.location)
	}
	if me := ann.get("/players/me?did=revoke").body; !strings.Contains(me, "Your keys are revoked") || !strings.Contains(me, "You have no key.") {
		t.Errorf("the player's page after revoking:\n%s", me)
	}
	r := later.want(later.get(u.Path), http.StatusNotFound, "a revoked key")
	if !strings.Contains(r.body, "This key opens no one") {
		t.Errorf("the refusal does not say why:\n%s", r.body)
	}
	later.want(later.post(u.Path, nil), http.StatusNotFound, "a revoked key's form")
	if me := later.get("/players/me").body; strings.Contains(me, "Ann") {
		t.Errorf("a revoked key made a browser Ann")
	}
}

func TestKeyGuessesAreLimited(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	b := newClient(t, ts.URL)
	for i := range keyTriesBurst {
		b.want(b.get("/key/AAAAAAAAAAAAAAAAAAAAA"+string(rune('A'+i))), http.StatusNotFound, "a guess")
	}
	b.want(b.get("/key/BBBBBBBBBBBBBBBBBBBBBB"), http.StatusTooManyRequests, "a guess over the limit")
	b.want(b.post("/key/BBBBBBBBBBBBBBBBBBBBBB", nil), http.StatusTooManyRequests, "a guess over the limit")
}

func TestDeletePlayerAsksFirstAndKeepsTheOpponentsGame(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, bob := newClient(t, ts.URL), newClient(t, ts.URL)
	game := dayGame(t, ann, bob)
	ann.want(ann.post("/players/me/key", nil), http.StatusOK, "a key")
	ask := ann.want(ann.get("/players/me/delete"), http.StatusOK, "the question").body
	if !strings.Contains(ask, `action="/players/me/delete"`) || !strings.Contains(ask, "Delete this player?") {
		t.Errorf("the question lacks its form:\n%s", ask)
	}
	if me := ann.get("/players/me").body; !strings.Contains(me, "Ann") {
		t.Errorf("asking deleted something")
	}
	resp, err := ann.c.PostForm(ts.URL+"/players/me/delete", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/?did=goodbye" {
		t.Fatalf("delete: %d to %q, want 303 to /?did=goodbye", resp.StatusCode, resp.Header.Get("Location"))
	}
	if home := ann.get("/?did=goodbye").body; !strings.Contains(home, "Your player is deleted") || strings.Contains(home, game) {
		t.Errorf("home after deleting:\n%s", home)
	}
	if me := ann.get("/players/me").body; strings.Contains(me, "Your name is Ann") {
		t.Errorf("the browser is still Ann after deleting")
	}
	page := bob.want(bob.get(game), http.StatusOK, "Bob's game").body
	if !strings.Contains(page, "a deleted player") {
		t.Errorf("Bob's game does not name a deleted player:\n%s", page)
	}
	// The name is free again.
	bob.want(bob.post("/players/me", url.Values{"name": {"Ann"}}), http.StatusSeeOther, "Ann's old name")
}

// TestKeyKeepsTheBrowsersLanguage: a browser that chose French stays in
// French as the key's player; a refused key sets no cookie.
func TestKeyKeepsTheBrowsersLanguage(t *testing.T) {
	ts, _ := onlineServer(t, nil)
	ann, fresh := newClient(t, ts.URL), newClient(t, ts.URL)
	ann.want(ann.post("/players/me", url.Values{"name": {"Ann"}}), http.StatusSeeOther, "a name")
	key := playerKeyPattern.FindStringSubmatch(ann.post("/players/me/key", nil).body)[1]
	path := key[strings.Index(key, "/key/"):]
	resp, err := fresh.c.PostForm(ts.URL+"/key/AAAAAAAAAAAAAAAAAAAAAA", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || len(resp.Cookies()) != 0 {
		t.Errorf("an unknown key: %d with %d cookies, want 404 and none", resp.StatusCode, len(resp.Cookies()))
	}
	fresh.want(fresh.post("/language", url.Values{"lang": {"fr"}}), http.StatusSeeOther, "French")
	fresh.want(fresh.post(path, nil), http.StatusSeeOther, "the key")
	if me := fresh.get("/players/me").body; !strings.Contains(me, "Votre nom est Ann.") {
		t.Errorf("after the key the browser is not Ann in French:\n%s", me)
	}
}

// TestDeletedPlayerStaysDeleted: once a player is deleted, another
// browser that became them by a key cannot bring them back: its next post
// is refused with 410, changes nothing and forgets the cookie, and the
// post after that is a new player's.
func TestDeletedPlayerStaysDeleted(t *testing.T) {
	ts, store := onlineServer(t, nil)
	ann, other := newClient(t, ts.URL), newClient(t, ts.URL)
	ann.want(ann.post("/players/me", url.Values{"name": {"Ann"}}), http.StatusSeeOther, "a name")
	key := playerKeyPattern.FindStringSubmatch(ann.post("/players/me/key", nil).body)[1]
	other.want(other.post(key[strings.Index(key, "/key/"):], nil), http.StatusSeeOther, "the key")
	ann.want(ann.post("/players/me/delete", nil), http.StatusSeeOther, "delete")

	resp, err := other.c.PostForm(ts.URL+"/players/me", url.Values{"name": {"Ann"}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusGone || !strings.Contains(string(body), "This player was deleted") {
		t.Errorf("a post from the other browser = %d, want 410 and the reason:\n%s", resp.StatusCode, body)
	}
	if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != cookieName || cs[0].MaxAge >= 0 {
		t.Errorf("the refusal's cookies = %v, want the session cookie forgotten", cs)
	}
	if taken, err := store.NameTaken(context.Background(), "Ann"); err != nil || taken {
		t.Errorf("NameTaken(Ann) = %v, %v: the refused post brought the player back", taken, err)
	}
	other.want(other.post("/players/me", url.Values{"name": {"Cat"}}), http.StatusSeeOther, "a new player's name")
	if me := other.get("/players/me").body; !strings.Contains(me, "Your name is Cat.") {
		t.Errorf("the other browser is not a new player named Cat:\n%s", me)
	}
}

// TestDeletedPlayersOldCookie: a cookie old enough to be written again
// on a post is refused the same way, by the session before the handler
// runs: a move in the deleted player's game, which went with them, is
// told why rather than 404.
func TestDeletedPlayersOldCookie(t *testing.T) {
	a := newApp(t)
	id, fresh := a.start(nil, "opponent", "local")
	player := playerID(ginContextWithCookie(t, a, fresh))
	if w := a.do("POST", "/players/me/delete", nil, fresh); w.Code != http.StatusSeeOther {
		t.Fatalf("delete = %d, want 303", w.Code)
	}
	w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {"0"}, "move": {"f5"}}, oldCookie(t, player))
	if w.Code != http.StatusGone || !strings.Contains(w.Body.String(), "This player was deleted") {
		t.Errorf("a post with the deleted player's old cookie = %d, want 410 and the reason:\n%s", w.Code, w.Body)
	}
	if cs := w.Result().Cookies(); len(cs) != 1 || cs[0].MaxAge >= 0 {
		t.Errorf("the refusal's cookies = %v, want the session cookie forgotten", cs)
	}
}
