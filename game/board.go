package game

import (
	"errors"
	"fmt"
)

// Color is the contents of a square, or a side.
type Color int8

// The colours. Empty is the zero value.
const (
	Empty Color = iota
	Black
	White
)

// Opponent returns the other side: White for Black and Black for White.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "black", "white" or "empty".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// Square is a square's bit index (see the package comment), or [Pass].
type Square int

// Pass is the move of a player who has no legal move.
const Pass Square = -1

// Errors returned when a move cannot be played.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrGameOver    = errors.New("game is over")
)

// Board is a position: the discs, the board size and the side to move.
// It is a small value; [Board.Play] returns a new one.
type Board struct {
	black, white Bits
	size         int8
	turn         Color
}

// NewBoard returns the position with the given discs and side to move. It
// checks the size, that no square holds both colours, that every disc is on
// the board and that turn is Black or White.
func NewBoard(size int, black, white Bits, turn Color) (Board, error) {
	g := geometryOf(size)
	switch {
	case g == nil:
		return Board{}, fmt.Errorf("board size %d: want 6, 8 or 10", size)
	case !black.And(white).IsZero():
		return Board{}, errors.New("a square holds both colours")
	case !black.Or(white).AndNot(g.all).IsZero():
		return Board{}, errors.New("a disc lies off the board")
	case turn != Black && turn != White:
		return Board{}, errors.New("side to move must be black or white")
	}
	return Board{black: black, white: white, size: int8(size), turn: turn}, nil
}

func (b Board) geometry() *geometry { return geometryOf(int(b.size)) }

// Size returns the number of squares along a side.
func (b Board) Size() int { return int(b.size) }

// Turn returns the side to move.
func (b Board) Turn() Color { return b.turn }

// Discs returns the squares holding c's discs, or the empty squares for Empty.
func (b Board) Discs(c Color) Bits {
	switch c {
	case Black:
		return b.black
	case White:
		return b.white
	}
	return b.geometry().all.AndNot(b.black.Or(b.white))
}

// Count returns the number of c's discs, or of empty squares for Empty.
func (b Board) Count(c Color) int { return b.Discs(c).Count() }

// At returns the contents of sq.
func (b Board) At(sq Square) Color {
	switch {
	case b.black.Has(sq):
		return Black
	case b.white.Has(sq):
		return White
	}
	return Empty
}

// OnBoard reports whether sq is a square of this board.
func (b Board) OnBoard(sq Square) bool {
	return sq >= 0 && int(sq) < int(b.size)*int(b.size)
}

// placing reports whether the board is in the free placement phase: fewer
// than four discs, all on the centre squares.
func (b Board) placing() bool {
	discs := b.black.Or(b.white)
	return discs.Count() < 4 && discs.AndNot(b.geometry().centre).IsZero()
}

// Placing reports whether the board is in the free placement phase, where
// the side to move places a disc on an empty centre square and flips nothing.
func (b Board) Placing() bool { return b.placing() }

func (b Board) mover() (p, o Bits) {
	if b.turn == Black {
		return b.black, b.white
	}
	return b.white, b.black
}

// movesFor returns the legal squares of the side whose discs are p.
func (b Board) movesFor(p, o Bits) Bits {
	if b.placing() {
		return b.geometry().centre.AndNot(p.Or(o))
	}
	if b.size == 8 {
		return Bits{Lo: Moves64(p.Lo, o.Lo)}
	}
	return b.geometry().moves(p, o)
}

// Moves returns the squares where the side to move may play.
func (b Board) Moves() Bits {
	p, o := b.mover()
	return b.movesFor(p, o)
}

// OpponentMoves returns the squares where the side not to move could play.
func (b Board) OpponentMoves() Bits {
	p, o := b.mover()
	return b.movesFor(o, p)
}

// MustPass reports whether the side to move has no legal move while the
// other side has one.
func (b Board) MustPass() bool {
	return b.Moves().IsZero() && !b.OpponentMoves().IsZero()
}

// Over reports whether the game has ended: neither side can move.
func (b Board) Over() bool {
	return b.Moves().IsZero() && b.OpponentMoves().IsZero()
}

