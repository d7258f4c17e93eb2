package views

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
)

// puzzleSamples are puzzles whose pages between them say every kind of
// verdict: a best move that wins, draws and loses, every theme, and a
// line with a pass.
func puzzleSamples(t *testing.T) []*puzzle.Puzzle {
	t.Helper()
	var out []*puzzle.Puzzle
	var values [3]bool
	var themes puzzle.Theme
	passed := false
	for _, p := range play.Puzzles() {
		v := 1
		if b := p.Best().Value; b > 0 {
			v = 2
		} else if b < 0 {
			v = 0
		}
		pass := false
		for _, m := range p.Line {
			pass = pass || m == game.Pass
		}
		if !values[v] || p.Themes&^themes != 0 || pass && !passed {
			out = append(out, p)
			values[v], themes, passed = true, themes|p.Themes, passed || pass
		}
	}
	if !values[0] || !values[2] || !passed || len(themes.Themes()) != 5 {
		t.Logf("the set lacks some kinds of verdict: values %v, themes %v, a pass %v", values, themes, passed)
	}
	return out
}

// puzzlePages lays out, afresh (a Text's arguments are said in place),
// the list and every sample's page: the task, a right answer, a wrong
// one, and a refused answer.
func puzzlePages(t *testing.T) []struct {
	name string
	data any
} {
	t.Helper()
	pr := &club.PuzzleProgress{Solved: 1, Streak: 1, Best: 2, Level: 2}
	var pages []struct {
		name string
		data any
	}
	add := func(name string, data any) {
		pages = append(pages, struct {
			name string
			data any
		}{name, data})
	}
	base := func(title Text, sk SkipLink) Base { return Base{Title: title, Skip: sk.Target, SkipText: sk.Text} }
	add(PuzzleIndexName, PuzzleIndexPageFor(play.PuzzleIndexFor(pr, 3), base))
	for _, p := range puzzleSamples(t) {
		add(PuzzlePageName, PuzzlePageFor(play.PuzzleFor(p, nil, pr, 3), base, "", Text{}))
		for _, m := range []game.Square{p.Moves[0].Move, p.Moves[1].Move} {
			a, err := play.CheckPuzzle(p, m)
			if err != nil {
				t.Fatal(err)
			}
			add(PuzzlePageName, PuzzlePageFor(play.PuzzleFor(p, &a, pr, 3), base, "", Text{}))
		}
		add(PuzzlePageName, PuzzlePageFor(play.PuzzleFor(p, nil, pr, 3), base, "", MsgPuzzleSquare()))
	}
	return pages
}

var (
	pageTags    = regexp.MustCompile(`(?s)<[^>]*>`)
	pageLabels  = regexp.MustCompile(`(?:aria-label|title|alt)="([^"]*)"`)
	latinWord   = regexp.MustCompile(`[A-Za-z]{2,}`)
	squareName  = regexp.MustCompile(`^[a-j](?:10|[1-9])$`)
	puzzleWords = regexp.MustCompile(`[A-Za-z]+`)
)

// TestPuzzlePagesTranslated renders the puzzle pages in French and
// Japanese and looks for English in their title, main part and names
// read aloud: the puzzles' own English words in French, any Latin word
// but a square's name in Japanese.
func TestPuzzlePagesTranslated(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	en := English()
	// English words of the puzzles' entries that French does not share.
	frShares := map[string]bool{"normal": true, "sacrifice": true, "final": true, "exact": true, "position": true}
	english := map[string]bool{}
	for key, ps := range en.entries {
		if strings.HasPrefix(key, "puzzle.") {
			for _, w := range puzzleWords.FindAllString(ps[0], -1) {
				if w = strings.ToLower(w); !frShares[w] && len(w) > 1 {
					english[w] = true
				}
			}
		}
	}
	for _, l := range translated() {
		code := l.Code
		for _, pg := range puzzlePages(t) {
			buf, err := v.Render(l, pg.name, pg.data)
			if err != nil {
				t.Fatalf("%s %s: %v", code, pg.name, err)
			}
			html := buf.String()
			Release(buf)
			mainPart := html[strings.Index(html, "<main"):strings.Index(html, "</main>")]
			title := html[strings.Index(html, "<title>"):strings.Index(html, "</title>")]
			text := pageTags.ReplaceAllString(title+" "+mainPart, " ")
			for _, m := range pageLabels.FindAllStringSubmatch(mainPart, -1) {
				text += " " + m[1]
			}
			for _, w := range latinWord.FindAllString(text, -1) {
				switch {
				case squareName.MatchString(w):
				case code == "ja", english[strings.ToLower(w)]:
					t.Errorf("%s %s: %q is English:\n%s", code, pg.name, w, text)
				}
			}
		}
	}
}

