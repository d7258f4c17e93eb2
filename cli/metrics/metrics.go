// Package metrics holds the server's Prometheus metrics: the collectors
// that package play (through play.Observer) and package handlers (through
// their Config's hooks) feed, the figures read when scraped, and the
// handler that serve puts on its own listener, never on the public port.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is a registry and the collectors fed as things happen. Its
// methods are safe for concurrent use.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	refusals *prometheus.CounterVec
	errors   *prometheus.CounterVec
	moves    prometheus.Counter
	thinking *prometheus.HistogramVec
}

// New returns Metrics with the Go runtime's and the process's collectors.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "reversi_http_requests_total", Help: "Requests answered, by route pattern and status.",
	}, []string{"route", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "reversi_http_request_duration_seconds", Help: "Time to answer a request, by route pattern (event streams and long polls included).",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"route"})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "reversi_refusals_total", Help: "Requests and connections refused by a limit or a cap, by kind.",
	}, []string{"kind"})
	m.errors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "reversi_request_errors_total", Help: "Requests failed: store unavailable (503) or an internal fault (500).",
	}, []string{"kind"})
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "reversi_moves_total", Help: "Moves played and stored, the computer's replies included.",
	})
	m.thinking = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "reversi_computer_thinking_seconds", Help: "The computer's search time for one move, by level.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5},
	}, []string{"level"})
	m.reg.MustRegister(m.requests, m.latency, m.refusals, m.errors, m.moves, m.thinking,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Gauge registers a gauge read from f at each scrape.
func (m *Metrics) Gauge(name, help string, f func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
}

// Counter registers a counter read from f at each scrape.
func (m *Metrics) Counter(name, help string, f func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, f))
}

// Request counts a request answered (handlers.Config.Observe). A request
// that matched no route counts under "none".
func (m *Metrics) Request(route string, status int, took time.Duration) {
	if route == "" {
		route = "none"
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(took.Seconds())
}

// Refused counts a refusal by kind (handlers.Config.Refused); the kinds
// "store" and "fault" are failures, counted apart.
func (m *Metrics) Refused(kind string) {
	switch kind {
	case "store", "fault":
		m.errors.WithLabelValues(kind).Inc()
	default:
		m.refusals.WithLabelValues(kind).Inc()
	}
}

// Played counts moves stored (play.Observer).
func (m *Metrics) Played(n int) { m.moves.Add(float64(max(0, n))) }

// Thought records the computer's search time at level (play.Observer).
func (m *Metrics) Thought(level string, took time.Duration) {
	m.thinking.WithLabelValues(level).Observe(took.Seconds())
}

// ReviewRefused counts a review refused by kind (play.Observer).
func (m *Metrics) ReviewRefused(kind string) { m.refusals.WithLabelValues("review-" + kind).Inc() }
