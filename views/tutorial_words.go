package views

import (
	"fmt"
	"strconv"

	"reversi/game"
	"reversi/play"
)

// The tutorial's words: each step's title, prose and question from
// lang/en/tutorial.txt, under keys that start with the step's number
// ("1.title"), and the answers to its trials.

// StepWords are one tutorial step's words.
type StepWords struct {
	Title          string
	Intro, After   []string
	Prompt, Answer string // the question, and its answer once shown
	Yes, No        string // the feedback to a question answered by choice
}

var tutorialProse = MustProse("tutorial")

// TutorialStep returns the words of step n (from 1).
func TutorialStepWords(n int) StepWords {
	w, k := tutorialProse, strconv.Itoa(n)+"."
	sw := StepWords{Title: w.Text(k + "title"), Intro: w.Paras(k + "intro"), After: w.Paras(k + "after")}
	if w.Has(k + "prompt") {
		sw.Prompt, sw.Answer = w.Text(k+"prompt"), w.Text(k+"answer")
	}
	if w.Has(k + "yes") {
		sw.Yes, sw.No = w.Text(k+"yes"), w.Text(k+"no")
	}
	return sw
}

// TutorialTitle is a tutorial step's page title.
func TutorialTitle(n, steps int, title string) string {
	return fmt.Sprintf("Tutorial step %d of %d: %s", n, steps, title)
}

// TrialTitle puts a trial's heading and summary before a page's title.
func TrialTitle(tv TrialView, title string) string {
	return tv.Heading + ": " + tv.Summary + " – " + title
}

// PracticeLink is the last tutorial step's link onward.
const PracticeLink = "Practice on a board of your own"

// TutorialAnswer words a trial's answer to a step's question.
func TutorialAnswer(a play.Answer, size int) string {
	name := a.Square.Name(size)
	me := ColorName(a.Mover)
	switch a.Verdict {
	case play.FlipsTarget:
		return "Yes: " + name + " turns over " + a.Target.Name(size) + "."
	case play.FlipsOthers:
		return name + " is a legal move, but it turns over " + JoinAnd(bitNames(size, a.Flips)) + ", not " + a.Target.Name(size) + ". Try another square."
	case play.FlipsNothing:
		return name + " turns over nothing, so it is not a move at all. Try another square."
	case play.LegalMove:
		return "Yes: " + me + " can play " + name + ", which turns over " + JoinAnd(bitNames(size, a.Flips)) + "."
	case play.NotLegal:
		return "No: " + name + " traps nothing for " + me + ". The squares with a small ring are " + me + "'s legal moves."
	case play.NoMoveAnywhere:
		return "Right: " + name + " traps nothing for " + me + " either. " + me + " has no legal move anywhere, so " + me + " must pass."
	}
	return ""
}

// Winning names the winner of a finished game and the score.
func Winning(r game.Result) string {
	switch r.Winner {
	case game.Black:
		return fmt.Sprintf("Black, by %d to %d", r.Black, r.White)
	case game.White:
		return fmt.Sprintf("White, by %d to %d", r.White, r.Black)
	}
	return "Nobody: a draw"
}

func bitNames(n int, bits game.Bits) []string {
	var s []string
	for sq := range bits.All() {
		s = append(s, sq.Name(n))
	}
	return s
}
