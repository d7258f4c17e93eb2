package handlers

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/views"
)

// referencePage is one of the reference pages: the rules, strategy, FAQ
// and history, written in our own words.
type referencePage struct {
	path, page, title string
	build             func() (views.ReferencePage, error)
}

var referencePages = []referencePage{
	{"/rules", views.Rules, "Rules", rulesPage},
	{"/strategy", views.Strategy, "Strategy", strategyPage},
	{"/faq", views.FAQ, "Questions and answers", faqPage},
	{"/history", views.History, "A short history", historyPage},
}

func (s *Server) reference(ref referencePage) func(*gin.Context) error {
	return func(c *gin.Context) error {
		page, err := ref.build()
		if err != nil {
			return fmt.Errorf("%s page: %w", ref.page, err)
		}
		page.Base = s.base(ref.title, "main", "Skip to the main content")
		page.Heading = ref.title
		s.writePage(c.Writer, c.Request, http.StatusOK, ref.page, page)
		return nil
	}
}

// diagram draws the position after moves (8×8 cross start) with a trial
// at try ("" for none) and the last move marked when last is set.
func diagram(moves, try string, last bool, title, description string) (views.Diagram, error) {
	b, placed, flipped, err := stepBoard(tutorialStep{moves: moves})
	if err != nil {
		return views.Diagram{}, err
	}
	m := views.TrialMarks{Trial: game.Pass, Placed: game.Pass}
	if last {
		m.Placed, m.Flipped = placed, flipped
	}
	if try != "" {
		sq, err := game.ParseSquare(8, try)
		if err != nil {
			return views.Diagram{}, err
		}
		m.Trial, m.Lines = sq, b.Trial(sq)
	}
	return views.Diagram{Board: views.NewTrialBoard(b, m), Title: title, Description: description}, nil
}

func diagrams(specs ...[5]string) ([]views.Diagram, error) {
	var ds []views.Diagram
	for _, d := range specs {
		x, err := diagram(d[0], d[1], d[2] == "last", d[3], d[4])
		if err != nil {
			return nil, fmt.Errorf("diagram %q: %w", d[3], err)
		}
		ds = append(ds, x)
	}
	return ds, nil
}

func rulesPage() (views.ReferencePage, error) {
	start, err := diagrams([5]string{"", "", "", "Diagram 1: the cross start",
		"Diagram 1. The cross start on the 8×8 board: White on d4 and e5, Black on e4 and d5, each colour on its own diagonal. Black moves first; its legal moves, d3, c4, f5 and e6, have a small ring."})
	if err != nil {
		return views.ReferencePage{}, err
	}
	move, err := diagrams(
		[5]string{"", "d3", "", "Diagram 2: Black tries d3",
			"Diagram 2. Black tries d3 (the hollow disc). A stripe runs down from d3 over White's d4 to Black's d5: d4 is trapped, and its dot shows the colour it would turn to."},
		[5]string{"d3e3", "f3", "", "Diagram 3: one move closes two lines",
			"Diagram 3. Later, Black tries f3. Two lines close at once: going left, White's e3 against Black's d3, and going down and left, White's e4 against Black's d5. Both would turn over."},
	)
	if err != nil {
		return views.ReferencePage{}, err
	}
	fail, err := diagrams([5]string{"d3", "f3", "", "Diagram 4: a placement that traps nothing",
		"Diagram 4. White tries f3. Going down and left, Black's e4 and d5 are followed by the empty c6, so that line is not closed; going left, e3 is empty. f3 traps nothing, so White may not play there. White's legal moves, c3, e3 and c5, have a small ring."})
	if err != nil {
		return views.ReferencePage{}, err
	}
	end, err := diagrams([5]string{lateGame, "", "last", "Diagram 5: the game is over with a square empty",
		"Diagram 5. The end of a game: White has just played g2 (the small square), turning f3. Only g1 is empty, and it traps nothing for either side, so the game is over. Black has 40 discs and White 23; g1 counts for nobody."})
	if err != nil {
		return views.ReferencePage{}, err
	}
	return views.ReferencePage{
		Lead: "Reversi is a game for two players on a square board, with discs that are black on one face and white on the other. One player owns the black faces, the other the white.",
		Sections: []views.Section{
			{ID: "board", Heading: "The board and the start", Paragraphs: []string{
				"The standard board has 8 by 8 squares; here you can also play on 6 by 6 (quick) and 10 by 10 (long). Columns are lettered from a on the left and rows numbered from 1 at the top, so a1 is the top-left corner and h8 the bottom-right one.",
				"Four discs start in the centre. In the usual cross start White holds d4 and e5 and Black holds e4 and d5, so each colour lies on its own diagonal. Black moves first. Two other starts are offered: parallel, with both white discs on top, and free placement, where the board starts empty and the players take turns putting the first four discs on the centre squares.",
			}, Diagrams: start},
			{ID: "move", Heading: "A move", Paragraphs: []string{
				"Place a disc of your colour on an empty square so that at least one straight line, across, up and down, or diagonal, runs from the new disc over one or more of your opponent's discs and ends at one of yours. The discs in between are trapped and turn over to your colour.",
			}, Items: []string{
				"Every line you close turns over, in all eight directions at once: you cannot choose.",
				"Only lines that start at the disc you place count. A disc that turns over traps nothing itself: there are no chain reactions.",
				"An empty square breaks a line, and a line that reaches the edge of the board without meeting your disc traps nothing.",
			}, Diagrams: move},
			{ID: "illegal", Heading: "Where you may not play", Paragraphs: []string{
				"A square where no line closes is not a move, even if it touches your opponent's discs.",
			}, Diagrams: fail},
			{ID: "pass", Heading: "Passing", Paragraphs: []string{
				"If you have no legal move, you pass and your opponent plays again. You may never pass while you have a move. A player may have to pass several times in a row.",
			}},
			{ID: "end", Heading: "The end of the game", Paragraphs: []string{
				"The game ends when neither player can move: usually when the board is full, sometimes earlier, with empty squares left or with one colour wiped out. Whoever has more discs wins; equal numbers are a draw.",
				"Empty squares count for nobody in the disc count. The tournament score, used to rank players at events, gives them to the winner, or splits them on a draw.",
			}, Diagrams: end},
		},
	}, nil
}

