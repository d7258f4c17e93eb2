package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"reversi/club"
	"reversi/play"
	"reversi/play/puzzle"
	"reversi/views"
)

var puzzleHref = regexp.MustCompile(`href="(/puzzles/\d+)#status"`)

// TestPuzzleFlow walks the puzzles as a person does: from the home page to
// the list to a puzzle, a wrong answer, a right one, and on.
func TestPuzzleFlow(t *testing.T) {
	a := newApp(t)
	if body := a.do("GET", "/", nil, nil).Body.String(); !strings.Contains(body, `href="/puzzles"`) {
		t.Fatal("the home page has no link to the puzzles")
	}
	index := a.do("GET", "/puzzles", nil, nil)
	if index.Code != http.StatusOK {
		t.Fatalf("GET /puzzles = %d", index.Code)
	}
	m := puzzleHref.FindStringSubmatch(index.Body.String())
	if m == nil {
		t.Fatal("the list links to no puzzle")
	}
	page := a.do("GET", m[1], nil, nil)
	body := page.Body.String()
	if page.Code != http.StatusOK || !strings.Contains(body, `action="`+m[1]+`/answer"`) || !strings.Contains(body, " to move: find the move that ") {
		t.Fatalf("GET %s = %d without the task and its form:\n%s", m[1], page.Code, body)
	}
	var p *puzzle.Puzzle
	for _, q := range play.Puzzles() {
		if views.PuzzleURL(q.Number) == m[1] {
			p = q
		}
	}
	best, second := p.Moves[0], p.Moves[1]
	bestName, secondName := best.Move.Name(8), second.Move.Name(8)

	// A wrong answer: the page names the best move and the value of the
	// one played, and offers a retry.
	cookie := a.playerCookie(testPlayer)
	if err := a.store.CreatePlayer(context.Background(), testPlayer); err != nil {
		t.Fatal(err)
	}
	w := a.do("POST", m[1]+"/answer", url.Values{"move": {secondName}}, cookie)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != m[1]+"/answer/"+secondName+"#status" {
		t.Fatalf("wrong answer = %d to %q", w.Code, w.Header().Get("Location"))
	}
	body = a.do("GET", m[1]+"/answer/"+secondName, nil, cookie).Body.String()
	for _, want := range []string{"Not the best move: " + secondName + " " + views.English().Say(views.PuzzleValue(second.Value)), "The best move is " + bestName, "Try again"} {
		if !strings.Contains(body, want) {
			t.Errorf("the wrong answer's page lacks %q", want)
		}
	}
	// The right answer, after it: the line, and a link to another puzzle.
	w = a.do("POST", m[1]+"/answer", url.Values{"move": {bestName}}, cookie)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("right answer = %d", w.Code)
	}
	body = a.do("GET", m[1]+"/answer/"+bestName, nil, cookie).Body.String()
	if !strings.Contains(body, "Right: "+bestName+" is the best move.") || !strings.Contains(body, "The line with perfect play") {
		t.Errorf("the right answer's page lacks the verdict or the line:\n%s", body)
	}
	next := puzzleHref.FindStringSubmatch(body)
	if next == nil || next[1] == m[1] {
		t.Errorf("the right answer's page links to no other puzzle: %v", next)
	}
	pr := a.puzzleProgress(testPlayer)
	if pr.Solved != 0 || pr.Streak != 0 || !play.Solved(pr, p.Number) {
		t.Errorf("progress after a wrong then a right answer = %+v, want the puzzle done but not counted", pr)
	}
}

func (a *testApp) puzzleProgress(p string) *club.PuzzleProgress {
	a.t.Helper()
	pr, err := a.store.PuzzleProgress(context.Background(), p)
	if errors.Is(err, club.ErrNotFound) {
		return nil
	}
	if err != nil {
		a.t.Fatal(err)
	}
	return pr
}

