package metrics

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestScrape feeds each collector and reads the metrics as Prometheus
// would.
func TestScrape(t *testing.T) {
	m := New()
	m.Request("/games/:id/moves", 303, 12*time.Millisecond)
	m.Request("", 404, time.Millisecond)
	m.Refused("moves")
	m.Refused("store")
	m.Played(3)
	m.Thought("easy", 4*time.Millisecond)
	m.ReviewRefused("player")
	m.Gauge("reversi_test_gauge", "A test gauge.", func() float64 { return 7 })
	w := httptest.NewRecorder()
	m.Handler().ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(w.Body)
	for _, want := range []string{
		`reversi_http_requests_total{route="/games/:id/moves",status="303"} 1`,
		`reversi_http_requests_total{route="none",status="404"} 1`,
		`reversi_http_request_duration_seconds_bucket{route="/games/:id/moves",le="0.025"} 1`,
		`reversi_refusals_total{kind="moves"} 1`,
		`reversi_refusals_total{kind="review-player"} 1`,
		`reversi_request_errors_total{kind="store"} 1`,
		`reversi_moves_total 3`,
		`reversi_computer_thinking_seconds_count{level="easy"} 1`,
		`reversi_test_gauge 7`,
		`go_goroutines`,
		`process_cpu_seconds_total`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the metrics have no %s", want)
		}
	}
}