// Flips returns the discs that the side to move would turn over by playing
// at sq, whether or not that move is legal. It is empty in the placement
// phase, for an occupied square and for a square off the board.
func (b Board) Flips(sq Square) Bits {
	if !b.OnBoard(sq) || b.At(sq) != Empty || b.placing() {
		return Bits{}
	}
	p, o := b.mover()
	if b.size == 8 {
		return Bits{Lo: Flips64(p.Lo, o.Lo, sq)}
	}
	return b.geometry().flips(p, o, sq)
}

// Legal reports whether the side to move may play m, a square or [Pass].
func (b Board) Legal(m Square) bool {
	if m == Pass {
		return b.MustPass()
	}
	return b.OnBoard(m) && b.Moves().Has(m)
}

// Play returns the position after the side to move plays m, a square or
// [Pass], and the discs that the move turned over. It returns
// [ErrGameOver] when neither side can move and [ErrIllegalMove] (wrapped
// with the reason) for any other move that the rules forbid.
func (b Board) Play(m Square) (Board, Bits, error) {
	moves := b.Moves()
	if moves.IsZero() && b.OpponentMoves().IsZero() {
		return b, Bits{}, ErrGameOver
	}
	if m == Pass {
		if !moves.IsZero() {
			return b, Bits{}, fmt.Errorf("%w: cannot pass while a move exists", ErrIllegalMove)
		}
		b.turn = b.turn.Opponent()
		return b, Bits{}, nil
	}
	switch {
	case !b.OnBoard(m):
		return b, Bits{}, fmt.Errorf("%w: square %d is off the board", ErrIllegalMove, m)
	case b.At(m) != Empty:
		return b, Bits{}, fmt.Errorf("%w: %s is taken", ErrIllegalMove, m.Name(b.Size()))
	case !moves.Has(m):
		if b.placing() {
			return b, Bits{}, fmt.Errorf("%w: %s is not a centre square", ErrIllegalMove, m.Name(b.Size()))
		}
		return b, Bits{}, fmt.Errorf("%w: %s outflanks no disc", ErrIllegalMove, m.Name(b.Size()))
	}
	f := b.Flips(m)
	return b.apply(m, f), f, nil
}

// apply places the mover's disc at sq, turns over f and passes the turn.
func (b Board) apply(sq Square, f Bits) Board {
	placed := f.Or(Bit(sq))
	if b.turn == Black {
		b.black = b.black.Or(placed)
		b.white = b.white.AndNot(f)
	} else {
		b.white = b.white.Or(placed)
		b.black = b.black.AndNot(f)
	}
	b.turn = b.turn.Opponent()
	return b
}

// Result is the outcome of a finished game, or the standing of one in play.
type Result struct {
	Black, White int   // discs on the board
	Winner       Color // Empty for a draw
	// BlackScore and WhiteScore are the tournament score: the discs, with
	// the empty squares given to the winner, or split on a draw.
	BlackScore, WhiteScore int
}

// Result returns the disc counts, the side ahead and the tournament score
// as they stand; once [Board.Over] they are the result of the game.
func (b Board) Result() Result {
	r := Result{Black: b.Count(Black), White: b.Count(White)}
	empty := b.Count(Empty)
	r.BlackScore, r.WhiteScore = r.Black, r.White
	switch {
	case r.Black > r.White:
		r.Winner = Black
		r.BlackScore += empty
	case r.White > r.Black:
		r.Winner = White
		r.WhiteScore += empty
	default:
		r.BlackScore += empty / 2
		r.WhiteScore += empty - empty/2
	}
	return r
}

// MovesFor returns the squares where the side with discs p may move against
// the discs o on a size×size board, by the outflanking rule (the placement
// phase aside). It is the generic form of [Moves64].
func MovesFor(size int, p, o Bits) Bits {
	if size == 8 {
		return Bits{Lo: Moves64(p.Lo, o.Lo)}
	}
	return geometryOf(size).moves(p, o)
}

// FlipsFor returns the discs of o that p's move at the empty square sq turns
// over on a size×size board. It is the generic form of [Flips64].
func FlipsFor(size int, p, o Bits, sq Square) Bits {
	if size == 8 {
		return Bits{Lo: Flips64(p.Lo, o.Lo, sq)}
	}
	return geometryOf(size).flips(p, o, sq)
}
