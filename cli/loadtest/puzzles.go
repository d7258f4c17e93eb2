package loadtest

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The puzzle players: each opens the list of endgame puzzles, goes to a
// puzzle by one of its links, answers it with a legal square read off the
// board form (the right one is unknown to it), reads the verdict the 303
// leads to, tries again now and then after a wrong answer, and goes on by
// the verdict's link to the next puzzle, now and then by way of the list.
//
// An answer is lost when the server answered it with its 303 but the
// progress on the verdict's page does not count it: a right first answer
// must raise "solved at the first try" and the streak by one, a wrong
// first answer must end the streak, and any other answer (a second try, a
// puzzle solved before) must change neither. The player keeps what it
// needs to tell which answers count, as play.Progress does: the puzzles it
// has solved, and the one it last answered wrong.

// puzzlePage is what a puzzle player reads off a page of the puzzles.
type puzzlePage struct {
	number int      // the puzzle whose board is a form that answers, or 0
	moves  []string // the legal squares on that board
	links  []string // the paths of the puzzles it links to, in order
	// The progress line: puzzles solved at the first try, and the streak;
	// progress says whether the page had one.
	solved, streak int
	progress       bool
}

// next is the page's first link to a puzzle: the next one it offers (the
// list's "Your next puzzle", a puzzle's "Skip", a verdict's "Next
// puzzle"), or "" if it has none.
func (pg *puzzlePage) next() string {
	if len(pg.links) == 0 {
		return ""
	}
	return pg.links[0]
}

// parsePuzzlePage reads a puzzle page, a verdict or the list. Like
// parseGamePage it scans with bytes.Index.
func parsePuzzlePage(body []byte) puzzlePage {
	var pg puzzlePage
	pg.moves = parseGamePage(body).moves
	const action = `action="/puzzles/`
	if i := bytes.Index(body, []byte(action)); i >= 0 {
		rest := body[i+len(action):]
		if j := bytes.Index(rest, []byte(`/answer"`)); j > 0 {
			pg.number, _ = strconv.Atoi(string(rest[:j]))
		}
	}
	// A link to a puzzle, not to its board ("Try again": #board) or to
	// the list.
	const link = `href="/puzzles/`
	for rest := body; ; {
		i := bytes.Index(rest, []byte(link))
		if i < 0 {
			break
		}
		rest = rest[i+len(link):]
		j := bytes.Index(rest, []byte(`#status"`))
		if j > 0 && j <= 6 && digitsOnly(rest[:j]) {
			pg.links = append(pg.links, "/puzzles/"+string(rest[:j]))
		}
	}
	// The progress line's words are English ("Your progress: 3 solved at
	// the first try, a streak of 1 (best 2), …"): its first two numbers.
	const progress = `Your progress: `
	if i := bytes.Index(body, []byte(progress)); i >= 0 {
		line := body[i+len(progress):]
		if j := bytes.Index(line, []byte("</p>")); j >= 0 {
			line = line[:j]
		}
		if n := numbers(line, 2); len(n) == 2 {
			pg.solved, pg.streak, pg.progress = n[0], n[1], true
		}
	}
	return pg
}

