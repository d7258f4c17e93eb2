// Package ai is the computer player: five levels with their own
// personalities, the hint, and an exact endgame solver.
//
//   - Beginner plays at random, for children and first games, with two
//     rules: it takes a corner when it can, and it does not leave the
//     opponent a corner when some other move does not. Its draw leans to
//     moves that turn over many discs.
//   - Easy plays the move that flips the most discs, does not value
//     corners, and now and then plays any move on a whim; it does avoid
//     handing the opponent a corner and the X-squares.
//   - Normal looks one ply ahead with a table of square values: it takes
//     corners, mostly avoids the X- and C-squares next to an empty corner,
//     prefers quiet moves, looks at the reply only to keep corners safe,
//     and sometimes plays carelessly (never when a corner is on offer).
//   - Hard searches: iterative-deepening negascout (PVS) with a
//     transposition table and move ordering, on an evaluation of mobility,
//     potential mobility, corners, X- and C-squares and stable discs. Near
//     the end it solves the game exactly (always over the last 14 empties
//     on 6×6 and 8×8, the last 12 on 10×10; earlier when the solve fits
//     its budget) and then plays perfectly. Before that it slips now and
//     then, playing a slightly worse move.
//   - Expert is the strongest: Hard's search without slips, a larger
//     budget, a deeper exact endgame (the last 18 empties always, up to 22
//     when the solve fits), and on 8×8 a learned pattern evaluation
//     (pattern.go) fitted by [Train] to self-play games solved exactly,
//     searched selectively with ProbCut (probcut.go).
//
// [Hint] is Expert's move. [Solve] is the exact solver on its own.
//
// # Determinism and budgets
//
// Every choice depends only on the position, the level and the random
// source. Hard's search is bounded by a count of positions ([Player.Nodes])
// rather than by the clock, so a given seed always gives the same game; the
// clock ([Player.MoveTime], by default 800 ms, which the whole move keeps
// within: the searches stop at four fifths of it) and the context's
// deadline are safety stops, and a search they cut short may choose
// differently.
//
// # Engines
//
// Boards of 6×6 and 8×8 are searched on one uint64 per side in the 8×8
// layout of [game.Moves64] (a 6×6 board sits in its top left corner, moves
// masked to it); 10×10 uses a generic engine on [game.Bits] that runs the
// same algorithms, more slowly, and without the solver's special code for
// the last empties.
package ai
