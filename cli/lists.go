package cli

import (
	"strconv"
	"strings"

	"reversi/ai"
	"reversi/game"
)

// The flags' help lists the sizes, starts and levels from their registries
// (game.Sizes, game.Starts, ai.LevelNames), so a new one shows up here by
// itself.

// sizes returns the board sizes joined by sep: "6|8|10".
func sizes(sep string) string {
	var s []string
	for _, n := range game.Sizes() {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, sep)
}

// starts returns the starts a new game may choose, joined by sep.
func starts(sep string) string {
	var s []string
	for _, st := range game.Starts() {
		s = append(s, st.String())
	}
	return strings.Join(s, sep)
}

// levels returns the levels' names, weakest first, joined by sep.
func levels(sep string) string { return strings.Join(ai.LevelNames(), sep) }
