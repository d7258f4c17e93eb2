package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"reversi/ai"
	"reversi/db"
	"reversi/game"
	"reversi/game/match"
	"reversi/static"
	"reversi/views"
)

// A finished game's review is worked out in the background, one game at a
// time, and stored, so it is computed once. Each move waits for a search
// slot like a computer move, and takes it only for that move, so a
// computer move never waits behind more than one move of a review.

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

// reviewWait is how long the "Check again" link waits for a review.
const reviewWait = 20 * time.Second

func (s *Server) reviewQueue() *reviewQueue {
	q := s.reviews
	q.once.Do(func() {
		q.pending = map[string]chan struct{}{}
		q.jobs = make(chan *db.Game, maxQueuedReviews)
		go s.runReviews(q)
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

// runReviews works through the queue until the server drains.
func (s *Server) runReviews(q *reviewQueue) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.draining
		cancel()
	}()
	for {
		select {
		case g := <-q.jobs:
			if err := s.reviewGame(ctx, q, g); err != nil && ctx.Err() == nil {
				s.log.Error("review failed", "game", g.ID, "err", err)
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

// storedReview is the review as the store keeps it.
type storedReview struct {
	ExactEmpties int
	Moves        []ai.MoveReview
}

// reviewGame reviews both sides of g and stores the verdicts.
func (s *Server) reviewGame(ctx context.Context, q *reviewQueue, g *db.Game) error {
	opt := q.opt
	opt.Side = game.Empty
	opt.Wait = func(ctx context.Context) (func(), error) {
		release, ok := s.searchSlot(ctx)
		if !ok {
			return nil, ctx.Err()
		}
		return release, nil
	}
	r, err := ai.ReviewGame(ctx, &g.Record, opt)
	if err != nil {
		return err
	}
	body, err := json.Marshal(storedReview{ExactEmpties: r.ExactEmpties, Moves: r.Moves})
	if err != nil {
		return err
	}
	return s.store.SaveReview(ctx, &db.Review{GameID: g.ID, Ply: g.Ply(), Body: string(body)})
}

// loadReview returns m's stored review, or nil when there is none for the
// game as it stands.
func (s *Server) loadReview(ctx context.Context, m *match.Match) (*storedReview, error) {
	r, err := s.store.Review(ctx, m.Game.ID)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if r.Ply != m.Ply() {
		return nil, nil
	}
	var sr storedReview
	if err := json.Unmarshal([]byte(r.Body), &sr); err != nil {
		return nil, fmtErr("review of "+m.Game.ID, err)
	}
	return &sr, nil
}

// startReview asks for the review of a finished game and sends the player
// to its page.
func (s *Server) startReview(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Playing() {
		return refuse(http.StatusConflict, views.NoticeReviewPlaying)
	}
	sr, err := s.loadReview(c.Request.Context(), m)
	if err != nil {
		return err
	}
	if sr == nil && !s.reviewQueue().enqueue(m.Game) {
		return refuse(http.StatusServiceUnavailable, views.NoticeReviewBusy)
	}
	return redirect(c, gameURL(m.Game.ID)+"/review#status")
}

// showReview shows the review, or says that it is being worked out; with
// ?wait it waits for it first (the "Check again" link's long poll).
func (s *Server) showReview(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	sr, err := s.loadReview(ctx, m)
	if err != nil {
		return err
	}
	done := s.reviewQueue().running(m.Game.ID)
	if _, wait := c.GetQuery("wait"); sr == nil && done != nil && wait {
		t := time.NewTimer(reviewWait)
		select {
		case <-done:
		case <-t.C:
		case <-ctx.Done():
		case <-s.draining:
		}
		t.Stop()
		if sr, err = s.loadReview(ctx, m); err != nil {
			return err
		}
		done = s.reviewQueue().running(m.Game.ID)
	}
	page := views.ReviewPage{
		Base:    s.base(views.ReviewTitle, "status", "Skip to the review"),
		Game:    gameURL(m.Game.ID),
		Playing: m.Playing(),
	}
	switch {
	case sr != nil:
		page.Status = views.ReviewReady
		size := m.Game.Record.Options.Size
		replay := gameURL(m.Game.ID) + "/replay?ply="
		for _, mr := range sr.Moves {
			if !reviewedFor(m, mr.Side) {
				continue
			}
			v := verdict(mr, size, voice(m), replay+strconv.Itoa(mr.Ply))
			page.Moves = append(page.Moves, v)
		}
		page.Mistakes = views.BiggestMistakes(page.Moves, 3)
		page.ExactEmpties = sr.ExactEmpties
	case done != nil:
		page.Status = views.ReviewRunning
		page.Check = gameURL(m.Game.ID) + "/review?wait=1#status"
		page.Events = gameURL(m.Game.ID) + "/review/events"
		page.Live = static.Live.Path
	case !m.Playing():
		page.Status = views.ReviewNone
		page.Start = gameURL(m.Game.ID) + "/review"
	default:
		page.Status = views.NoticeReviewPlaying.Message
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.ReviewPageName, page)
	return nil
}

// verdict puts one judged move into the page's terms.
func verdict(mr ai.MoveReview, size int, v views.Voice, replay string) views.Verdict {
	return views.Verdict{
		Number: mr.Number, Who: v.Who(mr.Side), Played: mr.Played.Name(size), Best: mr.Best.Name(size),
		BestValue: mr.BestValue, PlayedValue: mr.PlayedValue, Loss: mr.Loss(),
		Exact: mr.Exact, Forced: mr.Forced, Replay: replay,
	}
}

// reviewedFor reports whether the viewer of m sees the review of side's
// moves: the human's against the computer, the viewer's seat online, both
// on one device.
func reviewedFor(m *match.Match, side game.Color) bool {
	if m.Game.Opponent == db.Online {
		return side == m.Seat
	}
	return m.IsHuman(side)
}

// reviewEvents is the review page's event stream while the review runs:
// one "change" event, naming the page to load, once the review is stored
// (or has stopped), and a heartbeat comment meanwhile.
func (s *Server) reviewEvents(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	leave, status := s.waiters.enter(playerID(c))
	if status != 0 {
		c.Header("Retry-After", "30")
		if status == http.StatusTooManyRequests {
			return refuse(status, views.NoticeTooManyWaits)
		}
		return refuse(status, views.NoticeBusy)
	}
	defer leave()
	done := s.reviewQueue().running(m.Game.ID)
	if err := http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{}); err != nil {
		s.log.Warn("event stream keeps the write timeout", "err", err)
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Writer.WriteHeader(http.StatusOK)
	change := func() {
		fmt.Fprintf(c.Writer, "event: change\ndata: %s/review#status\n\n", gameURL(m.Game.ID))
		c.Writer.Flush()
	}
	if done == nil { // done already, or never asked for: the page says which
		change()
		return nil
	}
	fmt.Fprint(c.Writer, ": waiting\n\n")
	c.Writer.Flush()
	life := time.NewTimer(s.streamLifetime)
	defer life.Stop()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-done:
			change()
			return nil
		case <-tick.C:
			if _, err := fmt.Fprint(c.Writer, ": heartbeat\n\n"); err != nil {
				return nil
			}
			c.Writer.Flush()
		case <-c.Request.Context().Done():
			return nil
		case <-life.C:
			return nil // the browser reconnects
		case <-s.draining:
			return nil
		}
	}
}