// TestPuzzleRefusals: an answer that is no square, or not a legal move,
// or to no puzzle, is refused with its status and changes nothing, not
// even a player row or a cookie.
func TestPuzzleRefusals(t *testing.T) {
	a := newApp(t)
	p := play.Puzzles()[0]
	taken := ""
	for sq := range p.Board.Discs(p.Board.Turn()).All() {
		taken = sq.Name(8)
		break
	}
	url1 := views.PuzzleURL(1)
	for _, tc := range []struct {
		method, path, move string
		want               int
	}{
		{"POST", url1 + "/answer", "z9", http.StatusBadRequest},
		{"POST", url1 + "/answer", "", http.StatusBadRequest},
		{"POST", url1 + "/answer", taken, http.StatusUnprocessableEntity},
		{"POST", "/puzzles/0/answer", p.Moves[0].Move.Name(8), http.StatusNotFound},
		{"POST", "/puzzles/x/answer", p.Moves[0].Move.Name(8), http.StatusNotFound},
		{"GET", "/puzzles/999999", "", http.StatusNotFound},
		{"GET", url1 + "/answer/" + taken, "", http.StatusNotFound},
		{"GET", url1 + "/answer/pass", "", http.StatusNotFound},
	} {
		var form url.Values
		if tc.method == "POST" {
			form = url.Values{"move": {tc.move}}
		}
		w := a.do(tc.method, tc.path, form, nil)
		if w.Code != tc.want || w.Header().Get("Set-Cookie") != "" {
			t.Errorf("%s %s %q = %d, cookie %q; want %d and no cookie", tc.method, tc.path, tc.move, w.Code, w.Header().Get("Set-Cookie"), tc.want)
		}
	}
	// A new visitor's answer makes the player and sets the cookie.
	w := a.do("POST", url1+"/answer", url.Values{"move": {p.Moves[0].Move.Name(8)}}, nil)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("a first answer = %d", w.Code)
	}
	cookieFrom(t, w)
}

// TestPuzzleLinksVisitTen follows the links to other puzzles, GET only, as
// a visitor without a cookie: ten different positions come.
func TestPuzzleLinksVisitTen(t *testing.T) {
	a := newApp(t)
	seen := map[string]bool{}
	path := "/puzzles"
	for range 12 {
		body := a.do("GET", path, nil, nil).Body.String()
		var next string
		for _, m := range puzzleHref.FindAllStringSubmatch(body, -1) {
			if !seen[m[1]] && m[1] != path {
				next = m[1]
				break
			}
		}
		if next == "" {
			break
		}
		seen[next] = true
		path = next
	}
	if len(seen) < 10 {
		t.Errorf("following links reached %d puzzles, want 10: %v", len(seen), seen)
	}
	daily := views.PuzzleURL(play.DailyFor(time.Now())) + "#status"
	if body := a.do("GET", "/puzzles", nil, nil).Body.String(); !strings.Contains(body, `<a href="`+daily+`">Today&#39;s puzzle</a>`) {
		t.Errorf("the list does not link to the day's puzzle, %s", daily)
	}
}

func TestPuzzleGoldenPages(t *testing.T) {
	a := newApp(t)
	p := play.Puzzles()[0]
	url1 := views.PuzzleURL(1)
	for _, tc := range []struct{ name, path string }{
		{"puzzles", "/puzzles"},
		{"puzzle-1", url1},
		{"puzzle-1-right", url1 + "/answer/" + p.Moves[0].Move.Name(8)},
		{"puzzle-1-wrong", url1 + "/answer/" + p.Moves[1].Move.Name(8)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cookie := answeredBy(t, a, tc.path)
			w := a.do("GET", tc.path, nil, cookie)
			if w.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200", tc.path, w.Code)
			}
			size := gzipSize(t, a, tc.path, cookie)
			t.Logf("%s: %d bytes gzipped", tc.path, size)
			if size > 4096 {
				t.Errorf("GET %s: %d bytes gzipped, want at most 4096", tc.path, size)
			}
			// The daily link changes with the date: the golden file holds a
			// placeholder.
			body := regexp.MustCompile(`<a href="/puzzles/\d+#status">Today`).ReplaceAllString(w.Body.String(), `<a href="/puzzles/DAILY#status">Today`)
			body = stableAssets(body)
			golden(t, tc.name, []byte(body))
		})
	}
}

