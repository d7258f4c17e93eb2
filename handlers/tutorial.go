package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

func stepURL(n int) string { return "/tutorial/" + strconv.Itoa(n) }

func (s *Server) tutorialIndex(c *gin.Context) error {
	page := views.TutorialIndexPage{Base: s.base(c.Request, views.TutorialIndexTitle(), views.SkipToMain())}
	for i := range play.Steps() {
		page.Steps = append(page.Steps, views.StepLink{URL: stepURL(i + 1), Title: views.TutorialStepWords(i + 1).Title})
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialIndex, page)
	return nil
}

var errNoStep = refuse(http.StatusNotFound, views.NoticeNoStep())

func (s *Server) tutorialStep(c *gin.Context) error {
	steps := play.Steps()
	n, err := strconv.Atoi(c.Param("step"))
	if err != nil || n < 1 || n > len(steps) || c.Param("step") != strconv.Itoa(n) {
		return errNoStep
	}
	st, words := steps[n-1], views.TutorialStepWords(n)
	b, last, flips, err := st.Position()
	if err != nil {
		return fmt.Errorf("tutorial step %d: %w", n, err)
	}
	trial, err := parseTrial(c, b)
	if err != nil {
		return err
	}
	url := stepURL(n)
	page := views.TutorialPage{
		Step: n, Steps: len(steps), Heading: words.Title,
		Intro: words.Intro, After: words.After, Position: views.PositionText(b),
	}
	// A step that asks whether anything can be played does not say, above
	// its question, that nothing can: the learner's trials find it out.
	if st.Kind == play.AskNone && trial == game.Pass {
		page.Position = views.PositionToMove(b)
	}
	if st.List {
		page.Moves = strings.Join(st.MoveNames(), " ")
	}
	marks := views.TrialMarks{Trial: game.Pass, Placed: last, Flipped: flips, Open: true}
	if st.Moves == "" {
		marks.Placed = game.Pass
	}
	title := views.TutorialTitle(n, len(steps), words.Title)
	if trial != game.Pass {
		tv := views.Trial(b, trial)
		tv.Cancel = url + "#board"
		marks.Trial, marks.Lines = trial, b.Trial(trial)
		marks.Placed, marks.Flipped = game.Pass, game.Bits{}
		a := st.Check(b, trial)
		tv.Feedback, tv.Right = views.TutorialAnswer(a, b.Size()), a.Right
		page.Trial = &tv
		title = views.TrialTitle(tv, title)
	}
	if !words.Prompt.IsZero() {
		q := &views.Question{Prompt: words.Prompt, Answer: words.Answer, Choices: st.Choices}
		if a, ok := c.GetQuery("answer"); ok && st.Kind == play.AskChoice {
			q.Chosen = a
			q.Right = a == st.Right
			q.Feedback = words.No
			if q.Right {
				q.Feedback = words.Yes
			}
		}
		// What follows the answer waits for it: shown once the learner
		// has answered (a trial, a choice), else with the answer on request.
		// A question that no trial answers (the last step's) hides nothing.
		if st.Kind != play.AskNothing && trial == game.Pass && q.Chosen == "" {
			q.After, page.After = page.After, nil
		}
		page.Question = q
	}
	if st.Count {
		r := b.Result()
		page.Count = &views.Count{Winner: views.Winning(r), Black: r.Black, White: r.White, Empty: b.Count(game.Empty),
			BlackScore: r.BlackScore, WhiteScore: r.WhiteScore}
	}
	page.Board = views.TrialBoard{
		TrialGrid: views.NewTrialBoard(b, marks),
		Action:    url, // no fragment: w3m would send the query after it
		Label:     views.TutorialBoardLabel(),
	}
	if trial != game.Pass {
		page.Board.Cancel = url + "#board"
	}
	if n > 1 {
		page.Prev = &views.StepLink{URL: stepURL(n - 1), Title: views.TutorialStepWords(n - 1).Title}
	}
	if n < len(steps) {
		page.Next = &views.StepLink{URL: stepURL(n + 1), Title: views.TutorialStepWords(n + 1).Title}
	} else {
		page.Next = &views.StepLink{URL: "/practice", Title: views.PracticeLink()}
	}
	page.Base = s.base(c.Request, title, views.SkipToBoard())
	page.JS = static.JS().Path
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialStep, page)
	return nil
}

// parseTrial reads the square of a trial placement, ?try=f3, or returns
// game.Pass when there is none.
func parseTrial(c *gin.Context, b game.Board) (game.Square, error) {
	v, ok := c.GetQuery("try")
	if !ok || v == "" {
		return game.Pass, nil
	}
	sq, err := game.ParseSquare(b.Size(), strings.TrimSpace(v))
	if err != nil || len(v) > 4 {
		return game.Pass, refuse(http.StatusBadRequest, views.NoticeBadTrial(b.Size()))
	}
	return sq, nil
}
