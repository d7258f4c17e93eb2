package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"reversi/club"
	"reversi/game"
	"reversi/play"
	"reversi/play/puzzle"
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
	if err := a.store.SaveReview(context.Background(), &club.Review{GameID: id, Ply: len(g.Plies), Body: string(body)}); err != nil {
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
	a.put("sixtymovesixtymo", testPlayer, game.Options{Size: 8}, game60, func(g *club.Game) { g.Opponent, g.Human = club.Local, game.Empty })
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

// TestReviewPuzzle tries a mistake of the review again as a puzzle: the
// review links to it, the page asks for the best move, a wrong answer
// names the best and what the answer leads to, the best is right and
// leads back to the review, bad answers are refused, and nobody else's
// game gives one.
func TestReviewPuzzle(t *testing.T) {
	a := newApp(t)
	a.put("sixtymovesixtymo", testPlayer, game.Options{Size: 8}, game60, func(g *club.Game) { g.Opponent, g.Human = club.Local, game.Empty })
	g, err := game.ParseTranscript(game.Options{Size: 8}, game60)
	if err != nil {
		t.Fatal(err)
	}
	putReview(t, a, "sixtymovesixtymo", g, map[int]int{50: 9})
	ps, _ := g.Positions()
	// Move 50 is at ply 49 (no passes before it); the stored review gets
	// its position solved, as the review job would.
	ply := 49
	p, err := puzzle.Solve(context.Background(), ps[ply])
	if err != nil {
		t.Fatal(err)
	}
	r, err := a.store.Review(context.Background(), "sixtymovesixtymo")
	if err != nil {
		t.Fatal(err)
	}
	var pr play.Review
	if err := json.Unmarshal([]byte(r.Body), &pr); err != nil {
		t.Fatal(err)
	}
	pr.Puzzles = []play.ReviewPuzzle{{Ply: ply, Moves: p.Moves, Line: p.Line}}
	body, _ := json.Marshal(pr)
	r.Body = string(body)
	if err := a.store.SaveReview(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	cookie := a.playerCookie(testPlayer)
	base := "/games/sixtymovesixtymo/review/puzzles/49"
	if review := a.do("GET", "/games/sixtymovesixtymo/review", nil, cookie).Body.String(); !strings.Contains(review, `href="`+base+`#status">Try it again as a puzzle</a>`) {
		t.Errorf("the review does not link its mistake to the puzzle")
	}
	page := a.do("GET", base, nil, cookie)
	if page.Code != 200 || !strings.Contains(page.Body.String(), "Your move 50, once more") || !strings.Contains(page.Body.String(), `action="`+base+`/answer"`) {
		t.Fatalf("GET %s = %d:\n%s", base, page.Code, page.Body)
	}
	best, worst := p.Moves[0], p.Moves[len(p.Moves)-1]
	if worst.Value == best.Value {
		t.Fatal("the position has no wrong answer")
	}
	name := func(sq game.Square) string { return sq.Name(8) }
	w := a.do("POST", base+"/answer", url.Values{"move": {name(worst.Move)}}, cookie)
	if loc := w.Header().Get("Location"); w.Code != http.StatusSeeOther || loc != base+"/answer/"+name(worst.Move)+"#status" {
		t.Fatalf("a wrong answer = %d to %q", w.Code, loc)
	}
	wrong := a.do("GET", base+"/answer/"+name(worst.Move), nil, cookie).Body.String()
	if !strings.Contains(wrong, name(best.Move)) || !strings.Contains(wrong, `href="`+base+`#board"`) {
		t.Errorf("the wrong answer's page does not name the best move %s and offer another try:\n%s", name(best.Move), wrong)
	}
	right := a.do("GET", base+"/answer/"+name(best.Move), nil, cookie).Body.String()
	if !strings.Contains(right, `href="/games/sixtymovesixtymo/review#status"`) || strings.Contains(right, `action="`+base+`/answer"`) {
		t.Errorf("the right answer's page does not lead back to the review, or still asks")
	}
	for _, tc := range []struct {
		method, path string
		form         url.Values
		cookie       *http.Cookie
		status       int
	}{
		{"POST", base + "/answer", url.Values{"move": {"a1"}}, cookie, http.StatusUnprocessableEntity},
		{"POST", base + "/answer", url.Values{"move": {"z9"}}, cookie, http.StatusBadRequest},
		{"GET", base + "/answer/z9", nil, cookie, http.StatusNotFound},
		{"GET", "/games/sixtymovesixtymo/review/puzzles/48", nil, cookie, http.StatusNotFound},
		{"GET", "/games/sixtymovesixtymo/review/puzzles/x", nil, cookie, http.StatusNotFound},
		{"GET", "/games/sixtymovesixtymo/review/puzzles/99999", nil, cookie, http.StatusNotFound},
		{"GET", base, nil, a.playerCookie("00000000000000000000000000000009"), http.StatusForbidden},
	} {
		if w := a.do(tc.method, tc.path, tc.form, tc.cookie); w.Code != tc.status {
			t.Errorf("%s %s %v = %d, want %d", tc.method, tc.path, tc.form, w.Code, tc.status)
		}
	}
	if got := a.stored("sixtymovesixtymo"); got.Ply() != 60 {
		t.Errorf("answering changed the game: ply %d", got.Ply())
	}
}
