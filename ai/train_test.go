package ai

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
	"time"
)

func TestDiscs(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want float64
	}{
		{0, 0}, {250, 2.5}, {-1999, -19.99},
		{terminal(10), 10}, {terminal(-64), -64}, {terminal(1), 1}, {terminal(0), 0},
	} {
		if got := discs(tc.v); got != tc.want {
			t.Errorf("discs(%d) = %v, want %v", tc.v, got, tc.want)
		}
	}
}

func TestRelabel(t *testing.T) {
	game := trainingGame(context.Background(), 7, 1, 12, 500)
	if len(game) < 20 {
		t.Fatalf("a game of %d positions", len(game))
	}
	for _, share := range []float64{0, 0.5, 1} {
		got := append([]sample(nil), game...)
		relabel(got, learned8, 2, share)
		for k, s := range got {
			old := game[k]
			switch {
			case old.exact || share == 0:
				if s != old {
					t.Errorf("share %v: sample %d changed from %+v to %+v", share, k, old, s)
				}
			default:
				sv, _ := fixedDepth(learned8, newTable[key64](10), s.p, s.o, 2, 0)
				v := discs(sv)
				want := max(-64, min(64, math.Round(share*v+(1-share)*float64(old.score))))
				if float64(s.score) != want {
					t.Errorf("share %v: sample %d labelled %d, want %v (search %.2f, result %d)", share, k, s.score, want, v, old.score)
				}
			}
		}
	}
}

// TestTrainIsReproducible trains twice on a few tiny games, with one and
// with two workers, and with a teacher: the weights must not depend on the
// workers, and the teacher must change them. The first run's log must show
// its progress.
func TestTrainIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("trains three times")
	}
	var log strings.Builder
	c := TrainConfig{Games: 6, Seed: 9, SolveAt: 10, Nodes: 300, Epochs: 1, Workers: 1, Log: &log}
	one, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "5 of 6 games played") {
		t.Errorf("no progress in the log:\n%s", log.String())
	}
	c.Log = nil
	c.Workers = 2
	two, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(one, two) {
		t.Error("one and two workers trained different weights")
	}
	c.Teacher, c.TeacherDepth, c.TeacherShare = weights8gz, 2, 0.5
	taught, err := Train(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(one, taught) {
		t.Error("the teacher changed nothing")
	}
	if _, err := loadWeights(taught); err != nil {
		t.Error(err)
	}
}

// TestPerfectLineEnds follows the perfect line from a position of 20
// empties from a training game whose second solve, its selective
// pre-solve sharing the line's table, once failed low, high, low and so on
// for ever. The line must end, and its score be the app's solver's.
func TestPerfectLineEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("solves twenty positions")
	}
	p, o := uint64(0x805030b39383c7e), uint64(0x10887c3446c60100)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	score, line, ok := perfectLine(ctx, p, o)
	if !ok {
		t.Fatal("the line did not end within two minutes")
	}
	e := &engine64{g: geo8, p: p, o: o, tableBits: 16}
	if want, _, _ := e.solver(newBudget(context.Background(), 0, time.Time{})).root(p, o, nil); score != want || len(line) == 0 {
		t.Errorf("score %d over %d positions, want %d", score, len(line), want)
	}
}
