package play

import "reversi/game"

// Import reads a record a person pasted: a transcript or a GGF record,
// checked move by move by the rules. Nothing of it is stored; its replay
// carries it whole in its address. A record that breaks the rules fails
// with a *game.RecordError naming the first bad move and why.
func Import(text string) (*game.Record, error) { return game.ParseRecord(text) }
