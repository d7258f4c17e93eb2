package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"reversi/ai/arena"
	"reversi/game"
)

// runArena plays games between two players, colours alternating, and
// prints the tally as its last line.
func runArena(args []string) error { return arenaMain(os.Stdout, args) }

func arenaMain(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	aName := fs.String("a", "hard", "first player: a level ("+levels(", ")+"), or gtp:COMMAND for a GTP engine")
	bName := fs.String("b", "normal", "second player, as -a")
	games := fs.Int("games", 10, "number of games; a plays black in the odd-numbered ones (1, 3, …)")
	size := fs.Int("size", 8, "board size: "+sizes(", "))
	startName := fs.String("start", "cross", "start: "+starts(", "))
	random := fs.Int("random", 0, "random plies opening each pair of games, played twice with colours swapped")
	seed := fs.Uint64("seed", 1, "random seed; game i uses the seed and i")
	nodes := fs.Uint64("nodes", 0, "node budget per move of Hard and Expert (0: the level's default)")
	moveTime := fs.Duration("movetime", 0, "time cap per move of Hard and Expert (0: the level's default)")
	workers := fs.Int("workers", 2, "games played at once")
	verbose := fs.Bool("v", false, "print each game's transcript")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi arena -a PLAYER -b PLAYER -games N [-size "+sizes("|")+"] [-random PLIES] [-seed S] [flags]")
		fmt.Fprintln(fs.Output(), `PLAYER: a level, or gtp:"COMMAND ARGS" for an engine speaking GTP (e.g. gtp:"gtp-rhino -l 4").`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	a, err := arena.ParsePlayer(*aName, *nodes, *moveTime)
	if err != nil {
		return err
	}
	b, err := arena.ParsePlayer(*bName, *nodes, *moveTime)
	if err != nil {
		return err
	}
	start, err := game.ParseStart(*startName)
	if err != nil {
		return err
	}
	// An interrupt stops the match: the summary covers the games finished.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	_, err = arena.Run(ctx, w, arena.Config{
		A: a, B: b, Games: *games, Options: game.Options{Size: *size, Start: start},
		Seed: *seed, Random: *random, Workers: *workers, Verbose: *verbose,
	})
	return err
}
