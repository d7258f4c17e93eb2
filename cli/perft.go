package cli

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"reversi/game"
)

// runPerft prints the number of leaf positions DEPTH plies from a start.
func runPerft(args []string) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	size := fs.Int("size", 8, "board size: "+sizes(", "))
	start := fs.String("start", "cross", "start: "+starts(", "))
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi perft [-size "+sizes("|")+"] [-start "+starts("|")+"] DEPTH")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args, 1); err != nil {
		return err
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 {
		return fmt.Errorf("depth %q: want a whole number, 0 or more", fs.Arg(0))
	}
	st, err := game.ParseStart(*start)
	if err != nil {
		return err
	}
	b, err := game.NewStart(game.Options{Size: *size, Start: st})
	if err != nil {
		return err
	}
	t0 := time.Now()
	n := game.Perft(b, depth)
	fmt.Fprintf(os.Stderr, "perft %d: %v\n", depth, time.Since(t0).Round(time.Millisecond))
	fmt.Println(n)
	return nil
}
