package handlers

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/static"
	"reversi/views"
)

// lateGame is the product's seed example: a whole game from the 8×8
// cross start, found by scripts/seedgame (a search over random games that
// tries every ending from ten empty squares) and replayed by TestLateGame.
// White's c7 turns over d7 alone, against e7; Black has no move while
// White has b1; b1 turns over six discs along two lines; then neither side
// can move, with a8 still empty: White 48, Black 15.
const lateGame = "f5f4f3g4h3f6g5g6d3g3h2f2h5h4h7e6g7c5b6g8e3d2c2c3d7e7f7g2d6h8g1d8c8h6f8c6e8b2d1c4b3f1e2c1a2a6b4b8b5a3a4b7a7h1a1e1a5c7b1"

// lateBeforePass is lateGame up to White's c7, after which Black must pass.
var lateBeforePass = strings.TrimSuffix(lateGame, "b1")

// question kinds: how a trial or a choice answers a step's question.
type questionKind int

const (
	askNothing questionKind = iota
	askFlips                // right when the trial turns over target
	askLegal                // right when the trial is a legal move
	askNone                 // no square is right: the side to move has no move
	askChoice               // right when the chosen answer is right
)

type stepQuestion struct {
	kind           questionKind
	prompt, answer string
	target         string   // askFlips: the disc to turn over
	choices        []string // askChoice: the answers offered
	right          string   // askChoice: the right one
	yes, no        string   // askChoice: the feedback
}

type tutorialStep struct {
	title string
	moves string // from the 8×8 cross start, passes implied
	pass  bool   // the side to move passes after moves
	list  bool   // the page lists the moves, to show they were legal play
	intro []string
	q     stepQuestion
	after []string
	count bool // show the final count
}

// tutorialSteps are the steps of the tutorial: the positions and the
// questions here, the words in views/prose/tutorial.txt.
var tutorialSteps = withWords(views.MustProse("tutorial"), []tutorialStep{
	{q: stepQuestion{kind: askFlips, target: "d4"}},
	{moves: "d3", q: stepQuestion{kind: askFlips, target: "e4"}},
	{moves: "d3e3"},
	{moves: "d3e3", q: stepQuestion{kind: askChoice, choices: []string{"1", "2", "3"}, right: "2"}},
	{moves: "d3e3f3", q: stepQuestion{kind: askLegal}},
	{moves: lateBeforePass, list: true, q: stepQuestion{kind: askNone}},
	{moves: lateBeforePass, list: true, pass: true, q: stepQuestion{kind: askLegal}},
	{moves: lateGame, list: true, count: true},
})

// withWords gives each step its words from w, under keys that start with
// the step's number ("1.title"): title, intro, after, and the question's
// prompt and answer (and yes and no for a question answered by choice).
func withWords(w *views.Prose, steps []tutorialStep) []tutorialStep {
	for i := range steps {
		st := &steps[i]
		k := strconv.Itoa(i+1) + "."
		st.title = w.Text(k + "title")
		st.intro = w.Paras(k + "intro")
		st.after = w.Paras(k + "after")
		if w.Has(k + "prompt") {
			st.q.prompt, st.q.answer = w.Text(k+"prompt"), w.Text(k+"answer")
		}
		if w.Has(k + "yes") {
			st.q.yes, st.q.no = w.Text(k+"yes"), w.Text(k+"no")
		}
	}
	return steps
}

// stepBoard returns a step's position and the last placement with the discs
// it turned over.
func stepBoard(st tutorialStep) (game.Board, game.Square, game.Bits, error) {
	opts := game.Options{Size: 8}
	g, err := game.ParseTranscript(opts, st.moves)
	if err != nil {
		return game.Board{}, game.Pass, game.Bits{}, err
	}
	ps, err := g.Positions()
	if err != nil {
		return game.Board{}, game.Pass, game.Bits{}, err
	}
	b := ps[len(ps)-1]
	last, flips := game.Pass, game.Bits{}
	for i := len(g.Plies) - 1; i >= 0; i-- {
		if g.Plies[i] != game.Pass {
			last = g.Plies[i]
			_, flips, _ = ps[i].Play(last)
			break
		}
	}
	if st.pass {
		if b, _, err = b.Play(game.Pass); err != nil {
			return game.Board{}, game.Pass, game.Bits{}, err
		}
	}
	return b, last, flips, nil
}

// splitMoves splits a transcript into its moves, two characters each on
// the 8×8 board.
func splitMoves(t string) []string {
	var ms []string
	for i := 0; i+2 <= len(t); i += 2 {
		ms = append(ms, t[i:i+2])
	}
	return ms
}

func stepURL(n int) string { return "/tutorial/" + strconv.Itoa(n) }

func (s *Server) tutorialIndex(c *gin.Context) error {
	page := views.TutorialIndexPage{Base: s.base("How to play", "main", "Skip to the main content")}
	for i, st := range tutorialSteps {
		page.Steps = append(page.Steps, views.StepLink{URL: stepURL(i + 1), Title: st.title})
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialIndex, page)
	return nil
}

var errNoStep = refuse(http.StatusNotFound, views.NoticeNoStep)

