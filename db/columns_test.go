package db

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"reversi/club"
	"reversi/game"
)

// TestColumnsFollowTheRowTypes checks each table's declaration against
// its row type: one column a field, in the field order, so that a field
// added to a row type without its column (or the other way round) fails.
func TestColumnsFollowTheRowTypes(t *testing.T) {
	var (
		gr GameRow
		rr roomRow
		pr practiceRow
		zr puzzleRow
	)
	tests := []struct {
		name   string
		ptrs   []any // the declaration's field pointers into row
		row    any   // pointer to the row they point into
		copied Table
	}{
		{"games", games.fields(&gr), &gr, games.copy()},
		{"rooms", rooms.fields(&rr), &rr, rooms.copy()},
		{"practice", practices.fields(&pr), &pr, practices.copy()},
		{"puzzle_progress", puzzles.fields(&zr), &zr, puzzles.copy()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := reflect.ValueOf(tt.row).Elem()
			if v.NumField() != len(tt.ptrs) {
				t.Fatalf("%d columns declared for the %d fields of %s", len(tt.ptrs), v.NumField(), v.Type())
			}
			for i, p := range tt.ptrs {
				if want := v.Field(i).Addr().Interface(); p != want {
					t.Errorf("column %d (%s) is not field %d (%s) of %s", i, tt.copied.Columns[i], i, v.Type().Field(i).Name, v.Type())
				}
			}
			if tt.copied.Name != tt.name {
				t.Errorf("table name %q, want %q", tt.copied.Name, tt.name)
			}
		})
	}
}

// TestGameRowCarriesEveryField encodes a game with every field set
// (checked by reflection, so that a field added to club.Game must be set
// here) as its row and decodes it: the game must come back whole. The
// cache (see changeGame) and every read rely on this.
func TestGameRowCarriesEveryField(t *testing.T) {
	g := &club.Game{ID: "g1", PlayerID: "p1", Opponent: club.Online, Human: game.White, Level: "hard",
		Record: game.Game{Options: game.Options{Size: 8, Start: game.Cross}}, Status: club.Over,
		Settings: club.Settings{ShowMoves: true, AllowUndo: true, Sound: true}, Hints: 2, Undos: 3,
		HintPly: 1, HintSquare: game.SquareAt(8, 3, 2), RoomID: "r1", Resigned: game.Black}
	if _, err := g.Record.Play(game.SquareAt(8, 5, 4)); err != nil { // f5
		t.Fatal(err)
	}
	created := time.Unix(0, time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC).UnixNano())
	g.Created, g.Updated = created, created
	g.TimeControl = club.TimeControl{Initial: 5 * time.Minute, Increment: 3 * time.Second}
	g.Clock = club.Clock{Black: 4*time.Minute + 2500*time.Millisecond, White: -time.Second, Since: created}
	g.Ending = club.EndedOnTime
	g.Rated, g.SharedNetwork = true, true
	v := reflect.ValueOf(g).Elem()
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Errorf("Game.%s is zero in the test's game: set it, so that it is checked", v.Type().Field(i).Name)
		}
	}
	row, err := NewGameRow(g, created)
	if err != nil {
		t.Fatal(err)
	}
	got, err := row.Game()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Errorf("round trip gives\n%+v\nwant\n%+v", *got, *g)
	}
}

// TestQueriesFromDeclarations checks what the declarations make.
func TestQueriesFromDeclarations(t *testing.T) {
	tests := []struct{ name, got, want string }{
		{"rooms select", rooms.selectList(), "id, token, game_id, host, coalesce(guest, ''), host_color, round, host_wins, guest_wins, draws, host_again, guest_again, version, created_at, updated_at, public"},
		{"games insert", games.insert(), "INSERT INTO games (" + strings.Join(games.names(), ", ") + ") VALUES (" +
			strings.Repeat("?, ", 19) + "nullif(?, ''), ?, ?, ?, ?, ?, ?, ?, ?, ?)"},
		{"settings set", settingsSet.sql, "show_moves = ?, allow_undo = ?, sound = ?"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, tt.got, tt.want)
		}
	}
	if got := games.copy().Flags; !reflect.DeepEqual(got, []string{"show_moves", "allow_undo", "sound", "rated", "shared_network"}) {
		t.Errorf("games flags = %v", got)
	}
}
