package play

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

// A finished game's review is worked out in the background, one game at a
// time, and stored, so it is computed once. Each move takes the reviews'
// own search slot, only for that move, and never one of the computer's
// moves' slots, so a computer move never waits behind a review.

// Refusals of a review.
var (
	// ErrReviewPlaying: only a finished game is reviewed.
	ErrReviewPlaying = errors.New("the game is not over")
	// ErrReviewBusy: the queue of reviews is full for now, or holds as
	// many as the player's network may have waiting.
	ErrReviewBusy = errors.New("too many reviews waiting")
	// ErrReviewsWaiting: the player has as many reviews waiting as one
	// may.
	ErrReviewsWaiting = errors.New("too many reviews waiting for this player")
)

// Caps of the review queue. A player may have a couple of reviews waiting
// and a network a few more, so that neither can fill the queue; the queue
// serves the players in turn, one review each, rather than in the order
// that the reviews came.
const (
	maxQueuedReviews = 64
	// MaxReviewsPerPlayer is exported for the words of the refusal.
	MaxReviewsPerPlayer  = 2
	maxReviewsPerNetwork = 8
)

// reviewQueue holds the reviews waiting or running.
type reviewQueue struct {
	mu      sync.Mutex
	pending map[string]chan struct{} // by game id; closed when done
	// waiting holds each player's reviews in the order they came, and
	// turn the players with reviews waiting, in the order of their turns.
	waiting map[string][]*reviewJob
	turn    []string
	nets    map[string]int // reviews waiting per network
	queued  int
	current *reviewJob // running
	wake    chan struct{}
	once    sync.Once
	// opt are the review's options (tests make it cheaper).
	opt ai.ReviewOptions
}

// reviewJob is one review asked for: the game, who asked, and from which
// network.
type reviewJob struct {
	g            *club.Game
	player, net  string
	ctx          context.Context // set once it runs
	cancel       context.CancelFunc
	deletedWhile bool
}

// ReviewWait is how long the review page's "Check again" link waits.
const ReviewWait = 20 * time.Second

