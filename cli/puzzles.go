package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"reversi/ai"
	"reversi/ai/arena"
	"reversi/game"
	"reversi/play/puzzle"
)

// runPuzzles makes the puzzle set from games between our levels.
func runPuzzles(args []string) error { return puzzlesMain(os.Stdout, os.Stderr, args) }

// defaultQuota is how many puzzles the set holds at each number of
// empties, 6 to 24: most from 8 to 14, few deep ones, whose every move
// takes the solver seconds (see docs/puzzles.md).
const defaultQuota = "6:30,7:40,8:45,9:45,10:45,11:45,12:45,13:45,14:45,15:36,16:30,17:24,18:18,19:12,20:8,21:4,22:3,23:2,24:2"

// puzzlePairs are the matches the puzzles come from, game i playing pair
// i mod len: the levels whose games go wrong in the ways a person's do.
// Hard does not play (its search was most of a game's cost on the shared
// machine); it is asked about every puzzle, for the grade.
var puzzlePairs = [][2]ai.Level{
	{ai.Normal, ai.Easy}, {ai.Normal, ai.Normal}, {ai.Beginner, ai.Normal},
	{ai.Easy, ai.Easy}, {ai.Normal, ai.Beginner}, {ai.Easy, ai.Normal},
}

func puzzlesMain(w, log io.Writer, args []string) error {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "random seed of the games and of the levels' tries")
	quotaFlag := fs.String("quota", defaultQuota, "EMPTIES:COUNT,… puzzles wanted at each number of empties ("+strconv.Itoa(puzzle.MinEmpties)+" to "+strconv.Itoa(puzzle.MaxEmpties)+")")
	tries := fs.Int("tries", 1, "times Normal and Hard are each asked, to grade a puzzle")
	random := fs.Int("random", 6, "random plies opening each game")
	workers := fs.Int("workers", 1, "games analysed at once (the output is the same for any number)")
	out := fs.String("o", "-", "file to write the set to, - for standard output")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi puzzles [-seed S] [-quota E:N,…] [-o FILE] [flags]")
		fmt.Fprintln(fs.Output(), "Plays games between the levels and keeps positions whose best move the exact")
		fmt.Fprintln(fs.Output(), "solver proves two discs or more better than any other, one line each.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || *workers < 1 || *tries < 0 {
		fs.Usage()
		return errUsage
	}
	quota, err := parseQuota(*quotaFlag)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	t0 := time.Now()
	set, err := makePuzzles(ctx, log, *seed, quota, *tries, *random, *workers)
	if err != nil {
		return err
	}
	var sb strings.Builder
	for _, p := range set {
		sb.WriteString(p.Format())
		sb.WriteByte('\n')
	}
	if *out == "-" {
		_, err = io.WriteString(w, sb.String())
	} else {
		err = os.WriteFile(*out, []byte(sb.String()), 0o644)
	}
	if err != nil {
		return err
	}
	var grades [puzzle.MaxGrade + 1]int
	for _, p := range set {
		grades[p.Grade]++
	}
	fmt.Fprintf(log, "%d puzzles in %v; by grade 1–%d: %v\n", len(set), time.Since(t0).Round(time.Second), puzzle.MaxGrade, grades[1:])
	return nil
}

func parseQuota(s string) (map[int]int, error) {
	q := map[int]int{}
	for part := range strings.SplitSeq(s, ",") {
		e, n, ok := strings.Cut(part, ":")
		ei, err1 := strconv.Atoi(e)
		ni, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || ei < puzzle.MinEmpties || ei > puzzle.MaxEmpties || ni < 0 {
			return nil, fmt.Errorf("quota %q: want EMPTIES:COUNT with EMPTIES %d to %d", part, puzzle.MinEmpties, puzzle.MaxEmpties)
		}
		q[ei] = ni
	}
	return q, nil
}

// quotaState is the quota left, shared by the workers: they read it to
// skip work that can no longer be used, the collector alone writes it.
type quotaState struct {
	mu   sync.Mutex
	left map[int]int
	seen map[string]bool
}

func (q *quotaState) wants(e int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.left[e] > 0
}

func (q *quotaState) done() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, n := range q.left {
		if n > 0 {
			return false
		}
	}
	return true
}

// makePuzzles plays game after game and keeps, in the order of the games
// and of their plies, each puzzle whose number of empties still has room.
// Workers may play ahead, but a game's puzzles are only taken once every
// game before it has been taken, so the set depends on the seed alone.
func makePuzzles(ctx context.Context, log io.Writer, seed uint64, quota map[int]int, tries, random, workers int) ([]*puzzle.Puzzle, error) {
	q := &quotaState{left: quota, seen: map[string]bool{}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		i    int
		ps   []*puzzle.Puzzle
		err  error
		took time.Duration
	}
	results := make(chan result)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ctx.Err() == nil && !q.done() {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				t0 := time.Now()
				ps, err := puzzlesFromGame(ctx, q, seed, i, tries, random)
				select {
				case results <- result{i, ps, err, time.Since(t0)}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]result{}
	var set []*puzzle.Puzzle
	want := 0
	for r := range results {
		pending[r.i] = r
		for {
			r, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			want++
			if r.err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return nil, fmt.Errorf("game %d: %w", r.i, r.err)
			}
			kept := 0
			q.mu.Lock()
			for _, p := range r.ps {
				e := p.Empties()
				if q.left[e] > 0 && !q.seen[p.Board.Line()] {
					q.left[e]--
					q.seen[p.Board.Line()] = true
					set = append(set, p)
					kept++
				}
			}
			left := 0
			for _, n := range q.left {
				left += n
			}
			q.mu.Unlock()
			fmt.Fprintf(log, "game %d: %d puzzles kept in %v; %d made, %d to go\n", r.i, kept, r.took.Round(time.Millisecond), len(set), left)
			if left == 0 {
				cancel()
				for range results { // let the workers go
				}
				for i, p := range set {
					p.Number = i + 1
				}
				return set, nil
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return nil, errors.New("the games ended before the quota was met")
}

// puzzlesFromGame plays game i and makes a puzzle of each of its
// positions whose number of empties is still wanted.
func puzzlesFromGame(ctx context.Context, q *quotaState, seed uint64, i, tries, random int) ([]*puzzle.Puzzle, error) {
	pair := puzzlePairs[i%len(puzzlePairs)]
	// Hard's time cap is lifted so that its moves depend on its node
	// budget alone, whatever the machine's load.
	c := arena.Config{
		A:       arena.Level{Player: ai.Player{Level: pair[0], MoveTime: time.Hour}},
		B:       arena.Level{Player: ai.Player{Level: pair[1], MoveTime: time.Hour}},
		Games:   1,
		Options: game.Options{Size: puzzle.Size},
		Seed:    seed,
		Random:  random,
	}
	g, err := arena.Play(ctx, c, i)
	if err != nil {
		return nil, err
	}
	rec, err := game.ParseTranscript(c.Options, g.Transcript)
	if err != nil {
		return nil, err
	}
	positions, err := rec.Positions()
	if err != nil {
		return nil, err
	}
	var out []*puzzle.Puzzle
	for ply, b := range positions {
		e := b.Count(game.Empty)
		if e < puzzle.MinEmpties || e > puzzle.MaxEmpties || b.Moves().Count() < 2 || !q.wants(e) {
			continue
		}
		p, err := puzzle.Make(ctx, b, tries, seed^uint64(i)<<16^uint64(ply))
		if errors.Is(err, puzzle.ErrNotAPuzzle) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
