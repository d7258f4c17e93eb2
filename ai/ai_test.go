package ai

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"reversi/game"
	"reversi/internal/testkit"
)

// allLevels are the levels of the registry, so that a new one is tested too.
var allLevels = Levels()

func TestParseLevel(t *testing.T) {
	for _, l := range allLevels {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v, want %v, nil", l.String(), got, err, l)
		}
	}
	if _, err := ParseLevel("master"); err == nil {
		t.Errorf("ParseLevel(%q) error = nil, want an error", "master")
	}
}

// play runs a whole game between two levels and reports an error if a
// move is illegal.
func play(t *testing.T, o game.Options, black, white Level, seed uint64) game.Board {
	t.Helper()
	b, err := game.NewStart(o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	for {
		level := black
		if b.Turn() == game.White {
			level = white
		}
		m, err := Player{Level: level, Nodes: 20_000}.Choose(context.Background(), b, rng)
		if errors.Is(err, game.ErrGameOver) {
			return b
		}
		if err != nil {
			t.Fatalf("Choose(%s, %v) error %v", b.Line(), level, err)
		}
		next, _, err := b.Play(m)
		if err != nil {
			t.Fatalf("Choose(%s, %v) = %s: %v", b.Line(), level, m.Name(b.Size()), err)
		}
		b = next
	}
}

func TestChoosePlaysWholeGames(t *testing.T) {
	for _, size := range game.Sizes() {
		if testing.Short() && size != 6 {
			continue // whole games against Hard are not short on 8×8 and 10×10
		}
		for _, start := range []game.Start{game.Cross, game.Parallel, game.Free} {
			if testing.Short() && start != game.Cross {
				continue
			}
			for _, l := range allLevels {
				t.Run(fmt.Sprintf("%d/%v/%v", size, start, l), func(t *testing.T) {
					b := play(t, game.Options{Size: size, Start: start}, l, Hard, uint64(size))
					if !b.Over() {
						t.Errorf("game stopped before its end: %s", b.Line())
					}
				})
			}
		}
	}
}

func TestChooseDeterministic(t *testing.T) {
	positions := []string{
		"---------------------------XO------OX--------------------------- X",
		"--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O",
	}
	for _, line := range positions {
		b := testkit.MustParseLine(t, line)
		for _, l := range allLevels {
			seeds := uint64(5)
			if testing.Short() {
				seeds = 2
			}
			for seed := range seeds {
				pl := Player{Level: l, Nodes: 50_000, MoveTime: time.Hour}
				first, err1 := pl.Choose(context.Background(), b, rand.New(rand.NewPCG(seed, 9)))
				second, err2 := pl.Choose(context.Background(), b, rand.New(rand.NewPCG(seed, 9)))
				if first != second || err1 != nil || err2 != nil {
					t.Errorf("Choose(%s, %v, seed %d) = %v, %v then %v, %v, want the same move twice", line, l, seed, first, err1, second, err2)
				}
			}
		}
	}
}

func TestChoosePassAndGameOver(t *testing.T) {
	tests := []struct {
		name, line string
		want       game.Square
		wantErr    error
	}{
		// White has no move; Black has.
		{"pass", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O", game.Pass, nil},
		{"full board", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X", game.Pass, game.ErrGameOver},
		{"wiped out", "XXXX------------------------------------------------------------ O", game.Pass, game.ErrGameOver},
	}
	for _, tt := range tests {
		b := testkit.MustParseLine(t, tt.line)
		for _, l := range allLevels {
			t.Run(tt.name+"/"+l.String(), func(t *testing.T) {
				got, err := Choose(context.Background(), b, l, rand.New(rand.NewPCG(1, 1)))
				if got != tt.want || !errors.Is(err, tt.wantErr) {
					t.Errorf("Choose(%s) = %v, %v, want %v, %v", tt.line, got, err, tt.want, tt.wantErr)
				}
			})
		}
		t.Run(tt.name+"/hint", func(t *testing.T) {
			got, err := Hint(context.Background(), b)
			if got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("Hint(%s) = %v, %v, want %v, %v", tt.line, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestChooseCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b, _ := game.NewStart(game.Options{Size: 8})
	for _, l := range allLevels {
		if got, err := Choose(ctx, b, l, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, context.Canceled) {
			t.Errorf("Choose(cancelled, %v) = %v, %v, want %v", l, got, err, context.Canceled)
		}
	}
	if got, err := Hint(ctx, b); !errors.Is(err, context.Canceled) {
		t.Errorf("Hint(cancelled) = %v, %v, want %v", got, err, context.Canceled)
	}
	if _, err := Solve(ctx, b, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve(cancelled) error %v, want %v", err, context.Canceled)
	}
}

func TestBudgetChecksTheClock(t *testing.T) {
	// Nodes counted outside tick (as the solver's last plies do) must not
	// hide the deadline.
	b := newBudget(context.Background(), 0, time.Now().Add(-time.Second))
	for i := 0; i < 100_000 && !b.tick(); i++ {
		b.nodes += 3
	}
	if !b.aborted || !errors.Is(b.err, context.DeadlineExceeded) {
		t.Errorf("budget past its deadline: aborted %v, err %v, want true, %v", b.aborted, b.err, context.DeadlineExceeded)
	}
}
