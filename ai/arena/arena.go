// Package arena plays matches between computer players: our levels, or
// engines that speak the Go Text Protocol, every move checked by our
// rules. It is the engine of the arena command, kept out of the server's
// package main.
package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"reversi/game"
)

// Config is a match.
type Config struct {
	A, B    Player
	Games   int          // a plays black in the even-numbered games (from 0)
	Options game.Options // board size and start
	Seed    uint64       // game i uses the seed and i
	// Random is the number of random plies that open each pair of games:
	// games 2k and 2k+1 start from the same random position with the
	// colours swapped. With 0 every game starts from the start position.
	Random  int
	Workers int  // games played at once
	Verbose bool // print each game's transcript
}

// Game is the outcome of one game.
type Game struct {
	Index      int
	ABlack     bool
	ADiscs     int
	BDiscs     int
	MoveTimes  [2][]time.Duration // per player, a then b
	Think      [2]time.Duration   // total per player
	Slow       []string           // moves that took over a second
	Transcript string
	Forfeit    int // 1 + the index of a player whose move broke the rules, else 0
	ForfeitWhy string
}

// Tally is the result of a match.
type Tally struct {
	AWins, BWins, Draws int
}

// Run plays the match, printing each game's result as it ends and a
// summary whose last line is the tally:
// "result: A W wins, B W wins, D draws".
func Run(ctx context.Context, w io.Writer, c Config) (Tally, error) {
	var t Tally
	if err := c.Options.Validate(); err != nil {
		return t, err
	}
	if c.Games < 1 || c.Workers < 1 {
		return t, errors.New("games and workers must be at least 1")
	}
	jobs := make(chan int)
	results := make(chan Game)
	var wg sync.WaitGroup
	var firstErr error
	var errOnce sync.Once
	for range c.Workers {
		wg.Go(func() {
			for i := range jobs {
				g, err := Play(ctx, c, i)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					continue
				}
				results <- g
			}
		})
	}
	go func() {
		for i := range c.Games {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()

	t0 := time.Now()
	var times [2][]time.Duration
	var think [2]time.Duration
	played := 0
	for g := range results {
		colour := "white"
		if g.ABlack {
			colour = "black"
		}
		fmt.Fprintf(w, "game %d: %s (%s) %d, %s %d\n", g.Index+1, c.A, colour, g.ADiscs, c.B, g.BDiscs)
		if g.Forfeit != 0 {
			fmt.Fprintf(w, "  forfeit: %s\n", g.ForfeitWhy)
		}
		if c.Verbose {
			fmt.Fprintf(w, "  %s\n", g.Transcript)
		}
		for _, s := range g.Slow {
			fmt.Fprintf(w, "  slow: %s\n", s)
		}
		switch {
		case g.Forfeit == 2 || g.Forfeit == 0 && g.ADiscs > g.BDiscs:
			t.AWins++
		case g.Forfeit == 1 || g.BDiscs > g.ADiscs:
			t.BWins++
		default:
			t.Draws++
		}
		for p := range 2 {
			times[p] = append(times[p], g.MoveTimes[p]...)
			think[p] += g.Think[p]
		}
		played++
	}
	if firstErr != nil {
		return t, firstErr
	}
	n := c.Options.Size
	fmt.Fprintf(w, "%d games on %d×%d in %v\n", c.Games, n, n, time.Since(t0).Round(time.Second))
	for p, pl := range []Player{c.A, c.B} {
		if d := times[p]; len(d) > 0 {
			slices.Sort(d)
			fmt.Fprintf(w, "%s (%s): %d moves, time per move p50 %v, p99 %v, max %v\n",
				[]string{"a", "b"}[p], pl, len(d), d[len(d)/2], d[len(d)*99/100], d[len(d)-1])
		}
	}
	if played > 0 {
		fmt.Fprintf(w, "think time per game: a %v, b %v\n",
			(think[0] / time.Duration(played)).Round(10*time.Millisecond),
			(think[1] / time.Duration(played)).Round(10*time.Millisecond))
	}
	fmt.Fprintf(w, "result: %s %d wins, %s %d wins, %d draws\n", c.A, t.AWins, c.B, t.BWins, t.Draws)
	return t, nil
}

// opening returns the random plies that open pair k of games.
func opening(start game.Board, plies int, seed uint64, k int) []game.Square {
	rng := rand.New(rand.NewPCG(seed, uint64(k)|1<<40))
	b := start
	var out []game.Square
	for range plies {
		if b.Over() {
			break
		}
		m := game.Pass
		if list := b.Moves().Squares(); len(list) > 0 {
			m = list[rng.IntN(len(list))]
		}
		b, _, _ = b.Play(m)
		out = append(out, m)
	}
	return out
}

// Play plays game i of the match: player a has black in even games. A
// player that makes an illegal move forfeits the game; an error is
// returned when a player cannot be started or fails otherwise.
func Play(ctx context.Context, c Config, i int) (Game, error) {
	g := Game{Index: i, ABlack: i%2 == 0}
	b, err := game.NewStart(c.Options)
	if err != nil {
		return g, err
	}
	rng := rand.New(rand.NewPCG(c.Seed, uint64(i)))
	var seats [2]Seat
	for p, pl := range []Player{c.A, c.B} {
		s, err := pl.Start(ctx, c.Options, rng)
		if err != nil {
			return g, fmt.Errorf("game %d: %w", i+1, err)
		}
		defer s.Close()
		seats[p] = s
	}
	rec := &game.Game{Options: c.Options}
	names := [2]Player{c.A, c.B}
	tell := func(p int, col game.Color, m game.Square) error {
		return seats[p].Played(col, m)
	}
	for _, m := range opening(b, c.Random, c.Seed, i/2) {
		for p := range 2 {
			if err := tell(p, b.Turn(), m); err != nil {
				return g, fmt.Errorf("game %d: %s: %w", i+1, names[p], err)
			}
		}
		rec.Plies = append(rec.Plies, m)
		b, _, _ = b.Play(m)
	}
	for !b.Over() {
		p := 0 // index of the player to move
		if (b.Turn() == game.Black) != g.ABlack {
			p = 1
		}
		t0 := time.Now()
		m, err := seats[p].Move(ctx, b)
		elapsed := time.Since(t0)
		if err != nil {
			return g, fmt.Errorf("game %d: %s: %w", i+1, names[p], err)
		}
		if m != game.Pass {
			g.MoveTimes[p] = append(g.MoveTimes[p], elapsed)
		}
		g.Think[p] += elapsed
		if elapsed > time.Second {
			g.Slow = append(g.Slow, fmt.Sprintf("%s took %v for %s in %s", names[p], elapsed.Round(time.Millisecond), m.Name(c.Options.Size), b.Line()))
		}
		next, _, err := b.Play(m)
		if err != nil {
			g.Forfeit = p + 1
			g.ForfeitWhy = fmt.Sprintf("%s played %s in %s: %v", names[p], m.Name(c.Options.Size), b.Line(), err)
			break
		}
		if err := tell(1-p, b.Turn(), m); err != nil {
			return g, fmt.Errorf("game %d: %s: %w", i+1, names[1-p], err)
		}
		rec.Plies = append(rec.Plies, m)
		b = next
	}
	g.Transcript = rec.Transcript()
	black, white := b.Count(game.Black), b.Count(game.White)
	g.ADiscs, g.BDiscs = black, white
	if !g.ABlack {
		g.ADiscs, g.BDiscs = white, black
	}
	return g, nil
}
