package db

import (
	"encoding/json"
	"fmt"
	"reversi/club"
	"strings"
	"time"

	"reversi/game"
)

// This file is how a game looks in a row, the same in every store: the
// options and plies as text, the sides as words, times in nanoseconds.
// The queries scan a row into a GameRow and write its columns with the
// encoders here (NewGameRow), for both stores; the game cache also goes
// through them (see changeGame).

// GameRow is a game's row as the stores keep it, one field a column, in
// the order of the games table's declaration in columns.go.
type GameRow struct {
	ID, PlayerID, Opponent, Human, Level string
	Size                                 int
	Start, Plies                         string
	Ply                                  int
	Status                               string
	ShowMoves, AllowUndo, Sound          bool
	Hints, Undos, HintPly                int
	Hint                                 string
	Created, Updated                     int64
	RoomID, Resigned, Setup              string
	// The clock: the time control's name ("" for none), each side's time
	// in milliseconds at the last move and when that was, in nanoseconds.
	TimeControl                  string
	BlackMS, WhiteMS, ClockSince int64
	Ending                       string
	Rated, SharedNetwork         bool
}

// Fields returns pointers to r's fields, for a row's Scan, in the order of
// the games table's declaration (see columns.go), which is the order of
// its select list.
func (r *GameRow) Fields() []any { return games.fields(r) }

// NewGameRow encodes g as its row, with both times set to now.
func NewGameRow(g *club.Game, now time.Time) (GameRow, error) {
	human, err := HumanText(g)
	if err != nil {
		return GameRow{}, err
	}
	o := g.Record.Options
	return GameRow{ID: g.ID, PlayerID: g.PlayerID, Opponent: string(g.Opponent), Human: human, Level: g.Level,
		Size: o.Size, Start: o.Start.String(), Plies: EncodePlies(g.Record), Ply: g.Ply(), Status: string(g.Status),
		ShowMoves: g.ShowMoves, AllowUndo: g.AllowUndo, Sound: g.Sound, Hints: g.Hints, Undos: g.Undos,
		HintPly: g.HintPly, Hint: HintText(g), Created: now.UnixNano(), Updated: now.UnixNano(),
		RoomID: g.RoomID, Resigned: ColorText(g.Resigned), Setup: SetupText(o),
		TimeControl: TimeControlText(g.TimeControl), BlackMS: g.Clock.Black.Milliseconds(),
		WhiteMS: g.Clock.White.Milliseconds(), ClockSince: ClockSinceText(g.Clock), Ending: string(g.Ending),
		Rated: g.Rated, SharedNetwork: g.SharedNetwork}, nil
}

// Game decodes the row, checking the plies against the ply count.
func (r *GameRow) Game() (*club.Game, error) {
	g := &club.Game{ID: r.ID, PlayerID: r.PlayerID, Opponent: club.Opponent(r.Opponent), Level: r.Level, Status: club.Status(r.Status),
		Settings: club.Settings{ShowMoves: r.ShowMoves, AllowUndo: r.AllowUndo, Sound: r.Sound},
		Hints:    r.Hints, Undos: r.Undos, HintPly: r.HintPly, RoomID: r.RoomID,
		Human: ParseColor(r.Human), Resigned: ParseColor(r.Resigned),
		Created: time.Unix(0, r.Created), Updated: time.Unix(0, r.Updated), Ending: club.Ending(r.Ending),
		Rated: r.Rated, SharedNetwork: r.SharedNetwork}
	if r.TimeControl != "" {
		tc, err := club.ParseTimeControl(r.TimeControl)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", r.ID, err)
		}
		g.TimeControl = tc
		g.Clock = club.Clock{Black: time.Duration(r.BlackMS) * time.Millisecond,
			White: time.Duration(r.WhiteMS) * time.Millisecond, Since: time.Unix(0, r.ClockSince)}
	}
	st, err := game.ParseStart(r.Start)
	if err != nil {
		return nil, err
	}
	g.Record.Options = game.Options{Size: r.Size, Start: st}
	if st == game.Setup {
		if g.Record.Options.Setup, err = game.ParseLine(r.Setup); err != nil {
			return nil, fmt.Errorf("game %s: setup: %w", r.ID, err)
		}
	}
	if g.Record.Plies, err = DecodePlies(r.Size, r.Plies); err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	if len(g.Record.Plies) != r.Ply {
		return nil, fmt.Errorf("game %s: %d plies stored but ply is %d", r.ID, len(g.Record.Plies), r.Ply)
	}
	g.HintSquare = game.Pass
	if r.Hint != "" {
		if g.HintSquare, err = game.ParseMove(r.Size, r.Hint); err != nil {
			return nil, fmt.Errorf("game %s: hint: %w", r.ID, err)
		}
	}
	return g, nil
}

