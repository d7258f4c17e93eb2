package views

import (
	"reversi/game"
)

// The words of a trial placement, in lang/CODE/trial.txt. A sentence that
// names the colour of the discs in a line has one entry per side trying
// the square (keys ending .black and .white), so that each language can
// agree its words with the colour and the number of discs.

// directionWords name the directions in a sentence.
var directionWords = [...]Text{
	game.Up: Say("trial.dir.up"), game.UpRight: Say("trial.dir.upright"),
	game.Right: Say("trial.dir.right"), game.DownRight: Say("trial.dir.downright"),
	game.Down: Say("trial.dir.down"), game.DownLeft: Say("trial.dir.downleft"),
	game.Left: Say("trial.dir.left"), game.UpLeft: Say("trial.dir.upleft"),
}

// DirectionName names direction d in a sentence: "up", "down and left".
func DirectionName(d game.Direction) Text {
	if d >= 0 && int(d) < len(directionWords) {
		return directionWords[d]
	}
	return Plain(d.String())
}

// discNoun is "black disc" or "white disc".
func discNoun(c game.Color) Text {
	if c == game.Black {
		return Say("trial.disc.black")
	}
	return Say("trial.disc.white")
}

// byMover picks the entry of key for the side c that tries a square:
// "trial.gap.black".
func byMover(key string, c game.Color) string {
	if c == game.Black {
		return key + ".black"
	}
	return key + ".white"
}

// sentence is t said as a sentence of its own, its first letter a
// capital: "Down: d4 is white…" from "down: d4 is white…".
func sentence(t Text) Text { return Clauses(t) }

// Trial says in words what a trial placement at sq by the side to move
// would do: whether it is legal, what would turn over, and, for every
// direction, why its line traps or does not. It is the text the tutorial
// and the practice show next to the board.
func Trial(b game.Board, sq game.Square) TrialView {
	n := b.Size()
	name := sq.Name(n)
	me := b.Turn()
	v := TrialView{Heading: Say("trial.heading", me, name)}
	if at := b.At(sq); at != game.Empty {
		v.Summary = Say("trial.taken", name, discNoun(at))
		return v
	}
	flips := b.Flips(sq)
	if flips.IsZero() {
		v.Summary = Say("trial.illegal", me, name, discNoun(me.Opponent()))
	} else {
		v.Summary = Say("trial.legal", flips.Count(), me, name, squareList(SetNames(n, flips)))
	}
	var empty, own, edge []Text
	var rest []Text
	for _, l := range b.Trial(sq) {
		dir := DirectionName(l.Direction)
		k := len(l.Opponent)
		run := squareList(SquareNames(n, l.Opponent))
		switch l.Outcome {
		case game.Brackets:
			v.Lines = append(v.Lines, sentence(Say(byMover("trial.brackets", me), k, dir, run, l.End.Name(n))))
		case game.EmptyInWay:
			rest = append(rest, sentence(Say(byMover("trial.gap", me), k, dir, run, l.End.Name(n))))
		case game.OffBoard:
			rest = append(rest, sentence(Say(byMover("trial.offboard", me), k, dir, run)))
		case game.NoOpponentNext:
			switch {
			case l.End == game.Pass:
				edge = append(edge, dir)
			case b.At(l.End) == game.Empty:
				empty = append(empty, Say("trial.dirsquare", dir, l.End.Name(n)))
			default:
				own = append(own, Say("trial.dirsquare", dir, l.End.Name(n)))
			}
		}
	}
	v.Lines = append(v.Lines, rest...)
	if len(empty) > 0 {
		v.Lines = append(v.Lines, sentence(Say("trial.nextempty", List(empty...))))
	}
	if len(own) > 0 {
		v.Lines = append(v.Lines, sentence(Say(byMover("trial.nextown", me), List(own...))))
	}
	if len(edge) > 0 {
		v.Lines = append(v.Lines, sentence(Say("trial.atedge", List(edge...), name)))
	}
	return v
}

// squareList lists square names in prose: "d4", "e3 and e4".
func squareList(names []string) Text {
	words := make([]Text, len(names))
	for i, s := range names {
		words[i] = Plain(s)
	}
	return List(words...)
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
