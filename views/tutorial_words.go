package views

import (
	"strconv"

	"reversi/game"
	"reversi/play"
)

// The tutorial's words: each step's title, prose and question from
// lang/CODE/tutorial.txt, under keys that start with the step's number
// ("tutorial/1.title"), laid out from English's paragraphs; and the
// answers to its trials, from practice.txt.

// StepWords are one tutorial step's words.
type StepWords struct {
	Title          Text
	Intro, After   []Text
	Prompt, Answer Text // the question, and its answer once shown; zero when the step asks nothing
	Yes, No        Text // the feedback to a question answered by choice
}

// TutorialStepWords returns the words of step n (from 1).
func TutorialStepWords(n int) StepWords {
	k := "tutorial/" + strconv.Itoa(n) + "."
	sw := StepWords{Title: Para(k+"title", 0), Intro: paras(k + "intro"), After: paras(k + "after")}
	if English().Has(k + "prompt") {
		sw.Prompt, sw.Answer = Para(k+"prompt", 0), Para(k+"answer", 0)
	}
	if English().Has(k + "yes") {
		sw.Yes, sw.No = Para(k+"yes", 0), Para(k+"no", 0)
	}
	return sw
}

// paras are the paragraphs of the prose entry key, as many as English has.
func paras(key string) []Text {
	var ts []Text
	for i := range English().Paras(key) {
		ts = append(ts, Para(key, i))
	}
	return ts
}

// TutorialTitle is a tutorial step's page title.
func TutorialTitle(n, steps int, title Text) Text {
	return Say("tut.title", n, steps, title)
}

// TrialTitle puts a trial's heading and summary before a page's title.
func TrialTitle(tv TrialView, title Text) Text {
	return Say("trial.pagetitle", tv.Heading, tv.Summary, title)
}

// PracticeLink() is the last tutorial step's link onward.
func PracticeLink() Text { return Say("tut.practicelink") }

// TutorialBoardLabel() is the tutorial board's accessible name.
func TutorialBoardLabel() Text { return Say("tut.boardlabel") }

// TutorialAnswer words a trial's answer to a step's question.
func TutorialAnswer(a play.Answer, size int) Text {
	name := a.Square.Name(size)
	switch a.Verdict {
	case play.FlipsTarget:
		return Say("tut.answer.flipstarget", name, a.Target.Name(size))
	case play.FlipsOthers:
		return Say("tut.answer.flipsothers", name, squareList(SetNames(size, a.Flips)), a.Target.Name(size))
	case play.FlipsNothing:
		return Say("tut.answer.flipsnothing", name)
	case play.LegalMove:
		return Say("tut.answer.legal", a.Mover, name, squareList(SetNames(size, a.Flips)))
	case play.NotLegal:
		return Say("tut.answer.notlegal", a.Mover, name)
	case play.NoMoveAnywhere:
		return Say("tut.answer.nomove", a.Mover, name)
	}
	return Text{}
}

// Winning names the winner of a finished game and the score.
func Winning(r game.Result) Text {
	switch r.Winner {
	case game.Black:
		return Say("tut.winner", game.Black, r.Black, r.White)
	case game.White:
		return Say("tut.winner", game.White, r.White, r.Black)
	}
	return Say("tut.draw")
}
