package views

import (
	"testing"
	"time"

	"reversi/game"
	"reversi/play"
)

func TestClockWords(t *testing.T) {
	live := &play.ClockFacts{Black: 125*time.Second + 900*time.Millisecond, White: 3 * time.Minute, Running: game.Black}
	corr := &play.ClockFacts{Black: 2*24*time.Hour + 5*time.Hour + 10*time.Minute, White: 5*time.Hour + time.Minute, Running: game.White, Correspondence: true}
	last := &play.ClockFacts{Black: 59*time.Minute + 3*time.Second, White: 24 * time.Hour, Correspondence: true}
	for _, tc := range []struct {
		lang         string
		facts        *play.ClockFacts
		black, white string
	}{
		{"en", live, "Black: 2:05, running", "White: 3:00"},
		{"fr", live, "Noir\u00a0: 2:05, en marche", "Blanc\u00a0: 3:00"},
		{"ja", live, "黒：2:05（進行中）", "白：3:00"},
		{"en", corr, "Black: 2 days 5 hours", "White: 5 hours 1 minute, running"},
		{"fr", corr, "Noir\u00a0: 2 jours 5 heures", "Blanc\u00a0: 5 heures 1 minute, en marche"},
		{"ja", corr, "黒：2日5時間", "白：5時間1分（進行中）"},
		{"en", last, "Black: 59:03", "White: 1 day 0 hours"},
	} {
		l := Lookup(tc.lang, "")
		v := clocksView(tc.facts, "/static/clock.js")
		if got := l.Say(v.Clocks[0].Line); got != tc.black {
			t.Errorf("%s: Black's clock %q, want %q", tc.lang, got, tc.black)
		}
		if got := l.Say(v.Clocks[1].Line); got != tc.white {
			t.Errorf("%s: White's clock %q, want %q", tc.lang, got, tc.white)
		}
	}
	v := clocksView(live, "")
	if b := v.Clocks[0]; b.Color != "black" || b.MS != 125900 || !b.Running || !b.Tick {
		t.Errorf("Black's live clock %+v; want black, 125900 ms, running, ticking", b)
	}
	if w := clocksView(corr, "").Clocks[1]; w.Tick {
		t.Error("a correspondence clock of hours ticks; only its last hour does")
	}
}
