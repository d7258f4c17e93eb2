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

// lateGame is a whole game from the 8×8 cross start, found by search and
// checked by TestLateGame: after White's g8 Black has no move while White
// has g2, and after g2 neither side can move with g1 still empty.
const lateGame = "f5f6c4g5g7e7g6f4e6h7h6d3g4e3h8d6c6c5c7b7d2c3b3h5h4c2b6b5e8f2a7d1a4d8b8f3f1a5b2b4a6b1a3f8e1e2a2d7c1a8a1g3h3h2h1f7c8g8g2"

// lateBeforePass is lateGame up to White's g8.
var lateBeforePass = strings.TrimSuffix(lateGame, "g2")

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
	intro []string
	q     stepQuestion
	after []string
	count bool // show the final count
}

var tutorialSteps = []tutorialStep{
	{
		title: "Trap a line to turn it over",
		intro: []string{
			"Reversi is played on a board of 8 by 8 squares. Columns are lettered a to h from the left and rows numbered 1 to 8 from the top, so a1 is the top-left corner. The game starts with four discs in the middle: White on d4 and e5, Black on e4 and d5. Black moves first.",
			"A move puts a disc on an empty square so that it traps a straight line of the other side's discs between the new disc and one of the mover's own. The trapped discs turn over to the mover's colour.",
			"Choose a square to try a placement. Nothing is played: the text after the board explains what would happen. Start with d3.",
		},
		q: stepQuestion{kind: askFlips, target: "d4",
			prompt: "Which squares would let Black turn over White's d4? Try them on the board.",
			answer: "d3 and c4. From d3, going down, d4 lies between d3 and Black's d5. From c4, going right, d4 lies between c4 and Black's e4."},
		after: []string{"When Black plays d3, the white disc on d4 turns black. That is the whole rule; the next steps show its details."},
	},
	{
		title: "A trial that fails",
		moves: "d3",
		intro: []string{
			"Black has played d3 and d4 has turned black. Now it is White's move.",
			"Try f3 for White. It touches a black disc, yet it is not a legal move: going down and left, e4 and d5 are black, but the next square, c6, is empty, so nothing closes the line. Going left, e3 is empty, so no line starts at all.",
			"White's legal moves have a small ring: c3, e3 and c5. The ring only says that a move is allowed, not whether it is a good one.",
		},
		q: stepQuestion{kind: askFlips, target: "e4",
			prompt: "Which of White's moves would turn over Black's e4? Choose it on the board.",
			answer: "e3. Going down from e3, Black's e4 lies between e3 and White's e5. The other two moves trap other discs: c3 turns over d4, and c5 turns over d5."},
	},
	{
		title: "White plays e3",
		moves: "d3e3",
		intro: []string{
			"White has played e3 (marked with a small square). Going down from e3, Black's e4 lay between e3 and White's e5, so e4 turned white (marked with a dot).",
			"It is Black's move, and each side has three discs. Try a few squares for Black before you go on.",
		},
		q: stepQuestion{
			prompt: "Why did d4 not turn over too? It touches e3 diagonally.",
			answer: "From e3, going down and left, d4 is black, but the next square along, c5, is empty. A line has to end at one of the mover's own discs, so that line traps nothing."},
	},
	{
		title: "One move, every line",
		moves: "d3e3",
		intro: []string{
			"Black is thinking about f3. A move turns over every line that it closes, in all eight directions at once: the player cannot choose some lines and leave others.",
		},
		q: stepQuestion{kind: askChoice, choices: []string{"1", "2", "3"}, right: "2",
			prompt: "How many white discs would Black's f3 turn over? Choose a number, or try f3 on the board.",
			yes:    "Yes, two: e3 is trapped going left, against Black's d3, and e4 going down and left, against Black's d5.",
			no:     "Not quite. Count the lines from f3 that end at a black disc: try f3 on the board to see them.",
			answer: "Two. Going left, e3 lies between f3 and Black's d3; going down and left, e4 lies between f3 and Black's d5. Both turn over."},
		after: []string{"Black plays f3 and both discs turn: one move, every closed line. A disc that turns over never turns others in its turn: only lines that start at the new disc count."},
	},
	{
		title: "More discs is not a win",
		moves: "d3e3f3",
		intro: []string{
			"After f3 Black has six discs and White only one. The marks show Black's f3 and the two discs it turned.",
			"Yet White is far from lost. Only the count at the very end decides the game, and the lead changes hands many times before then.",
		},
		q: stepQuestion{kind: askLegal,
			prompt: "Can White still move? Choose a square where White could play.",
			answer: "Yes: e2, c3 and c5 are all legal moves for White."},
		after: []string{
			"Two ideas serve better than counting discs. Mobility: keep many moves for yourself and leave few for your opponent, because a player who is short of moves has to take bad squares. Corners: a disc in a corner can never be turned over, so corners are valuable, and the squares next to an empty corner are risky to take early.",
			"The strategy page says more about both.",
		},
	},
	{
		title: "When a player cannot move",
		moves: lateBeforePass,
		intro: []string{
			"This position comes from a whole game played by the rules from the usual start. White has just played g8 (marked). Two squares are still empty: g1 and g2.",
			"It is Black's move, but Black has no legal move. Try g1 and g2 to see why.",
		},
		q: stepQuestion{kind: askNone,
			prompt: "Can Black play g1 or g2?",
			answer: "No. From neither square does a line of white discs end at a black disc. Black has no legal move, so Black must pass, and only then may a player pass."},
		after: []string{"After Black's pass the discs stay as they are and White moves again: the next step shows that position."},
	},
	{
		title: "White moves again",
		moves: lateBeforePass,
		pass:  true,
		intro: []string{
			"Black has passed. The discs are the same as in the last step, but now it is White's move.",
			"A player may have to pass several times in a row, for as long as the other player can move and they cannot.",
		},
		q: stepQuestion{kind: askLegal,
			prompt: "Where can White play? Choose the square.",
			answer: "Only g2. Going down and left from g2, Black's f3 lies between g2 and White's e4, so f3 would turn over. The other empty square, g1, traps nothing for White."},
	},
	{
		title: "The end: count the discs",
		moves: lateGame,
		intro: []string{
			"White has played g2. The square g1 is still empty, but it traps nothing for either side, so neither player can move and the game is over, although the board is not full.",
		},
		count: true,
		q: stepQuestion{
			prompt: "Whose is the empty square g1?",
			answer: "Nobody's. The result counts only the discs on the board: Black has 40 and White 23, so Black wins. The tournament score, used to rank players at events, gives the empty squares to the winner: Black 41, White 23."},
		after: []string{"That is the whole game. Try it yourself on the practice board, then play a real game."},
	},
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

func stepURL(n int) string { return "/tutorial/" + strconv.Itoa(n) }

func (s *Server) tutorialIndex(c *gin.Context) error {
	page := views.TutorialIndexPage{Base: s.base("How to play", "main", "Skip to the main content")}
	for i, st := range tutorialSteps {
		page.Steps = append(page.Steps, views.StepLink{URL: stepURL(i + 1), Title: st.title})
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.TutorialIndex, page)
	return nil
}

var errNoStep = refuse(http.StatusNotFound, views.Notice{Heading: "No such step",
	Message: "The tutorial has no step at this address. Start from the tutorial's first page."})

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
	marks := views.TrialMarks{Trial: game.Pass, Placed: last, Flipped: flips, Open: true}
	if st.moves == "" {
		marks.Placed = game.Pass
	}
	title := fmt.Sprintf("Tutorial step %d of %d: %s", n, len(tutorialSteps), st.title)
	if trial != game.Pass {
		tv := trialText(b, trial)
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
		Action:    url + "#result",
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
			return name + " is a legal move, but it turns over " + join(squareNames(n, flips)) + ", not " + q.target + ". Try another square.", false
		}
		return name + " turns over nothing, so it is not a move at all. Try another square.", false
	case askLegal:
		if !flips.IsZero() {
			return "Yes: " + me + " can play " + name + ", which turns over " + join(squareNames(n, flips)) + ".", true
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
