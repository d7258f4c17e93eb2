package handlers

import (
	"strings"
	"testing"

	"reversi/game"
)

// TestBoardLegend checks the legend of the marks beside the game board,
// in each language, and that a text browser shows the marks in the text
// board itself: "*" before the discs just placed, "~" before those just
// flipped, where the sentence alone said so before.
func TestBoardLegend(t *testing.T) {
	for _, tc := range []struct{ lang, yours, latest, flipped string }{
		{"en", "triangle in the corner: your last move", "tinted square: the latest move", "ringed dot: a disc just flipped"},
		{"fr", "votre dernier coup", "le dernier coup joué", "un pion qui vient d’être retourné"},
		{"ja", "あなたが最後に打った手", "直前に打たれた手", "いま裏返った石"},
	} {
		a := newApp(t)
		a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
		body := a.do("GET", "/games/midgamemidgamemi", nil, a.inLanguage(tc.lang)).Body.String()
		for _, want := range []string{`<ul class="legend"`, tc.yours, tc.latest, tc.flipped} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the game page lacks %q", tc.lang, want)
			}
		}
	}
	w3mPath(t)
	a := newApp(t)
	a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
	dump := dumpW3m(t, a.do("GET", "/games/midgamemidgamemi", nil, a.playerCookie(testPlayer)).Body.String())
	// The last plies are d8 (the player's), then d3 (the computer's),
	// which flipped c3 and c4.
	for _, want := range []string{"3 O O~O*O X X + -", "4 O O~O X X X - -", "8 + + -*X - - - -", "* triangle in the corner", "~ ringed dot"} {
		if !strings.Contains(dump, want) {
			t.Errorf("w3m shows no %q:\n%s", want, dump)
		}
	}
}

// TestBoardLegendOnlyWhatIsShown checks that the legend explains only the
// marks on the board: none on a fresh game, no "your last move" in a game
// for two at one device, where every placed disc is the latest move.
func TestBoardLegendOnlyWhatIsShown(t *testing.T) {
	a := newApp(t)
	id, cookie := a.start(nil, "opponent", "local")
	if body := a.do("GET", "/games/"+id, nil, cookie).Body.String(); strings.Contains(body, `class="legend"`) {
		t.Errorf("a fresh game's page has a legend")
	}
	a.do("POST", "/games/"+id+"/moves", map[string][]string{"ply": {"0"}, "move": {"f5"}}, cookie)
	body := a.do("GET", "/games/"+id, nil, cookie).Body.String()
	if !strings.Contains(body, "the latest move") || strings.Contains(body, "your last move") {
		t.Errorf("a local game after f5: want the latest move explained and not your last move")
	}
}
