package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"reversi/ai"
	"reversi/game"
)

// runSolve solves a position exactly and prints, as its last line, the
// score for the side to move and a best move.
func runSolve(args []string) error { return solve(os.Stdout, args) }

func solve(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), `usage: reversi solve "SQUARES SIDE"`)
		fmt.Fprintln(fs.Output(), "SQUARES: 36, 64 or 100 of X, O and - from a1 row by row; SIDE: X or O, to move.")
		fmt.Fprintln(fs.Output(), "The last line is `score N move SQUARE`: the final disc difference for the side")
		fmt.Fprintln(fs.Output(), "to move under perfect play, empties counted for the winner, and a best move")
		fmt.Fprintln(fs.Output(), "(pass when the side to move must pass, none when the game is over).")
	}
	// The command has no flags, and a position may start with "-" (an
	// empty a1): only a plain request for help is read as a flag, and a
	// leading "--", which people type out of habit, ends the flags as usual.
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fs.Usage()
		return flag.ErrHelp
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if err := fs.Parse(append([]string{"--"}, args...)); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errUsage
	}
	b, err := game.ParseLine(strings.Join(fs.Args(), " "))
	if err != nil {
		return err
	}
	n := b.Size()
	fmt.Fprintf(w, "%d×%d, %d empties, %s to move\n", n, n, b.Count(game.Empty), b.Turn())
	t0 := time.Now()
	sol, err := ai.Solve(context.Background(), b, func(m ai.RootMove) {
		rel := "="
		if !m.Exact {
			rel = "<="
		}
		fmt.Fprintf(w, "  %-4s %s %+d  (%v)\n", m.Move.Name(n), rel, m.Score, time.Since(t0).Round(time.Millisecond))
	})
	if err != nil {
		return err
	}
	elapsed := time.Since(t0)
	fmt.Fprintf(w, "nodes %d, time %v, %.1f Mnodes/s\n", sol.Nodes, elapsed.Round(time.Millisecond), float64(sol.Nodes)/elapsed.Seconds()/1e6)
	move := sol.Move.Name(n)
	if b.Over() {
		move = "none"
	}
	fmt.Fprintf(w, "score %+d move %s\n", sol.Score, move)
	return nil
}
