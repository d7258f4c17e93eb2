package views

import (
	"html/template"
	"slices"
	"strings"

	"reversi/game"
	"reversi/play"
)

// Pages of the tutorial, the practice board and the reference.
const (
	TutorialIndex = "tutorial_index"
	TutorialStep  = "tutorial"
	Practice      = "practice"
	Rules         = "rules"
	Strategy      = "strategy"
	FAQ           = "faq"
	History       = "history"
)

// TrialBoard is a board whose squares send a trial placement in a GET form
// (name "try"): choosing one changes nothing but the page shown.
type TrialBoard struct {
	TrialGrid
	// Action is the form's action, without a fragment: w3m sends a GET
	// form's query after one, so the trial would be lost. A page with a
	// trial puts the board and the result near its top instead.
	Action string
	Label  Text // the form's accessible name
	// Cancel is the address that clears the trial (the Escape key goes
	// there with the board script), or empty when there is no trial.
	Cancel string
}

// TrialMarks says what a trial board shows besides the discs.
type TrialMarks struct {
	Trial   game.Square // the trial placement, or game.Pass for none
	Lines   []game.Line // the trial's lines; those that bracket are drawn
	Placed  game.Square // the last move, or game.Pass
	Flipped game.Bits   // the discs that the last move turned over
	// Open enables the empty squares for trials; when false the board is
	// shown only.
	Open bool
	// NoLegal leaves out the legal-move rings: nobody is to move (a
	// finished practice).
	NoLegal bool
}

// TrialGrid is a board laid out for the trial board template, whose
// squares' accessible names are said in the reader's language when the
// page is written (HTML). Its BoardView's labels are empty.
type TrialGrid struct {
	BoardView
	labels [][]Text // by row and column
}

// HTML writes the board as BoardView.Grid does, its squares sending the
// field "try", with their labels said in l: "d3, empty, legal move".
func (g TrialGrid) HTML(l *Lang) template.HTML {
	v := g.BoardView
	v.Rows = make([]RowView, len(g.Rows))
	for r, row := range g.Rows {
		sqs := slices.Clone(row.Squares)
		for c := range sqs {
			sqs[c].Label = g.labels[r][c]
		}
		v.Rows[r] = RowView{Num: row.Num, Squares: sqs}
	}
	return v.Grid("try", l)
}

// trialLayout lays out b row by row, each square as square describes it:
// whether its button is enabled, and its label's words and classes, to
// which square appends after the square's name and what is on it, which
// trialLayout puts first.
func trialLayout(b game.Board, square func(sq game.Square, disc game.Color, label []Text, class []string) (open bool, _ []Text, _ []string)) TrialGrid {
	n := b.Size()
	g := TrialGrid{BoardView: BoardView{Size: n, Cols: make([]string, n), Rows: make([]RowView, n)}, labels: make([][]Text, n)}
	for c := range n {
		g.Cols[c] = string(rune('a' + c))
	}
	for r := range n {
		row := RowView{Num: r + 1, Squares: make([]SquareView, n)}
		g.labels[r] = make([]Text, n)
		for c := range n {
			sq := game.SquareAt(n, c, r)
			disc := b.At(sq)
			name := sq.Name(n)
			open, label, class := square(sq, disc, []Text{Plain(name), squareDisc[disc]}, nil)
			row.Squares[c] = SquareView{Name: name, Disc: disc.String(), Disabled: !open, Class: strings.Join(class, " ")}
			g.labels[r][c] = Text{Key: "trial.sq.sep", Parts: label}
		}
		g.Rows[r] = row
	}
	return g
}

// squareDisc names what is on a square in its label.
var squareDisc = map[game.Color]Text{
	game.Black: Say("trial.sq.black"), game.White: Say("trial.sq.white"), game.Empty: Say("trial.sq.empty"),
}

