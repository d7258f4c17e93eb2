package views

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"reversi/db"
	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
)

// The endgame puzzles' pages: a puzzle (the task, then the verdict on an
// answer) and the list with the player's progress. Every word of them is
// here.

// Page names of the puzzles.
const (
	PuzzlePageName  = "puzzle"
	PuzzleIndexName = "puzzles"
)

func init() { recordPages = append(recordPages, PuzzlePageName, PuzzleIndexName) }

// PuzzlePage is one puzzle, with the verdict on an answer when there is one.
type PuzzlePage struct {
	Base
	Title    string // the document's title, for Base
	Heading  string // "Puzzle 12"
	About    string // grade, empties, moves
	Status   string // the task, or the verdict; focused after an answer
	Message  Text   // why the last request was refused, or empty
	Position string
	Board    BoardView
	Open     bool   // the board is a form that answers
	Action   string // where it posts
	Label    string // its accessible name
	Answer   *PuzzleVerdict
	Progress string
	Next     string // the next puzzle's address
	NextText string
	Daily    string // the day's puzzle, unless this is it
}

// PuzzleVerdict is what the answer page says beyond its status.
type PuzzleVerdict struct {
	Right  bool
	Detail string
	Line   string // the perfect line after the best move
	Final  string // the final count at its end
	Themes string
	Retry  string // the address to try again, after a wrong answer
}

// Puzzle words.
const (
	PuzzleIndexTitle = "Endgame puzzles"
	PuzzleBoardLabel = "Puzzle board: choose your move"
	PuzzleNextText   = "Next puzzle"
	PuzzleTryNext    = "Skip to another puzzle"
	MsgNoPuzzle      = "There is no puzzle with that number."
	MsgPuzzleSquare  = "That answer wasn't understood: a move is a square from a1 to h8."
)

// PuzzleValue words a move's exact value for the side to move: "wins by
// 12", "draws", "loses by 4".
func PuzzleValue(v int) string {
	switch {
	case v > 0:
		return "wins by " + strconv.Itoa(v)
	case v < 0:
		return "loses by " + strconv.Itoa(-v)
	}
	return "draws"
}

// PuzzleTask is the task in words: "Black to move: find the move that
// wins by the most."
func PuzzleTask(p *puzzle.Puzzle) string {
	task := "find the move that holds the draw"
	switch v := p.Best().Value; {
	case v > 0:
		task = "find the move that wins by the most"
	case v < 0:
		task = "find the move that loses by the least"
	}
	return ColorName(p.Board.Turn()) + " to move: " + task + "."
}

// PuzzleAbout is a puzzle's difficulty in a line.
func PuzzleAbout(p *puzzle.Puzzle) string {
	return fmt.Sprintf("Grade %d of %d: %d empty squares, %d legal moves.", p.Grade, puzzle.MaxGrade, p.Empties(), len(p.Moves))
}

// PuzzleTitle is puzzle n's heading.
func PuzzleTitle(n int) string { return "Puzzle " + strconv.Itoa(n) }

var themeWords = map[puzzle.Theme]string{
	puzzle.Corner:      "taking a corner",
	puzzle.Parity:      "parity (playing into an odd region of empty squares)",
	puzzle.WipeOut:     "a wipe-out",
	puzzle.PassDecides: "a pass that decides (the opponent is left without a move)",
	puzzle.Sacrifice:   "a sacrifice (a corner is given up)",
}

// PuzzleThemes words a puzzle's themes, or "" for none.
func PuzzleThemes(t puzzle.Theme) string {
	var words []string
	for _, one := range t.Themes() {
		words = append(words, themeWords[one])
	}
	if len(words) == 0 {
		return ""
	}
	return "The idea: " + strings.Join(words, "; ") + "."
}

// PuzzleLine words the line after the best move.
func PuzzleLine(p *puzzle.Puzzle) (line, final string) {
	b := p.Board
	var parts []string
	for _, m := range p.Line {
		if m == game.Pass {
			parts = append(parts, "("+ColorName(b.Turn())+" passes)")
		} else {
			parts = append(parts, m.Name(puzzle.Size))
		}
		b, _, _ = b.Play(m)
	}
	r := b.Result()
	return "The line with perfect play from both sides: " + strings.Join(parts, " ") + ".",
		fmt.Sprintf("Final count: Black %d, White %d.", r.Black, r.White)
}

// PuzzleVerdictOf words the verdict on an answer: the status line and
// the rest.
func PuzzleVerdictOf(a play.PuzzleAnswer, retry string) (string, *PuzzleVerdict) {
	p := a.Puzzle
	me := ColorName(p.Board.Turn())
	best := a.Best.Move.Name(puzzle.Size)
	played := a.Move.Name(puzzle.Size)
	v := &PuzzleVerdict{Right: a.Right, Themes: PuzzleThemes(p.Themes)}
	v.Line, v.Final = PuzzleLine(p)
	if a.Right {
		status := "Right: " + best + " is the best move."
		v.Detail = fmt.Sprintf("After %s, %s %s with perfect play from both sides; the next best, %s.",
			best, me, PuzzleValue(a.Value), nextBest(p))
		return status, v
	}
	v.Retry = retry
	status := "Not the best move: " + played + " " + PuzzleValue(a.Value) + "."
	v.Detail = fmt.Sprintf("With perfect play from both sides, after %s %s %s. The best move is %s, after which %s %s.",
		played, me, PuzzleValue(a.Value), best, me, PuzzleValue(a.Best.Value))
	return status, v
}

