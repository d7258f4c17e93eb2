package handlers

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"

	"reversi/club"
	"reversi/game"
)

// BenchmarkMoveAndPage measures the server's side of one move in a
// two-player game: the POST (session, load, replay, rules, conditional
// update, 303) and the GET of the page that follows (load, replay, render,
// gzip), through Routes on a database in a temp directory.
func BenchmarkMoveAndPage(b *testing.B) {
	a := newApp(b)
	cookie := a.playerCookie(testPlayer)
	n := 0
	var id string
	var g *game.Game
	newGame := func() {
		n++
		id = "benchgame"
		for k := n; len(id) < 16; k /= 26 {
			id += string(rune('a' + k%26))
		}
		a.put(id, testPlayer, game.Options{Size: 8}, "", func(x *club.Game) { x.Opponent, x.Human = club.Local, game.Empty })
		g, _ = game.NewGame(game.Options{Size: 8})
	}
	newGame()
	for b.Loop() {
		bd, _ := g.Board()
		if bd.Over() {
			b.StopTimer()
			newGame()
			b.StartTimer()
			bd, _ = g.Board()
		}
		m := bd.Moves().First()
		ply := len(g.Plies)
		w := a.do("POST", "/games/"+id+"/moves", url.Values{"ply": {strconv.Itoa(ply)}, "move": {m.Name(8)}}, cookie)
		if w.Code != http.StatusSeeOther {
			b.Fatalf("move = %d", w.Code)
		}
		g.Play(m)
		req := httptest.NewRequest("GET", "/games/"+id, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("page = %d", rec.Code)
		}
	}
}