// NewTrialBoard lays out b for the trial board template: legal moves get a
// small ring ("lg"), the trial square a hollow disc ("tb"/"tw"), the squares
// along each bracketed line a stripe in its direction, and the discs that
// would turn over a dot of their new colour ("wf"). A line of opposing
// discs that traps nothing is marked where it breaks: the empty square
// after it ("gap"), or its last disc at the edge of the board ("edge").
func NewTrialBoard(b game.Board, m TrialMarks) TrialGrid {
	moves := b.Moves()
	line := map[game.Square]string{}
	brk := map[game.Square]string{} // where a line that traps nothing breaks
	var flips game.Bits
	for _, l := range m.Lines {
		switch {
		case l.Outcome == game.EmptyInWay:
			brk[l.End] = "gap"
			continue
		case l.Outcome == game.OffBoard && len(l.Opponent) > 0:
			brk[l.Opponent[len(l.Opponent)-1]] = "edge"
			continue
		case l.Outcome != game.Brackets:
			continue
		}
		for _, sq := range l.Opponent {
			line[sq] = stripe[l.Direction]
			flips = flips.Or(game.Bit(sq))
		}
		line[l.End] = stripe[l.Direction]
	}
	return trialLayout(b, func(sq game.Square, disc game.Color, label []Text, class []string) (bool, []Text, []string) {
		if moves.Has(sq) && !m.NoLegal {
			class = append(class, "lg")
			label = append(label, Say("trial.sq.legal"))
		}
		switch {
		case sq == m.Trial:
			class = append(class, "t"+b.Turn().String()[:1])
			label = append(label, Say(byMover("trial.sq.trial", b.Turn())))
		case flips.Has(sq):
			class = append(class, "wf", line[sq])
			label = append(label, Say("trial.sq.wouldflip"))
		case line[sq] != "":
			class = append(class, line[sq])
			label = append(label, Say("trial.sq.closes"))
		case brk[sq] == "gap":
			class = append(class, "gap")
			label = append(label, Say("trial.sq.gap"))
		case brk[sq] == "edge":
			class = append(class, "edge")
			label = append(label, Say("trial.sq.edge"))
		case sq == m.Placed:
			class = append(class, "pl")
			label = append(label, Say("trial.sq.placed"))
		case m.Flipped.Has(sq):
			class = append(class, "fl")
			label = append(label, Say("trial.sq.flipped"))
		}
		return m.Open && disc == game.Empty, label, class
	})
}

// NewRegionBoard lays out an empty size×size board with the squares that
// strategy names marked: the corners ("co"), the X-squares diagonally next
// to them ("xs") and the C-squares beside them on the edges ("cs").
func NewRegionBoard(size int) TrialGrid {
	b, _ := game.NewBoard(size, game.Bits{}, game.Bits{}, game.Black)
	last := size - 1
	edge := func(i int) int { return min(i, last-i) }
	return trialLayout(b, func(sq game.Square, _ game.Color, label []Text, class []string) (bool, []Text, []string) {
		c, r := edge(sq.Col(size)), edge(sq.Row(size))
		switch {
		case c == 0 && r == 0:
			class, label = append(class, "co"), append(label, Say("trial.sq.corner"))
		case c == 1 && r == 1:
			class, label = append(class, "xs"), append(label, Say("trial.sq.xsquare"))
		case c+r == 1:
			class, label = append(class, "cs"), append(label, Say("trial.sq.csquare"))
		}
		return false, label, class
	})
}

// stripe is the class that draws a line through a square in a direction:
// across, up and down, or along either diagonal.
var stripe = [...]string{
	game.Up: "lv", game.Down: "lv", game.Left: "lh", game.Right: "lh",
	game.UpLeft: "ld", game.DownRight: "ld", game.UpRight: "la", game.DownLeft: "la",
}

// TrialView is what a trial placement does, in words.
type TrialView struct {
	Heading Text   // "Trial: White at f3"
	Summary Text   // legal or not, and what would turn over
	Lines   []Text // one sentence per direction, or per group of them
	// Feedback answers the step's question with this square, or is zero.
	Feedback Text
	Right    bool   // the feedback says the answer is right
	Cancel   string // the address without the trial
}

// Question is a step's question: answered by choosing a square (its
// feedback is in the trial) or one of Choices, and revealed in Answer.
type Question struct {
	Prompt   Text
	Choices  []string // answers to choose from, if not a square: numbers
	Chosen   string
	Feedback Text
	Right    bool
	Answer   Text
	// After is what the step says once its question is answered, shown
	// with the answer while the learner has not answered yet.
	After []Text
}

// StepLink links to a step.
type StepLink struct {
	URL   string
	Title Text
}

// Count is the disc count at the end of a game.
type Count struct {
	Winner                 Text // "Black, by 40 to 23"
	Black, White, Empty    int
	BlackScore, WhiteScore int
}

// TutorialPage is one step of the tutorial.
type TutorialPage struct {
	Base
	Step, Steps int
	Heading     Text
	Intro       []Text
	Board       TrialBoard
	Position    Text // the position in words: whose move, the counts
	Trial       *TrialView
	Question    *Question
	Count       *Count
	// Moves lists the moves from the start to the position ("f5 f4
	// f3"), or is empty.
	Moves      string
	After      []Text
	Prev, Next *StepLink
}

// TutorialIndexPage lists the steps.
type TutorialIndexPage struct {
	Base
	Steps []StepLink
}

// ReadMore is the index's sentence that links to the reference pages.
func (TutorialIndexPage) ReadMore(l *Lang) template.HTML {
	return linked(l, "tut.index.read", Link{"/rules", Say("tut.index.rules")}, Link{"/strategy", Say("tut.index.strategy")},
		Link{"/faq", Say("tut.index.faq")}, Link{"/history", Say("tut.index.history")})
}

