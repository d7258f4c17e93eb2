package views

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"reversi/game"
)

// The words of the practice board and the tutorial's boards.

// Practice board refusals, shown above its board.
var (
	MsgPracticeNoVersion = Say("msg.practicenoversion")
	MsgPracticeStale     = Say("msg.practicestale")
	MsgPracticeOver      = Say("msg.practiceover")
	MsgPracticeSquare    = Say("msg.practicesquare")
	MsgPracticeNoUndo    = Say("msg.practicenoundo")
	MsgPracticeAtStart   = Say("msg.practiceatstart")
)

// Practice board statuses and labels.
const (
	PracticeUndone     = "Taken back: the board is as it was before your last change."
	PracticeRestarted  = "Started again from the opening. Undo brings back the board you had."
	PracticeTitle      = "Practice board"
	PracticeAskTitle   = "Start this practice again? – Practice"
	PracticeBoardLabel = "Practice board: choose a square to preview it"
	TutorialBoardLabel = "Board: choose a square to try it"
)

// PracticeMoved says what a placement on the practice board did.
func PracticeMoved(mover game.Color, sq game.Square, flips int) string {
	return ColorName(mover) + " played " + sq.Name(8) + " and turned over " + Plural(flips, "disc") + "."
}

// PracticePassed adds that the side who did not move had to pass.
func PracticePassed(status string, passer game.Color) string {
	return strings.TrimSpace(status + " " + ColorName(passer) + " had no legal move and passed.")
}

// PracticeOver adds that the exercise is over after placed placements.
func PracticeOver(status string, placed int) string {
	return strings.TrimSpace(status + " The exercise is over: you made " + strconv.Itoa(placed) +
		" placements. Undo one, start again, or play a real game.")
}

// PracticeApply is the label of the button that plays a previewed square.
func PracticeApply(sq string, mover game.Color) string {
	return "Apply " + sq + " for " + ColorName(mover)
}

// PracticePageTitle is the practice page's title after a status or trial.
func PracticePageTitle(s string) string { return s + " – Practice" }

// PracticeMoves lists the opening and the player's plies.
func PracticeMoves(opening, plies []string) string {
	s := "Opening: " + strings.Join(opening, " ") + "."
	if len(plies) > 0 {
		s += " Yours: " + strings.Join(plies, " ") + "."
	}
	return s
}

// PositionText says whose move it is and the counts, in words.
func PositionText(b game.Board) string {
	counts := fmt.Sprintf("Black has %d discs, White %d.", b.Count(game.Black), b.Count(game.White))
	me := ColorName(b.Turn())
	switch {
	case b.Over():
		return "The game is over: neither side can move. " + counts
	case b.MustPass():
		return me + " to move, but " + me + " has no legal move. " + counts
	}
	return me + " to move. " + counts
}

// PracticeOverPosition is the practice board's position line once its
// placements are used: nobody is to move any more, only the counts stand.
func PracticeOverPosition(b game.Board) string {
	if b.Over() {
		return PositionText(b)
	}
	return fmt.Sprintf("The exercise is over. Black has %d discs, White %d.", b.Count(game.Black), b.Count(game.White))
}

// NoticeBadTrial refuses a trial that names no square of a board of the
// given size.
func NoticeBadTrial(size int) Notice {
	last := game.SquareAt(size, size-1, size-1).Name(size)
	return Notice{Say("notice.badtrial.h"), Say("notice.badtrial", last)}
}

// SkipLink is a page's skip link: the id it goes to, and its words.
type SkipLink struct {
	Target string
	Text   Text
}

// The skip links.
var (
	SkipToMain        = SkipLink{"main", Say("skip.main")}
	SkipToMessage     = SkipLink{"main", Say("skip.message")}
	SkipToBoard       = SkipLink{"board", Say("skip.board")}
	SkipToSteps       = SkipLink{"steps", Say("skip.steps")}
	SkipToForm        = SkipLink{"transcript", Say("skip.form")}
	SkipToImportError = SkipLink{"status", Say("skip.importerror")}
	SkipToReview      = SkipLink{"status", Say("skip.review")}
)

// Page titles that no state changes.
var (
	HomeTitle          = Say("title.home")
	ConfirmTitle       = Say("title.confirm")
	TutorialIndexTitle = Say("title.tutorialindex")
	RulesTitle         = Say("title.rules")
	StrategyTitle      = Say("title.strategy")
	FAQTitle           = Say("title.faq")
	HistoryTitle       = Say("title.history")
	// RefusedHeading heads a refusal whose message was meant for a
	// board that the request did not load.
	RefusedHeading = Say("notice.refused.h")
)

// RenderFailed is the whole page sent in l when a page's template fails:
// plain HTML, since the templates are what failed.
func RenderFailed(l *Lang) string {
	return `<!doctype html><html lang="` + l.Code + `"><title>` + template.HTMLEscapeString(l.T("renderfailed.title")) +
		`</title><p>` + template.HTMLEscapeString(l.T("renderfailed")) + `</p>`
}
