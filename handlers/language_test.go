package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// getLang sends a GET with an Accept-Language header and an optional
// cookie.
func (a *testApp) getLang(target, acceptLanguage string, cookie *http.Cookie) *httptest.ResponseRecorder {
	a.t.Helper()
	return a.doLang("GET", target, nil, acceptLanguage, cookie)
}

// TestLanguageFromHeader checks that Accept-Language chooses the page's
// language, and that the headers say so.
func TestLanguageFromHeader(t *testing.T) {
	a := newApp(t)
	for _, tc := range []struct{ header, want string }{
		{"", "en"}, {"fr-FR,fr;q=0.9", "fr"}, {"ja", "ja"}, {"de", "en"},
	} {
		for _, path := range []string{"/", "/rules", "/nowhere"} {
			w := a.getLang(path, tc.header, nil)
			if got := w.Header().Get("Content-Language"); got != tc.want {
				t.Errorf("%s with %q: Content-Language %q, want %q", path, tc.header, got, tc.want)
			}
			if !strings.Contains(w.Body.String(), `<html lang="`+tc.want+`">`) {
				t.Errorf("%s with %q: no html lang %q", path, tc.header, tc.want)
			}
			if v := w.Header().Get("Vary"); !strings.Contains(v, "Accept-Language") || !strings.Contains(v, "Cookie") {
				t.Errorf("%s: Vary %q lacks Accept-Language or Cookie", path, v)
			}
		}
	}
}

// TestChooseLanguage checks the switch at the foot of the pages: the
// choice is kept, beats the header, survives a new game, and goes back to
// the page it came from.
func TestChooseLanguage(t *testing.T) {
	a := newApp(t)
	w := a.do("POST", "/language", url.Values{"lang": {"fr"}, "next": {"/rules"}}, nil)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/rules" {
		t.Fatalf("POST /language = %d to %q, want 303 to /rules", w.Code, w.Header().Get("Location"))
	}
	cookie := cookieFrom(t, w)
	if got := a.getLang("/rules", "en-US,en", cookie).Header().Get("Content-Language"); got != "fr" {
		t.Errorf("after choosing French, an English browser gets %q", got)
	}
	id, _ := a.start(cookie)
	if got := a.getLang("/games/"+id, "en", cookie).Header().Get("Content-Language"); got != "fr" {
		t.Errorf("after a new game, the game page is %q, want the kept French", got)
	}
	// Dark and Light are English's: asked for on a French page, they wait
	// for English.
	// The browser keeps the cookie of each answer.
	choose := func(form url.Values) {
		t.Helper()
		w := a.do("POST", "/language", form, cookie)
		if w.Code != http.StatusSeeOther {
			t.Fatalf("POST /language %v = %d", form, w.Code)
		}
		cookie = cookieFrom(t, w)
	}
	choose(url.Values{"names": {"dl"}})
	choose(url.Values{"lang": {"en"}})
	body := a.getLang("/", "fr", cookie).Body.String()
	if !strings.Contains(body, "<strong>Dark and Light</strong>") {
		t.Errorf("English with Dark and Light chosen still names Black:\n%.2000s", body)
	}
	choose(url.Values{"names": {"usual"}})
	if body := a.getLang("/", "", cookie).Body.String(); !strings.Contains(body, "<strong>Black and White</strong>") {
		t.Error("switching back to Black and White did not stick")
	}
}

// TestChooseLanguageRefusals checks the switch's bad input: an unknown
// language is refused and changes nothing, and an address elsewhere is
// not followed.
func TestChooseLanguageRefusals(t *testing.T) {
	a := newApp(t)
	for _, form := range []url.Values{
		{"lang": {"de"}}, {"lang": {"FR"}}, {"names": {"pink"}}, {}, {"lang": {strings.Repeat("f", 500)}},
	} {
		if w := a.do("POST", "/language", form, nil); w.Code != http.StatusBadRequest {
			t.Errorf("POST /language %v = %d, want 400", form, w.Code)
		} else if len(w.Result().Cookies()) != 0 {
			t.Errorf("POST /language %v set a cookie", form)
		}
	}
	for next, want := range map[string]string{
		"//evil.example/": "/", "https://evil.example/": "/", "/\\evil": "/", "": "/", "/faq?x=1": "/faq?x=1",
	} {
		w := a.do("POST", "/language", url.Values{"lang": {"ja"}, "next": {next}}, nil)
		if got := w.Header().Get("Location"); got != want {
			t.Errorf("next %q: went to %q, want %q", next, got, want)
		}
	}
}

// TestLanguageSurvivesTheSessionRefresh checks that the cookie written
// again by a later POST (a new game here) still carries the choice, and
// that the store keeps it with the player's other choices.
func TestLanguageSurvivesTheSessionRefresh(t *testing.T) {
	a := newApp(t)
	cookie := cookieFrom(t, a.do("POST", "/language", url.Values{"lang": {"ja"}}, nil))
	w := a.do("POST", "/games", url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"},
		"start": {"cross"}, "confirm": {"yes"}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("POST /games = %d", w.Code)
	}
	for _, c := range w.Result().Cookies() {
		if c.Name == cookieName {
			cookie = c
		}
	}
	if got := a.getLang("/", "fr", cookie).Header().Get("Content-Language"); got != "ja" {
		t.Errorf("after a new game's cookie, the page is %q, want the chosen ja", got)
	}
	ch, err := a.srv.app.Choices(t.Context(), playerFrom(t, a, cookie))
	if err != nil || ch.Lang != "ja" {
		t.Errorf("the store keeps %+v, %v; want ja with the other choices", ch, err)
	}
}

