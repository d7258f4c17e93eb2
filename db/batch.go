package db

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// maxBatch bounds the writes committed together.
const maxBatch = 64

// ErrClosed is returned by writes to a closed Store.
var ErrClosed = errors.New("store is closed")

// batcher is group commit: it owns the writer connection and runs the
// single-statement writes that arrive while a commit is under way in one
// transaction, so that many moves share one fsync. Each write still
// succeeds or fails on its own, as if it had run alone.
type batcher struct {
	w    *sql.DB
	reqs chan *execReq
	quit chan struct{}
	done chan struct{}
	once sync.Once
}

type execReq struct {
	ctx   context.Context
	query string
	args  []any
	res   sql.Result
	err   error
	done  chan struct{}
}

func newBatcher(w *sql.DB) *batcher {
	b := &batcher{w: w, reqs: make(chan *execReq), quit: make(chan struct{}), done: make(chan struct{})}
	go b.run()
	return b
}

// exec runs one write statement and returns once it is committed.
func (b *batcher) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	r := &execReq{ctx: ctx, query: query, args: args, done: make(chan struct{})}
	select {
	case b.reqs <- r:
	case <-b.quit:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	<-r.done // bounded by one commit; the write may land even if ctx ends
	return r.res, r.err
}

// close stops the batcher after the batch in hand; later writes fail.
func (b *batcher) close() {
	b.once.Do(func() { close(b.quit) })
	<-b.done
}

func (b *batcher) run() {
	defer close(b.done)
	for {
		var first *execReq
		select {
		case first = <-b.reqs:
		case <-b.quit:
			return
		}
		batch := []*execReq{first}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-b.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		b.commit(batch)
		for _, r := range batch {
			close(r.done)
		}
	}
}

// commit runs batch in one transaction. If any statement fails, it rolls
// the whole transaction back and runs each write in a transaction of its
// own, so that one bad write cannot take the others with it.
func (b *batcher) commit(batch []*execReq) {
	if len(batch) == 1 {
		b.single(batch[0])
		return
	}
	ctx := context.Background()
	tx, err := b.w.BeginTx(ctx, nil)
	if err != nil {
		for _, r := range batch {
			r.err = err
		}
		return
	}
	for _, r := range batch {
		if r.res, r.err = tx.ExecContext(ctx, r.query, r.args...); r.err != nil {
			tx.Rollback()
			for _, r := range batch {
				b.single(r)
			}
			return
		}
	}
	if err := tx.Commit(); err != nil {
		for _, r := range batch {
			r.res, r.err = nil, err
		}
	}
}

func (b *batcher) single(r *execReq) {
	r.res, r.err = b.w.ExecContext(context.Background(), r.query, r.args...)
}
