package play

import (
	"errors"
	"slices"
	"strconv"

	"reversi/game"
)

// Import reads a record a person pasted: a transcript of a game on the
// board size and start chosen (the values of Fields' "size" and "start";
// empty ones guess them, trying each in turn) or a GGF record, which
// names its own; checked move by move by the rules. Nothing of it is
// stored; its replay carries it whole in its address. A record that
// breaks the rules fails with a *game.RecordError naming the first bad
// move and why; an unknown size or start with ErrBadImport.
func Import(text, size, start string) (*game.Record, error) {
	if size == "" && start == "" {
		return game.ParseRecord(text)
	}
	o, err := ImportOptions(size, start)
	if err != nil {
		return nil, err
	}
	return game.ParseRecordAs(text, o)
}

// ErrBadImport refuses an import form whose size or start is not one of
// the form's.
var ErrBadImport = errors.New("import: no such board size or start")

// ImportOptions reads the import form's size and start, which must be
// among Fields' values.
func ImportOptions(size, start string) (game.Options, error) {
	var o game.Options
	for _, f := range Fields() {
		v := map[string]string{"size": size, "start": start}[f.Name]
		if (f.Name == "size" || f.Name == "start") && !slices.Contains(f.Values, v) {
			return o, ErrBadImport
		}
	}
	n, err := strconv.Atoi(size)
	if err != nil {
		return o, ErrBadImport
	}
	s, err := game.ParseStart(start)
	if err != nil {
		return o, ErrBadImport
	}
	return game.Options{Size: n, Start: s}, nil
}
