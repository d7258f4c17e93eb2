package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"time"

	"reversi/ai"
	"reversi/game"
)

func init() { commands["arena"] = runArena }

// arenaGame is the outcome of one arena game.
type arenaGame struct {
	index      int
	aBlack     bool
	aDiscs     int
	bDiscs     int
	moveTimes  [2][]time.Duration // per player, a then b
	slow       []string           // moves that took over a second
	transcript string
}

// runArena plays games between two levels, colours alternating, on two
// goroutines, and prints the tally as its last line.
func runArena(args []string) error { return arena(os.Stdout, args) }

func arena(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	aName := fs.String("a", "hard", "first player's level: easy, normal or hard")
	bName := fs.String("b", "normal", "second player's level")
	games := fs.Int("games", 10, "number of games; a plays black in the even-numbered ones")
	size := fs.Int("size", 8, "board size: 6, 8 or 10")
	startName := fs.String("start", "cross", "start: cross, parallel or free")
	seed := fs.Uint64("seed", 1, "random seed; game i uses the seed and i")
	nodes := fs.Uint64("nodes", 0, "Hard's node budget per move (0: the default)")
	moveTime := fs.Duration("movetime", 0, "Hard's time cap per move (0: the default)")
	workers := fs.Int("workers", 2, "games played at once")
	verbose := fs.Bool("v", false, "print each game's transcript")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: reversi arena -a LEVEL -b LEVEL -games N [-size 6|8|10] [-seed S] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	la, err := ai.ParseLevel(*aName)
	if err != nil {
		return err
	}
	lb, err := ai.ParseLevel(*bName)
	if err != nil {
		return err
	}
	start, err := game.ParseStart(*startName)
	if err != nil {
		return err
	}
	opts := game.Options{Size: *size, Start: start}
	if err := opts.Validate(); err != nil {
		return err
	}
	if *games < 1 || *workers < 1 {
		return errors.New("-games and -workers must be at least 1")
	}
	players := [2]ai.Player{
		{Level: la, Nodes: *nodes, MoveTime: *moveTime},
		{Level: lb, Nodes: *nodes, MoveTime: *moveTime},
	}

	jobs := make(chan int)
	results := make(chan arenaGame)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	for range *workers {
		wg.Go(func() {
			for i := range jobs {
				g, err := playArenaGame(opts, players, i, *seed)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					continue
				}
				results <- g
			}
		})
	}
	go func() {
		for i := range *games {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()

	t0 := time.Now()
	var aWins, bWins, draws int
	var times [2][]time.Duration
	for g := range results {
		colour := "white"
		if g.aBlack {
			colour = "black"
		}
		fmt.Fprintf(w, "game %d: %s (%s) %d, %s %d\n", g.index+1, la, colour, g.aDiscs, lb, g.bDiscs)
		if *verbose {
			fmt.Fprintf(w, "  %s\n", g.transcript)
		}
		for _, s := range g.slow {
			fmt.Fprintf(w, "  slow: %s\n", s)
		}
		switch {
		case g.aDiscs > g.bDiscs:
			aWins++
		case g.bDiscs > g.aDiscs:
			bWins++
		default:
			draws++
		}
		for p := range 2 {
			times[p] = append(times[p], g.moveTimes[p]...)
		}
	}
	if firstErr != nil {
		return firstErr
	}
	fmt.Fprintf(w, "%d games on %d×%d in %v\n", *games, *size, *size, time.Since(t0).Round(time.Second))
	for p, l := range []ai.Level{la, lb} {
		if d := times[p]; len(d) > 0 {
			slices.Sort(d)
			fmt.Fprintf(w, "%s (%s): %d moves, time per move p50 %v, p99 %v, max %v\n",
				[]string{"a", "b"}[p], l, len(d), d[len(d)/2], d[len(d)*99/100], d[len(d)-1])
		}
	}
	fmt.Fprintf(w, "result: %s %d wins, %s %d wins, %d draws\n", la, aWins, lb, bWins, draws)
	return nil
}

// playArenaGame plays game i: player 0 has black in even games.
func playArenaGame(opts game.Options, players [2]ai.Player, i int, seed uint64) (arenaGame, error) {
	g := arenaGame{index: i, aBlack: i%2 == 0}
	b, err := game.NewStart(opts)
	if err != nil {
		return g, err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	rec := &game.Game{Options: opts}
	for {
		p := 0 // index of the player to move
		if (b.Turn() == game.Black) != g.aBlack {
			p = 1
		}
		t0 := time.Now()
		m, err := players[p].Choose(context.Background(), b, rng)
		elapsed := time.Since(t0)
		if errors.Is(err, game.ErrGameOver) {
			break
		}
		if err != nil {
			return g, fmt.Errorf("game %d: %w", i+1, err)
		}
		if m != game.Pass {
			g.moveTimes[p] = append(g.moveTimes[p], elapsed)
		}
		if elapsed > time.Second {
			g.slow = append(g.slow, fmt.Sprintf("%s took %v for %s in %s", players[p].Level, elapsed.Round(time.Millisecond), m.Name(opts.Size), b.Line()))
		}
		next, _, err := b.Play(m)
		if err != nil {
			return g, fmt.Errorf("game %d: %s played %s in %s: %w", i+1, players[p].Level, m.Name(opts.Size), b.Line(), err)
		}
		rec.Plies = append(rec.Plies, m)
		b = next
	}
	g.transcript = rec.Transcript()
	black, white := b.Count(game.Black), b.Count(game.White)
	g.aDiscs, g.bDiscs = black, white
	if !g.aBlack {
		g.aDiscs, g.bDiscs = white, black
	}
	return g, nil
}
