package views

import (
	"strings"

	"reversi/club"
	"reversi/game"
	"reversi/play"
)

// The parts of a game's page that follow from the match alone: who the
// page speaks to, its status, the board's marks, the score, the result
// and the move list. The handler adds what the request knows.

// MatchVoice is who the page speaks to: the viewer's seat, or both colours in a
// local game.
func MatchVoice(m *play.Match) Voice { return Voice{You: m.Seat} }

// matchEnding is how m stands, for the page's sentences.
func matchEnding(m *play.Match) Ending {
	o := m.Outcome()
	return Ending{Result: o.Result, Resigned: o.Resigned}
}

// matchEvents turns the last turn into the page's events.
func matchEvents(evs []play.Event) []Event {
	out := make([]Event, len(evs))
	for i, ev := range evs {
		out[i] = Event{Color: ev.Color, Square: ev.Square, Placed: ev.Placed, Flips: ev.Flips.Count()}
	}
	return out
}

// matchIntro is what the first page of a game says first.
func matchIntro(m *play.Match) Intro {
	switch {
	case m.Game.Opponent == club.Computer && m.UndoTarget() < 0 && !m.HumanPassed():
		return IntroComputer
	case m.Game.Opponent == club.Online && m.Ply() == 0:
		return IntroOnline
	case m.Game.Opponent == club.Local && m.Ply() == 0:
		return IntroLocal
	}
	return NoIntro
}

// MatchStatus is the page's status heading: what the last request did and
// what comes next.
func MatchStatus(m *play.Match, did string) Text {
	v, b, end := MatchVoice(m), m.Board(), matchEnding(m)
	if sq, ok := m.Hint(); ok {
		return v.Hinted(sq, b, end)
	}
	switch {
	case m.Waiting():
		return v.Waiting()
	case did == "undo":
		return v.Undone(b, end)
	case did == "settings":
		return v.SettingsSaved(b, end)
	}
	return v.Narrate(matchIntro(m), matchEvents(m.LastTurn()), b, end, m.Game.Record.Options.Size)
}

// MatchMarks returns the last turn's placed and flipped discs, with animation
// steps from each placed disc outward, the computer's reply after the
// player's move, and the hint's ring.
func MatchMarks(m *play.Match, animate bool, did string) Marks {
	mk := Marks{Hint: game.Pass, Opponent: string(m.Game.Opponent)}
	if did != "undo" {
		size := m.Game.Record.Options.Size
		steps := map[game.Square]int{}
		base := 0
		for _, ev := range m.LastTurn() {
			if ev.Square == game.Pass {
				continue
			}
			// A placement keeps its mark even when a later reply of the
			// turn flips it; the animation steps follow the latest event.
			steps[ev.Square] = base
			if m.IsHuman(ev.Color) {
				mk.Placed = append(mk.Placed, ev.Square)
			} else {
				mk.Replies = append(mk.Replies, ev.Square)
			}
			top := base
			for f := range ev.Flips.All() {
				d := base + Distance(size, ev.Square, f)
				steps[f] = d
				mk.Flipped = mk.Flipped.Or(game.Bit(f))
				top = max(top, d)
			}
			base = top + 2
		}
		if animate {
			mk.Steps = steps
		}
	}
	if sq, ok := m.Hint(); ok {
		mk.Hint = sq
	}
	mk.Playable = m.CanPlay() && !m.Board().MustPass()
	// Rings only for the one who may move now: not for a side waiting for
	// the other's move, nor while an online game waits for its guest.
	mk.ShowLegal = m.Game.ShowMoves && m.CanPlay()
	return mk
}

// MatchPlayers are the two lines of the score.
func MatchPlayers(m *play.Match) []PlayerLine {
	b, playing := m.Board(), m.Playing() && !m.Waiting()
	var lines []PlayerLine
	for _, c := range []game.Color{game.Black, game.White} {
		lines = append(lines, PlayerLine{
			Color: c.String(), Side: c, Role: PlayerRole(string(m.Game.Opponent), m.Seat, c),
			Computer: m.Game.Opponent == club.Computer && c != m.Seat,
			Discs:    b.Count(c), ToMove: playing && !m.Waiting() && b.Turn() == c,
		})
	}
	return lines
}

// MatchResult is the result screen of a finished game, or nil.
func MatchResult(m *play.Match) *ResultView {
	if m.Playing() {
		return nil
	}
	o := m.Outcome()
	return &ResultView{
		Winner: Winner(string(m.Game.Opponent), m.Seat, matchEnding(m)), Black: o.Black, White: o.White,
		BlackScore: o.BlackScore, WhiteScore: o.WhiteScore, Hints: m.Game.Hints, Undos: m.Game.Undos,
		Resigned: o.Resigned,
	}
}

// MatchMoves is the moves so far, passes included.
func MatchMoves(m *play.Match) string {
	size := m.Game.Record.Options.Size
	names := make([]string, len(m.Game.Record.Plies))
	for i, mv := range m.Game.Record.Plies {
		names[i] = mv.Name(size)
	}
	return strings.Join(names, " ")
}