// BenchmarkPuzzleAnswer measures an answer: the POST (session, the
// lookup of the move's value, the progress's conditional write, 303) and
// the GET of the verdict that follows (render, gzip).
func BenchmarkPuzzleAnswer(b *testing.B) {
	a := newApp(b)
	cookie := a.playerCookie(testPlayer)
	if err := a.store.CreatePlayer(context.Background(), testPlayer); err != nil {
		b.Fatal(err)
	}
	set := play.Puzzles()
	i := 0
	var took []time.Duration
	defer func() {
		slices.Sort(took)
		if len(took) > 0 {
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "ms-p99")
		}
	}()
	for b.Loop() {
		t0 := time.Now()
		p := set[i%len(set)]
		i++
		m := p.Moves[i%2].Move.Name(8)
		u := views.PuzzleURL(p.Number)
		if w := a.do("POST", u+"/answer", url.Values{"move": {m}}, cookie); w.Code != http.StatusSeeOther {
			b.Fatalf("answer = %d", w.Code)
		}
		req := httptest.NewRequest("GET", u+"/answer/"+m, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		a.h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("verdict = %d", rec.Code)
		}
		took = append(took, time.Since(t0))
	}
}

// TestTextBrowserPuzzle reads a puzzle's board in w3m as a grid: X black,
// O white, + a legal move, - another empty square.
func TestTextBrowserPuzzle(t *testing.T) {
	w3mPath(t)
	a := newApp(t)
	p := play.Puzzles()[0]
	rows := textGrid(t, dumpW3m(t, a.do("GET", views.PuzzleURL(1), nil, nil).Body.String()), 8)
	checkTextGrid(t, rows, p.Board)
}

// TestPuzzleLanguages reads the puzzles in French and Japanese, chosen by
// Accept-Language: the list, a puzzle, a verdict, and a refused answer,
// whose message is also the page's title.
func TestPuzzleLanguages(t *testing.T) {
	a := newApp(t)
	p := play.Puzzles()[0]
	url1 := views.PuzzleURL(1)
	best, second := p.Moves[0].Move.Name(8), p.Moves[1].Move.Name(8)
	for _, tc := range []struct {
		lang string
		want map[string][]string // by path: what the page says
		bad  string              // a refused answer's title
	}{
		{"fr", map[string][]string{
			"/puzzles":                 {"<h1>Problèmes de finale</h1>", "Problème du jour"},
			url1:                       {"<h1>Problème 1</h1>", "Difficulté 3 sur 5", "trouvez le coup qui perd par le plus petit écart", "Passer à un autre problème"},
			url1 + "/answer/" + best:   {"Bonne réponse\u00a0: " + best + " est le meilleur coup.", "Score final", "L’idée\u00a0: la parité"},
			url1 + "/answer/" + second: {"Ce n’est pas le meilleur coup\u00a0: " + second + " perd de", "Réessayer", "Problème suivant"},
		}, "<title>Cette réponse n’a pas été comprise"},
		{"ja", map[string][]string{
			"/puzzles":                 {"<h1>終盤の詰めリバーシ</h1>", "今日の問題"},
			url1:                       {"<h1>第1問</h1>", "難易度3（全5段階）", "負けを最も小さな差に抑える手", "別の問題に進む"},
			url1 + "/answer/" + best:   {"正解です。" + best + "が最善手です。", "最終的な石の数は", "偶数理論"},
			url1 + "/answer/" + second: {"最善手ではありません。" + second + "では", "もう一度挑戦する", "次の問題"},
		}, "<title>答えを読み取れませんでした。"},
	} {
		for path, wants := range tc.want {
			w := a.getLang(path, tc.lang, answeredBy(t, a, path))
			body := w.Body.String()
			if w.Code != http.StatusOK || w.Header().Get("Content-Language") != tc.lang || !strings.Contains(body, `<html lang="`+tc.lang+`">`) {
				t.Errorf("%s %s = %d in %q", tc.lang, path, w.Code, w.Header().Get("Content-Language"))
			}
			for _, want := range wants {
				if !strings.Contains(body, want) {
					t.Errorf("%s %s lacks %q", tc.lang, path, want)
				}
			}
		}
		req := httptest.NewRequest("POST", url1+"/answer", strings.NewReader("move=z9"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept-Language", tc.lang)
		w := httptest.NewRecorder()
		a.h.ServeHTTP(w, req)
		if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), tc.bad) {
			t.Errorf("%s: a refused answer = %d without %q", tc.lang, w.Code, tc.bad)
		}
	}
}

