package views

import (
	"errors"
	"strconv"
	"strings"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
)

// The endgame puzzles' pages: a puzzle (the task, then the verdict on an
// answer) and the list with the player's progress. Their words are the
// entries of lang/CODE/puzzles.txt, said at render time.

// Page names of the puzzles.
const (
	PuzzlePageName  = "puzzle"
	PuzzleIndexName = "puzzles"
)

// PuzzlePage is one puzzle, with the verdict on an answer when there is one.
type PuzzlePage struct {
	Base
	Title    Text // the document's title, for Base
	Heading  Text // "Puzzle 12"
	About    Text // grade, empties, moves
	Status   Text // the task, or the verdict; focused after an answer
	Message  Text // why the last request was refused, or empty
	Position Text
	Board    BoardView
	Open     bool   // the board is a form that answers
	Action   string // where it posts
	Label    Text   // its accessible name
	Answer   *PuzzleVerdict
	Progress Text
	Next     string // the next puzzle's address
	NextText Text
	Daily    string // the day's puzzle, unless this is it
	// Today says that this is the day's puzzle: the link to it that
	// other puzzles show is "Today's puzzle", and the page it leads to
	// says so too.
	Today bool
}

// PuzzleVerdict is what the answer page says beyond its status.
type PuzzleVerdict struct {
	Right  bool
	Detail Text
	Line   Text // the perfect line after the best move, and its final count
	Themes Text
	Retry  string // the address to try again, after a wrong answer
	// Analysis is the address of the puzzle's position on the analysis
	// page, once answered.
	Analysis string
}

// Puzzle words.
func PuzzleIndexTitle() Text { return Say("puzzle.index.title") }
func PuzzleBoardLabel() Text { return Say("puzzle.board") }
func PuzzleNextText() Text   { return Say("puzzle.next") }
func PuzzleTryNext() Text    { return Say("puzzle.skip") }
func MsgPuzzleSquare() Text  { return Say("puzzle.msg.square") }

// PuzzleValue words a move's exact value for the side to move: "wins by
// 12", "draws", "loses by 4".
func PuzzleValue(v int) Text {
	switch {
	case v > 0:
		return Say("puzzle.value.win", v)
	case v < 0:
		return Say("puzzle.value.lose", -v)
	}
	return Say("puzzle.value.draw")
}

// PuzzleTask is the task in words: "Black to move: find the move that
// wins by the most."
func PuzzleTask(p *puzzle.Puzzle) Text {
	key := "puzzle.task.draw"
	switch v := p.Best().Value; {
	case v > 0:
		key = "puzzle.task.win"
	case v < 0:
		key = "puzzle.task.lose"
	}
	return Say(key, p.Board.Turn())
}

// PuzzleAbout is a puzzle's difficulty in a line.
func PuzzleAbout(p *puzzle.Puzzle) Text {
	return Say("puzzle.about", p.Grade, puzzle.MaxGrade, Say("puzzle.empties", p.Empties()), Say("puzzle.moves", len(p.Moves)))
}

// PuzzleTitle is puzzle n's heading. The number is a name, not a count:
// it is put in as written.
func PuzzleTitle(n int) Text { return Say("puzzle.title", strconv.Itoa(n)) }

// PuzzlePosition says whose move it is and the counts: a puzzle's side to
// move always has a move, so the board is neither over nor a pass. The
// black count comes first among the arguments: the plural forms follow it.
func PuzzlePosition(b game.Board) Text {
	return Say("puzzle.position", b.Count(game.Black), b.Turn(), b.Count(game.White))
}

var themeKeys = map[puzzle.Theme]string{
	puzzle.Corner:      "puzzle.theme.corner",
	puzzle.Parity:      "puzzle.theme.parity",
	puzzle.WipeOut:     "puzzle.theme.wipeout",
	puzzle.PassDecides: "puzzle.theme.pass",
	puzzle.Sacrifice:   "puzzle.theme.sacrifice",
}

