package handlers

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/game"
	"reversi/play"
	"reversi/views"
)

// referencePage is one of the reference pages: the rules, strategy, FAQ
// and history, written in our own words.
type referencePage struct {
	path, page, title string
	build             func() (views.ReferencePage, error)
}

var referencePages = []referencePage{
	{"/rules", views.Rules, views.RulesTitle, func() (views.ReferencePage, error) { return referenceFrom("rules", rulesDiagrams) }},
	{"/strategy", views.Strategy, views.StrategyTitle, func() (views.ReferencePage, error) { return referenceFrom("strategy", strategyDiagrams) }},
	{"/faq", views.FAQ, views.FAQTitle, func() (views.ReferencePage, error) { return referenceFrom("faq", nil) }},
	{"/history", views.History, views.HistoryTitle, func() (views.ReferencePage, error) { return referenceFrom("history", nil) }},
}

func (s *Server) reference(ref referencePage) func(*gin.Context) error {
	return func(c *gin.Context) error {
		page, err := ref.build()
		if err != nil {
			return fmt.Errorf("%s page: %w", ref.page, err)
		}
		page.Base = s.base(ref.title, views.SkipToMain)
		page.Heading = ref.title
		s.writePage(c.Writer, c.Request, http.StatusOK, ref.page, page)
		return nil
	}
}

// diagram draws d, with its title and description.
func diagram(d diagramSpec, title, description string) (views.Diagram, error) {
	g, err := game.ParseTranscript(game.Options{Size: 8, Start: d.start}, d.moves)
	if err != nil {
		return views.Diagram{}, err
	}
	ps, err := g.Positions()
	if err != nil {
		return views.Diagram{}, err
	}
	b := ps[len(ps)-1]
	if d.regions {
		return views.Diagram{Board: views.NewRegionBoard(b.Size()), Title: title, Description: description}, nil
	}
	m := views.TrialMarks{Trial: game.Pass, Placed: game.Pass}
	for i := len(g.Plies) - 1; d.last && i >= 0; i-- {
		if g.Plies[i] != game.Pass {
			m.Placed = g.Plies[i]
			_, m.Flipped, _ = ps[i].Play(m.Placed)
			break
		}
	}
	if d.try != "" {
		sq, err := game.ParseSquare(8, d.try)
		if err != nil {
			return views.Diagram{}, err
		}
		m.Trial, m.Lines = sq, b.Trial(sq)
	}
	return views.Diagram{Board: views.NewTrialBoard(b, m), Title: title, Description: description}, nil
}

// diagramSpec is a diagram's position: the moves from an 8×8 start
// (cross unless start says otherwise), a trial square or "", and whether
// the last move is marked; or, with regions, the empty board with its
// corners, X-squares and C-squares marked. Its title and description are
// words, in the page's prose.
type diagramSpec struct {
	moves, try string
	last       bool
	start      game.Start
	regions    bool
}

// fullGame is a game from the cross start that fills the board, Black
// winning 33 to 31: a random game (seed 7), checked by TestFullGame.
const fullGame = "f5f4e3d2d3e6f3g5f2c2f6g2h5c6d1f7g3h4e7c3b1h6c5c1h2c4e2h1d6c7b8g1f1e8b7b6b5a7b2b3g7h7h8a5d8a8a6b4g6a2a3h3g8f8a1a4e1d7c8g4"

// rulesDiagrams are the rules page's diagrams, by section.
var rulesDiagrams = map[string][]diagramSpec{
	"board":   {{}, {start: game.Parallel}, {start: game.Free}},
	"move":    {{try: "d3"}, {moves: "d3e3", try: "f3"}},
	"illegal": {{moves: "d3", try: "f3"}},
	"pass":    {{moves: play.LateBeforePass, last: true}},
	"end":     {{moves: play.LateGame, last: true}, {moves: fullGame, last: true}},
}

// strategyDiagrams are the strategy page's diagrams, by section.
var strategyDiagrams = map[string][]diagramSpec{
	"x-c": {{regions: true}},
}

// referenceFrom builds a reference page from views/prose/name.txt: the
// entry "lead", then one section per other entry without a dot in its key
// (its first paragraph the heading), with the list "ID.items" and the
// diagrams of specs[ID], titled and described by the pairs of paragraphs
// in "ID.diagrams"; the entry "faq" holds questions and answers in turn.
func referenceFrom(name string, specs map[string][]diagramSpec) (views.ReferencePage, error) {
	w, err := views.LoadProse(name)
	if err != nil {
		return views.ReferencePage{}, err
	}
	page := views.ReferencePage{Lead: w.Text("lead")}
	for _, id := range w.Keys() {
		switch {
		case id == "lead" || strings.Contains(id, "."):
			continue
		case id == "faq":
			qa := w.Paras(id)
			if len(qa)%2 != 0 {
				return page, fmt.Errorf("%s: faq has a question without an answer", name)
			}
			for i := 0; i < len(qa); i += 2 {
				page.FAQ = append(page.FAQ, views.QA{Q: qa[i], A: qa[i+1]})
			}
			continue
		}
		ps := w.Paras(id)
		if len(ps) == 0 {
			return page, fmt.Errorf("%s: section %s has no heading", name, id)
		}
		sec := views.Section{ID: id, Heading: ps[0], Paragraphs: ps[1:], Items: w.Paras(id + ".items")}
		words := w.Paras(id + ".diagrams")
		if len(words) != 2*len(specs[id]) {
			return page, fmt.Errorf("%s: section %s has %d diagrams and %d paragraphs for them", name, id, len(specs[id]), len(words))
		}
		for i, d := range specs[id] {
			x, err := diagram(d, words[2*i], words[2*i+1])
			if err != nil {
				return page, fmt.Errorf("%s: diagram %q: %w", name, words[2*i], err)
			}
			sec.Diagrams = append(sec.Diagrams, x)
		}
		page.Sections = append(page.Sections, sec)
	}
	return page, nil
}
