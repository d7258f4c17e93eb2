package play

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"reversi/ai"
	"reversi/db"
	"reversi/game"
)

// A finished game's review is worked out in the background, one game at a
// time, and stored, so it is computed once. Each move waits for a search
// slot like a computer move, and takes it only for that move, so a
// computer move never waits behind more than one move of a review.

// Refusals of a review.
var (
	// ErrReviewPlaying: only a finished game is reviewed.
	ErrReviewPlaying = errors.New("the game is not over")
	// ErrReviewBusy: the queue of reviews is full for now.
	ErrReviewBusy = errors.New("too many reviews waiting")
)

// reviewQueue holds the reviews waiting or running.
type reviewQueue struct {
	mu      sync.Mutex
	pending map[string]chan struct{} // by game id; closed when done
	jobs    chan *db.Game
	once    sync.Once
	// opt are the review's options (tests make it cheaper).
	opt ai.ReviewOptions
}

// maxQueuedReviews bounds the reviews waiting; more are refused for now.
const maxQueuedReviews = 64

// ReviewWait is how long the review page's "Check again" link waits.
const ReviewWait = 20 * time.Second

func (a *App) reviewQueue() *reviewQueue {
	q := a.reviews
	q.once.Do(func() {
		q.pending = map[string]chan struct{}{}
		q.jobs = make(chan *db.Game, maxQueuedReviews)
		go a.runReviews(q)
	})
	return q
}

// running returns the channel that closes when game id's review is done,
// or nil when none is waiting or running.
func (q *reviewQueue) running(id string) chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.pending[id]
}

// enqueue asks for g's review; it reports false when the queue is full.
func (q *reviewQueue) enqueue(g *db.Game) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, ok := q.pending[g.ID]; ok {
		return true
	}
	select {
	case q.jobs <- g:
		q.pending[g.ID] = make(chan struct{})
		return true
	default:
		return false
	}
}

// runReviews works through the queue until the app drains.
func (a *App) runReviews(q *reviewQueue) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-a.draining
		cancel()
	}()
	for {
		select {
		case g := <-q.jobs:
			if err := a.reviewGame(ctx, q, g); err != nil && ctx.Err() == nil {
				a.log.Error("review failed", "game", g.ID, "err", err)
			}
			q.mu.Lock()
			close(q.pending[g.ID])
			delete(q.pending, g.ID)
			q.mu.Unlock()
		case <-ctx.Done():
			return
		}
	}
}

// MoveReview is the engine's verdict on one move.
type MoveReview = ai.MoveReview

// Review is a game's stored review: the verdicts on both sides' moves.
type Review struct {
	ExactEmpties int
	Moves        []MoveReview
}

// reviewGame reviews both sides of g and stores the verdicts.
func (a *App) reviewGame(ctx context.Context, q *reviewQueue, g *db.Game) error {
	opt := q.opt
	opt.Side = game.Empty
	opt.Wait = func(ctx context.Context) (func(), error) {
		release, ok := a.searchSlot(ctx)
		if !ok {
			return nil, ctx.Err()
		}
		return release, nil
	}
	r, err := ai.ReviewGame(ctx, &g.Record, opt)
	if err != nil {
		return err
	}
	body, err := json.Marshal(Review{ExactEmpties: r.ExactEmpties, Moves: r.Moves})
	if err != nil {
		return err
	}
	return a.store.SaveReview(ctx, &db.Review{GameID: g.ID, Ply: g.Ply(), Body: string(body)})
}

// Review returns m's stored review, or nil when there is none for the game
// as it stands.
func (a *App) Review(ctx context.Context, m *Match) (*Review, error) {
	r, err := a.store.Review(ctx, m.Game.ID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if r.Ply != m.Ply() {
		return nil, nil
	}
	var sr Review
	if err := json.Unmarshal([]byte(r.Body), &sr); err != nil {
		return nil, fmtErr("review of "+m.Game.ID, err)
	}
	return &sr, nil
}

// RequestReview asks for the review of m, a finished game, unless it is
// stored already.
func (a *App) RequestReview(ctx context.Context, m *Match) error {
	if m.Playing() {
		return ErrReviewPlaying
	}
	sr, err := a.Review(ctx, m)
	if err != nil {
		return err
	}
	if sr == nil && !a.reviewQueue().enqueue(m.Game) {
		return ErrReviewBusy
	}
	return nil
}

// ReviewRunning returns a channel that closes once m's review is done, or
// nil when none is waiting or running.
func (a *App) ReviewRunning(m *Match) <-chan struct{} {
	if ch := a.reviewQueue().running(m.Game.ID); ch != nil {
		return ch
	}
	return nil
}

// WaitForReview returns m's review, waiting up to ReviewWait (or until ctx
// ends or the app drains) while it is being worked out.
func (a *App) WaitForReview(ctx context.Context, m *Match) (*Review, error) {
	sr, err := a.Review(ctx, m)
	if err != nil || sr != nil {
		return sr, err
	}
	done := a.ReviewRunning(m)
	if done == nil {
		return nil, nil
	}
	t := time.NewTimer(ReviewWait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	case <-ctx.Done():
	case <-a.draining:
	}
	return a.Review(ctx, m)
}

// ReviewedFor reports whether the viewer of m sees the review of side's
// moves: the human's against the computer, the viewer's seat online, both
// on one device.
func ReviewedFor(m *Match, side game.Color) bool {
	if m.Game.Opponent == db.Online {
		return side == m.Seat
	}
	return m.IsHuman(side)
}

// Mistakes returns up to n of the moves of the sides that mine accepts
// that a review presents as mistakes, biggest first (see ai.RankMistakes).
func (r *Review) Mistakes(n int, mine func(game.Color) bool) []MoveReview {
	var ms []MoveReview
	for _, mr := range r.Moves {
		if mine(mr.Side) {
			ms = append(ms, mr)
		}
	}
	return ai.RankMistakes(ms, n)
}

// ReviewMargin is the smallest estimated loss, in discs, that a review
// of a size×size game presents as a mistake: twice the estimate's
// measured error.
func ReviewMargin(size int) int { return ai.ReviewMargin(size) }
