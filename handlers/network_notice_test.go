package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"reversi/game"
	"reversi/play"
)

// TestNetworkLimitNotice checks that a browser refused because its
// network used up the new players is told so, in each language, and not
// that it sent a great many requests itself: it may have sent none.
func TestNetworkLimitNotice(t *testing.T) {
	base := newApp(t)
	a := newAppConfig(t, base.store, func(c *testConfig) {
		c.NewPlayersPerHour, c.NewPlayersBurst = 1, 1
		c.TrustedProxies = []string{"192.0.2.1"}
	})
	opening, _ := game.ParseTranscript(game.Options{Size: 8, Start: game.Cross}, play.PracticeOpening)
	b, _ := opening.Board()
	form := url.Values{"move": {b.Moves().First().Name(8)}, "version": {"0"}}
	post := func(from, lang string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/practice/moves", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		req.Header.Set("Accept-Language", lang)
		w := httptest.NewRecorder()
		a.h.ServeHTTP(w, req)
		return w
	}
	if w := post("198.51.100.1", "en"); w.Code != http.StatusSeeOther {
		t.Fatalf("the network's first new player = %d, want 303", w.Code)
	}
	for _, tc := range []struct{ lang, want, not string }{
		{"en", "new players or new games have come from this browser", "This browser sent a great many"},
		{"fr", "Ce navigateur n’y est pour rien", "Ce navigateur a envoyé"},
		{"ja", "このブラウザが何かをしたためではありません", "このブラウザから短い時間に"},
	} {
		w := post("198.51.100.2", tc.lang) // another address of the same /24, no cookie
		body := w.Body.String()
		if w.Code != http.StatusTooManyRequests || !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) {
			t.Errorf("%s: a new browser of a full network = %d, want 429 saying %q and not %q", tc.lang, w.Code, tc.want, tc.not)
		}
	}
}
