package game

// The lists of what a game may be set up with, beside [Sizes]. Forms, flags
// and validation read them; nothing else lists the sizes or the starts.

// StandardSize is the size of the standard game, 8×8.
const StandardSize = 8

// ValidSize reports whether n is a board size.
func ValidSize(n int) bool { return geometryOf(n) != nil }

// Starts returns the starts a new game may choose, the standard one
// first: [Setup] is not among them, since only playing on from a position
// makes one.
func Starts() []Start { return []Start{Cross, Parallel, Free} }
