package views

import (
	"html"
	"strings"

	"reversi/game"
)

// A game board's square is labelled for screen readers with its name, what
// is on it and its marks: "d3, empty, legal move, flips 1". A page has up to
// a hundred such labels, and saying each as a Text of Texts, word by word,
// was a third of the game page's rendering time. So the words of the
// labels are said once per language, when its catalogue is loaded, into a
// table (boardWords), and a square's label carries only which of them it
// uses (squareLabel).

// squareMarks are the marks a square's label may carry after its name and
// content, said in the order of their bits.
type squareMarks uint8

const (
	markLegal         squareMarks = 1 << iota // "legal move", then the flips when there are any
	markHint                                  // "hint"
	markPlaced                                // "just placed", in a local game
	markPlacedYou                             // "just placed by you"
	markReplyComputer                         // "the computer's reply"
	markReplyOpponent                         // "your opponent's reply"
	markFlipped                               // "just flipped"
	numMarks          = iota
)

// markKeys are the catalogue keys of the marks, by bit.
var markKeys = [numMarks]string{"board.legal", "board.hint", "board.placed", "board.placed.you",
	"board.reply.computer", "board.reply.opponent", "board.flipped"}

// squareLabel is a game board square's label. It rides in a Text with the
// key squareLabelKey, as a pointer, so that Lang.Say says it like any
// other words and BoardView.Grid writes it straight from the language's
// escaped table.
type squareLabel struct {
	name  string
	disc  game.Color
	marks squareMarks
	flips int // with markLegal, the discs the move would flip
}

// squareLabelKey is the key of a Text that holds a squareLabel.
const squareLabelKey = "board.square"

// maxFlips is the most discs one move can flip on the largest board, 8
// directions of at most 8 discs each: every count the table needs.
const maxFlips = 64

// boardWords are one language's words of the board's labels, said once.
type boardWords struct {
	sep   string               // between the label's words: ", "
	disc  [3]string            // what is on the square, by game.Color
	marks [numMarks]string     // by bit of squareMarks
	flips [maxFlips + 1]string // "flips N", by N
}

// newBoardWords says the board's words in l, escaped for an attribute when
// escape is set.
func newBoardWords(l *Lang, escape bool) *boardWords {
	say := func(key string, args ...any) string {
		s := l.T(key, args...)
		if escape {
			s = html.EscapeString(s)
		}
		return s
	}
	w := &boardWords{sep: say("board.sep")}
	for c, key := range discWords {
		w.disc[c] = say(key)
	}
	for i, key := range markKeys {
		w.marks[i] = say(key)
	}
	for n := 1; n <= maxFlips; n++ {
		w.flips[n] = say("board.flips", n)
	}
	return w
}

// write writes s's label in w's words, skipping any word said as nothing,
// as a Text of joined parts would.
func (w *boardWords) write(b *strings.Builder, s squareLabel) {
	b.WriteString(s.name) // letters and digits: nothing to escape
	word := func(x string) {
		if x != "" {
			b.WriteString(w.sep)
			b.WriteString(x)
		}
	}
	if int(s.disc) < len(w.disc) {
		word(w.disc[s.disc])
	}
	for i := range numMarks {
		if s.marks&(1<<i) == 0 {
			continue
		}
		word(w.marks[i])
		if squareMarks(1<<i) == markLegal && s.flips > 0 && s.flips <= maxFlips {
			word(w.flips[s.flips])
		}
	}
}
