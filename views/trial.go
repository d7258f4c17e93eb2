package views

import (
	"strconv"
	"strings"

	"reversi/game"
)

// directionWords name the directions in a sentence.
var directionWords = [...]string{
	game.Up: "up", game.UpRight: "up and right", game.Right: "right", game.DownRight: "down and right",
	game.Down: "down", game.DownLeft: "down and left", game.Left: "left", game.UpLeft: "up and left",
}

// DirectionName names direction d in a sentence: "up", "down and left".
func DirectionName(d game.Direction) string {
	if d >= 0 && int(d) < len(directionWords) {
		return directionWords[d]
	}
	return d.String()
}

// Trial says in words what a trial placement at sq by the side to move
// would do: whether it is legal, what would turn over, and, for every
// direction, why its line traps or does not. It is the text the tutorial
// and the practice show next to the board.
func Trial(b game.Board, sq game.Square) TrialView {
	n := b.Size()
	name := sq.Name(n)
	me, them := ColorName(b.Turn()), strings.ToLower(ColorName(b.Turn().Opponent()))
	v := TrialView{Heading: "Trial: " + me + " at " + name}
	if at := b.At(sq); at != game.Empty {
		v.Summary = name + " already holds a " + strings.ToLower(ColorName(at)) + " disc. A disc goes only on an empty square."
		return v
	}
	flips := b.Flips(sq)
	if flips.IsZero() {
		v.Summary = "Not a legal move: " + me + " at " + name + " would trap no " + them + " disc, so nothing would turn over."
	} else {
		v.Summary = "A legal move: " + me + " at " + name + " would turn over " + Plural(flips.Count(), "disc") + ": " +
			JoinAnd(SetNames(n, flips)) + "."
	}
	var empty, own, edge []string
	var rest []string
	for _, l := range b.Trial(sq) {
		dir := DirectionName(l.Direction)
		run := JoinAnd(SquareNames(n, l.Opponent))
		switch l.Outcome {
		case game.Brackets:
			v.Lines = append(v.Lines, Capital(dir)+": "+run+" "+IsAre(len(l.Opponent))+" "+them+", and "+me+"'s "+
				l.End.Name(n)+" closes the line, so "+them2(len(l.Opponent))+" would turn over.")
		case game.EmptyInWay:
			rest = append(rest, Capital(dir)+": "+run+" "+IsAre(len(l.Opponent))+" "+them+", but "+l.End.Name(n)+
				" is empty, so the line is not closed and traps nothing.")
		case game.OffBoard:
			rest = append(rest, Capital(dir)+": "+run+" "+IsAre(len(l.Opponent))+" "+them+", but "+
				them2(len(l.Opponent))+" run"+verbS(len(l.Opponent))+" to the edge of the board with no "+
				strings.ToLower(me)+" disc to close the line.")
		case game.NoOpponentNext:
			switch {
			case l.End == game.Pass:
				edge = append(edge, dir)
			case b.At(l.End) == game.Empty:
				empty = append(empty, dir+" ("+l.End.Name(n)+")")
			default:
				own = append(own, dir+" ("+l.End.Name(n)+")")
			}
		}
	}
	v.Lines = append(v.Lines, rest...)
	if len(empty) > 0 {
		v.Lines = append(v.Lines, Capital(JoinAnd(empty))+": the next square is empty, so no line starts there.")
	}
	if len(own) > 0 {
		v.Lines = append(v.Lines, Capital(JoinAnd(own))+": the next square holds "+me+"'s own disc, so there is nothing to trap.")
	}
	if len(edge) > 0 {
		v.Lines = append(v.Lines, Capital(JoinAnd(edge))+": "+name+" is at the edge of the board.")
	}
	return v
}

// SetNames returns the names of the squares in bits on an n×n board, in
// square order: "d3", "e3".
func SetNames(n int, bits game.Bits) []string {
	var s []string
	for sq := range bits.All() {
		s = append(s, sq.Name(n))
	}
	return s
}

// SquareNames returns the names of sqs on an n×n board, in their order.
func SquareNames(n int, sqs []game.Square) []string {
	s := make([]string, len(sqs))
	for i, sq := range sqs {
		s[i] = sq.Name(n)
	}
	return s
}

// verbS is a present-tense verb's ending for a subject of k discs: "runs",
// "run".
func verbS(k int) string {
	if k == 1 {
		return "s"
	}
	return ""
}

// them2 refers back to a run of k discs.
func them2(k int) string {
	switch k {
	case 1:
		return "it"
	case 2:
		return "both"
	}
	return "all " + strconv.Itoa(k)
}
