package club

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"reversi/game"
)

// TimeControl is how much time a game gives each side: nothing (no
// clock), a live Fischer clock (an initial time, plus an increment added
// after each move), or correspondence (a fixed time for every move).
// Its zero value is no clock.
type TimeControl struct {
	// Initial is a live clock's starting time on each side; Increment is
	// added to the mover's time after each move.
	Initial, Increment time.Duration
	// PerMove is a correspondence game's time for each move; the clock
	// starts again in full at every move.
	PerMove time.Duration
}

// TimeControls are the clocks offered, in the order the forms list them,
// as their names: "none", the live ones as minutes+seconds, and the
// correspondence ones as days.
func TimeControls() []string {
	return []string{"none", "1+0", "3+2", "5+3", "10+5", "15+10", "1d", "3d", "7d"}
}

// ErrTimeControl means that a clock's name is not one of TimeControls.
var ErrTimeControl = errors.New("unknown time control")

// ParseTimeControl reads one of the names TimeControls lists.
func ParseTimeControl(s string) (TimeControl, error) {
	ok := false
	for _, name := range TimeControls() {
		ok = ok || name == s
	}
	if !ok {
		return TimeControl{}, fmt.Errorf("%w: %q", ErrTimeControl, s)
	}
	if s == "none" {
		return TimeControl{}, nil
	}
	if days, found := strings.CutSuffix(s, "d"); found {
		n, _ := strconv.Atoi(days)
		return TimeControl{PerMove: time.Duration(n) * 24 * time.Hour}, nil
	}
	min, sec, _ := strings.Cut(s, "+")
	m, _ := strconv.Atoi(min)
	n, _ := strconv.Atoi(sec)
	return TimeControl{Initial: time.Duration(m) * time.Minute, Increment: time.Duration(n) * time.Second}, nil
}

// String is the time control's name, as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	switch {
	case tc.PerMove > 0:
		return strconv.Itoa(int(tc.PerMove/(24*time.Hour))) + "d"
	case tc.Initial > 0:
		return strconv.Itoa(int(tc.Initial/time.Minute)) + "+" + strconv.Itoa(int(tc.Increment/time.Second))
	}
	return "none"
}

// GGF is the time control as a GGF record's TI writes it, in the clock
// notation of the game servers that made the format: the initial time, the
// increment and the extension, each [[HH:]MM:]SS, separated by slashes. A
// live clock is "05:00/00:03/" (5+3); correspondence is a fixed time for
// one move that starts again at every move, "24:00:00,N1//24:00:00,N1"
// (the initial time for one move, then an extension of the same for every
// move, not added to what is left). No clock is "0", as before clocks.
func (tc TimeControl) GGF() string {
	hms := func(d time.Duration) string {
		h, m, s := int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60
		if h > 0 {
			return fmt.Sprintf("%02d:%02d:%02d", h, m, s)
		}
		return fmt.Sprintf("%02d:%02d", m, s)
	}
	switch {
	case tc.Correspondence():
		day := hms(tc.PerMove) + ",N1"
		return day + "//" + day
	case tc.Initial > 0:
		return hms(tc.Initial) + "/" + hms(tc.Increment) + "/"
	}
	return "0"
}

// None reports whether the game has no clock.
func (tc TimeControl) None() bool { return tc == TimeControl{} }

// Correspondence reports whether the clock gives days per move.
func (tc TimeControl) Correspondence() bool { return tc.PerMove > 0 }

// Start is each side's time when the game begins.
func (tc TimeControl) Start() time.Duration {
	if tc.Correspondence() {
		return tc.PerMove
	}
	return tc.Initial
}

// Clock is a game's two clocks as stored: each side's time left when the
// last move was stored, and when that was. Time runs only for the side to
// move, from Since; the server's clock is the only one.
type Clock struct {
	Black, White time.Duration
	Since        time.Time
}

// Left returns side's time at now when toMove is the side to move: the
// stored time, less what has run since the last move for the side to
// move. It may be negative: the side has lost on time.
func (c Clock) Left(side, toMove game.Color, now time.Time) time.Duration {
	left := c.Black
	if side == game.White {
		left = c.White
	}
	if side == toMove {
		left -= now.Sub(c.Since)
	}
	return left
}

// Moved returns the clocks after mover moved at now: the mover's time is
// what was left, plus the increment (a live clock) or the whole time for
// a move again (correspondence); the other side's is unchanged, and its
// time runs from now. A forced pass costs nothing: the app plays it at
// once, in the same write as the move before it, so the mover's clock
// simply runs again from now.
func (c Clock) Moved(tc TimeControl, mover game.Color, now time.Time) Clock {
	left := c.Left(mover, mover, now)
	if tc.Correspondence() {
		left = tc.PerMove
	} else {
		left += tc.Increment
	}
	if mover == game.White {
		c.White = left
	} else {
		c.Black = left
	}
	c.Since = now
	return c
}

// Stopped returns the clocks stopped at now, as a game that ends then
// keeps them: the side to move's time is what it had left, never below
// zero, and Since is now.
func (c Clock) Stopped(toMove game.Color, now time.Time) Clock {
	left := max(0, c.Left(toMove, toMove, now))
	if toMove == game.White {
		c.White = left
	} else {
		c.Black = left
	}
	c.Since = now
	return c
}
