package play

// This file holds the rules of a game's clock above club.Clock's
// arithmetic: when a clocked game is lost on time or aborted, and how the
// app decides it once. Time runs only for the side to move, from the
// moment the previous move was stored (Clock.Since); the app's injected
// clock is the only one.

import (
	"context"
	"errors"
	"time"

	"reversi/club"
	"reversi/game"
)

// AbortAfter is how long a side of a live game has to make its first
// move (Black from the game's start, White from Black's first move)
// before the game is aborted: a game nobody starts ends without a result
// instead of being lost on time by someone who never sat down.
// Correspondence games are not aborted; their days are long enough.
const AbortAfter = time.Minute

// Clocked reports whether the game has a clock.
func (m *Match) Clocked() bool { return !m.Game.TimeControl.None() }

// Left returns side's time at now: while the game goes on, the stored
// time less what has run since the last move, for the side to move only
// (negative once it has run out); once it is over, the time it ended
// with.
func (m *Match) Left(side game.Color, now time.Time) time.Duration {
	if !m.Playing() || m.Waiting() {
		return m.Game.Clock.Left(side, game.Empty, now)
	}
	return m.Game.Clock.Left(side, m.Board().Turn(), now)
}

// Due returns how a clocked game that goes on must end at now: aborted,
// when the side to move of a live game has not made its first move within
// AbortAfter; lost on time, when the side to move has no time left; or
// EndedNormally, when it goes on (and for every game without a clock).
// A room waiting for its guest is not judged.
func (m *Match) Due(now time.Time) club.Ending {
	if !m.Clocked() || !m.Playing() || m.Waiting() {
		return club.EndedNormally
	}
	turn := m.Board().Turn()
	c := m.Game.Clock
	switch {
	case !m.Game.TimeControl.Correspondence() && !m.movedYet(turn) && now.Sub(c.Since) >= AbortAfter:
		return club.EndedAborted
	case c.Left(turn, turn, now) <= 0:
		return club.EndedOnTime
	}
	return club.EndedNormally
}

// movedYet reports whether side has played a move (not a pass) in this
// game.
func (m *Match) movedYet(side game.Color) bool {
	for i, mv := range m.Game.Record.Plies {
		if mv != game.Pass && m.Positions[i].Turn() == side {
			return true
		}
	}
	return false
}

// endOnClock ends the game at now as Due said: over, with the ending, and
// the clocks stopped (the side to move keeps what it had left, at least
// nothing).
func (m *Match) endOnClock(e club.Ending, now time.Time) {
	g := m.Game
	g.Clock = g.Clock.Stopped(m.Board().Turn(), now)
	g.Status, g.Ending = club.Over, e
}

// clockMoved runs the clock after mover's move at m.At: the mover's time
// gains the increment (live) or starts again (correspondence), and the
// other side's runs from now. A side then left with no legal move passes
// at once, in the same write: its clock never runs, and the mover's runs
// again from now, so a forced pass costs nothing.
func (m *Match) clockMoved(mover game.Color) error {
	if !m.Clocked() {
		return nil
	}
	m.Game.Clock = m.Game.Clock.Moved(m.Game.TimeControl, mover, m.At)
	for m.Playing() && m.Board().MustPass() {
		if err := m.play(game.Pass); err != nil {
			return err
		}
	}
	return nil
}

// Judge reads the clock of m's game at the app's now, which becomes m.At,
// and ends the game when Due says so, with one write conditional on the
// ply and the status: of every request and server that sees the flag, one
// decides it and the others find it decided (a restarted server reads the
// same stored clock and decides the same). Every load of a game for a
// page (a player's or a spectator's), a move, a long poll or an event
// goes through it. It returns the
// match to show.
func (a *App) Judge(ctx context.Context, m *Match) (*Match, error) {
	now := a.now()
	m.At = now
	e := m.Due(now)
	if e == club.EndedNormally {
		return m, nil
	}
	ply := m.Ply()
	m.endOnClock(e, now)
	n, err := a.save(ctx, m, ply)
	if errors.Is(err, club.ErrStale) {
		// Another request decided first, or a move was stored in time:
		// show the game as it now stands.
		n.At = now
		return n, nil
	}
	return n, err
}

// untilDue returns how long from now until Due would end the game: the
// side to move's time left, or the time to its abort if that comes
// first; a long time for a game without a clock or not going on.
func (m *Match) untilDue(now time.Time) time.Duration {
	if !m.Clocked() || !m.Playing() || m.Waiting() {
		return time.Duration(1<<63 - 1)
	}
	turn := m.Board().Turn()
	d := m.Game.Clock.Left(turn, turn, now)
	if !m.Game.TimeControl.Correspondence() && !m.movedYet(turn) {
		d = min(d, AbortAfter-now.Sub(m.Game.Clock.Since))
	}
	return max(d, 0)
}