func (a *App) reviewQueue() *reviewQueue {
	q := a.reviews
	q.once.Do(func() {
		q.pending = map[string]chan struct{}{}
		q.waiting = map[string][]*reviewJob{}
		q.nets = map[string]int{}
		q.wake = make(chan struct{}, 1)
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

// counts returns the reviews waiting and running.
func (q *reviewQueue) counts() (queued, running int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.current != nil {
		running = 1
	}
	return q.queued, running
}

// enqueue asks for g's review on behalf of player, from network net; it
// returns the refusal when a cap is reached, and the kind of cap.
func (q *reviewQueue) enqueue(g *club.Game, player, net string) (kind string, err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, ok := q.pending[g.ID]; ok {
		return "", nil
	}
	switch {
	case len(q.waiting[player]) >= MaxReviewsPerPlayer:
		return "player", ErrReviewsWaiting
	case net != "" && q.nets[net] >= maxReviewsPerNetwork:
		return "network", ErrReviewBusy
	case q.queued >= maxQueuedReviews:
		return "queue", ErrReviewBusy
	}
	if len(q.waiting[player]) == 0 {
		q.turn = append(q.turn, player)
	}
	q.waiting[player] = append(q.waiting[player], &reviewJob{g: g, player: player, net: net})
	q.nets[net]++
	q.queued++
	q.pending[g.ID] = make(chan struct{})
	select {
	case q.wake <- struct{}{}:
	default:
	}
	return "", nil
}

// next takes the next review to run: the oldest of the player whose turn
// it is, who then goes to the back of the line if they have more.
func (q *reviewQueue) next(ctx context.Context) *reviewJob {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.turn) == 0 {
		return nil
	}
	player := q.turn[0]
	q.turn = q.turn[1:]
	jobs := q.waiting[player]
	j := jobs[0]
	if jobs = jobs[1:]; len(jobs) > 0 {
		q.waiting[player] = jobs
		q.turn = append(q.turn, player)
	} else {
		delete(q.waiting, player)
	}
	q.unqueue(j)
	j.ctx, j.cancel = context.WithCancel(ctx)
	q.current = j
	return j
}

// unqueue counts j out of the waiting reviews; q.mu is held.
func (q *reviewQueue) unqueue(j *reviewJob) {
	q.queued--
	if q.nets[j.net]--; q.nets[j.net] <= 0 {
		delete(q.nets, j.net)
	}
}

// done ends game id's review, waiting or running.
func (q *reviewQueue) done(id string) {
	if ch, ok := q.pending[id]; ok {
		close(ch)
		delete(q.pending, id)
	}
}

// drop forgets game id's review (the game was deleted): a waiting one
// leaves the queue, a running one is stopped.
func (q *reviewQueue) drop(id string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, ok := q.pending[id]; !ok {
		return
	}
	if j := q.current; j != nil && j.g.ID == id {
		j.deletedWhile = true
		j.cancel()
		return // runReviews ends it
	}
	for player, jobs := range q.waiting {
		for i, j := range jobs {
			if j.g.ID != id {
				continue
			}
			q.unqueue(j)
			if jobs = append(jobs[:i:i], jobs[i+1:]...); len(jobs) > 0 {
				q.waiting[player] = jobs
			} else {
				delete(q.waiting, player)
				q.turn = slices.DeleteFunc(q.turn, func(p string) bool { return p == player })
			}
			q.done(id)
			return
		}
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
		j := q.next(ctx)
		if j == nil {
			select {
			case <-q.wake:
				continue
			case <-ctx.Done():
				return
			}
		}
		err := a.reviewGame(j.ctx, q, j.g)
		j.cancel()
		q.mu.Lock()
		deleted := j.deletedWhile
		q.current = nil
		q.done(j.g.ID)
		q.mu.Unlock()
		if deleted || errors.Is(err, club.ErrNotFound) {
			a.log.Info("review dropped: the game was deleted", "game", j.g.ID)
		} else if err != nil && ctx.Err() == nil {
			a.log.Error("review failed", "game", j.g.ID, "err", err)
		}
		if ctx.Err() != nil {
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
	// Puzzles are the worst exact mistakes of each human side, solved to
	// be tried again (review_puzzles.go). A review stored before them has
	// none.
	Puzzles []ReviewPuzzle `json:",omitempty"`
}

// reviewGame reviews both sides of g and stores the verdicts.
func (a *App) reviewGame(ctx context.Context, q *reviewQueue, g *club.Game) error {
	opt := q.opt
	opt.Side = game.Empty
	opt.Wait = a.reviewSearchSlot
	opt.Cache = a.solved
	if _, err := a.store.Game(ctx, g.ID); err != nil {
		return err // deleted (club.ErrNotFound) while it waited, say
	}
	r, err := ai.ReviewGame(ctx, &g.Record, opt)
	if err != nil {
		return err
	}
	puzzles, err := a.reviewPuzzles(ctx, g, r.Moves)
	if err != nil {
		return err
	}
	body, err := json.Marshal(Review{ExactEmpties: r.ExactEmpties, Moves: r.Moves, Puzzles: puzzles})
	if err != nil {
		return err
	}
	err = a.store.SaveReview(ctx, &club.Review{GameID: g.ID, Ply: g.Ply(), Body: string(body)})
	if err != nil {
		if _, gerr := a.store.Game(ctx, g.ID); errors.Is(gerr, club.ErrNotFound) {
			return gerr // deleted while it ran: the review has nothing to belong to
		}
	}
	return err
}

// Review returns m's stored review, or nil when there is none for the game
// as it stands.
func (a *App) Review(ctx context.Context, m *Match) (*Review, error) {
	r, err := a.store.Review(ctx, m.Game.ID)
	if errors.Is(err, club.ErrNotFound) {
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
	for i := range sr.Moves { // a review stored before values were clamped
		sr.Moves[i] = sr.Moves[i].Clamped(m.Game.Record.Options.Size)
	}
	return &sr, nil
}

// RequestReview asks for the review of m, a finished game, unless it is
// stored already, on behalf of player from network (see Network; "" for
// none). A player may have MaxReviewsPerPlayer reviews waiting, a network
// maxReviewsPerNetwork, and the queue maxQueuedReviews.
func (a *App) RequestReview(ctx context.Context, m *Match, player, network string) error {
	if m.Playing() {
		return ErrReviewPlaying
	}
	sr, err := a.Review(ctx, m)
	if err != nil || sr != nil {
		return err
	}
	if kind, err := a.reviewQueue().enqueue(m.Game, player, network); err != nil {
		a.observer.ReviewRefused(kind)
		return err
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
	if m.Game.Opponent == club.Online {
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

// EstimatedLossCap is the largest estimated loss, in discs, that a review
// of a size×size game states as a number (see ai.EstimatedLossCap).
func EstimatedLossCap(size int) int { return ai.EstimatedLossCap(size) }
