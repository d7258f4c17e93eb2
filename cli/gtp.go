package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"reversi/ai"
	"reversi/ai/gtp"
)

// runGTP speaks the Go Text Protocol on standard input and output.
func runGTP(args []string) error { return gtpMain(os.Stdin, os.Stdout, args) }

func gtpMain(r io.Reader, w io.Writer, args []string) error {
	fs := flag.NewFlagSet("gtp", flag.ContinueOnError)
	levelName := fs.String("level", "expert", "the computer's level: "+levels(", "))
	size := fs.Int("size", 8, "board size until a boardsize command: "+sizes(", "))
	seed := fs.Uint64("seed", 1, "random seed of the levels' choices")
	nodes := fs.Uint64("nodes", 0, "node budget per move of Hard and Expert (0: the level's default)")
	moveTime := fs.Duration("movetime", 0, "time cap per move of Hard and Expert (0: the level's default)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi gtp [-level "+levels("|")+"] [-size "+sizes("|")+"] [-seed S] [-nodes N] [-movetime D]")
		fmt.Fprintln(fs.Output(), "Speaks the Go Text Protocol on standard input and output.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	level, err := ai.ParseLevel(*levelName)
	if err != nil {
		return err
	}
	pl := ai.Player{Level: level, Nodes: *nodes, MoveTime: *moveTime}
	e := &gtp.Engine{Player: pl, Size: *size, Seed: *seed}
	return e.Run(context.Background(), r, w)
}
