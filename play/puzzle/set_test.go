package puzzle

import (
	"context"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestSetParses: the embedded set reads, holds enough puzzles within the
// bounds, and no position twice.
func TestSetParses(t *testing.T) {
	set, err := All()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, p := range set {
		if e := p.Empties(); e < MinEmpties || e > MaxEmpties {
			t.Errorf("puzzle %d has %d empties", p.Number, e)
		}
		if p.FinalValue() != p.Best().Value {
			t.Errorf("puzzle %d: the line ends at %+d, the best move is worth %+d", p.Number, p.FinalValue(), p.Best().Value)
		}
		if n, ok := seen[p.Board.Line()]; ok {
			t.Errorf("puzzles %d and %d are the same position", n, p.Number)
		}
		seen[p.Board.Line()] = p.Number
	}
}

// TestSetIsSound solves the stored puzzles again, every move, and checks
// the values stored: a sample of them under -short (every twentieth, up
// to 18 empties), all of them otherwise, two at a time.
// REVERSI_PUZZLES_FROM=N starts the full check at puzzle N.
func TestSetIsSound(t *testing.T) {
	set, err := All()
	if err != nil {
		t.Fatal(err)
	}
	var check []*Puzzle
	for i, p := range set {
		if !testing.Short() || i%20 == 0 && p.Empties() <= 18 {
			check = append(check, p)
		}
	}
	if from, err := strconv.Atoi(os.Getenv("REVERSI_PUZZLES_FROM")); err == nil && !testing.Short() {
		check = slices.DeleteFunc(check, func(p *Puzzle) bool { return p.Number < from })
	}
	t0 := time.Now()
	jobs := make(chan *Puzzle)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for p := range jobs {
				got, err := Values(context.Background(), p.Board)
				if err != nil {
					t.Error(err)
					continue
				}
				if !slices.Equal(got, p.Moves) {
					t.Errorf("puzzle %d: solved %v, stored %v", p.Number, got, p.Moves)
				}
			}
		})
	}
	for _, p := range check {
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	t.Logf("%d puzzles solved again in %v", len(check), time.Since(t0).Round(time.Millisecond))
}
