package sqlite

import "fmt"

// bareGame is an INSERT of a game's row with only the columns that every
// version of the schema has and that none fills by default, for tests that
// write rows under an old schema or beneath the store. The level is easy,
// the board 8×8 from the cross; room, if not "", is the room_id (which
// the first schema lacks).
func bareGame(id, player, opponent, human, plies string, ply int, room string) string {
	cols, vals := "", ""
	if room != "" {
		cols, vals = ", room_id", fmt.Sprintf(", '%s'", room)
	}
	return fmt.Sprintf(`INSERT INTO games (id, player_id, opponent, human, level, size, start, plies, ply, created_at, updated_at%s)
		VALUES ('%s', '%s', '%s', '%s', 'easy', 8, 'cross', '%s', %d, 0, 0%s)`, cols, id, player, opponent, human, plies, ply, vals)
}
