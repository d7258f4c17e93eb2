package db

import (
	"fmt"
	"slices"
	"strings"
)

// This file declares each table's columns once: the insert and select
// lists of the queries, the order in which a row is scanned, and what
// Import copies are all derived from the declarations here, so that a
// column added to a table is added in one place.

// column is one column of a table, and the field of the row type R that
// holds it.
type column[R any] struct {
	name string
	// field returns a pointer to the column's field in r: a *string,
	// *int, *int64 or *bool.
	field func(r *R) any
	// null says that the column holds NULL where the field holds "" (a
	// reference that may be unset): selects read NULL as '', inserts
	// write '' as NULL.
	null bool
	// flag says that the column is a boolean, which SQLite keeps as 0 or 1.
	flag bool
}

// table is a table's name and columns, in the order of its row type's
// scan.
type table[R any] struct {
	name string
	cols []column[R]
}

// selectList is the columns for a SELECT (or a RETURNING), in order.
func (t *table[R]) selectList() string {
	var b strings.Builder
	for i, c := range t.cols {
		if i > 0 {
			b.WriteString(", ")
		}
		if c.null {
			fmt.Fprintf(&b, "coalesce(%s, '')", c.name)
		} else {
			b.WriteString(c.name)
		}
	}
	return b.String()
}

// insert is an INSERT of every column, whose arguments are values.
func (t *table[R]) insert() string {
	marks := make([]string, len(t.cols))
	for i, c := range t.cols {
		marks[i] = "?"
		if c.null {
			marks[i] = "nullif(?, '')"
		}
	}
	return "INSERT INTO " + t.name + " (" + strings.Join(t.names(), ", ") + ") VALUES (" + strings.Join(marks, ", ") + ")"
}

// setList is the SET list of an UPDATE of some of a table's columns.
type setList[R any] struct {
	sql  string // "a = ?, b = nullif(?, '')"
	cols []column[R]
}

// set returns the SET list that writes the named columns.
func (t *table[R]) set(names ...string) setList[R] {
	var (
		parts []string
		cols  []column[R]
	)
	for _, n := range names {
		i := slices.IndexFunc(t.cols, func(c column[R]) bool { return c.name == n })
		if i < 0 {
			panic("table " + t.name + " has no column " + n) // names are constants
		}
		c := t.cols[i]
		mark := "?"
		if c.null {
			mark = "nullif(?, '')"
		}
		parts = append(parts, n+" = "+mark)
		cols = append(cols, c)
	}
	return setList[R]{sql: strings.Join(parts, ", "), cols: cols}
}

// args returns the SET list's arguments from r, in order, followed by
// more (the WHERE clause's), in one allocation.
func (s setList[R]) args(r *R, more ...any) []any {
	args := make([]any, len(s.cols), len(s.cols)+len(more))
	for i, c := range s.cols {
		args[i] = value(c.field(r))
	}
	return append(args, more...)
}

// copy writes the SET list's columns of src over dst's: dst becomes what
// the row read as dst reads as once the update has written src.
func (s setList[R]) copy(dst, src *R) {
	for _, c := range s.cols {
		switch d := c.field(dst).(type) {
		case *string:
			*d = *c.field(src).(*string)
		case *int:
			*d = *c.field(src).(*int)
		case *int64:
			*d = *c.field(src).(*int64)
		case *bool:
			*d = *c.field(src).(*bool)
		default:
			panic(fmt.Sprintf("column field of type %T", d))
		}
	}
}

// fields returns pointers to r's fields, in column order, for a Scan.
func (t *table[R]) fields(r *R) []any {
	ptrs := make([]any, len(t.cols))
	for i, c := range t.cols {
		ptrs[i] = c.field(r)
	}
	return ptrs
}

// values returns r's fields, in column order, as an insert's arguments.
func (t *table[R]) values(r *R) []any {
	vals := make([]any, len(t.cols))
	for i, c := range t.cols {
		vals[i] = value(c.field(r))
	}
	return vals
}

