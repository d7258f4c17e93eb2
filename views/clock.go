package views

import (
	"strconv"
	"time"

	"reversi/game"
	"reversi/play"
)

// A clocked game's page shows both clocks as the request found them
// (play.ClockFacts): each an element with data-clock ("black" or
// "white") and data-ms (the milliseconds left at render), its text the
// side, the time and, for the one that runs, the word "running". The
// script static/clock.js counts the running one down when the time is
// shown as m:ss, and loads the page again once it reaches zero; without
// it, the page is exact at every load.

// ClocksView is a clocked game's two clocks on its page.
type ClocksView struct {
	Clocks []ClockView
	// Script is the countdown script's path.
	Script string
}

// ClockView is one side's clock.
type ClockView struct {
	Color   string // "black" or "white": data-clock, and the icon's class
	MS      int64  // the milliseconds left at render: data-ms
	Running bool
	// Tick is set when the time is shown as m:ss (a live clock, or a
	// correspondence one in its last hour), which the script counts down
	// each second; longer times are said in days and hours, exact at each
	// load.
	Tick bool
	// Time is the time left in words ("2:05", "2 days 5 hours"), and Line
	// the whole clock: "Black: 2:05, running".
	Time, Line Text
}

// clocksView presents the clocks of f, or nil for a game without one.
func clocksView(f *play.ClockFacts, script string) *ClocksView {
	if f == nil {
		return nil
	}
	v := &ClocksView{Script: script}
	for _, c := range []game.Color{game.Black, game.White} {
		left := f.Black
		if c == game.White {
			left = f.White
		}
		cv := ClockView{Color: c.String(), MS: left.Milliseconds(), Running: f.Running == c,
			Tick: left < time.Hour || !f.Correspondence, Time: ClockTime(left, f.Correspondence)}
		key := "clock.line"
		if cv.Running {
			key += ".running"
		}
		cv.Line = Say(key, c, cv.Time)
		v.Clocks = append(v.Clocks, cv)
	}
	return v
}

// ClockTime says a time left: m:ss on a live clock (whole seconds, cut
// down, so that it never shows time the side does not have) and in the
// last hour of a correspondence one; before that, days and hours, or
// hours and minutes in the last day.
func ClockTime(left time.Duration, correspondence bool) Text {
	left = max(0, left)
	if !correspondence || left < time.Hour {
		secs := int64(left / time.Second)
		s := strconv.FormatInt(secs%60, 10)
		if len(s) == 1 {
			s = "0" + s
		}
		return Plain(strconv.FormatInt(secs/60, 10) + ":" + s)
	}
	days, hours, mins := int(left/(24*time.Hour)), int(left%(24*time.Hour)/time.Hour), int(left%time.Hour/time.Minute)
	if days > 0 {
		return Say("clock.join", Say("clock.days", days), Say("clock.hours", hours))
	}
	return Say("clock.join", Say("clock.hours", hours), Say("clock.minutes", mins))
}