func nextBest(p *puzzle.Puzzle) string {
	second := p.Moves[1]
	return second.Move.Name(puzzle.Size) + ", " + PuzzleValue(second.Value)
}

// PuzzleProgressText words a player's progress.
func PuzzleProgressText(pr *db.PuzzleProgress) string {
	return fmt.Sprintf("Your progress: %d solved at the first try, a streak of %d (best %d), grade %d of %d reached.",
		pr.Solved, pr.Streak, pr.Best, max(1, pr.Level), puzzle.MaxGrade)
}

// PuzzleIndexPage is the list of puzzles with the player's progress.
type PuzzleIndexPage struct {
	Base
	Progress string
	Next     string // the address of the player's next puzzle
	NextText string
	Daily    string
	Grades   []PuzzleGrade
	Total    int
}

// PuzzleGrade is one grade's count, for the list.
type PuzzleGrade struct {
	Grade, Count, Solved int
	Link                 string // its first unsolved puzzle, or its first
}

// PuzzleNextLabel is the index's link to the next puzzle.
func PuzzleNextLabel(level int) string {
	return fmt.Sprintf("Your next puzzle (grade %d)", max(1, level))
}

// NoticeNoPuzzle is the error page for a puzzle or answer that does not exist.
var NoticeNoPuzzle = Notice{Say("notice.nopuzzle.h"), Say("notice.nopuzzle")}

// PuzzleURL is puzzle n's address.
func PuzzleURL(n int) string { return "/puzzles/" + strconv.Itoa(n) }

// NewPuzzlePage lays out puzzle p for a player at progress pr, with the
// verdict on ans when there is one; next is the puzzle to offer after it
// and daily the day's puzzle.
func NewPuzzlePage(p *puzzle.Puzzle, ans *play.PuzzleAnswer, pr *db.PuzzleProgress, next, daily int, message string) PuzzlePage {
	url := PuzzleURL(p.Number)
	page := PuzzlePage{Message: Plain(message),
		Heading: PuzzleTitle(p.Number), About: PuzzleAbout(p), Status: PuzzleTask(p),
		Position: en(PositionText(p.Board)), Open: true, Action: url + "/answer", Label: PuzzleBoardLabel,
		Progress: PuzzleProgressText(pr), Next: PuzzleURL(next) + "#status", NextText: PuzzleTryNext,
	}
	if daily != p.Number {
		page.Daily = PuzzleURL(daily) + "#status"
	}
	marks := Marks{Playable: true, ShowLegal: true, Hint: game.Pass}
	if ans != nil {
		page.Status, page.Answer = PuzzleVerdictOf(*ans, url+"#board")
		page.NextText = PuzzleNextText
		if ans.Right {
			page.Open, marks.Playable = false, false
			page.Label = PuzzleTitle(p.Number)
		}
	}
	page.Board = NewBoard(p.Board, marks)
	page.Title = page.Heading + ": " + page.Status
	if message != "" {
		page.Title = message
	}
	return page
}

// MsgPuzzleAnswer words a refused answer: an illegal move, or one not
// understood.
func MsgPuzzleAnswer(err error) string {
	var illegal *play.IllegalMoveError
	if errors.As(err, &illegal) {
		return en(MsgIllegal(illegal.Board, illegal.Move))
	}
	return MsgPuzzleSquare
}

// NewPuzzleIndex lays out the list for a player at progress pr.
func NewPuzzleIndex(pr *db.PuzzleProgress, next, daily int) PuzzleIndexPage {
	page := PuzzleIndexPage{
		Progress: PuzzleProgressText(pr), Next: PuzzleURL(next) + "#status", NextText: PuzzleNextLabel(pr.Level),
		Daily: PuzzleURL(daily) + "#status", Total: len(play.Puzzles()),
	}
	for g := 1; g <= puzzle.MaxGrade; g++ {
		pg := PuzzleGrade{Grade: g}
		first, open := 0, 0
		for _, p := range play.Puzzles() {
			if p.Grade != g {
				continue
			}
			pg.Count++
			if play.Solved(pr, p.Number) {
				pg.Solved++
			} else if open == 0 {
				open = p.Number
			}
			if first == 0 {
				first = p.Number
			}
		}
		if open == 0 {
			open = first
		}
		pg.Link = PuzzleURL(open) + "#status"
		if pg.Count > 0 {
			page.Grades = append(page.Grades, pg)
		}
	}
	return page
}

// PuzzlePages lays out puzzle p's page (the list when p is nil) for a
// player at progress pr, and names its template: base makes the page's
// Base from its title, js is the board script's path.
func PuzzlePages(base func(Text, SkipLink) Base, js string, p *puzzle.Puzzle, ans *play.PuzzleAnswer, pr *db.PuzzleProgress, daily int, message string) (string, any) {
	if p == nil {
		page := NewPuzzleIndex(pr, play.NextFor(pr, 0), daily)
		page.Base = base(Plain(PuzzleIndexTitle), SkipToMain)
		return PuzzleIndexName, page
	}
	page := NewPuzzlePage(p, ans, pr, play.NextFor(pr, p.Number), daily, message)
	page.Base = base(Plain(page.Title), SkipToBoard)
	page.JS = js
	return PuzzlePageName, page
}
