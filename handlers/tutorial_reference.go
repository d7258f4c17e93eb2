package handlers

import (
	"fmt"
	"net/http"
	"strings"

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
	{"/rules", views.Rules, "Rules", func() (views.ReferencePage, error) { return referenceFrom("rules", rulesDiagrams) }},
	{"/strategy", views.Strategy, "Strategy", func() (views.ReferencePage, error) { return referenceFrom("strategy", nil) }},
	{"/faq", views.FAQ, "Questions and answers", func() (views.ReferencePage, error) { return referenceFrom("faq", nil) }},
	{"/history", views.History, "A short history", func() (views.ReferencePage, error) { return referenceFrom("history", nil) }},
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

// diagramSpec is a diagram's position: the moves from the 8×8 cross
// start, a trial square or "", and whether the last move is marked. Its
// title and description are words, in the page's prose.
type diagramSpec struct {
	moves, try string
	last       bool
}

// rulesDiagrams are the rules page's diagrams, by section.
var rulesDiagrams = map[string][]diagramSpec{
	"board":   {{}},
	"move":    {{try: "d3"}, {moves: "d3e3", try: "f3"}},
	"illegal": {{moves: "d3", try: "f3"}},
	"end":     {{moves: lateGame, last: true}},
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
			x, err := diagram(d.moves, d.try, d.last, words[2*i], words[2*i+1])
			if err != nil {
				return page, fmt.Errorf("%s: diagram %q: %w", name, words[2*i], err)
			}
			sec.Diagrams = append(sec.Diagrams, x)
		}
		page.Sections = append(page.Sections, sec)
	}
	return page, nil
}
