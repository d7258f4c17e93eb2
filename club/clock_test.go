package club

import (
	"errors"
	"testing"
	"time"

	"reversi/game"
)

func TestTimeControls(t *testing.T) {
	tests := []struct {
		name string
		want TimeControl
	}{
		{"none", TimeControl{}},
		{"1+0", TimeControl{Initial: time.Minute}},
		{"3+2", TimeControl{Initial: 3 * time.Minute, Increment: 2 * time.Second}},
		{"15+10", TimeControl{Initial: 15 * time.Minute, Increment: 10 * time.Second}},
		{"1d", TimeControl{PerMove: 24 * time.Hour}},
		{"7d", TimeControl{PerMove: 7 * 24 * time.Hour}},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.name)
		if err != nil || got != tt.want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
	for _, name := range TimeControls() {
		tc, err := ParseTimeControl(name)
		if err != nil || tc.String() != name {
			t.Errorf("%q reads as %+v, %v and writes as %q", name, tc, err, tc.String())
		}
	}
	for _, bad := range []string{"", "2+1", "3+", "1d2", "0d", "none ", "3 + 2", "-1d"} {
		if _, err := ParseTimeControl(bad); !errors.Is(err, ErrTimeControl) {
			t.Errorf("ParseTimeControl(%q): %v, want ErrTimeControl", bad, err)
		}
	}
}

// TestTimeControlGGF checks the clocks as a GGF record's TI writes them.
func TestTimeControlGGF(t *testing.T) {
	for name, want := range map[string]string{
		"none":  "0",
		"1+0":   "01:00/00:00/",
		"5+3":   "05:00/00:03/",
		"15+10": "15:00/00:10/",
		"1d":    "24:00:00,N1//24:00:00,N1",
		"7d":    "168:00:00,N1//168:00:00,N1",
	} {
		tc, err := ParseTimeControl(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := tc.GGF(); got != want {
			t.Errorf("%s: TI[%s], want TI[%s]", name, got, want)
		}
	}
}

// TestClock follows a 3+2 game: time runs only for the side to move, the
// increment comes after each move, and a correspondence clock starts
// again in full at every move.
func TestClock(t *testing.T) {
	tc, _ := ParseTimeControl("3+2")
	t0 := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	c := Clock{Black: tc.Start(), White: tc.Start(), Since: t0}
	at := t0.Add(10 * time.Second)
	if got := c.Left(game.Black, game.Black, at); got != 170*time.Second {
		t.Errorf("Black after 10 s to move: %v, want 2m50s", got)
	}
	if got := c.Left(game.White, game.Black, at); got != 3*time.Minute {
		t.Errorf("White while Black thinks: %v, want 3m0s", got)
	}
	c = c.Moved(tc, game.Black, at)
	if c.Black != 172*time.Second || c.White != 3*time.Minute || !c.Since.Equal(at) {
		t.Errorf("after Black's move: %+v", c)
	}
	if got := c.Left(game.White, game.White, at.Add(4*time.Minute)); got >= 0 {
		t.Errorf("White after 4 minutes: %v, want below zero", got)
	}
	day, _ := ParseTimeControl("1d")
	c = Clock{Black: day.Start(), White: day.Start(), Since: t0}
	c = c.Moved(day, game.Black, t0.Add(20*time.Hour))
	if c.Black != 24*time.Hour {
		t.Errorf("a correspondence move leaves %v, want the whole day again", c.Black)
	}
}
