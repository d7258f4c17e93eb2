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
// searches running at once, and returns the function that gives it back;
// ok is false if ctx ended first.
func (a *App) searchSlot(ctx context.Context) (release func(), ok bool) {
	select {
	case a.aiSlots <- struct{}{}:
		return func() { <-a.aiSlots }, true
	default:
	}
	a.searchWaits.Add(1)
	defer a.searchWaits.Add(-1)
	select {
	case a.aiSlots <- struct{}{}:
		return func() { <-a.aiSlots }, true
	case <-ctx.Done():
		return nil, false
	}
}

// hintFor finds a hint for b within the time limit, or fails with
// ErrHintFailed.
func (a *App) hintFor(ctx context.Context, b game.Board) (game.Square, error) {
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
