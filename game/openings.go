package game

import (
	"strings"
	"sync"
)

// The named openings of 8×8 from the cross start. A name is a fact of the
// game's lore, as are its moves; here each has a key (its words for people
// are the catalogues', views/lang/CODE/openings.txt) and its moves, written
// from Black's f5 as lists usually are (docs/records.md names the source).
// A game is matched under the board's eight symmetries, so that c4 e3 f6 e6
// f5 is the Tiger too: only the four that keep the cross start can ever
// match.
var namedOpenings = [...]struct{ key, moves string }{
	{"diagonal", "f5 f6"},
	{"perpendicular", "f5 d6"},
	{"parallel", "f5 f4"},
	{"xsquare", "f5 f6 e6 f4 g7"},
	{"snake", "f5 f6 e6 f4 g6"},
	{"lysons", "f5 f6 e6 f4 g6 c6"},
	{"heath", "f5 f6 e6 f4 g5"},
	{"heathchimney", "f5 f6 e6 f4 g5 d6"},
	{"raccoondog", "f5 f6 e6 f4 g4"},
	{"rocket", "f5 f6 e6 f4 g3"},
	{"hamilton", "f5 f6 e6 f4 g3 f3 g4"},
	{"lollipop", "f5 f6 e6 f4 g3 d6"},
	{"cow", "f5 f6 e6 f4 e3"},
	{"chimney", "f5 f6 e6 f4 e3 d6"},
	{"bat", "f5 f6 e6 f4 e3 c5 g5"},
	{"rosevtoth", "f5 f6 e6 f4 e3 c5 c4"},
	{"tanida", "f5 f6 e6 f4 e3 c5 c4 e7"},
	{"aircraft", "f5 f6 e6 f4 e3 c5 c4 e7 g4"},
	{"sailboat", "f5 f6 e6 f4 e3 c5 c4 e7 b5 e2"},
	{"maruoka", "f5 f6 e6 f4 e3 c5 c4 d3 f3 e2"},
	{"landau", "f5 f6 e6 f4 e3 c5 c4 d3 c3"},
	{"buffalo", "f5 f6 e6 f4 c3"},
	{"tanidabuffalo", "f5 f6 e6 f4 c3 d6 f3 c4 c5 b4"},
	{"wing", "f5 f6 d3 f4"},
	{"semiwing", "f5 f6 c4 f4"},
	{"mimura", "f5 d6 c5 f4 e3 d3"},
	{"shaman", "f5 d6 c5 f4 e3 c6 f3"},
	{"inoue", "f5 d6 c5 f4 e3 c6 e6"},
	{"iago", "f5 d6 c5 f4 e3 c6 e6 f6"},
	{"bhagat", "f5 d6 c5 f4 e3 c6 d7"},
	{"rose", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7"},
	{"flat", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4"},
	{"rotatingflat", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4"},
	{"rosebirth", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4"},
	{"greenberg", "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 e7"},
	{"ralle", "f5 d6 c5 f4 e3 c6 d3 f3"},
	{"horse", "f5 d6 c5 f4 d3"},
	{"ganglion", "f5 d6 c4 g5"},
	{"swallow", "f5 d6 c4 g5 c6"},
	{"italian", "f5 d6 c4 d3 e6"},
	{"cat", "f5 d6 c4 d3 c5"},
	{"sakaguchi", "f5 d6 c4 d3 c5 f4 e3 f3 c2 c6"},
	{"berner", "f5 d6 c4 d3 c5 f4 e3 f3 c2 b4 b3"},
	{"tiger", "f5 d6 c3 d3 c4"},
	{"stephenson", "f5 d6 c3 d3 c4 f4 f6"},
	{"nokung", "f5 d6 c3 d3 c4 f4 f6 g5"},
	{"kung", "f5 d6 c3 d3 c4 f4 f6 b4"},
	{"leaderstiger", "f5 d6 c3 d3 c4 f4 e6"},
	{"brightwell", "f5 d6 c3 d3 c4 f4 e3"},
	{"ishii", "f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3"},
	{"mainlinetiger", "f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3 g6 f6 g5 d7 g3"},
	{"rosebill", "f5 d6 c3 d3 c4 f4 c5 b3 c2"},
	{"tamenori", "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6"},
	{"aubrey", "f5 d6 c3 d3 c4 b3"},
}

// Opening is a named opening: its key, which the catalogues word, and its
// moves as the game played them (in the game's own orientation).
type Opening struct {
	Key   string
	Moves []Square
}

// openingLines are namedOpenings' moves as squares, parsed once.
var openingLines = sync.OnceValue(func() [][]Square {
	lines := make([][]Square, len(namedOpenings))
	for i, o := range namedOpenings {
		for f := range strings.FieldsSeq(o.moves) {
			sq, err := ParseSquare(8, f)
			if err != nil {
				panic("game: opening " + o.key + ": " + err.Error())
			}
			lines[i] = append(lines[i], sq)
		}
	}
	return lines
})

// symmetry8 maps square sq of 8×8 by the k-th of the board's eight
// symmetries (0 is the identity).
func symmetry8(k int, sq Square) Square {
	c, r := int(sq)%8, int(sq)/8
	if k&1 != 0 {
		c = 7 - c
	}
	if k&2 != 0 {
		r = 7 - r
	}
	if k&4 != 0 {
		c, r = r, c
	}
	return SquareAt(8, c, r)
}

// OpeningOf returns the longest named opening that the plies of a game of
// 8×8 from the cross start begin with, under any symmetry, and false when
// they begin with none. A pass ends the match.
func OpeningOf(plies []Square) (Opening, bool) {
	best, bestLen := -1, 0
	for i, line := range openingLines() {
		if len(line) <= bestLen || len(line) > len(plies) {
			continue
		}
		for k := range 8 {
			ok := true
			for j, sq := range line {
				if plies[j] == Pass || symmetry8(k, sq) != plies[j] {
					ok = false
					break
				}
			}
			if ok {
				best, bestLen = i, len(line)
				break
			}
		}
	}
	if best < 0 {
		return Opening{}, false
	}
	return Opening{Key: namedOpenings[best].key, Moves: plies[:bestLen:bestLen]}, true
}

// OpeningKeys returns every named opening's key, for the catalogues' test.
func OpeningKeys() []string {
	keys := make([]string, len(namedOpenings))
	for i, o := range namedOpenings {
		keys[i] = o.key
	}
	return keys
}