// TestPuzzleWords checks a few of the puzzles' sentences in each
// language.
func TestPuzzleWords(t *testing.T) {
	fr, ja := Lookup("fr", ""), Lookup("ja", "")
	for _, tt := range []struct {
		l    *Lang
		text Text
		want string
	}{
		{English(), PuzzleValue(12), "wins by 12"},
		{English(), PuzzleValue(0), "draws"},
		{English(), PuzzleValue(-4), "loses by 4"},
		{English(), PuzzleNextLabel(0), "Your next puzzle (grade 1)"},
		{English(), PuzzleThemes(puzzle.Corner | puzzle.WipeOut), "The idea: taking a corner; a wipe-out."},
		{English(), PuzzleThemes(0), ""},
		{English(), PuzzleGrade{Count: 1, Solved: 0}.Counts(), ": 1 puzzle, 0 solved"},
		{Lookup("en", NamesDarkLight), Say("puzzle.task.win", game.White), "Light to move: find the move that wins by the most."},
		{fr, PuzzleValue(-4), "perd de 4"},
		{fr, PuzzleGrade{Count: 75, Solved: 0}.Counts(), "\u00a0: 75 problèmes, 0 résolu"},
		{fr, PuzzleGrade{Count: 75, Solved: 2}.Counts(), "\u00a0: 75 problèmes, 2 résolus"},
		{fr, PuzzleThemes(puzzle.Corner | puzzle.WipeOut), "L’idée\u00a0: la prise d’un coin\u202f; l’élimination de tous les pions adverses."},
		{fr, Say("puzzle.progress", 0, 0, 0, 1, 5), "Votre progression\u00a0: 0 problème résolu au premier essai, une série de 0 (record\u00a0: 0), difficulté 1 sur 5 atteinte."},
		{ja, PuzzleTitle(12), "第12問"},
		{ja, PuzzleValue(12), "12個差で勝ちます"},
		{ja, PuzzleGrade{Count: 75, Solved: 3}.Counts(), "：75問、正解済み3問"},
	} {
		if got := tt.l.Say(tt.text); got != tt.want {
			t.Errorf("%s: Say(%v) = %q, want %q", tt.l.Code, tt.text, got, tt.want)
		}
	}
}

// TestPuzzleLinePasses checks the passes among a line's moves: spaced in
// English, not in Japanese.
func TestPuzzleLinePasses(t *testing.T) {
	for _, p := range play.Puzzles() {
		if !slices.Contains(p.Line, game.Pass) || p.Line[0] == game.Pass {
			continue
		}
		en := English().Say(PuzzleLine(p))
		if !regexp.MustCompile(`[a-h][1-8] \((Black|White) passes\) [a-h][1-8]`).MatchString(en) {
			t.Errorf("English line: %s", en)
		}
		ja := Lookup("ja", "").Say(PuzzleLine(p))
		if !regexp.MustCompile(`[a-h][1-8]（[^）]+はパス）[a-h][1-8]`).MatchString(ja) || strings.Contains(ja, " （") {
			t.Errorf("Japanese line: %s", ja)
		}
		return
	}
	t.Fatal("no puzzle's line has a pass between moves")
}
