package ai

import (
	"context"
	"time"
)

// A budget bounds a search by nodes, by a time limit and by a context. The
// node limit makes a search reproducible: it always stops at the same node.
// The clock and the context are safety stops that are checked every few
// thousand nodes; a search they stop may differ from run to run.
type budget struct {
	ctx      context.Context
	deadline time.Time // zero: none
	limit    uint64    // node limit; 0: none
	nodes    uint64
	check    uint64 // node count at which to look at the clock next
	aborted  bool
	err      error // why the search stopped early: ctx.Err() or errOutOfNodes
}

func newBudget(ctx context.Context, limit uint64, deadline time.Time) *budget {
	return &budget{ctx: ctx, limit: limit, deadline: deadline}
}

// tick counts a node and reports whether the search must stop.
func (b *budget) tick() bool {
	if b.aborted {
		return true
	}
	b.nodes++
	if b.limit != 0 && b.nodes >= b.limit {
		b.abort(errOutOfNodes)
		return true
	}
	// The solver counts its last plies without ticking, so nodes may jump
	// past any given count.
	if b.nodes >= b.check {
		b.check = b.nodes + 4096
		if err := b.ctx.Err(); err != nil {
			b.abort(err)
			return true
		}
		if !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.abort(context.DeadlineExceeded)
			return true
		}
	}
	return false
}

func (b *budget) abort(err error) {
	b.aborted, b.err = true, err
}

type budgetError string

func (e budgetError) Error() string { return string(e) }

// errOutOfNodes stops a search that used up its node budget.
const errOutOfNodes = budgetError("node budget used up")
