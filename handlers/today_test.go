package handlers

import (
	"strings"
	"testing"
	"time"

	"reversi/play"
	"reversi/views"
)

// TestDailyPuzzleSaysToday checks that the day's puzzle says it is
// today's, in each language, and that another puzzle does not.
func TestDailyPuzzleSaysToday(t *testing.T) {
	a := newApp(t)
	daily := play.DailyFor(time.Now())
	other := daily%len(play.Puzzles()) + 1
	for _, tc := range []struct{ lang, want string }{
		{"en", "This is today's puzzle"},
		{"fr", "C’est le problème du jour"},
		{"ja", "これは今日の問題です"},
	} {
		cookie := a.inLanguage(tc.lang)
		if body := a.do("GET", views.PuzzleURL(daily), nil, cookie).Body.String(); !strings.Contains(body, strings.ReplaceAll(tc.want, "'", "&#39;")) {
			t.Errorf("%s: puzzle %d, today's, does not say %q", tc.lang, daily, tc.want)
		}
		if body := a.do("GET", views.PuzzleURL(other), nil, cookie).Body.String(); strings.Contains(body, `"puzzle.today"`) || strings.Contains(body, strings.ReplaceAll(tc.want, "'", "&#39;")) {
			t.Errorf("%s: puzzle %d, not today's, says it is", tc.lang, other)
		}
	}
}
