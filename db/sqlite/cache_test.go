package sqlite

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"reversi/club"
	"reversi/db"
	"sync"
	"testing"

	"reversi/game"
)

// readRow reads a game from the table, past the cache.
func readRow(t *testing.T, s *Store, id string) *club.Game {
	t.Helper()
	var row db.GameRow
	if err := s.r.QueryRow(db.SelectGame(), id).Scan(row.Fields()...); err != nil {
		t.Fatalf("read %s: %v", id, err)
	}
	g, err := row.Game()
	if err != nil {
		t.Fatalf("read %s: %v", id, err)
	}
	return g
}

// TestGameCacheMatchesTable has many goroutines play, undo, take hints,
// change settings and send stale moves on a few games at once, reading
// them as they go, and checks after each round that what the store returns
// for each game equals its row, field by field.
func TestGameCacheMatchesTable(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	const games, workers, rounds, steps = 4, 8, 4, 40
	for i := range games {
		newGame(t, s, fmt.Sprint("g", i))
	}
	for round := range rounds {
		work(t, s, games, workers, steps, uint64(round))
		for i := range games {
			id := fmt.Sprint("g", i)
			got, err := s.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if want := readRow(t, s, id); !reflect.DeepEqual(got, want) {
				t.Errorf("round %d, %s: store gives\n%+v\nrow is\n%+v", round, id, got, want)
			}
		}
	}
}

// work runs the workers of TestGameCacheMatchesTable.
func work(t *testing.T, s *Store, games, workers, steps int, seed uint64) {
	ctx := context.Background()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), seed))
			for range steps {
				id := fmt.Sprint("g", rng.IntN(games))
				g, err := s.Game(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				old := g.Ply()
				switch rng.IntN(5) {
				case 0:
					st := club.Settings{ShowMoves: rng.IntN(2) == 0, AllowUndo: rng.IntN(2) == 0, Sound: rng.IntN(2) == 0}
					if err := s.UpdateSettings(ctx, id, st); err != nil {
						t.Error(err)
					}
					continue
				case 1: // undo one ply, if there is one
					if old == 0 {
						continue
					}
					g.Record.Plies = g.Record.Plies[:old-1]
					g.Undos++
				case 2: // a hint, or none
					g.Hints++
					g.HintPly, g.HintSquare = old, game.SquareAt(8, rng.IntN(8), rng.IntN(8))
					if rng.IntN(3) == 0 {
						g.HintPly, g.HintSquare = -1, game.Pass
					}
				default: // a move; a finished game starts over
					b, err := g.Record.Board()
					if err != nil {
						t.Error(err)
						return
					}
					switch {
					case b.Over():
						g.Record.Plies, g.Status = nil, club.Playing
					case b.MustPass():
						g.Record.Plies = append(g.Record.Plies, game.Pass)
					default:
						all := b.Moves().Squares()
						g.Record.Plies = append(g.Record.Plies, all[rng.IntN(len(all))])
					}
					if b, _ := g.Record.Board(); b.Over() {
						g.Status = club.Over
					}
				}
				if rng.IntN(4) == 0 {
					old-- // stale: must change nothing
				}
				if err := s.UpdateGame(ctx, g, old); err != nil && !errors.Is(err, club.ErrStale) {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}

// TestGameCacheCopies checks that changing a game read from the store, or
// one passed to it, changes nothing kept.
func TestGameCacheCopies(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	g := newGame(t, s, "g1")
	if _, err := s.Game(ctx, "g1"); err != nil { // now kept
		t.Fatal(err)
	}
	play(t, g, "f5")
	if err := s.UpdateGame(ctx, g, 0); err != nil {
		t.Fatal(err)
	}
	g.Record.Plies[0] = game.Pass
	a, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if a.Record.Transcript() != "f5" {
		t.Errorf("read %q after the update, want f5: the update's plies were shared", a.Record.Transcript())
	}
	a.Record.Plies[0], a.Hints = game.Pass, 9
	b, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if b.Record.Transcript() != "f5" || b.Hints != 0 {
		t.Errorf("read %q with %d hints, want f5 with 0: a read copy was shared", b.Record.Transcript(), b.Hints)
	}
}
