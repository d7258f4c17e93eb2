package handlers

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"reversi/game"
)

// FuzzMove posts arbitrary form values to a game's moves: the server never
// fails with a 500, and a refused move leaves the stored game as it was.
func FuzzMove(f *testing.F) {
	for _, seed := range [][2]string{
		{"2", "d3"}, {"2", "pass"}, {"0", "f5"}, {"2", "a1"}, {"2", "D3"}, {"2", " d3 "}, {"x", "d3"},
		{"2", "d33"}, {"99999", "d3"}, {"-2", "c4"}, {"2", "j10"}, {"2", "\x00"}, {"", ""}, {"2", "PASS"},
	} {
		f.Add(seed[0], seed[1])
	}
	a := newApp(f)
	n := 0
	f.Fuzz(func(t *testing.T, ply, move string) {
		a.t = t
		n++
		id := fmt.Sprintf("fuzz%012d", n)
		id = strings.Map(func(r rune) rune { return 'a' + (r-'0')%26 }, id[4:])
		id = "fuzz" + id
		a.put(id, testPlayer, game.Options{Size: 8}, "f5f6", nil)
		cookie := a.playerCookie(testPlayer)
		before := a.stored(id)
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {ply}, "move": {move}}, cookie)
		after := a.stored(id)
		switch w.Code {
		case http.StatusSeeOther:
			if after.Ply() <= before.Ply() {
				t.Errorf("move %q at ply %q answered 303 but the game did not advance", move, ply)
			}
		case http.StatusBadRequest, http.StatusConflict, http.StatusUnprocessableEntity:
			if !slices.Equal(after.Record.Plies, before.Record.Plies) || after.Updated != before.Updated {
				t.Errorf("move %q at ply %q refused with %d but the game changed", move, ply, w.Code)
			}
		default:
			t.Errorf("move %q at ply %q = %d, want 303, 400, 409 or 422", move, ply, w.Code)
		}
	})
}