// names returns the column names, in order.
func (t *table[R]) names() []string {
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = c.name
	}
	return names
}

// copy describes the table for Import.
func (t *table[R]) copy() Table {
	ct := Table{Name: t.name, Columns: t.names()}
	for _, c := range t.cols {
		if c.flag {
			ct.Flags = append(ct.Flags, c.name)
		}
	}
	return ct
}

// value is what a field pointer points to.
func value(p any) any {
	switch p := p.(type) {
	case *string:
		return *p
	case *int:
		return *p
	case *int64:
		return *p
	case *bool:
		return *p
	}
	panic(fmt.Sprintf("column field of type %T", p)) // the declarations below use only these
}

// Table is one table as a copy between databases sees it: its columns,
// the same in both schemas, and those that SQLite keeps as 0 or 1 and
// PostgreSQL as booleans.
type Table struct {
	Name    string
	Columns []string
	Flags   []string
}

// Tables are every table of the app's data, in an order that keeps every
// reference valid when rows are copied in it (Import).
func Tables() []Table {
	return []Table{
		{Name: "players", Columns: []string{"id", "created_at", "last_seen", "choices", "name", "name_key"}},
		games.copy(),
		{Name: "reviews", Columns: []string{"game_id", "ply", "body", "created_at"}},
		rooms.copy(),
		practices.copy(),
		puzzles.copy(),
		{Name: "ratings", Columns: []string{"player_id", "size", "speed", "rating", "deviation", "volatility", "last_at",
			"games", "wins", "losses", "draws"}},
		{Name: "rated_games", Columns: []string{"game_id", "player_id", "size", "speed", "opponent", "opponent_rating",
			"score", "rating_before", "rating", "deviation", "ended_at", "counted", "shared_network"},
			Flags: []string{"counted", "shared_network"}},
		{Name: "player_keys", Columns: []string{"hash", "player_id", "created_at"}},
		{Name: "deleted_players", Columns: []string{"id", "deleted_at"}},
	}
}

// games declares the games table, in the order of GameRow's fields.
var games = &table[GameRow]{name: "games", cols: []column[GameRow]{
	{name: "id", field: func(r *GameRow) any { return &r.ID }},
	{name: "player_id", field: func(r *GameRow) any { return &r.PlayerID }},
	{name: "opponent", field: func(r *GameRow) any { return &r.Opponent }},
	{name: "human", field: func(r *GameRow) any { return &r.Human }},
	{name: "level", field: func(r *GameRow) any { return &r.Level }},
	{name: "size", field: func(r *GameRow) any { return &r.Size }},
	{name: "start", field: func(r *GameRow) any { return &r.Start }},
	{name: "plies", field: func(r *GameRow) any { return &r.Plies }},
	{name: "ply", field: func(r *GameRow) any { return &r.Ply }},
	{name: "status", field: func(r *GameRow) any { return &r.Status }},
	{name: "show_moves", field: func(r *GameRow) any { return &r.ShowMoves }, flag: true},
	{name: "allow_undo", field: func(r *GameRow) any { return &r.AllowUndo }, flag: true},
	{name: "sound", field: func(r *GameRow) any { return &r.Sound }, flag: true},
	{name: "hints", field: func(r *GameRow) any { return &r.Hints }},
	{name: "undos", field: func(r *GameRow) any { return &r.Undos }},
	{name: "hint_ply", field: func(r *GameRow) any { return &r.HintPly }},
	{name: "hint_square", field: func(r *GameRow) any { return &r.Hint }},
	{name: "created_at", field: func(r *GameRow) any { return &r.Created }},
	{name: "updated_at", field: func(r *GameRow) any { return &r.Updated }},
	{name: "room_id", field: func(r *GameRow) any { return &r.RoomID }, null: true},
	{name: "resigned", field: func(r *GameRow) any { return &r.Resigned }},
	{name: "setup", field: func(r *GameRow) any { return &r.Setup }},
	{name: "time_control", field: func(r *GameRow) any { return &r.TimeControl }},
	{name: "black_ms", field: func(r *GameRow) any { return &r.BlackMS }},
	{name: "white_ms", field: func(r *GameRow) any { return &r.WhiteMS }},
	{name: "clock_since", field: func(r *GameRow) any { return &r.ClockSince }},
	{name: "ending", field: func(r *GameRow) any { return &r.Ending }},
	{name: "rated", field: func(r *GameRow) any { return &r.Rated }, flag: true},
	{name: "shared_network", field: func(r *GameRow) any { return &r.SharedNetwork }, flag: true},
}}

