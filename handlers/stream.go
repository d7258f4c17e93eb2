package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"reversi/play"
	"reversi/views"
)

// An event stream (Server-Sent Events) tells a page that waits (an online
// game for the other player's move, a review being worked out) when to
// load itself again: one "change" event, whose data is the address to
// load, and a comment every heartbeat until then. The stream is not
// compressed and is exempt from the write timeout; it ends after the
// stream lifetime, and the browser reconnects; and it ends at once, with a
// hint to reconnect, when the server shuts down.

// DefaultHeartbeat is how often an idle event stream sends a comment, so
// that proxies and browsers keep it open.
const DefaultHeartbeat = 15 * time.Second

// enterWaiters counts the request among the event streams and long polls
// open, or refuses it with 429 (the player's cap) or 503 (its network's,
// the streams' or the server's) and a Retry-After; leave ends the count.
// The stream's request context also ends when another network takes its
// place (see waiters): the stream ends, and the browser reconnects.
func (s *Server) enterWaiters(c *gin.Context) (leave func(), err error) {
	ctx, stop := context.WithCancel(c.Request.Context())
	who, network := waiter(c)
	uncount, err := s.waiters.EnterStream(who, network, stop)
	if err == nil {
		c.Request = c.Request.WithContext(ctx)
		return func() { uncount(); stop() }, nil
	}
	stop()
	c.Header("Retry-After", "30")
	if errors.Is(err, play.ErrWaitsPlayer) {
		return nil, refuse(http.StatusTooManyRequests, views.NoticeTooManyWaits())
	}
	return nil, refuse(http.StatusServiceUnavailable, views.NoticeBusy())
}

// enterPoll counts a long poll of c among the waiters. Over a cap ok is
// false and the page answers at once, without waiting. The poll waits on
// ctx, which ends with the request and also when another network takes
// its place: then stoppedEarly is true, and the page answers at once.
func (s *Server) enterPoll(c *gin.Context) (ctx context.Context, leave func(), ok bool) {
	ctx, stop := context.WithCancel(c.Request.Context())
	who, network := waiter(c)
	uncount, err := s.waiters.EnterPoll(who, network, stop)
	if err != nil {
		stop()
		return nil, nil, false
	}
	return ctx, func() { uncount(); stop() }, true
}

// stoppedEarly reports whether err ended a long poll whose place another
// network took, while its request goes on.
func stoppedEarly(c *gin.Context, err error) bool {
	return errors.Is(err, context.Canceled) && c.Request.Context().Err() == nil
}

// stream answers c with an event stream. When first is not "", the page
// has something to load already: the stream sends it as the change and
// ends. Otherwise it waits: each time wake receives, onWake returns the
// address to load, or "" to go on waiting.
func (s *Server) stream(c *gin.Context, first string, wake <-chan struct{}, onWake func() string) {
	if err := http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{}); err != nil {
		s.log.Warn("event stream keeps the write timeout", "err", err)
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Writer.WriteHeader(http.StatusOK)
	change := func(url string) {
		fmt.Fprintf(c.Writer, "event: change\ndata: %s\n\n", url)
		c.Writer.Flush()
	}
	if first != "" {
		change(first)
		return
	}
	fmt.Fprint(c.Writer, ": waiting\n\n")
	c.Writer.Flush()
	life := time.NewTimer(s.streamLifetime)
	defer life.Stop()
	tick := time.NewTicker(s.heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-wake:
			if url := onWake(); url != "" {
				change(url)
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(c.Writer, ": heartbeat\n\n"); err != nil {
				return // the client went away
			}
			c.Writer.Flush()
		case <-c.Request.Context().Done():
			return // the client went away
		case <-life.C:
			return // the browser reconnects
		case <-s.app.Draining():
			drained(c) // the server is shutting down; the script will reconnect
			return
		}
	}
}