// Diagram is a board drawn for reading, not playing, with a description.
type Diagram struct {
	Board       BoardView
	Title       Text // the picture's short name
	Description Text // what it shows, in words, under it
}

// Section is a part of a reference page: a heading, paragraphs and
// diagrams.
type Section struct {
	ID         string
	Heading    Text
	Paragraphs []Text
	Diagrams   []Diagram
	Items      []Text // a list after the paragraphs
}

// QA is one question of the FAQ.
type QA struct{ Q, A Text }

// ReferencePage is the rules, the strategy, the FAQ or the history.
type ReferencePage struct {
	Base
	Heading  Text
	Lead     Text
	Sections []Section
	FAQ      []QA
}

// LearnMore is the sentence at the foot of a reference page that links to
// the tutorial and a game.
func (ReferencePage) LearnMore(l *Lang) template.HTML {
	return linked(l, "tut.ref.more", Link{"/tutorial", Say("tut.ref.more.tutorial")}, Link{"/", Say("tut.ref.more.play")})
}

// PracticePage is the practice board.
type PracticePage struct {
	Base
	Message  Text // why the last request was refused, or empty
	Status   Text // what just happened and whose move it is, or empty
	Version  int
	Board    TrialBoard
	Position Text
	Trial    *TrialView
	Apply    string // the trial square, when it may be applied
	// ApplyLabel is the apply button's text: "Apply d3 for Black".
	ApplyLabel Text
	Placed     int // placements made, of Limit
	Limit      int
	Over       bool
	CanUndo    bool
	CanReset   bool
	// AskReset asks whether to start again, with the form that does it.
	AskReset bool
	// Example offers one legal move, as an example and not as advice.
	Example *ExampleMove
	Moves   Text // the opening and the player's placements
}

// ExampleMove is a legal move offered as an example, with the address
// that tries it.
type ExampleMove struct {
	Mover       game.Color
	Square, URL string
}

// Sentence offers the move, linked to its trial.
func (e ExampleMove) Sentence(l *Lang) template.HTML {
	return linked(l, "practice.example", e.Mover, Link{e.URL, Plain(e.Square)})
}

// TutorialPageFor is the page of tutorial step f (its address url), and
// the title of the page: the step's, or the trial's when one was made.
// Prev and next steps link by stepURL.
func TutorialPageFor(f play.StepFacts, url string, stepURL func(int) string) (TutorialPage, Text) {
	n, b, words := f.N, f.Board, TutorialStepWords(f.N)
	page := TutorialPage{
		Step: n, Steps: f.Steps, Heading: words.Title,
		Intro: words.Intro, After: words.After, Position: PositionText(b),
	}
	if f.HidesPass() {
		page.Position = PositionToMove(b)
	}
	if f.List {
		page.Moves = strings.Join(f.MoveNames(), " ")
	}
	marks := TrialMarks{Trial: game.Pass, Placed: f.Last, Flipped: f.Flips, Open: true}
	title := TutorialTitle(n, f.Steps, words.Title)
	if f.Trial != game.Pass {
		tv := Trial(b, f.Trial)
		tv.Cancel = url + "#board"
		marks.Trial, marks.Lines = f.Trial, b.Trial(f.Trial)
		marks.Placed, marks.Flipped = game.Pass, game.Bits{}
		tv.Feedback, tv.Right = TutorialAnswer(f.Verdict, b.Size()), f.Verdict.Right
		page.Trial = &tv
		title = TrialTitle(tv, title)
	}
	if !words.Prompt.IsZero() {
		q := &Question{Prompt: words.Prompt, Answer: words.Answer, Choices: f.Choices, Chosen: f.Chosen, Right: f.Right}
		if f.Chosen != "" {
			q.Feedback = words.No
			if f.Right {
				q.Feedback = words.Yes
			}
		}
		// What follows the answer waits for it: shown once the learner
		// has answered, else with the answer, on request.
		if !f.Answered() {
			q.After, page.After = page.After, nil
		}
		page.Question = q
	}
	if f.Count {
		r := b.Result()
		page.Count = &Count{Winner: Winning(r), Black: r.Black, White: r.White, Empty: b.Count(game.Empty),
			BlackScore: r.BlackScore, WhiteScore: r.WhiteScore}
	}
	page.Board = TrialBoard{
		TrialGrid: NewTrialBoard(b, marks),
		Action:    url, // no fragment: w3m would send the query after it
		Label:     TutorialBoardLabel(),
	}
	if f.Trial != game.Pass {
		page.Board.Cancel = url + "#board"
	}
	if n > 1 {
		page.Prev = &StepLink{URL: stepURL(n - 1), Title: TutorialStepWords(n - 1).Title}
	}
	if n < f.Steps {
		page.Next = &StepLink{URL: stepURL(n + 1), Title: TutorialStepWords(n + 1).Title}
	} else {
		page.Next = &StepLink{URL: "/practice", Title: PracticeLink()}
	}
	return page, title
}