func strategyPage() (views.ReferencePage, error) {
	return views.ReferencePage{
		Lead: "Counting discs too early is the classic beginner's mistake: the lead changes hands many times, and only the last count matters. In the middle of the game, what counts is where your discs are and how many choices each side has.",
		Sections: []views.Section{
			{ID: "corners", Heading: "Corners", Paragraphs: []string{
				"A disc in a corner can never be turned over, because no line can run past it. Corners anchor edges that cannot be taken back, and they are worth a great deal.",
			}},
			{ID: "x-c", Heading: "X-squares and C-squares", Paragraphs: []string{
				"The squares diagonally next to a corner (b2, g2, b7 and g7 on 8×8) are X-squares; the edge squares right beside a corner (b1 and a2, and their mirror images at the other corners) are C-squares. Taking one while its corner is empty often hands that corner to your opponent. Once the corner is taken they are much safer.",
			}},
			{ID: "quiet", Heading: "Quiet moves", Paragraphs: []string{
				"A good move often turns over few discs, none of them next to empty squares, and opens no new lines for the other side. A move that turns a whole row can be a gift to your opponent.",
			}},
			{ID: "mobility", Heading: "Mobility", Paragraphs: []string{
				"Try to keep many moves for yourself and leave few for your opponent. A player who is short of moves has to take bad squares, and one with no moves at all must pass.",
			}},
			{ID: "frontier", Heading: "Frontier discs", Paragraphs: []string{
				"Discs next to empty squares are frontier discs: they give your opponent places to play. Keep your discs inside, behind a wall of your opponent's, and your options last while theirs run out.",
			}},
			{ID: "edges", Heading: "Edges", Paragraphs: []string{
				"An edge full of your discs looks strong, but it can be attacked. Before you take edge squares, think about which squares along that edge your opponent could take next.",
			}},
			{ID: "parity", Heading: "Endgame parity", Paragraphs: []string{
				"Near the end the empty squares split into small regions. As a rule you want the last move in each region, because the last disc played there cannot be turned back. In a region with an odd number of empty squares, the player who moves there first tends to get the last move in it as well.",
			}},
		},
	}, nil
}

func faqPage() (views.ReferencePage, error) {
	return views.ReferencePage{
		Lead: "Short answers to questions that come up often.",
		FAQ: []views.QA{
			{Q: "Is Reversi the same as Othello?", A: "Othello is a trade name for the same game with fixed rules: an 8×8 board, the cross start and Black first. Those are the rules used here by default."},
			{Q: "Can I pass when I don't like my moves?", A: "No. You pass only when you have no legal move at all; then a Pass button appears."},
			{Q: "Do discs that turn over turn more discs?", A: "No. Only lines that start at the disc you place count. There are no chain reactions."},
			{Q: "Who wins if the board isn't full?", A: "The game ends as soon as neither side can move. The player with more discs wins. Empty squares count for nobody, though the tournament score gives them to the winner."},
			{Q: "Why did the computer pass?", A: "It had no legal move. The page says so in words."},
			{Q: "Can I play without JavaScript or with a screen reader?", A: "Yes. Every square is a button with a name such as \"d3, empty, legal move, flips 2\". Tab to a square and press Enter or Space."},
			{Q: "Does the tutorial or the practice board change my games?", A: "No. Trials in the tutorial change nothing at all, and the practice board is kept apart from your games."},
			{Q: "Does undo count against me?", A: "The result shows how many undos and hints you used; nothing else."},
			{Q: "How strong is Hard?", A: "It looks several moves ahead, values mobility and discs that can no longer be turned, and plays the last dozen or so moves perfectly. It still slips now and then, so a strong player can beat it."},
		},
	}, nil
}

func historyPage() (views.ReferencePage, error) {
	return views.ReferencePage{
		Lead: "A board game that is more than a hundred years old, and still a favourite test for computer programs.",
		Sections: []views.Section{
			{ID: "england", Heading: "England, late in the nineteenth century", Paragraphs: []string{
				"The game appeared in England in the late nineteenth century, and two men each claimed to have invented it. Early games often began on an empty board, with the first discs placed freely in the centre, and some versions gave each player a fixed supply of discs.",
			}},
			{ID: "japan", Heading: "Europe and Japan", Paragraphs: []string{
				"It spread to continental Europe and had reached Japan by about 1900, where it was played as Genpei-go, after the Genji and the Heike, two rival clans of Japanese history.",
			}},
			{ID: "othello", Heading: "The standard rules", Paragraphs: []string{
				"Over the twentieth century the crossed start and Black moving first became the standard, and the Othello brand of the 1970s fixed them.",
			}},
			{ID: "computers", Heading: "Computers", Paragraphs: []string{
				"Reversi became a classic test for computer programs, and since the late 1990s programs have played it better than the best people. In 2023 researchers announced that perfect play on the 8×8 board from the standard start leads to a draw.",
			}},
		},
	}, nil
}
