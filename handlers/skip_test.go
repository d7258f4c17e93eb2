package handlers

import (
	"strings"
	"testing"

	"reversi/game"
)

// TestGameSkipToControls checks that the game page offers, before the
// board's squares (each a tab stop without JavaScript), a link past them
// to the game's controls, in each language, and that its target holds
// Undo and Hint.
func TestGameSkipToControls(t *testing.T) {
	for _, tc := range []struct{ lang, text string }{
		{"en", "Skip past the board to the game&#39;s controls"},
		{"fr", "Passer le plateau et aller aux commandes de la partie"},
		{"ja", "盤を飛ばして対局の操作へ移動"},
	} {
		a := newApp(t)
		a.put("midgamemidgamemi", testPlayer, game.Options{Size: 8}, midGame8, nil)
		body := a.do("GET", "/games/midgamemidgamemi", nil, a.inLanguage(tc.lang)).Body.String()
		link := strings.Index(body, `<a class="skip" href="#controls">`+tc.text+`</a>`)
		square := strings.Index(body, `<button name="move"`)
		target := strings.Index(body, `id="controls" tabindex="-1"`)
		undo := strings.Index(body, `/undo"`)
		if link < 0 || square < 0 || target < 0 || !(link < square && square < target && target < undo) {
			t.Errorf("%s: skip link at %d, first square at %d, controls at %d, undo at %d: want them in that order", tc.lang, link, square, target, undo)
		}
	}
}