// TimeControlText is the time_control column: the clock's name, or ""
// for a game without one.
func TimeControlText(tc club.TimeControl) string {
	if tc.None() {
		return ""
	}
	return tc.String()
}

// ClockSinceText is the clock_since column: when the clock last started,
// in nanoseconds, or 0 for a game without a clock.
func ClockSinceText(c club.Clock) int64 {
	if c.Since.IsZero() {
		return 0
	}
	return c.Since.UnixNano()
}

// SetupText is the setup column: a set-up start's position, else "".
func SetupText(o game.Options) string {
	if o.Start == game.Setup {
		return o.Setup.Line()
	}
	return ""
}

// HumanText is the human column: "black" or "white" for the human's (or
// the host's) side, "both" in a game on one device.
func HumanText(g *club.Game) (string, error) {
	switch {
	case g.Opponent == club.Local:
		return "both", nil
	case (g.Opponent == club.Computer || g.Opponent == club.Online) && (g.Human == game.Black || g.Human == game.White):
		return g.Human.String(), nil
	}
	return "", fmt.Errorf("opponent %q with human side %v", g.Opponent, g.Human)
}

// ColorText is a side as stored: "black", "white", or "" for neither.
func ColorText(c game.Color) string {
	if c == game.Empty {
		return ""
	}
	return c.String()
}

// ParseColor reads a side as stored; anything else is game.Empty.
func ParseColor(s string) game.Color {
	switch s {
	case "black":
		return game.Black
	case "white":
		return game.White
	}
	return game.Empty
}

// HintText is the hint_square column: the hint's square, or "" for none.
func HintText(g *club.Game) string {
	if g.HintPly < 0 || g.HintSquare == game.Pass {
		return ""
	}
	return g.HintSquare.Name(g.Record.Options.Size)
}

// EncodePlies writes the plies as square names and "pass", space
// separated.
func EncodePlies(r game.Game) string {
	names := make([]string, len(r.Plies))
	for i, m := range r.Plies {
		names[i] = m.Name(r.Options.Size)
	}
	return strings.Join(names, " ")
}

// DecodePlies reads what EncodePlies wrote, for a board of the given size.
func DecodePlies(size int, s string) ([]game.Square, error) {
	fields := strings.Fields(s)
	plies := make([]game.Square, 0, len(fields))
	for i, f := range fields {
		m, err := game.ParseMove(size, f)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %w", i+1, err)
		}
		plies = append(plies, m)
	}
	return plies, nil
}

// HistoryText trims p's undo history to club.MaxPracticeHistory, the newest
// kept, and returns it as the history column stores it: a JSON array.
func HistoryText(p *club.Practice) (string, error) {
	if len(p.History) > club.MaxPracticeHistory {
		p.History = p.History[len(p.History)-club.MaxPracticeHistory:]
	}
	if p.History == nil {
		return "[]", nil
	}
	b, err := json.Marshal(p.History)
	return string(b), err
}

// ParseHistory reads a history column that HistoryText wrote.
func ParseHistory(s string) ([]string, error) {
	var h []string
	err := json.Unmarshal([]byte(s), &h)
	return h, err
}
