package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"reversi/club"
	"sync"
)

// maxBatch bounds the writes committed together.
const maxBatch = 64

// batcher is group commit: it owns the writer connection and runs the
// writes that arrive while a commit is under way in one transaction, so
// that many moves share one fsync. Each write runs inside a savepoint of
// its own and still succeeds or fails alone, as if it had run by itself.
type batcher struct {
	w    *sql.DB
	st   *stmts // prepared on w
	reqs chan *writeReq
	quit chan struct{}
	done chan struct{}
	once sync.Once
}

// A writeReq is one write: fn runs in the shared transaction.
type writeReq struct {
	fn   func(tx wtx) error
	err  error
	done chan struct{}
	// after holds what fn asked to run once its changes are committed (see
	// wtx.after), in the order asked.
	after []func()
}

func newBatcher(w *sql.DB) *batcher {
	b := &batcher{w: w, st: newStmts(w), reqs: make(chan *writeReq), quit: make(chan struct{}), done: make(chan struct{})}
	go b.run()
	return b
}

// write runs fn in a transaction and returns once that is committed, with
// fn's error, or the commit's. A failed fn changes nothing. fn may run
// twice (see commit), so it must do nothing outside the transaction.
func (b *batcher) write(ctx context.Context, fn func(tx wtx) error) error {
	r := &writeReq{fn: fn, done: make(chan struct{})}
	select {
	case b.reqs <- r:
	case <-b.quit:
		return club.ErrClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	<-r.done // bounded by one commit; the write may land even if ctx ends
	return r.err
}

// exec runs one statement through write and returns its result.
func (b *batcher) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	var res sql.Result
	err := b.write(ctx, func(tx wtx) error {
		var err error
		res, err = tx.Exec(query, args...)
		return err
	})
	return res, err
}

// close stops the batcher after the batch in hand; later writes fail.
func (b *batcher) close() {
	b.once.Do(func() { close(b.quit) })
	<-b.done
	b.st.close()
}

func (b *batcher) run() {
	defer close(b.done)
	for {
		var first *writeReq
		select {
		case first = <-b.reqs:
		case <-b.quit:
			return
		}
		batch := []*writeReq{first}
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
		b.st.prepareWanted(context.Background()) // once per query
		for _, r := range batch {
			close(r.done)
		}
	}
}

// commit runs batch in one transaction, each write in a savepoint that is
// rolled back if the write fails. If the transaction itself fails, each
// write is tried again in a transaction of its own, so that one write's
// trouble cannot take the others with it.
func (b *batcher) commit(batch []*writeReq) {
	err := b.tx(batch)
	switch {
	case err == nil:
	case len(batch) == 1:
		batch[0].err = err
	default:
		for _, r := range batch {
			if err := b.tx([]*writeReq{r}); err != nil {
				r.err = err
			}
		}
	}
}

// tx runs batch in one transaction and sets each write's error. It returns
// an error when the transaction as a whole failed.
func (b *batcher) tx(batch []*writeReq) error {
	sqltx, err := b.w.Begin()
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer sqltx.Rollback()
	for _, r := range batch {
		tx := wtx{sqltx, b.st, r}
		if _, err := tx.Exec(`SAVEPOINT write`); err != nil {
			return fmt.Errorf("savepoint: %w", err)
		}
		r.after = nil
		if r.err = r.fn(tx); r.err != nil {
			r.after = nil
			if _, err := tx.Exec(`ROLLBACK TO write`); err != nil {
				return fmt.Errorf("roll back to savepoint: %w", err)
			}
		}
		if _, err := tx.Exec(`RELEASE write`); err != nil {
			return fmt.Errorf("release savepoint: %w", err)
		}
	}
	if err := sqltx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	for _, r := range batch {
		for _, f := range r.after {
			f()
		}
	}
	return nil
}
