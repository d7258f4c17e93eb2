package handlers

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"reversi/db"
	"reversi/game"
	"reversi/play"
)

// game60 is a whole 8×8 game of 60 moves, between two Normal players.
const game60 = "f5f6c4f4g5h4h5h6f3e3d3d6e6c3c5c6f7f8d7e8c8d2d1e1f1d8c2c1b5a4a6a5a3e7g6g4h3c7e2b4b6g3f2b8b3h2g8h8g7h7b1a2a1b2g2h1g1a7a8b7"

// putReview stores a made-up review of game id (whose record is g): every
// move best, but for the losses given by move number, exact from move 37
// (24 empties) on.
func putReview(t *testing.T, a *testApp, id string, g *game.Game, losses map[int]int) {
	t.Helper()
	ps, err := g.Positions()
	if err != nil {
		t.Fatal(err)
	}
	var r play.Review
	r.ExactEmpties = 24
	number := 0
	for i, m := range g.Plies {
		if m == game.Pass {
			continue
		}
		number++
		b := ps[i]
		mr := play.MoveReview{Ply: i, Number: number, Side: b.Turn(), Played: m, Best: m, Exact: number >= 37,
			BestValue: (number%7 - 3) * 2}
		if b.Moves().Count() == 1 {
			mr.Forced, mr.BestValue = true, 0
		}
		mr.PlayedValue = mr.BestValue
		if l, ok := losses[number]; ok {
			mr.PlayedValue -= l
			for _, sq := range b.Moves().Squares() {
				if sq != m {
					mr.Best = sq
					break
				}
			}
		}
		r.Moves = append(r.Moves, mr)
	}
	body, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.store.SaveReview(context.Background(), &db.Review{GameID: id, Ply: len(g.Plies), Body: string(body)}); err != nil {
		t.Fatal(err)
	}
}

// TestReviewPage shows the review of a 60-move game: a graph that says
// where the game turned, a table of every move, a board at each of the
// three biggest mistakes with links to replay and play on; an estimated
// loss within the error is not called a mistake; the page is light and
// reads in a text browser.
func TestReviewPage(t *testing.T) {
	a := newApp(t)
	a.put("sixtymovesixtymo", testPlayer, game.Options{Size: 8}, game60, func(g *db.Game) { g.Opponent, g.Human = db.Local, game.Empty })
	g, err := game.ParseTranscript(game.Options{Size: 8}, game60)
	if err != nil {
		t.Fatal(err)
	}
	// Move 21 loses about 20 by the estimate, which ranks as 20 less the
	// error; 35 about 6, under twice the error: unsure, not a mistake;
	// 37, 44 and 50 lose 12, 4 and 9 exactly.
	putReview(t, a, "sixtymovesixtymo", g, map[int]int{21: 20, 35: 6, 37: 12, 44: 4, 50: 9})
	cookie := a.playerCookie(testPlayer)
	w := a.do("GET", "/games/sixtymovesixtymo/review", nil, cookie)
	body := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("GET review = %d:\n%s", w.Code, body)
	}
	if n := strings.Count(body, `<svg class="mboard"`); n != 3 {
		t.Errorf("%d boards, want 3 (one per biggest mistake)", n)
	}
	mistakes := regexp.MustCompile(`<li><p>Move (\d+),`).FindAllStringSubmatch(body, -1)
	var got []string
	for _, m := range mistakes {
		got = append(got, m[1])
	}
	if strings.Join(got, " ") != "21 37 50" {
		t.Errorf("biggest mistakes: moves %v, want 21 37 50", got)
	}
	for _, want := range []string{
		"The game turned at move 21, when",
		`<td><a href="/games/sixtymovesixtymo/replay?ply=`, `≈6, unsure</td>`, `>12</td></tr>`,
		`<a href="/games/sixtymovesixtymo/replay?ply=`, `#playon">Play on from move 21</a>`,
		"is crossed (×)", "is ringed (○)",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the review lacks %q", want)
		}
	}
	if n := strings.Count(body, "<tr><td>"); n != 60 {
		t.Errorf("%d rows in the table of moves, want 60", n)
	}
	// Light: at most 8 KB gzipped.
	if n := gzipSize(t, a, "/games/sixtymovesixtymo/review", cookie); n > 8<<10 {
		t.Errorf("review page is %d bytes gzipped, want at most 8 KB", n)
	} else {
		t.Logf("review page of a 60-move game: %d bytes gzipped", n)
	}
	// A text browser shows the description, the mistakes' words and the
	// table.
	dump := dumpW3m(t, body)
	if testing.Verbose() {
		t.Log(dump)
	}
	for _, want := range []string{"The game turned at move 21", "is crossed (×)", "Play on from move 21", "Value played"} {
		if !strings.Contains(dump, want) {
			t.Errorf("w3m shows no %q:\n%s", want, dump)
		}
	}
}
