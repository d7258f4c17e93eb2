package ai

import (
	"bufio"
	"context"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"reversi/game"
)

// reviewSuitePosition is a line of testdata/endgame-positions.tsv.
type reviewSuitePosition struct {
	id      string
	board   game.Board
	empties int
	score   int
	best    string
}

func readReviewSuite(t *testing.T) []reviewSuitePosition {
	t.Helper()
	f, err := os.Open("testdata/endgame-positions.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []reviewSuitePosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 6 || cols[0] == "id" {
			continue
		}
		b, err := game.ParseLine(cols[1] + " " + cols[2])
		empties, err1 := strconv.Atoi(cols[3])
		score, err2 := strconv.Atoi(cols[4])
		if err != nil || err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		out = append(out, reviewSuitePosition{cols[0], b, empties, score, strings.ToLower(cols[5])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReviewSuite judges the suite's best move and every other move in
// its positions: the best value must be the suite's score, the best move's
// loss nought, and other moves' values the solver's score of the
// positions after them. In -short mode it judges one move in the position
// after the best move of the 20-empty position, whose score is known too.
func TestReviewSuite(t *testing.T) {
	ctx := context.Background()
	for _, pos := range readReviewSuite(t) {
		t.Run(pos.id, func(t *testing.T) {
			if testing.Short() && pos.empties > 20 {
				t.Skipf("%d empties: slow, skipped in -short mode", pos.empties)
			}
			opt := ReviewOptions{ExactEmpties: pos.empties}
			b, score := pos.board, pos.score
			best, _ := game.ParseSquare(8, pos.best)
			if testing.Short() {
				b, _, _ = b.Play(best)
				score, best = -score, game.Pass
			} else {
				mr, err := ReviewMove(ctx, b, best, opt)
				if err != nil {
					t.Fatal(err)
				}
				if want := (MoveReview{Side: b.Turn(), Played: best, Best: best, BestValue: score, PlayedValue: score, Exact: true}); mr != want {
					t.Errorf("ReviewMove(%s) = %+v, want %+v", pos.best, mr, want)
				}
			}
			// One other move: it costs three solves (the review's two and
			// the check's), and the suite's positions are slow to solve.
			others := b.Moves().AndNot(game.Bit(best)).Squares()
			others = others[:min(len(others), 1)]
			for _, m := range others {
				mr, err := ReviewMove(ctx, b, m, opt)
				if err != nil {
					t.Fatal(err)
				}
				after, _, _ := b.Play(m)
				sol, err := Solve(ctx, after, nil)
				if err != nil {
					t.Fatal(err)
				}
				if mr.BestValue != score || mr.PlayedValue != -sol.Score || mr.Loss() != score+sol.Score || !mr.Exact {
					t.Errorf("ReviewMove(%s) = %+v, want best %+d, played %+d", m.Name(8), mr, score, -sol.Score)
				}
				if mr.Loss() > 0 && mr.Best == m {
					t.Errorf("ReviewMove(%s): a move that loses %d named best", m.Name(8), mr.Loss())
				}
			}
		})
	}
}

// A whole 6×6 game, White winning 25 to 11, and one where White passes
// after Black's f6 (written with the pass left out).
const (
	reviewGame6     = "d5e5b3b2c2b4a2d6e6a1a4f6d2e2f2a3f5f4e4e3f3e1d1c5f1b1a5c1c6b6b5a6"
	reviewGamePass6 = "e4c5b6f4d5c2c1c6e6b1a1b3d6b4f3f5f6a2"
)

func TestReviewGame(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name       string
		transcript string
		side       game.Color
	}{
		{"both sides", reviewGame6, game.Empty},
		{"white, after a pass", reviewGamePass6, game.White},
		{"black", reviewGame6, game.Black},
		{"black, after a pass", reviewGamePass6, game.Black},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && i >= 2 {
				t.Skip("the first two cover the rest in -short mode")
			}
			g, err := game.ParseTranscript(game.Options{Size: 6}, tt.transcript)
			if err != nil {
				t.Fatal(err)
			}
			ps, err := g.Positions()
			if err != nil {
				t.Fatal(err)
			}
			const exact = 7
			var reported []MoveReview
			waits, held := 0, false
			opt := ReviewOptions{Side: tt.side, ExactEmpties: exact, Nodes: 5_000,
				Progress: func(m MoveReview) {
					if held {
						t.Errorf("move %d reported before its turn was released", m.Number)
					}
					reported = append(reported, m)
				},
				Wait: func(context.Context) (func(), error) {
					waits++
					held = true
					return func() { held = false }, nil
				}}
			r, err := ReviewGame(ctx, g, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(reported, r.Moves) || waits != len(r.Moves) {
				t.Errorf("Progress reported %d moves and Wait was called %d times; the review has %d", len(reported), waits, len(r.Moves))
			}
			want := 0
			for i, m := range g.Plies {
				if m != game.Pass && (tt.side == game.Empty || ps[i].Turn() == tt.side) {
					want++
				}
			}
			if len(r.Moves) != want || r.ExactEmpties != exact {
				t.Fatalf("%d moves judged, exact from %d, want %d, %d", len(r.Moves), r.ExactEmpties, want, exact)
			}
			for _, mr := range r.Moves {
				b := ps[mr.Ply]
				number := len(strings.Fields(strings.ReplaceAll(strings.Join(plyNames(g, mr.Ply+1), " "), "pass", "")))
				switch {
				case g.Plies[mr.Ply] != mr.Played || b.Turn() != mr.Side || mr.Number != number:
					t.Errorf("%+v: ply %d holds %s by %s, number %d", mr, mr.Ply, g.Plies[mr.Ply].Name(6), b.Turn(), number)
				case tt.side != game.Empty && mr.Side != tt.side:
					t.Errorf("%+v: judged a move of the other side", mr)
				case !b.Legal(mr.Best):
					t.Errorf("%+v: best move %s is illegal", mr, mr.Best.Name(6))
				case mr.Forced != (b.Moves().Count() == 1):
					t.Errorf("%+v: forced, with %d legal moves", mr, b.Moves().Count())
				case mr.Exact != (!mr.Forced && b.Count(game.Empty) <= exact):
					t.Errorf("%+v: exact, with %d empties", mr, b.Count(game.Empty))
				case mr.Loss() == 0 && mr.Best != mr.Played, mr.Loss() > 0 && mr.Best == mr.Played:
					t.Errorf("%+v: loss %d", mr, mr.Loss())
				}
				if !mr.Exact {
					continue
				}
				after, _, _ := b.Play(mr.Played)
				if best, played := minimax(b), -minimax(after); mr.BestValue != best || mr.PlayedValue != played {
					t.Errorf("%+v: want values %+d, %+d by brute force", mr, best, played)
				}
			}
			again, err := ReviewGame(ctx, g, ReviewOptions{Side: tt.side, ExactEmpties: exact, Nodes: 5_000})
			if err != nil || !reflect.DeepEqual(again, r) {
				t.Errorf("a second review differs: %+v, %v\nfirst %+v", again, err, r)
			}
		})
	}
}

// plyNames returns the names of the first n plies of g.
func plyNames(g *game.Game, n int) []string {
	var out []string
	for _, m := range g.Plies[:n] {
		out = append(out, m.Name(g.Options.Size))
	}
	return out
}

func TestReviewSkipsPlacements(t *testing.T) {
	g, err := game.ParseTranscript(game.Options{Size: 8, Start: game.Free}, "d4e4d5e5f4")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReviewGame(context.Background(), g, ReviewOptions{Nodes: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 1 || r.Moves[0].Number != 5 || r.Moves[0].Played.Name(8) != "f4" {
		t.Errorf("review of %s = %+v, want only move 5, f4", g.Transcript(), r.Moves)
	}
	b, _ := game.NewStart(game.Options{Size: 8, Start: game.Free})
	if _, err := ReviewMove(context.Background(), b, game.SquareAt(8, 3, 3), ReviewOptions{}); err == nil {
		t.Error("ReviewMove of a placement: no error")
	}
}

func TestReviewCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := game.ParseTranscript(game.Options{Size: 6}, reviewGame6)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReviewGame(ctx, g, ReviewOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("ReviewGame with a cancelled context: %v, want context.Canceled", err)
	}
}

func TestReviewMistakes(t *testing.T) {
	// Exact losses count whole; an estimated one counts less the
	// estimate's error, and not at all below twice the error.
	e, m := reviewLossError8, ReviewMargin(8)
	r := &Review{Moves: []MoveReview{
		{Number: 1, BestValue: 2, PlayedValue: 2, Exact: true},
		{Number: 2, BestValue: 4, PlayedValue: -2, Exact: true},
		{Number: 3, BestValue: 0, PlayedValue: -10, Exact: true},
		{Number: 4, BestValue: 5, PlayedValue: -1, Exact: true},
		{Number: 5, BestValue: 1, PlayedValue: 0, Exact: true},
		{Number: 6, BestValue: 9, PlayedValue: 8, Exact: true},
		{Number: 7, BestValue: 10 + e, PlayedValue: 0},    // ranks as 10, after move 3
		{Number: 8, BestValue: m - 1, PlayedValue: 0},     // within the error
		{Number: 9, BestValue: 6 + e + 1, PlayedValue: 0}, // ranks as 7, before move 2
	}}
	tests := []struct {
		n    int
		want []int
	}{
		{4, []int{3, 7, 9, 2}},
		{10, []int{3, 7, 9, 2, 4, 5, 6}},
		{0, nil},
	}
	for _, tt := range tests {
		var got []int
		for _, m := range r.Mistakes(tt.n) {
			got = append(got, m.Number)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Mistakes(%d) = moves %v, want %v", tt.n, got, tt.want)
		}
	}
}

// TestReviewOpening8 judges an 8×8 opening, whose search uses the learned
// evaluation: every verdict is sane and a second review is the same.
func TestReviewOpening8(t *testing.T) {
	g, err := game.ParseTranscript(game.Options{Size: 8}, "f5d6c3d3c4f4f6f3e6e7d7c5b6")
	if err != nil {
		t.Fatal(err)
	}
	opt := ReviewOptions{Nodes: 5_000}
	r, err := ReviewGame(context.Background(), g, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != len(g.Plies) {
		t.Fatalf("%d moves judged, want %d", len(r.Moves), len(g.Plies))
	}
	for _, mr := range r.Moves {
		if mr.Exact || mr.Loss() < 0 || mr.Loss() > 64 || (mr.Loss() == 0) != (mr.Best == mr.Played) {
			t.Errorf("verdict %+v", mr)
		}
	}
	again, err := ReviewGame(context.Background(), g, opt)
	if err != nil || !reflect.DeepEqual(again, r) {
		t.Errorf("a second review differs: %+v, %v\nfirst %+v", again, err, r)
	}
}