// notPathByte reports whether a Location may not hold r: a browser drops
// control characters and spaces or reads a backslash as a slash.
func notPathByte(r rune) bool { return r <= ' ' || r >= 0x7f || r == '\\' }

// TestBackToTakesOnlyCleanPaths checks the addresses the switch may go
// back to, from next or the Referer.
func TestBackToTakesOnlyCleanPaths(t *testing.T) {
	tests := []struct{ next, referer, want string }{
		{"/rules", "", "/rules"},
		{"/games/ab?x=1#status", "", "/games/ab?x=1#status"},
		{"/%09/evil.example", "", "/%09/evil.example"}, // encoded: a path of ours
		{"/\t/evil.example", "", "/"},
		{"/\n/evil.example", "", "/"},
		{"/\x00", "", "/"},
		{"/\\evil.example", "", "/"},
		{"//evil.example", "", "/"},
		{"https://evil.example/", "", "/"},
		{"", "http://localhost/faq?x=1", "/faq?x=1"},
		{"", "http://localhost/language", "/"},
		{"/\t/evil.example", "http://localhost/rules", "/rules"},
	}
	for _, tt := range tests {
		if got := backTo(tt.next, tt.referer); got != tt.want {
			t.Errorf("backTo(%q, %q) = %q, want %q", tt.next, tt.referer, got, tt.want)
		}
	}
}

// playerFrom reads the player id a cookie carries.
func playerFrom(t *testing.T, a *testApp, cookie *http.Cookie) string {
	t.Helper()
	req := httptest.NewRequest("GET", "/", nil)
	req.AddCookie(cookie)
	sess, err := a.srv.cookies.Get(req, cookieName)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := sess.Values[playerKey].(string)
	return id
}

// FuzzLanguageSwitch posts arbitrary values to the language switch: it
// answers 303 back to a path of this site, 400, or 413 for a form over
// the size limit, never anything else, and a page afterwards is in one
// of the languages.
func FuzzLanguageSwitch(f *testing.F) {
	for _, seed := range [][3]string{
		{"fr", "", "/rules"}, {"", "dl", "/"}, {"ja", "usual", "//evil.example"}, {"en", "", "/\\evil"},
		{"xx", "", ""}, {"fr", "pink", "/games?x=1#y"}, {"", "", "https://evil.example/"}, {"fr", "", "/\r\nSet-Cookie: x"},
		{"fr", "", "/\t/evil.example"}, {"fr", "", "/\x00x"}, {"fr", "", "/ /evil.example"},
	} {
		f.Add(seed[0], seed[1], seed[2])
	}
	a := newApp(f)
	f.Fuzz(func(t *testing.T, lang, names, next string) {
		a.t = t
		w := a.do("POST", "/language", url.Values{"lang": {lang}, "names": {names}, "next": {next}}, nil)
		switch w.Code {
		case http.StatusSeeOther:
			loc := w.Header().Get("Location")
			if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") || strings.IndexFunc(loc, notPathByte) >= 0 {
				t.Fatalf("lang %q names %q next %q: 303 to %q, not a path of this site", lang, names, next, loc)
			}
			page := a.getLang("/", "", cookieFrom(t, w))
			if l := page.Header().Get("Content-Language"); l != "en" && l != "fr" && l != "ja" {
				t.Fatalf("after the switch, Content-Language %q", l)
			}
		case http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("lang %q names %q next %q: %d", lang, names, next, w.Code)
		}
	})
}

// TestSwitchFromAFormsAnswer checks the language switch on a page that
// answers a POST, such as "Start a new game?": it goes back to the page
// the form was sent from (here the home page), never to the POST's own
// address, which a GET would answer with 405.
func TestSwitchFromAFormsAnswer(t *testing.T) {
	a := newApp(t)
	form := url.Values{"opponent": {"local"}, "color": {"black"}, "level": {"easy"}, "size": {"8"}, "start": {"cross"}}
	form.Set("confirm", "yes")
	cookie := cookieFrom(t, a.do("POST", "/games", form, nil))
	form.Del("confirm") // now the game unfinished makes the app ask
	req := httptest.NewRequest("POST", "/games", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Referer", "http://example.com/")
	req.AddCookie(cookie)
	w := httptest.NewRecorder()
	a.h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		t.Fatalf("POST /games with a game unfinished = %d, want the question (200)", w.Code)
	}
	m := regexp.MustCompile(`name="next" value="([^"]*)"`).FindStringSubmatch(w.Body.String())
	if m == nil {
		t.Fatal("the question's language switch has no next")
	}
	sw := a.do("POST", "/language", url.Values{"lang": {"fr"}, "next": {m[1]}}, cookie)
	loc := sw.Header().Get("Location")
	if sw.Code != http.StatusSeeOther || loc != "/" {
		t.Fatalf("the switch answers %d to %q, want 303 to /", sw.Code, loc)
	}
	page := a.getLang(loc, "", cookieFrom(t, sw))
	if page.Code != http.StatusOK || page.Header().Get("Content-Language") != "fr" {
		t.Errorf("GET %s = %d in %q, want 200 in fr", loc, page.Code, page.Header().Get("Content-Language"))
	}
}
