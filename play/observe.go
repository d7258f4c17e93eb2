package play

import (
	"sync/atomic"
	"time"
)

// Observer is told of what the app does, for metrics. Its methods must be
// quick and safe for concurrent use; Config.Observer is optional.
type Observer interface {
	// Played is told of moves stored: n of them at once (a move and the
	// computer's replies).
	Played(n int)
	// Thought is told how long the computer searched for a move at level.
	Thought(level string, took time.Duration)
	// ReviewRefused is told of a review refused, by kind: "player",
	// "network" or "queue" (the queue is full).
	ReviewRefused(kind string)
}

type noObserver struct{}

func (noObserver) Played(int)                    {}
func (noObserver) Thought(string, time.Duration) {}
func (noObserver) ReviewRefused(string)          {}

// Gauges are the app's figures of the moment, for metrics.
type Gauges struct {
	// SearchesWaiting are the searches (computer moves, hints, review
	// moves) waiting for a slot.
	SearchesWaiting int
	// ReviewsQueued and ReviewsRunning are the reviews waiting in the
	// queue and being worked out.
	ReviewsQueued, ReviewsRunning int
	// Turns are the players' lines and the games that a call holds or
	// waits for (turns.go).
	Turns int
}

// Gauges returns the app's figures of the moment.
func (a *App) Gauges() Gauges {
	q, r := a.reviewQueue().counts()
	return Gauges{SearchesWaiting: int(a.searchWaits.Load()), ReviewsQueued: q, ReviewsRunning: r, Turns: a.turns.held()}
}

// counter is an int64 counted up and down at once by many goroutines.
type counter = atomic.Int64
