package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"reversi/ai"
)

// runTrain fits the learned 8×8 evaluation and writes its weights file.
func runTrain(args []string) error { return trainMain(os.Stderr, args) }

func trainMain(log io.Writer, args []string) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	out := fs.String("o", "ai/weights8.gz", "weights file to write")
	games := fs.Int("games", 12000, "self-play games")
	seed := fs.Uint64("seed", 1, "random seed; game i uses the seed and i")
	solveAt := fs.Int("solve", 14, "empties at which each game is solved exactly")
	nodes := fs.Uint64("nodes", 3000, "self-play search budget per move, in positions")
	epochs := fs.Int("epochs", 8, "passes of the fit over the data")
	workers := fs.Int("workers", 1, "games played at once (the weights do not depend on it)")
	teacher := fs.String("teacher", "", "weights file of an earlier generation whose search helps label the positions before the solve")
	teacherDepth := fs.Int("teacher-depth", 4, "the teacher's search depth")
	teacherShare := fs.Float64("teacher-share", 0.5, "the teacher's share of a label; the game's result has the rest")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi train [-o ai/weights8.gz] [-games N] [-seed S] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	c := ai.TrainConfig{
		Games: *games, Seed: *seed, SolveAt: *solveAt, Nodes: *nodes,
		Epochs: *epochs, Workers: *workers, Log: log,
		TeacherDepth: *teacherDepth, TeacherShare: *teacherShare,
	}
	if *teacher != "" {
		var err error
		if c.Teacher, err = os.ReadFile(*teacher); err != nil {
			return err
		}
	}
	gz, err := ai.Train(context.Background(), c)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, gz, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s, %d bytes\n", *out, len(gz))
	return nil
}