// PuzzleThemes words a puzzle's themes, or nothing for none.
func PuzzleThemes(t puzzle.Theme) Text {
	var words []Text
	for _, one := range t.Themes() {
		words = append(words, Say(themeKeys[one]))
	}
	if len(words) == 0 {
		return Text{}
	}
	return Say("puzzle.themes", Text{Key: "puzzle.themes.sep", Parts: words})
}

// PuzzleLine words the line after the best move and the final count at
// its end. The moves between passes are written as they are, with
// spaces; the entry puzzle.line.sep puts a pass among them, a space in a
// language that spaces its words.
func PuzzleLine(p *puzzle.Puzzle) Text {
	b := p.Board
	var parts []Text
	var moves []string
	for _, m := range p.Line {
		if m == game.Pass {
			if len(moves) > 0 {
				parts = append(parts, Plain(strings.Join(moves, " ")))
				moves = nil
			}
			parts = append(parts, Say("puzzle.line.pass", b.Turn()))
		} else {
			moves = append(moves, m.Name(puzzle.Size))
		}
		b, _, _ = b.Play(m)
	}
	if len(moves) > 0 {
		parts = append(parts, Plain(strings.Join(moves, " ")))
	}
	r := b.Result()
	return Say("puzzle.line", Text{Key: "puzzle.line.sep", Parts: parts}, r.Black, r.White)
}

// PuzzleVerdictOf words the verdict on an answer: the status line and
// the rest.
func PuzzleVerdictOf(a play.PuzzleAnswer, retry string) (Text, *PuzzleVerdict) {
	p := a.Puzzle
	me := p.Board.Turn()
	best := a.Best.Move.Name(puzzle.Size)
	played := a.Move.Name(puzzle.Size)
	v := &PuzzleVerdict{Right: a.Right, Themes: PuzzleThemes(p.Themes)}
	v.Line = PuzzleLine(p)
	if a.Right {
		second := p.Moves[1]
		v.Detail = Say("puzzle.right.detail", best, me, PuzzleValue(a.Value),
			second.Move.Name(puzzle.Size), PuzzleValue(second.Value))
		return Say("puzzle.right", best), v
	}
	v.Retry = retry
	v.Detail = Say("puzzle.wrong.detail", played, me, PuzzleValue(a.Value), best, PuzzleValue(a.Best.Value))
	return Say("puzzle.wrong", played, PuzzleValue(a.Value)), v
}

// PuzzleProgressText words a player's progress.
func PuzzleProgressText(pr *club.PuzzleProgress) Text {
	return Say("puzzle.progress", pr.Solved, pr.Streak, pr.Best, max(1, pr.Level), puzzle.MaxGrade)
}

// PuzzleIndexPage is the list of puzzles with the player's progress.
type PuzzleIndexPage struct {
	Base
	Progress Text
	Next     string // the address of the player's next puzzle
	NextText Text
	Daily    string
	Grades   []PuzzleGrade
	Total    int
}

// PuzzleGrade is one grade's count, for the list.
type PuzzleGrade struct {
	Grade, Count, Solved int
	Link                 string // its first unsolved puzzle, or its first
}

// Counts words the grade's counts after its link: ": 75 puzzles, 3
// solved".
func (g PuzzleGrade) Counts() Text {
	return Say("puzzle.index.counts", Say("puzzle.index.puzzles", g.Count), Say("puzzle.index.solved", g.Solved))
}

// PuzzleNextLabel is the index's link to the next puzzle.
func PuzzleNextLabel(level int) Text { return Say("puzzle.index.next", max(1, level)) }

// NoticeNoPuzzle() is the error page for a puzzle or answer that does not exist.
func NoticeNoPuzzle() Notice { return Notice{Say("notice.nopuzzle.h"), Say("notice.nopuzzle")} }

// PuzzleURL is puzzle n's address.
func PuzzleURL(n int) string { return "/puzzles/" + strconv.Itoa(n) }

