package play

import (
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// clocked is a local game (both sides play at the device) with clock tc,
// started at t0, and the moves given.
func clocked(t *testing.T, tc club.TimeControl, size int, moves string) *Match {
	t.Helper()
	g := newTestGame(t, club.Local, game.Empty, size, moves)
	g.TimeControl = tc
	g.Clock = club.Clock{Black: tc.Start(), White: tc.Start(), Since: t0}
	return load(t, g)
}

func sq(t *testing.T, m *Match, name string) game.Square {
	t.Helper()
	s, err := game.ParseMove(m.Board().Size(), name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestClockRunsOnlyForTheSideToMove(t *testing.T) {
	blitz, _ := club.ParseTimeControl("3+2")
	day, _ := club.ParseTimeControl("1d")
	for _, tc := range []struct {
		name               string
		tc                 club.TimeControl
		think              time.Duration
		wantBlack          time.Duration // after Black's move
		wantWhiteAfterWait time.Duration // White's, 5 s after it
	}{
		{"live, with the increment", blitz, 10 * time.Second, 3*time.Minute - 10*time.Second + 2*time.Second, 3*time.Minute - 5*time.Second},
		{"correspondence, the day again", day, 5 * time.Hour, 24 * time.Hour, 24*time.Hour - 5*time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := clocked(t, tc.tc, 8, "")
			m.At = t0.Add(tc.think)
			if got := m.Left(game.Black, m.At); got != tc.tc.Start()-tc.think {
				t.Errorf("Black, to move, has %v; want %v", got, tc.tc.Start()-tc.think)
			}
			if got := m.Left(game.White, m.At); got != tc.tc.Start() {
				t.Errorf("White, not to move, has %v; want all of %v", got, tc.tc.Start())
			}
			if err := m.Play(0, sq(t, m, "f5")); err != nil {
				t.Fatal(err)
			}
			later := m.At.Add(5 * time.Second)
			if got := m.Left(game.Black, later); got != tc.wantBlack {
				t.Errorf("Black after the move has %v; want %v", got, tc.wantBlack)
			}
			if got := m.Left(game.White, later); got != tc.wantWhiteAfterWait {
				t.Errorf("White 5 s after it has %v; want %v", got, tc.wantWhiteAfterWait)
			}
			if !m.Game.Clock.Since.Equal(m.At) {
				t.Errorf("the clock runs since %v; want the move's time %v", m.Game.Clock.Since, m.At)
			}
		})
	}
}

func TestForcedPassCostsNothing(t *testing.T) {
	for _, side := range []game.Color{game.Black, game.White} {
		o := game.Options{Size: 6, Start: game.Cross}
		rec, err := game.ParseTranscript(o, passGame(t, side, 7))
		if err != nil {
			t.Fatal(err)
		}
		plies := rec.Plies
		last := plies[len(plies)-1]
		rec.Plies = plies[:len(plies)-1]
		tc, _ := club.ParseTimeControl("1+0")
		g := newTestGame(t, club.Local, game.Empty, 6, rec.Transcript())
		g.TimeControl = tc
		g.Clock = club.Clock{Black: 30 * time.Second, White: 30 * time.Second, Since: t0}
		m := load(t, g)
		mover := m.Board().Turn()
		m.At = t0.Add(4 * time.Second)
		if err := m.Play(m.Ply(), last); err != nil {
			t.Fatal(err)
		}
		if p := m.Game.Record.Plies; p[len(p)-1] != game.Pass || m.Board().Turn() != mover {
			t.Fatalf("%v's forced pass was not played with the move: plies end %v, %v to move", side, p[len(p)-1], m.Board().Turn())
		}
		if got := m.Left(side, m.At.Add(time.Minute)); got != 30*time.Second {
			t.Errorf("%v, who had to pass, has %v; want all of 30s", side, got)
		}
		if got := m.Left(mover, m.At); got != 26*time.Second {
			t.Errorf("the mover has %v; want 26s, running again from the move", got)
		}
	}
}

func TestDue(t *testing.T) {
	live, _ := club.ParseTimeControl("5+3")
	corr, _ := club.ParseTimeControl("1d")
	for _, tc := range []struct {
		name  string
		tc    club.TimeControl
		moves string
		left  time.Duration // the side to move's stored time
		after time.Duration // since the last move
		want  club.Ending
	}{
		{"Black's first move in time", live, "", 5 * time.Minute, 59 * time.Second, club.EndedNormally},
		{"Black's first move a minute late", live, "", 5 * time.Minute, time.Minute, club.EndedAborted},
		{"White's first move in time", live, "f5", 5 * time.Minute, 59 * time.Second, club.EndedNormally},
		{"White's first move a minute late", live, "f5", 5 * time.Minute, time.Minute, club.EndedAborted},
		{"both have moved: a long think is no abort", live, "f5d6", 5 * time.Minute, 2 * time.Minute, club.EndedNormally},
		{"time left", live, "f5d6", 10 * time.Second, 9 * time.Second, club.EndedNormally},
		{"no time left", live, "f5d6", 10 * time.Second, 10 * time.Second, club.EndedOnTime},
		{"correspondence is not aborted", corr, "", 24 * time.Hour, 2 * time.Hour, club.EndedNormally},
		{"correspondence on time", corr, "f5", 24 * time.Hour, 25 * time.Hour, club.EndedOnTime},
		{"no clock", club.TimeControl{}, "", 0, 48 * time.Hour, club.EndedNormally},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := clocked(t, tc.tc, 8, tc.moves)
			m.Game.Clock.Black, m.Game.Clock.White = tc.left, tc.left
			if got := m.Due(t0.Add(tc.after)); got != tc.want {
				t.Errorf("Due = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestMoveAfterTheFlagIsRefused(t *testing.T) {
	tc, _ := club.ParseTimeControl("1+0")
	m := clocked(t, tc, 8, "f5d6")
	m.At = t0.Add(time.Minute)
	if err := m.Play(2, sq(t, m, "c3")); err != ErrOver {
		t.Errorf("a move after the time ran out: %v, want ErrOver", err)
	}
	if m.Ply() != 2 {
		t.Errorf("the refused move was played: ply %d", m.Ply())
	}
}

func TestOutcomeOnTimeAndAborted(t *testing.T) {
	tc, _ := club.ParseTimeControl("1+0")
	m := clocked(t, tc, 8, "f5d6") // Black to move
	m.endOnClock(club.EndedOnTime, t0.Add(2*time.Minute))
	o := m.Outcome()
	if o.OnTime != game.Black || o.Winner != game.White || o.BlackScore != 0 || o.WhiteScore != 64 {
		t.Errorf("on time: %+v; want Black lost on time, White wins 64 to 0", o)
	}
	if got := o.GGFResult(false); got != "-64.00:t" {
		t.Errorf("GGF result %q, want -64.00:t", got)
	}
	if m.Game.Clock.Black != 0 || m.Left(game.Black, t0.Add(time.Hour)) != 0 {
		t.Errorf("the flagged clock stands at %v; want 0", m.Game.Clock.Black)
	}
	m = clocked(t, tc, 8, "f5")
	m.endOnClock(club.EndedAborted, t0.Add(time.Minute))
	o = m.Outcome()
	if !o.Aborted || o.Winner != game.Empty || o.BlackScore != 0 || o.WhiteScore != 0 || o.GGFResult(false) != "?" {
		t.Errorf("aborted: %+v, GGF %q; want no winner, no score, ?", o, o.GGFResult(false))
	}
}

func TestAbortedRoundCountsNothing(t *testing.T) {
	tc, _ := club.ParseTimeControl("1+0")
	m := clocked(t, tc, 8, "")
	m.Game.Opponent, m.Game.Human = club.Online, game.Black
	r := &club.Room{Host: "h", Guest: "g", GameID: m.Game.ID, Round: 1, HostWins: 2, GuestWins: 1, Draws: 1}
	m.Room, m.Seat, m.Host = r, game.Black, true
	m.endOnClock(club.EndedAborted, t0.Add(time.Minute))
	if s := m.Score(); s.Mine != 2 || s.Theirs != 1 || s.Draws != 1 {
		t.Errorf("score with an aborted round: %+v; want 2, 1, 1 draw", s)
	}
	NextRound(m, r, "next")
	if r.HostWins != 2 || r.GuestWins != 1 || r.Draws != 1 {
		t.Errorf("room after an aborted round: %d, %d, %d draws; want 2, 1, 1", r.HostWins, r.GuestWins, r.Draws)
	}
}

func TestResignStopsTheClocks(t *testing.T) {
	tc, _ := club.ParseTimeControl("3+2")
	m := clocked(t, tc, 8, "f5") // White to move since t0
	m.Game.Opponent, m.Game.Human = club.Online, game.Black
	m.Room, m.Seat = &club.Room{Host: "h", Guest: "g", GameID: m.Game.ID}, game.Black
	m.At = t0.Add(20 * time.Second)
	if err := m.Resign(1); err != nil {
		t.Fatal(err)
	}
	hourLater := t0.Add(time.Hour)
	if w, b := m.Left(game.White, hourLater), m.Left(game.Black, hourLater); w != 3*time.Minute-20*time.Second || b != 3*time.Minute {
		t.Errorf("after Black resigned: White %v, Black %v; want 2:40 and 3:00, stopped", w, b)
	}
}

// TestForcedPassIsSaid checks that the seat whose pass the server played
// hears the move that forced it, and the pass, as its last turn.
func TestForcedPassIsSaid(t *testing.T) {
	o := game.Options{Size: 6, Start: game.Cross}
	rec, err := game.ParseTranscript(o, passGame(t, game.White, 3))
	if err != nil {
		t.Fatal(err)
	}
	plies := rec.Plies
	last := plies[len(plies)-1]
	rec.Plies = plies[:len(plies)-1]
	tc, _ := club.ParseTimeControl("3+2")
	g := newTestGame(t, club.Online, game.Black, 6, rec.Transcript())
	g.TimeControl, g.Clock = tc, club.Clock{Black: time.Minute, White: time.Minute, Since: t0}
	r := &club.Room{Host: "h", Guest: "g", GameID: g.ID}
	black, err := LoadSeated(g, r, "h")
	if err != nil {
		t.Fatal(err)
	}
	black.At = t0.Add(time.Second)
	if err := black.Play(black.Ply(), last); err != nil {
		t.Fatal(err)
	}
	white, err := LoadSeated(black.Game, r, "g")
	if err != nil {
		t.Fatal(err)
	}
	evs := white.LastTurn()
	if len(evs) < 3 {
		t.Fatalf("White's last turn %+v; want its move, Black's and its pass", evs)
	}
	first, forcing, pass := evs[0], evs[len(evs)-2], evs[len(evs)-1]
	if first.Color != game.White || first.Square == game.Pass || forcing.Color != game.Black || forcing.Square != last ||
		pass.Color != game.White || pass.Square != game.Pass {
		t.Errorf("White's last turn %+v; want White's placement first, then Black's %v and White's pass", evs, last)
	}
}