func (s *Server) tutorialStep(c *gin.Context) error {
	n, err := strconv.Atoi(c.Param("step"))
	if err != nil || n < 1 || n > len(tutorialSteps) || c.Param("step") != strconv.Itoa(n) {
		return errNoStep
	}
	st := tutorialSteps[n-1]
	b, last, flips, err := stepBoard(st)
	if err != nil {
		return fmt.Errorf("tutorial step %d: %w", n, err)
	}
	trial, err := parseTrial(c, b)
	if err != nil {
		return err
	}
	url := stepURL(n)
	page := views.TutorialPage{
		Step: n, Steps: len(tutorialSteps), Heading: st.title,
		Intro: st.intro, After: st.after, Position: positionText(b),
	}
	if st.list {
		page.Moves = strings.Join(splitMoves(st.moves), " ")
	}
	marks := views.TrialMarks{Trial: game.Pass, Placed: last, Flipped: flips, Open: true}
	if st.moves == "" {
		marks.Placed = game.Pass
	}
	title := fmt.Sprintf("Tutorial step %d of %d: %s", n, len(tutorialSteps), st.title)
	if trial != game.Pass {
		tv := views.Trial(b, trial)
		tv.Cancel = url + "#board"
		marks.Trial, marks.Lines = trial, b.Trial(trial)
		marks.Placed, marks.Flipped = game.Pass, game.Bits{}
		tv.Feedback, tv.Right = st.q.feedback(b, trial)
		page.Trial = &tv
		title = tv.Heading + ": " + tv.Summary + " – " + title
	}
	if st.q.prompt != "" {
		q := &views.Question{Prompt: st.q.prompt, Answer: st.q.answer, Choices: st.q.choices}
		if a, ok := c.GetQuery("answer"); ok && st.q.kind == askChoice {
			q.Chosen = a
			q.Right = a == st.q.right
			q.Feedback = st.q.no
			if q.Right {
				q.Feedback = st.q.yes
			}
		}
		page.Question = q
	}
	if st.count {
		r := b.Result()
		page.Count = &views.Count{Winner: winnerWords(r), Black: r.Black, White: r.White, Empty: b.Count(game.Empty),
			BlackScore: r.BlackScore, WhiteScore: r.WhiteScore}
	}
	page.Board = views.TrialBoard{
		BoardView: views.NewTrialBoard(b, marks),
		Action:    url, // no fragment: w3m would send the query after it
		Label:     "Board: choose a square to try it",
	}
	if trial != game.Pass {
		page.Board.Cancel = url + "#board"
	}
	if n > 1 {
		page.Prev = &views.StepLink{URL: stepURL(n - 1), Title: tutorialSteps[n-2].title}
	}
	if n < len(tutorialSteps) {
		page.Next = &views.StepLink{URL: stepURL(n + 1), Title: tutorialSteps[n].title}
	} else {
		page.Next = &views.StepLink{URL: "/practice", Title: "Practice on a board of your own"}
	}
	page.Base = s.base(title, "board", "Skip to the board")
	page.JS = static.JS.Path
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
		last := game.SquareAt(b.Size(), b.Size()-1, b.Size()-1).Name(b.Size())
		return game.Pass, refuse(http.StatusBadRequest, views.Notice{Heading: "That square wasn't understood",
			Message: "A trial names a square from a1 to " + last + ". Go back and choose a square on the board."})
	}
	return sq, nil
}

// positionText says whose move it is and the counts, in words.
func positionText(b game.Board) string {
	counts := fmt.Sprintf("Black has %d discs, White %d.", b.Count(game.Black), b.Count(game.White))
	me := views.ColorName(b.Turn())
	switch {
	case b.Over():
		return "The game is over: neither side can move. " + counts
	case b.MustPass():
		return me + " to move, but " + me + " has no legal move. " + counts
	}
	return me + " to move. " + counts
}

// feedback answers the step's question with a trial at sq, in words.
func (q stepQuestion) feedback(b game.Board, sq game.Square) (string, bool) {
	n := b.Size()
	name := sq.Name(n)
	if b.At(sq) != game.Empty {
		return "", false
	}
	flips := b.Flips(sq)
	me := views.ColorName(b.Turn())
	switch q.kind {
	case askFlips:
		target, _ := game.ParseSquare(n, q.target)
		switch {
		case flips.Has(target):
			return "Yes: " + name + " turns over " + q.target + ".", true
		case !flips.IsZero():
			return name + " is a legal move, but it turns over " + views.JoinAnd(views.SetNames(n, flips)) + ", not " + q.target + ". Try another square.", false
		}
		return name + " turns over nothing, so it is not a move at all. Try another square.", false
	case askLegal:
		if !flips.IsZero() {
			return "Yes: " + me + " can play " + name + ", which turns over " + views.JoinAnd(views.SetNames(n, flips)) + ".", true
		}
		return "No: " + name + " traps nothing for " + me + ". The squares with a small ring are " + me + "'s legal moves.", false
	case askNone:
		return "Right: " + name + " traps nothing for " + me + " either. " + me + " has no legal move anywhere, so " + me + " must pass.", true
	}
	return "", false
}

// winnerWords names the winner of a finished game and the score.
func winnerWords(r game.Result) string {
	switch r.Winner {
	case game.Black:
		return fmt.Sprintf("Black, by %d to %d", r.Black, r.White)
	case game.White:
		return fmt.Sprintf("White, by %d to %d", r.White, r.Black)
	}
	return "Nobody: a draw"
}