func digitsOnly(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// numbers returns the first limit runs of digits in b, as numbers.
func numbers(b []byte, limit int) []int {
	var out []int
	for i := 0; i < len(b) && len(out) < limit; {
		if b[i] < '0' || b[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(string(b[i:j]))
		out = append(out, n)
		i = j
	}
	return out
}

// solver is what a puzzle player remembers of its own answers, to know
// which of them the server counts.
type solver struct {
	done  map[int]bool // puzzles it answered right
	tried map[int]bool // puzzles it answered wrong first: a later right answer counts for nothing
}

// solvePuzzles goes from puzzle to puzzle until ctx ends.
func (p *player) solvePuzzles(ctx context.Context) {
	s := &solver{done: make(map[int]bool), tried: make(map[int]bool)}
	path := "/puzzles"
	for ctx.Err() == nil {
		pg, err := p.puzzlePage(ctx, path)
		if err != nil {
			path = "/puzzles"
			continue
		}
		path = p.solve(ctx, s, pg, path == "/puzzles")
	}
}

// puzzlePage reads and parses the puzzle page at path.
func (p *player) puzzlePage(ctx context.Context, path string) (*puzzlePage, error) {
	body, _, err := p.get(ctx, kindPuzzlePage, path)
	if err != nil {
		return nil, err
	}
	pg := parsePuzzlePage(body)
	return &pg, nil
}

// solve answers the puzzle on page pg, if it has one to answer, until the
// player moves on, and returns the path of the page it goes to next; list
// says pg is the list of puzzles.
func (p *player) solve(ctx context.Context, s *solver, pg *puzzlePage, list bool) string {
	tried := make(map[string]bool)
	for pg.number != 0 && ctx.Err() == nil {
		var untried []string
		for _, m := range pg.moves {
			if !tried[m] {
				untried = append(untried, m)
			}
		}
		if len(untried) == 0 {
			break
		}
		if p.cfg.Think > 0 {
			select {
			case <-time.After(time.Duration(p.rng.Int64N(int64(2 * p.cfg.Think)))):
			case <-ctx.Done():
				return "/puzzles"
			}
		}
		move := untried[p.rng.IntN(len(untried))]
		tried[move] = true
		verdict, right, ok := p.answer(ctx, s, pg, move)
		if !ok {
			return "/puzzles"
		}
		if right || p.rng.IntN(2) == 0 {
			return p.onward(verdict, false) // on to the next puzzle
		}
		pg = verdict // and try again on the verdict's board
	}
	return p.onward(pg, list)
}

// answer posts move as the answer to the puzzle on pg, reads the verdict
// and checks that the progress counts the answer. It reports the verdict's
// page, whether the answer was right, and whether all went well.
func (p *player) answer(ctx context.Context, s *solver, pg *puzzlePage, move string) (*puzzlePage, bool, bool) {
	n := pg.number
	path := "/puzzles/" + strconv.Itoa(n) + "/answer"
	resp, err := p.post(ctx, kindAnswer, path, url.Values{"move": {move}})
	if err != nil {
		return nil, false, false
	}
	took := p.lastPost
	if resp.StatusCode != http.StatusSeeOther {
		p.unexpected("POST "+path+" "+move, resp)
		return nil, false, false
	}
	want := path + "/" + move
	if loc, _, _ := strings.Cut(resp.Header.Get("Location"), "#"); loc != want {
		p.st.fail(&p.st.Other, "POST %s %s: 303 to %q, want %s", path, move, loc, want)
		return nil, false, false
	}
	p.st.mu.Lock()
	p.st.Answers++
	p.st.mu.Unlock()
	body, d, err := p.getAgain(ctx, kindPuzzlePage, want)
	if err != nil {
		if errors.Is(err, errUnchecked) {
			p.st.mu.Lock()
			p.st.UncheckedAnswers++
			p.st.mu.Unlock()
		}
		return nil, false, false
	}
	p.st.observe(kindAnswerVerdict, took+d)
	verdict := parsePuzzlePage(body)
	// A right answer closes the board; a wrong one leaves it open to try
	// again.
	right := len(verdict.moves) == 0
	if right {
		p.st.mu.Lock()
		p.st.RightAnswers++
		p.st.mu.Unlock()
	} else if verdict.number != n {
		p.st.fail(&p.st.Other, "GET %s: a wrong answer's verdict without puzzle %d's board", want, n)
		return nil, false, false
	}
	if !pg.progress || !verdict.progress {
		p.st.fail(&p.st.Other, "puzzle %d: no progress line to check answer %s against", n, move)
		return &verdict, right, true
	}
	// What the answer must make of the progress shown before it.
	counts := !s.done[n] && !s.tried[n]
	solved, streak := pg.solved, pg.streak
	switch {
	case counts && right:
		solved, streak = solved+1, streak+1
	case counts:
		streak = 0
	}
	if !s.done[n] {
		if right {
			s.done[n] = true
		} else {
			s.tried[n] = true
		}
	}
	if verdict.solved != solved || verdict.streak != streak {
		p.st.fail(&p.st.LostAnswers, "puzzle %d: answer %s (right: %v) was answered, but the progress reads %d solved and a streak of %d, want %d and %d",
			n, move, right, verdict.solved, verdict.streak, solved, streak)
		// What the server holds is no longer what the player thinks: it
		// starts again as a new player.
		jar, _ := cookiejar.New(nil)
		p.client.Jar = jar
		*s = solver{done: make(map[int]bool), tried: make(map[int]bool)}
		return nil, false, false
	}
	return &verdict, right, true
}

// onward picks the page to go to from pg: mostly the puzzle it offers
// next; now and then the list, and from the list (list is true) half the
// time another of its puzzles (a grade's, the day's).
func (p *player) onward(pg *puzzlePage, list bool) string {
	switch {
	case pg.next() == "":
		p.st.fail(&p.st.Other, "a puzzle page without a link to a puzzle")
		return "/puzzles"
	case list && p.rng.IntN(2) == 0:
		return pg.links[p.rng.IntN(len(pg.links))]
	case !list && p.rng.IntN(10) == 0:
		return "/puzzles"
	}
	return pg.next()
}
