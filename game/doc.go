// Package game holds the rules of Reversi (Othello) on 6×6, 8×8 and 10×10
// boards: positions as bitboards, legal moves, flips, passes, the end of the
// game and its score, game records, and the text notations.
//
// # Bit layout
//
// A set of squares is a [Bits], 128 bits wide. On an n×n board the square in
// column c (0 = a, left) and row r (0 = row 1, top) is bit r*n + c, so a1 is
// bit 0, b1 is bit 1, a2 is bit n, and the last square (h8 on 8×8) is bit
// n*n-1. 6×6 and 8×8 use only [Bits.Lo]; 10×10 spills into [Bits.Hi].
// A [Square] is that bit index, so its name depends on the board size.
//
// On 8×8 the layout is the usual one of a single uint64 (a1 = bit 0,
// h8 = bit 63), and [Moves64] and [Flips64] work on it directly: they are
// the hot path that the computer player searches with.
//
// # Rules in brief
//
// Black moves first. A move places a disc on an empty square and flips every
// unbroken line of opposing discs that runs from it to a disc of the mover,
// in all eight directions; flips never chain. A player with no legal move
// passes, and only then. The game ends when neither side can move. In the
// free placement start the first four plies go on the four centre squares
// without outflanking: a board with fewer than four discs, all on centre
// squares, is in that phase.
package game
