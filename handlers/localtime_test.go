package handlers

import (
	"strings"
	"testing"

	"reversi/game"
	"reversi/static"
)

// TestHomeTimeForScript checks that the home page's saved time is a
// <time datetime> in UTC with the sentence time.js says it in, in each
// language, that the page loads time.js, and that without the script the
// sentence says "UTC" (or 協定世界時) once.
func TestHomeTimeForScript(t *testing.T) {
	for _, tc := range []struct{ lang, local, utc string }{
		{"en", `data-local="(last move {})"`, "UTC"},
		{"fr", `data-local="(dernier coup le {})"`, "UTC"},
		{"ja", `data-local="（最後の着手：{}）"`, "協定世界時"},
	} {
		a := newGoldenApp(t)
		a.put("localgamelocalga", testPlayer, game.Options{Size: 8}, "f5", nil)
		body := a.do("GET", "/", nil, a.inLanguage(tc.lang)).Body.String()
		i := strings.Index(body, `<time datetime="`)
		if i < 0 {
			t.Fatalf("%s: the home page has no <time datetime>", tc.lang)
		}
		el, _, _ := strings.Cut(body[i:], "</time>")
		if !strings.Contains(el, "Z\" "+tc.local) || strings.Count(el, tc.utc) != 1 {
			t.Errorf("%s: the saved time is %s, want a UTC datetime, %s and %q once", tc.lang, el, tc.local, tc.utc)
		}
		if !strings.Contains(body, `<script src="`+static.Time().Path+`" defer>`) {
			t.Errorf("%s: the home page does not load time.js", tc.lang)
		}
	}
	if w := newApp(t).do("GET", static.Time().Path, nil, nil); w.Code != 200 || !strings.Contains(w.Body.String(), "toLocaleString") {
		t.Errorf("GET %s = %d", static.Time().Path, w.Code)
	}
}
