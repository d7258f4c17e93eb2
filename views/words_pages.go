package views

import (
	"html/template"
	"strings"

	"reversi/game"
)

// The words of the practice board and the tutorial's boards.

// Practice board refusals, shown above its board.
func MsgPracticeNoVersion() Text { return Say("msg.practicenoversion") }
func MsgPracticeStale() Text     { return Say("msg.practicestale") }
func MsgPracticeOver() Text      { return Say("msg.practiceover") }
func MsgPracticeSquare() Text    { return Say("msg.practicesquare") }
func MsgPracticeNoUndo() Text    { return Say("msg.practicenoundo") }
func MsgPracticeAtStart() Text   { return Say("msg.practiceatstart") }

// Practice board statuses and labels.
func PracticeUndone() Text     { return Say("practice.undone") }
func PracticeRestarted() Text  { return Say("practice.restarted") }
func PracticeTitle() Text      { return Say("practice.title") }
func PracticeAskTitle() Text   { return Say("practice.asktitle") }
func PracticeBoardLabel() Text { return Say("practice.boardlabel") }

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
func SkipToMain() SkipLink        { return SkipLink{"main", Say("skip.main")} }
func SkipToMessage() SkipLink     { return SkipLink{"main", Say("skip.message")} }
func SkipToBoard() SkipLink       { return SkipLink{"board", Say("skip.board")} }
func SkipToSteps() SkipLink       { return SkipLink{"steps", Say("skip.steps")} }
func SkipToForm() SkipLink        { return SkipLink{"transcript", Say("skip.form")} }
func SkipToImportError() SkipLink { return SkipLink{"status", Say("skip.importerror")} }
func SkipToReview() SkipLink      { return SkipLink{"status", Say("skip.review")} }

// Page titles that no state changes.
func HomeTitle() Text          { return Say("title.home") }
func ConfirmTitle() Text       { return Say("title.confirm") }
func TutorialIndexTitle() Text { return Say("title.tutorialindex") }
func RulesTitle() Text         { return Say("title.rules") }
func StrategyTitle() Text      { return Say("title.strategy") }
func FAQTitle() Text           { return Say("title.faq") }
func HistoryTitle() Text       { return Say("title.history") }

// RefusedHeading() heads a refusal whose message was meant for a
// board that the request did not load.
func RefusedHeading() Text { return Say("notice.refused.h") }

// RenderFailed is the whole page sent in l when a page's template fails:
// plain HTML, since the templates are what failed.
func RenderFailed(l *Lang) string {
	return `<!doctype html><html lang="` + l.Code + `"><title>` + template.HTMLEscapeString(l.T("renderfailed.title")) +
		`</title><p>` + template.HTMLEscapeString(l.T("renderfailed")) + `</p>`
}