// TestPuzzleAnswerAfterAFreshDatabase answers with a cookie whose player
// the database does not hold (it was started afresh, the session keys
// kept): the answer makes the player and counts, rather than failing.
func TestPuzzleAnswerAfterAFreshDatabase(t *testing.T) {
	old := newApp(t)
	cookie := old.playerCookie(testPlayer)
	a := newApp(t) // another database, the same session keys
	p := play.Puzzles()[0]
	path := views.PuzzleURL(p.Number) + "/answer"
	if w := a.do("POST", path, url.Values{"move": {p.Best().Move.Name(8)}}, cookie); w.Code != http.StatusSeeOther {
		t.Fatalf("POST %s = %d, want 303:\n%s", path, w.Code, w.Body)
	}
	pr, err := a.srv.app.PuzzleProgress(context.Background(), testPlayer)
	if err != nil || !play.Solved(pr, p.Number) {
		t.Errorf("the answer did not count: %+v, %v", pr, err)
	}
}

// answeredBy returns the cookie of a new player who has posted the answer
// that path's verdict is about (/puzzles/N/answer/MOVE), without whom the
// verdict is not shown; nil for any other path.
func answeredBy(t *testing.T, a *testApp, path string) *http.Cookie {
	t.Helper()
	puzzlePath, move, ok := strings.Cut(path, "/answer/")
	if !ok {
		return nil
	}
	w := a.do("POST", puzzlePath+"/answer", url.Values{"move": {move}}, nil)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("POST %s/answer %s = %d", puzzlePath, move, w.Code)
	}
	return cookieFrom(t, w)
}

// TestVerdictAfterAnswer checks that a verdict, which names the best
// move, is shown only to a player who has answered the puzzle: anyone
// else is sent to the puzzle; and that an answer after a verdict of
// the puzzle was read (by answering wrong first) does not count.
func TestVerdictAfterAnswer(t *testing.T) {
	a := newApp(t)
	p := play.Puzzles()[0]
	url1 := views.PuzzleURL(1)
	best, second := p.Moves[0].Move.Name(8), p.Moves[1].Move.Name(8)
	w := a.do("GET", url1+"/answer/"+second, nil, nil)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != url1+"#board" {
		t.Fatalf("a verdict before any answer: %d to %q, want 303 to the puzzle", w.Code, w.Header().Get("Location"))
	}
	cookie := answeredBy(t, a, url1+"/answer/"+second)
	if w := a.do("GET", url1+"/answer/"+best, nil, cookie); w.Code != http.StatusOK {
		t.Fatalf("a verdict after an answer: %d, want 200", w.Code)
	}
	a.do("POST", url1+"/answer", url.Values{"move": {best}}, cookie)
	pr, err := a.srv.app.PuzzleProgress(t.Context(), playerFrom(t, a, cookie))
	if err != nil {
		t.Fatal(err)
	}
	if pr.Solved != 0 || !play.Solved(pr, 1) {
		t.Errorf("after a wrong first answer then the right one: solved %d, puzzle done %v; want 0 counted, done", pr.Solved, play.Solved(pr, 1))
	}
}
