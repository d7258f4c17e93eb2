package game

import "strconv"

// Outcome says what a line from a trial placement does.
type Outcome int8

// The outcomes of a line, in the order the tutorial explains them.
const (
	Brackets       Outcome = iota // opposing discs closed off by a disc of the mover: they flip
	NoOpponentNext                // the next square is empty, the mover's own, or off the board
	EmptyInWay                    // opposing discs, then an empty square
	OffBoard                      // opposing discs that run to the edge of the board
)

// Direction names a direction on the board as the player sees it: row 1 is
// at the top.
type Direction int8

// The eight directions.
const (
	Up Direction = iota
	UpRight
	Right
	DownRight
	Down
	DownLeft
	Left
	UpLeft
)

var directionSteps = [...][2]int{Up: {0, -1}, UpRight: {1, -1}, Right: {1, 0}, DownRight: {1, 1}, Down: {0, 1}, DownLeft: {-1, 1}, Left: {-1, 0}, UpLeft: {-1, -1}}

var directionNames = [...]string{Up: "Up", UpRight: "UpRight", Right: "Right", DownRight: "DownRight", Down: "Down", DownLeft: "DownLeft", Left: "Left", UpLeft: "UpLeft"}

// String returns the direction's name as in Go, "DownLeft", for logs and
// tests; the views name it for players.
func (d Direction) String() string {
	if d >= 0 && int(d) < len(directionNames) {
		return directionNames[d]
	}
	return "Direction(" + strconv.Itoa(int(d)) + ")"
}

// Line is what one direction of a trial placement looks like.
type Line struct {
	Direction Direction
	Outcome   Outcome
	// Opponent holds the opposing discs next to the placement in an
	// unbroken run, nearest first; they flip when Outcome is Brackets.
	Opponent []Square
	// End is the square that ends the run: the mover's closing disc, the
	// empty square in the way, or the first square after the placement for
	// NoOpponentNext. It is Pass when the run leaves the board.
	End Square
}

// Trial explains a placement at sq by the side to move, one Line per
// direction, whether or not the move is legal: it is the rule, shown. The
// lines that bracket together hold exactly [Board.Flips](sq). It returns
// nil for an occupied square or one off the board. The lines are indexed by
// Direction. In the placement phase nothing flips, whatever the lines show.
func (b Board) Trial(sq Square) []Line {
	if !b.OnBoard(sq) || b.At(sq) != Empty {
		return nil
	}
	n := b.Size()
	me := b.Turn()
	lines := make([]Line, 0, len(directionSteps))
	for d, step := range directionSteps {
		l := Line{Direction: Direction(d), End: Pass}
		c, r := sq.Col(n)+step[0], sq.Row(n)+step[1]
		for ; c >= 0 && c < n && r >= 0 && r < n; c, r = c+step[0], r+step[1] {
			at := SquareAt(n, c, r)
			if b.At(at) != me.Opponent() {
				l.End = at
				break
			}
			l.Opponent = append(l.Opponent, at)
		}
		switch {
		case len(l.Opponent) == 0:
			l.Outcome = NoOpponentNext
		case l.End == Pass:
			l.Outcome = OffBoard
		case b.At(l.End) == me:
			l.Outcome = Brackets
		default:
			l.Outcome = EmptyInWay
		}
		lines = append(lines, l)
	}
	return lines
}
