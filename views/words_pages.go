package views

import (
	"html/template"
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
var (
	PracticeUndone     = Say("practice.undone")
	PracticeRestarted  = Say("practice.restarted")
	PracticeTitle      = Say("practice.title")
	PracticeAskTitle   = Say("practice.asktitle")
	PracticeBoardLabel = Say("practice.boardlabel")
)

// PracticeMoved says what a placement on the practice board did.
func PracticeMoved(mover game.Color, sq game.Square, flips int) Text {
	return Say("practice.moved", flips, mover, sq.Name(8))
}

// PracticePassed adds to status that the side who did not move had to
// pass.
func PracticePassed(status Text, passer game.Color) Text {
	return sentences(status, Say("practice.passed", passer))
}

// PracticeOver adds to status that the exercise is over after placed
// placements.
func PracticeOver(status Text, placed int) Text {
	return sentences(status, Say("practice.over", placed))
}

// PracticeApply is the label of the button that plays a previewed square.
func PracticeApply(sq string, mover game.Color) Text {
	return Say("practice.apply", sq, mover)
}

// PracticePageTitle is the practice page's title after a status.
func PracticePageTitle(status Text) Text { return Say("practice.pagetitle", status) }

// PracticeTrialTitle is the practice page's title with a trial shown.
func PracticeTrialTitle(tv TrialView) Text {
	return Say("practice.trialtitle", tv.Heading, tv.Summary)
}

// PracticeMoves lists the opening and the player's plies.
func PracticeMoves(opening, plies []string) Text {
	if len(plies) > 0 {
		return Say("practice.yours", strings.Join(opening, " "), strings.Join(plies, " "))
	}
	return Say("practice.opening", strings.Join(opening, " "))
}

// PositionText says whose move it is and the counts, in words.
func PositionText(b game.Board) Text {
	counts := Say("tut.position.counts", b.Count(game.Black), b.Count(game.White))
	switch {
	case b.Over():
		return sentences(Say("tut.position.over"), counts)
	case b.MustPass():
		return sentences(Say("tut.position.mustpass", b.Turn()), counts)
	}
	return sentences(Say("tut.position.tomove", b.Turn()), counts)
}

// PositionToMove is the position line that says whose move it is and the
// counts, and not whether that side must pass.
func PositionToMove(b game.Board) Text {
	return sentences(Say("tut.position.tomove", b.Turn()), Say("tut.position.counts", b.Count(game.Black), b.Count(game.White)))
}

// PracticeOverPosition is the practice board's position line once its
// placements are used: nobody is to move any more, only the counts stand.
func PracticeOverPosition(b game.Board) Text {
	if b.Over() {
		return PositionText(b)
	}
	return sentences(Say("tut.position.exerciseover"), Say("tut.position.counts", b.Count(game.Black), b.Count(game.White)))
}

// sentences joins whole sentences the language's way: with a space, or
// with nothing in Japanese. Zero Texts are left out.
func sentences(s ...Text) Text { return Text{Key: "tut.sep.sentences", Parts: s} }

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
