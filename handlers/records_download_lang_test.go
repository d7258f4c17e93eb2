package handlers

import (
	"net/http/httptest"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
)

// TestDownloadsInPageLanguage checks that a downloaded transcript's
// closing comment and a GGF record's player names speak the language of
// the page they were downloaded from, the English page's unchanged, and
// that the moves and result read back the same in every language.
func TestDownloadsInPageLanguage(t *testing.T) {
	a := newApp(t)
	a.put("resignedresigned", testPlayer, game.Options{Size: 8}, "f5d6c3", func(g *club.Game) { g.Resigned = game.Black })
	cookie := a.playerCookie(testPlayer)
	get := func(path, lang string) string {
		req := httptest.NewRequest("GET", path, nil)
		req.AddCookie(cookie)
		req.Header.Set("Accept-Language", lang)
		w := httptest.NewRecorder()
		a.h.ServeHTTP(w, req)
		if w.Code != 200 {
			t.Fatalf("GET %s in %s = %d", path, lang, w.Code)
		}
		return w.Body.String()
	}
	for _, tc := range []struct{ lang, end, black, white string }{
		{"en", "# Black resigned: White wins, 64 to 0 by the tournament score.\n", "Black (you)", "White (computer, easy)"},
		{"fr", "# Noir a abandonné\u00a0: Blanc gagne 64 à 0 au score de tournoi.\n", "Noir (vous)", "Blanc (ordinateur, easy)"},
		{"ja", "# 黒が投了しました。大会得点で64対0、白の勝ちです。\n", "黒 (あなた)", "白 (コンピューター, easy)"},
	} {
		text := get("/games/resignedresigned/transcript", tc.lang)
		if text != "f5d6c3\n"+tc.end {
			t.Errorf("%s: transcript = %q, want the moves then %q", tc.lang, text, tc.end)
		}
		if g, err := game.ParseTranscript(game.Options{Size: 8}, text); err != nil || g.Transcript() != "f5d6c3" {
			t.Errorf("%s: the transcript does not import back: %v", tc.lang, err)
		}
		r, err := game.ParseGGF(get("/games/resignedresigned/ggf", tc.lang))
		if err != nil {
			t.Fatalf("%s: GGF does not read: %v", tc.lang, err)
		}
		if r.Black != tc.black || r.White != tc.white || r.Game.Transcript() != "f5d6c3" || !strings.HasPrefix(r.Result, "-64") {
			t.Errorf("%s: GGF reads back as %q, %q, %q, %s", tc.lang, r.Black, r.White, r.Result, r.Game.Transcript())
		}
	}
}