// PuzzlePageFor presents the facts of a puzzle's page, with the verdict on
// an answer when there is one: base makes the page's Base from its title,
// js is the board script's path. A message, why an answer was refused, is
// also the page's title.
func PuzzlePageFor(f play.PuzzleFacts, base func(Text, SkipLink) Base, js string, message Text) PuzzlePage {
	p, ans := f.Puzzle, f.Answer
	url := PuzzleURL(p.Number)
	page := PuzzlePage{Message: message,
		Heading: PuzzleTitle(p.Number), About: PuzzleAbout(p), Status: PuzzleTask(p),
		Position: PuzzlePosition(p.Board), Open: true, Action: url + "/answer", Label: PuzzleBoardLabel(),
		Progress: PuzzleProgressText(f.Progress), Next: PuzzleURL(f.Next) + "#status", NextText: PuzzleTryNext(),
	}
	if f.Daily != p.Number {
		page.Daily = PuzzleURL(f.Daily) + "#status"
	} else {
		page.Today = true
	}
	marks := Marks{Playable: true, ShowLegal: true, Hint: game.Pass}
	if ans != nil {
		page.Status, page.Answer = PuzzleVerdictOf(*ans, url+"#board")
		page.Answer.Analysis = AnalysisURL(p.Board, nil) + "#status"
		page.NextText = PuzzleNextText()
		if ans.Right {
			page.Open, marks.Playable = false, false
			page.Label = PuzzleTitle(p.Number)
		}
	}
	page.Board = NewBoard(p.Board, marks)
	page.Title = Say("puzzle.pagetitle", page.Heading, page.Status)
	if !message.IsZero() {
		page.Title = message
	}
	page.Base = base(page.Title, SkipToBoard())
	page.JS = js
	return page
}

// MsgPuzzleAnswer words a refused answer: an illegal move, or one not
// understood.
func MsgPuzzleAnswer(err error) Text {
	var illegal *play.IllegalMoveError
	if errors.As(err, &illegal) {
		return MsgIllegal(illegal.Board, illegal.Move)
	}
	return MsgPuzzleSquare()
}

// PuzzleIndexPageFor presents the facts of the puzzles' list: base makes
// the page's Base from its title.
func PuzzleIndexPageFor(f play.PuzzleIndexFacts, base func(Text, SkipLink) Base) PuzzleIndexPage {
	page := PuzzleIndexPage{
		Base:     base(PuzzleIndexTitle(), SkipToMain()),
		Progress: PuzzleProgressText(f.Progress), Next: PuzzleURL(f.Next) + "#status", NextText: PuzzleNextLabel(f.Progress.Level),
		Daily: PuzzleURL(f.Daily) + "#status", Total: f.Total,
	}
	for _, g := range f.Grades {
		page.Grades = append(page.Grades, PuzzleGrade{Grade: g.Grade, Count: g.Count, Solved: g.Solved,
			Link: PuzzleURL(g.Link) + "#status"})
	}
	return page
}

// NewReviewPuzzlePage lays out p, the position before a mistake of the
// viewer's at move number of the game at gameURL, as a puzzle to try
// again, with the verdict on ans when there is one: like one of the set,
// but it counts for no progress, and leads back to the review.
func NewReviewPuzzlePage(gameURL string, ply, number int, p *puzzle.Puzzle, ans *play.PuzzleAnswer, message Text) PuzzlePage {
	url := gameURL + "/review/puzzles/" + strconv.Itoa(ply)
	back := gameURL + "/review#status"
	page := PuzzlePage{Message: message,
		Heading: Say("puzzle.review.title", number), About: Say("puzzle.review.about", Say("puzzle.empties", p.Empties()), Say("puzzle.moves", len(p.Moves))),
		Status: PuzzleTask(p), Position: PuzzlePosition(p.Board), Open: true, Action: url + "/answer", Label: PuzzleBoardLabel(),
		Next: back, NextText: Say("puzzle.review.back"),
	}
	marks := Marks{Playable: true, ShowLegal: true, Hint: game.Pass}
	if ans != nil {
		page.Status, page.Answer = PuzzleVerdictOf(*ans, url+"#board")
		if ans.Right {
			page.Open, marks.Playable = false, false
			page.Label = page.Heading
		}
	}
	page.Board = NewBoard(p.Board, marks)
	page.Title = Say("puzzle.pagetitle", page.Heading, page.Status)
	if !message.IsZero() {
		page.Title = message
	}
	return page
}