// rooms declares the rooms table, in the order of roomRow's fields.
var rooms = &table[roomRow]{name: "rooms", cols: []column[roomRow]{
	{name: "id", field: func(r *roomRow) any { return &r.ID }},
	{name: "token", field: func(r *roomRow) any { return &r.Token }},
	{name: "game_id", field: func(r *roomRow) any { return &r.GameID }},
	{name: "host", field: func(r *roomRow) any { return &r.Host }},
	{name: "guest", field: func(r *roomRow) any { return &r.Guest }, null: true},
	{name: "host_color", field: func(r *roomRow) any { return &r.HostColor }},
	{name: "round", field: func(r *roomRow) any { return &r.Round }},
	{name: "host_wins", field: func(r *roomRow) any { return &r.HostWins }},
	{name: "guest_wins", field: func(r *roomRow) any { return &r.GuestWins }},
	{name: "draws", field: func(r *roomRow) any { return &r.Draws }},
	{name: "host_again", field: func(r *roomRow) any { return &r.HostAgain }},
	{name: "guest_again", field: func(r *roomRow) any { return &r.GuestAgain }},
	{name: "version", field: func(r *roomRow) any { return &r.Version }},
	{name: "created_at", field: func(r *roomRow) any { return &r.Created }},
	{name: "updated_at", field: func(r *roomRow) any { return &r.Updated }},
	{name: "public", field: func(r *roomRow) any { return &r.Public }, flag: true},
}}

// practices declares the practice table, in the order of practiceRow's
// fields.
var practices = &table[practiceRow]{name: "practice", cols: []column[practiceRow]{
	{name: "player_id", field: func(r *practiceRow) any { return &r.PlayerID }},
	{name: "opening", field: func(r *practiceRow) any { return &r.Opening }},
	{name: "plies", field: func(r *practiceRow) any { return &r.Plies }},
	{name: "history", field: func(r *practiceRow) any { return &r.History }},
	{name: "version", field: func(r *practiceRow) any { return &r.Version }},
	{name: "updated_at", field: func(r *practiceRow) any { return &r.Updated }},
}}

// puzzles declares the puzzle_progress table, in the order of
// puzzleRow's fields.
var puzzles = &table[puzzleRow]{name: "puzzle_progress", cols: []column[puzzleRow]{
	{name: "player_id", field: func(r *puzzleRow) any { return &r.PlayerID }},
	{name: "solved", field: func(r *puzzleRow) any { return &r.Solved }},
	{name: "streak", field: func(r *puzzleRow) any { return &r.Streak }},
	{name: "best", field: func(r *puzzleRow) any { return &r.Best }},
	{name: "misses", field: func(r *puzzleRow) any { return &r.Misses }},
	{name: "level", field: func(r *puzzleRow) any { return &r.Level }},
	{name: "current", field: func(r *puzzleRow) any { return &r.Current }},
	{name: "tried", field: func(r *puzzleRow) any { return &r.Tried }, flag: true},
	{name: "done", field: func(r *puzzleRow) any { return &r.Done }},
	{name: "version", field: func(r *puzzleRow) any { return &r.Version }},
	{name: "updated_at", field: func(r *puzzleRow) any { return &r.Updated }},
}}
