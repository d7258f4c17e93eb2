package views

import "reversi/game"

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

// tutorialPages are parsed like the other pages, with the trial board
// partial added to every set.
var tutorialPages = []string{TutorialIndex, TutorialStep, Practice, Rules, Strategy, FAQ, History}

func init() { partials = append(partials, "tutorial_board.tmpl") }

// TrialBoard is a board whose squares send a trial placement in a GET form
// (name "try"): choosing one changes nothing but the page shown.
type TrialBoard struct {
	BoardView
	// Action is the form's action, without a fragment: w3m sends a GET
	// form's query after one, so the trial would be lost. A page with a
	// trial puts the board and the result near its top instead.
	Action string
	Label  string // the form's accessible name
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

// NewTrialBoard lays out b for the trial board template: legal moves get a
// small ring ("lg"), the trial square a hollow disc ("tb"/"tw"), the squares
// along each bracketed line a stripe in its direction, and the discs that
// would turn over a dot of their new colour ("wf"). A line of opposing
// discs that traps nothing is marked where it breaks: the empty square
// after it ("gap"), or its last disc at the edge of the board ("edge").
func NewTrialBoard(b game.Board, m TrialMarks) BoardView {
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
	return layout(b, func(sq game.Square, disc game.Color, label, class []string) (bool, []string, []string) {
		if moves.Has(sq) && !m.NoLegal {
			class = append(class, "lg")
			label = append(label, "legal move")
		}
		switch {
		case sq == m.Trial:
			class = append(class, "t"+b.Turn().String()[:1])
			label = append(label, "trial "+discWord(b.Turn())+" disc")
		case flips.Has(sq):
			class = append(class, "wf", line[sq])
			label = append(label, "would turn over")
		case line[sq] != "":
			class = append(class, line[sq])
			label = append(label, "closes a line")
		case brk[sq] == "gap":
			class = append(class, "gap")
			label = append(label, "a line breaks here: the square is empty")
		case brk[sq] == "edge":
			class = append(class, "edge")
			label = append(label, "a line runs off the board here")
		case sq == m.Placed:
			class = append(class, "pl")
			label = append(label, "just placed")
		case m.Flipped.Has(sq):
			class = append(class, "fl")
			label = append(label, "just turned over")
		}
		return m.Open && disc == game.Empty, label, class
	})
}

// NewRegionBoard lays out an empty size×size board with the squares that
// strategy names marked: the corners ("co"), the X-squares diagonally next
// to them ("xs") and the C-squares beside them on the edges ("cs").
func NewRegionBoard(size int) BoardView {
	b, _ := game.NewBoard(size, game.Bits{}, game.Bits{}, game.Black)
	last := size - 1
	edge := func(i int) int { return min(i, last-i) }
	return layout(b, func(sq game.Square, _ game.Color, label, class []string) (bool, []string, []string) {
		c, r := edge(sq.Col(size)), edge(sq.Row(size))
		switch {
		case c == 0 && r == 0:
			class, label = append(class, "co"), append(label, "corner")
		case c == 1 && r == 1:
			class, label = append(class, "xs"), append(label, "X-square")
		case c+r == 1:
			class, label = append(class, "cs"), append(label, "C-square")
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
	Heading string   // "Trial: White at f3"
	Summary string   // legal or not, and what would turn over
	Lines   []string // one sentence per direction, or per group of them
	// Feedback answers the step's question with this square, or is empty.
	Feedback string
	Right    bool   // the feedback says the answer is right
	Cancel   string // the address without the trial
}

// Question is a step's question: answered by choosing a square (its
// feedback is in the trial) or one of Choices, and revealed in Answer.
type Question struct {
	Prompt   string
	Choices  []string // answers to choose from, if not a square
	Chosen   string
	Feedback string
	Right    bool
	Answer   string
}

// StepLink links to a step.
type StepLink struct {
	URL, Title string
}

// Count is the disc count at the end of a game.
type Count struct {
	Winner                 string // "Black, by 40 to 23"
	Black, White, Empty    int
	BlackScore, WhiteScore int
}

// TutorialPage is one step of the tutorial.
type TutorialPage struct {
	Base
	Step, Steps int
	Heading     string
	Intro       []string
	Board       TrialBoard
	Position    string // the position in words: whose move, the counts
	Trial       *TrialView
	Question    *Question
	Count       *Count
	// Moves lists the moves from the start to the position, or is empty.
	Moves      string
	After      []string
	Prev, Next *StepLink
}

// TutorialIndexPage lists the steps.
type TutorialIndexPage struct {
	Base
	Steps []StepLink
}

// Diagram is a board drawn for reading, not playing, with a description.
type Diagram struct {
	Board       BoardView
	Title       string // the picture's short name
	Description string // what it shows, in words, under it
}

// Section is a part of a reference page: a heading, paragraphs and
// diagrams.
type Section struct {
	ID, Heading string
	Paragraphs  []string
	Diagrams    []Diagram
	Items       []string // a list after the paragraphs
}

// QA is one question of the FAQ.
type QA struct{ Q, A string }

// ReferencePage is the rules, the strategy, the FAQ or the history.
type ReferencePage struct {
	Base
	Heading  string
	Lead     string
	Sections []Section
	FAQ      []QA
}

// PracticePage is the practice board.
type PracticePage struct {
	Base
	Message  Text   // why the last request was refused, or empty
	Status   string // what just happened and whose move it is
	Version  int
	Board    TrialBoard
	Position string
	Trial    *TrialView
	Apply    string // the trial square, when it may be applied
	// ApplyLabel is the apply button's text: "Apply d3 for Black".
	ApplyLabel string
	Placed     int // placements made, of Limit
	Limit      int
	Over       bool
	CanUndo    bool
	CanReset   bool
	// AskReset asks whether to start again, with the form that does it.
	AskReset bool
	// Example offers one legal move, as an example and not as advice.
	Example *ExampleMove
	Moves   string
}

// ExampleMove is a legal move offered as an example, with the address
// that tries it.
type ExampleMove struct {
	Mover, Square, URL string
}
