package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"reversi/ai"
	"reversi/game"
	"reversi/play"
	"reversi/views"
)

// maxReviewInput bounds the file that review reads: a game is far smaller.
const maxReviewInput = 1 << 20

// runReview reviews a game from a file or standard input.
func runReview(args []string) error { return review(os.Stdout, os.Stdin, args) }

func review(w io.Writer, stdin io.Reader, args []string) error {
	fs := flag.NewFlagSet("review", flag.ContinueOnError)
	sideFlag := fs.String("side", "both", "whose moves to judge: black, white or both")
	exact := fs.Int("exact", 0, "judge exactly from this many empty squares (0: 22 on 6×6, 24 on 8×8, 16 on 10×10)")
	nodes := fs.Uint64("nodes", 0, "the midgame search's budget per move (0: Hard's)")
	timing := fs.Bool("time", false, "end with the time taken, and the share of the exact part")
	puzzles := fs.Bool("puzzles", false, "also solve the worst exact mistakes of each judged side as puzzles, as the server's review does, and end with their time")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi review [-side black|white|both] [flags] FILE")
		fmt.Fprintln(fs.Output(), "FILE holds a transcript (f5d6c3…) or a GGF record; - reads standard input.")
		fmt.Fprintln(fs.Output(), "Prints the biggest three mistakes, then every judged move.")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	var side game.Color
	switch strings.ToLower(*sideFlag) {
	case "black":
		side = game.Black
	case "white":
		side = game.White
	case "both":
	default:
		return fmt.Errorf("side %q: want black, white or both", *sideFlag)
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	text, err := io.ReadAll(io.LimitReader(in, maxReviewInput+1))
	if err != nil {
		return err
	}
	if len(text) > maxReviewInput {
		return fmt.Errorf("%s: longer than %d bytes", fs.Arg(0), maxReviewInput)
	}
	rec, err := game.ParseRecord(string(text))
	if err != nil {
		var re *game.RecordError
		if errors.As(err, &re) {
			return errors.New(views.English().Say(views.RecordProblem(re)))
		}
		return err
	}

	// The time of each judged move, wall and processor, is charged to the
	// exact part or the search.
	var wall, cpu [2]time.Duration // [0] search, [1] exact
	lastWall := time.Now()
	lastCPU, haveCPU := cpuTime()
	opt := ai.ReviewOptions{Side: side, ExactEmpties: *exact, Nodes: *nodes,
		Progress: func(m ai.MoveReview) {
			part := 0
			if m.Exact {
				part = 1
			}
			now := time.Now()
			wall[part] += now.Sub(lastWall)
			lastWall = now
			if c, ok := cpuTime(); ok {
				cpu[part] += c - lastCPU
				lastCPU = c
			}
		}}
	r, err := ai.ReviewGame(context.Background(), &rec.Game, opt)
	if err != nil {
		return err
	}

	writeReview(w, rec, r, side)
	if *puzzles {
		sides := []game.Color{game.Black, game.White}
		if side != game.Empty {
			sides = []game.Color{side}
		}
		startWall := time.Now()
		startCPU, _ := cpuTime()
		ps, err := play.SolveReviewPuzzles(context.Background(), &rec.Game, r.Moves, sides, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "puzzles: %d solved, wall %.2fs", len(ps), time.Since(startWall).Seconds())
		if c, ok := cpuTime(); ok {
			fmt.Fprintf(w, "; processor %.2fs", (c - startCPU).Seconds())
		}
		fmt.Fprintln(w)
	}
	if *timing {
		fmt.Fprintf(w, "time: wall %s", timeShare(wall))
		if haveCPU {
			fmt.Fprintf(w, "; processor %s", timeShare(cpu))
		}
		fmt.Fprintln(w)
	}
	return nil
}

// timeShare writes a review's time, search and exact part, as "12.30s,
// exact part 4.10s (33%)".
func timeShare(t [2]time.Duration) string {
	total := t[0] + t[1]
	share := 0.0
	if total > 0 {
		share = 100 * t[1].Seconds() / total.Seconds()
	}
	return fmt.Sprintf("%.2fs, exact part %.2fs (%.0f%%)", total.Seconds(), t[1].Seconds(), share)
}

// writeReview prints the review: what was judged, the biggest three
// mistakes, each judged move, and a summary for each side.
func writeReview(w io.Writer, rec *game.Record, r *ai.Review, side game.Color) {
	o := rec.Game.Options
	placed := 0
	for _, m := range rec.Game.Plies {
		if m != game.Pass {
			placed++
		}
	}
	fmt.Fprintf(w, "%d×%d, %s start, %d moves", o.Size, o.Size, o.Start, placed)
	if rec.Black != "" || rec.White != "" {
		fmt.Fprintf(w, "; Black: %s, White: %s", orDash(rec.Black), orDash(rec.White))
	}
	if b, err := rec.Game.Board(); err == nil && b.Over() {
		res := b.Result()
		fmt.Fprintf(w, "; final count Black %d, White %d", res.Black, res.White)
	}
	fmt.Fprintln(w, ".")
	whose := "both sides'"
	if side != game.Empty {
		whose = colorName(side) + "'s"
	}
	fmt.Fprintf(w, "Judging %s moves: exactly from %d empty squares on, by the search's estimate before that.\n\n", whose, r.ExactEmpties)

	mistakes := r.Mistakes(3)
	switch len(mistakes) {
	case 0:
		fmt.Fprintln(w, "No move lost a disc, or more than the estimate's error.")
	case 1:
		fmt.Fprintln(w, "The only mistake:")
	default:
		fmt.Fprintf(w, "The %s biggest mistakes:\n", []string{2: "two", 3: "three"}[len(mistakes)])
	}
	for _, m := range mistakes {
		fmt.Fprintf(w, "  %s\n", moveSentence(m, o.Size))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Move by move:")
	for _, m := range r.Moves {
		fmt.Fprintf(w, "  %s\n", moveSentence(m, o.Size))
	}
	fmt.Fprintln(w)
	for _, c := range []game.Color{game.Black, game.White} {
		if side != game.Empty && side != c {
			continue
		}
		judged, best, lost := 0, 0, 0
		for _, m := range r.Moves {
			if m.Side != c {
				continue
			}
			judged++
			if m.Loss() == 0 {
				best++
			}
			lost += m.Loss()
		}
		fmt.Fprintf(w, "%s: %d moves judged, %d of them best or as good; %s lost in all.\n", colorName(c), judged, best, plural(lost, "disc"))
	}
}

// moveSentence puts the verdict on one move in words, as the review page
// does.
func moveSentence(m ai.MoveReview, size int) string {
	loss, capped := m.ShownLoss(size)
	return views.English().Say(views.Verdict{
		Number: m.Number, Side: m.Side, Played: m.Played.Name(size), Best: m.Best.Name(size),
		BestValue: m.BestValue, PlayedValue: m.PlayedValue, Loss: loss, Exact: m.Exact, Forced: m.Forced,
		Unsure: m.Loss() > 0 && !m.Sure(size), Capped: capped,
	}.Sentence())
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// colorName names a side in the command's English output.
func colorName(c game.Color) string {
	if c == game.Black {
		return "Black"
	}
	return "White"
}

// plural returns "1 disc" or "3 discs".
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
