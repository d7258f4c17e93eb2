package views

import (
	"fmt"
	"strings"

	"reversi/game"
	"reversi/play"
)

// The reference pages (rules, strategy, FAQ, history): their prose, in
// lang/CODE/NAME.txt, and their diagrams, positions drawn with the board
// partial and described in words.

// diagram draws d, with its title and description.
func diagram(d diagramSpec, title, description Text) (Diagram, error) {
	g, err := game.ParseTranscript(game.Options{Size: 8, Start: d.start}, d.moves)
	if err != nil {
		return Diagram{}, err
	}
	ps, err := g.Positions()
	if err != nil {
		return Diagram{}, err
	}
	b := ps[len(ps)-1]
	if d.regions {
		return Diagram{Board: NewRegionBoard(b.Size()).BoardView, Title: title, Description: description}, nil
	}
	m := TrialMarks{Trial: game.Pass, Placed: game.Pass}
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
			return Diagram{}, err
		}
		m.Trial, m.Lines = sq, b.Trial(sq)
	}
	return Diagram{Board: NewTrialBoard(b, m).BoardView, Title: title, Description: description}, nil
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

// Reference builds the reference page name (rules, strategy, faq,
// history) from lang/CODE/name.txt and its diagrams.
func Reference(name string) (ReferencePage, error) {
	return referenceFrom(name, referenceDiagrams[name])
}

// referenceDiagrams are each reference page's diagrams, by section.
var referenceDiagrams = map[string]map[string][]diagramSpec{
	"rules": rulesDiagrams, "strategy": strategyDiagrams,
}

// referenceFrom builds a reference page from the prose name, laid out from
// English's lang/en/name.txt and said in the reader's language: the
// entry "lead", then one section per other entry without a dot in its key
// (its first paragraph the heading), with the list "ID.items" and the
// diagrams of specs[ID], titled and described by the pairs of paragraphs
// in "ID.diagrams"; the entry "faq" holds questions and answers in turn.
func referenceFrom(name string, specs map[string][]diagramSpec) (ReferencePage, error) {
	w, err := LoadProse(name)
	if err != nil {
		return ReferencePage{}, err
	}
	key := func(id string) string { return name + "/" + id }
	if len(w.Paras("lead")) != 1 {
		return ReferencePage{}, fmt.Errorf("%s: lead has %d paragraphs, want 1", name, len(w.Paras("lead")))
	}
	page := ReferencePage{Lead: Para(key("lead"), 0)}
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
				page.FAQ = append(page.FAQ, QA{Q: Para(key(id), i), A: Para(key(id), i+1)})
			}
			continue
		}
		ps := w.Paras(id)
		if len(ps) == 0 {
			return page, fmt.Errorf("%s: section %s has no heading", name, id)
		}
		sec := Section{ID: id, Heading: Para(key(id), 0)}
		for i := 1; i < len(ps); i++ {
			sec.Paragraphs = append(sec.Paragraphs, Para(key(id), i))
		}
		for i := range w.Paras(id + ".items") {
			sec.Items = append(sec.Items, Para(key(id+".items"), i))
		}
		words := w.Paras(id + ".diagrams")
		if len(words) != 2*len(specs[id]) {
			return page, fmt.Errorf("%s: section %s has %d diagrams and %d paragraphs for them", name, id, len(specs[id]), len(words))
		}
		for i, d := range specs[id] {
			dk := key(id + ".diagrams")
			x, err := diagram(d, Para(dk, 2*i), Para(dk, 2*i+1))
			if err != nil {
				return page, fmt.Errorf("%s: diagram %q: %w", name, words[2*i], err)
			}
			sec.Diagrams = append(sec.Diagrams, x)
		}
		page.Sections = append(page.Sections, sec)
	}
	return page, nil
}
