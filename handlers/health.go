package handlers

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// probes answers a balancer's or an orchestrator's probes before anything
// else runs: no session, no rate limit, no log at info level.
//   - GET /healthz: 200 while the process serves.
//   - GET /readyz: 200 while the store answers and its migrations are
//     applied (Config.Ready), 503 once the server drains (StartDrain).
func (s *Server) probes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead ||
			r.URL.Path != "/healthz" && r.URL.Path != "/readyz" {
			next.ServeHTTP(w, r)
			return
		}
		status := http.StatusOK
		if r.URL.Path == "/readyz" {
			status = s.readiness(r.Context())
		}
		h := w.Header()
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		if status != http.StatusOK {
			h.Set("Retry-After", retryAfter)
		}
		w.WriteHeader(status)
		w.Write([]byte(http.StatusText(status) + "\n"))
	})
}

// readiness is /readyz's status.
func (s *Server) readiness(ctx context.Context) int {
	if s.draining.Load() {
		return http.StatusServiceUnavailable
	}
	if s.ready == nil {
		return http.StatusOK
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := s.ready(ctx); err != nil {
		s.log.Warn("not ready", "err", err)
		return http.StatusServiceUnavailable
	}
	return http.StatusOK
}

// Waiting returns the event streams and long polls open, for metrics.
func (s *Server) Waiting() int { return s.waiters.Open() }

// StartDrain makes /readyz answer 503 from now on, while every other page
// is still served: a balancer takes the server out of its rotation before
// it shuts down.
func (s *Server) StartDrain() { s.draining.Store(true) }

// drained ends an event stream as the server shuts down, with a hint to
// reconnect after a few seconds (to another server, behind a balancer).
func drained(c *gin.Context) {
	fmt.Fprint(c.Writer, "retry: 3000\n\n")
	c.Writer.Flush()
}
