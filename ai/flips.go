package ai

import "reversi/game"

// flips returns the discs of o that p's move at sq turns over on the 8×8
// layout, which every size up to 8×8 shares (see geo64).
func flips(p, o uint64, sq int) uint64 { return game.Flips64(p, o, game.Square(sq)) }
