package play

import (
	"context"
	"math/rand/v2"
	"time"

	"reversi/game"
)

// This file is the computer's side of a game: its moves and hints, each
// bounded by the time limit and by the search slots, with a legal move
// standing in when a search fails, so that a game never stalls.

// chooser returns the computer's move picker for m's level.
func (a *App) chooser(m *Match) Chooser {
	level := a.parseLevel(m.Game)
	return func(ctx context.Context, b game.Board) game.Square {
		fallback := b.Moves().First() // game.Pass when there is no move
		// The time limit covers the wait for a free core too.
		ctx, cancel := context.WithTimeout(ctx, a.aiTimeout)
		defer cancel()
		release, ok := a.searchSlot(ctx)
		if !ok {
			a.log.Warn("no core free for the computer; playing the first legal move")
			return fallback
		}
		defer release()
		rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
		start := time.Now()
		mv, err := a.choose(ctx, b, level, rng)
		a.observer.Thought(level.String(), time.Since(start))
		if err != nil || !b.Legal(mv) {
			a.log.Warn("computer move failed; playing the first legal move", "level", level, "err", err, "move", mv)
			return fallback
		}
		return mv
	}
}

// searchSlot waits, within ctx, for one of the slots that bound the
// computer's searches running at once, its turn among the networks
// waiting being that of ctx's network (WithNetwork), and returns the
// function that gives it back; ok is false if ctx ended first.
func (a *App) searchSlot(ctx context.Context) (release func(), ok bool) {
	waited := false
	defer func() {
		if waited {
			a.searchWaits.Add(-1)
		}
	}()
	return a.aiSlots.acquire(ctx, networkOf(ctx), func() {
		waited = true
		a.searchWaits.Add(1)
	})
}

// reviewSearchSlot waits, within ctx, for the reviews' own slot: a review
// runs one search at a time beside the computer's moves and hints, never
// in their slots, so that a move never waits behind a review's long
// search (a review step may take longer than a move may wait).
func (a *App) reviewSearchSlot(ctx context.Context) (release func(), err error) {
	select {
	case a.reviewSlot <- struct{}{}:
		return func() { <-a.reviewSlot }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// hintFor finds a hint for b within the time limit, or fails with
// ErrHintFailed.
func (a *App) hintFor(ctx context.Context, b game.Board) (game.Square, error) {
	// A position solved already (by an analysis or a review) has its
	// best move at hand.
	if sol, ok := a.solved.Get(b); ok && b.Legal(sol.Move) && sol.Move != game.Pass {
		return sol.Move, nil
	}
	ctx, cancel := context.WithTimeout(ctx, a.aiTimeout)
	defer cancel()
	release, ok := a.searchSlot(ctx)
	if !ok {
		return game.Pass, ErrHintFailed
	}
	defer release()
	sq, err := a.hint(ctx, b)
	if err != nil || sq == game.Pass || !b.Legal(sq) {
		a.log.Warn("hint failed", "err", err, "move", sq)
		return game.Pass, ErrHintFailed
	}
	return sq, nil
}
