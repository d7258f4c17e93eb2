// Package handlers is the web app's HTTP layer: Gin routes, middleware,
// sessions and limits, and the handlers, each of which parses a request,
// calls the application (package play) and renders its answer with package
// views. It holds no rules of the game or the match, and reaches neither
// the engine nor a store but through play.
//
// Every handler returns an error; [Server.wrap] maps it to a status code and
// a page in one place (errors.go). A refusal carries the status and the words the
// player sees; anything else is a 500 whose details go to the log only.
package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"

	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// Config is what a Server is made from. App, Views and SessionKeys are
// required; the rest have defaults.
type Config struct {
	App   *play.App
	Views *views.Views
	// SessionKeys are securecookie key pairs (hash key, block key, and
	// older pairs after them for rotation).
	SessionKeys [][]byte
	// SecureCookies marks the cookie Secure even on plain HTTP, for a
	// server behind a TLS proxy. Requests over TLS always get Secure.
	SecureCookies bool
	Logger        *slog.Logger
	// MoveRate, GameRate and HintRate limit each player's moves (with
	// undos), new games and hints per second, with bursts of MoveBurst,
	// GameBurst and HintBurst; the Default ones apply where they are 0,
	// and a negative rate switches the limit off.
	MoveRate, GameRate, HintRate    float64
	MoveBurst, GameBurst, HintBurst int
	// NewPlayersPerHour and NewGamesPerHour limit, per network (IPv4 /24,
	// IPv6 /64), the browsers that get a new player id and the games
	// started, with bursts of NewPlayersBurst and NewGamesBurst; the
	// Default ones apply where they are 0, a negative rate switches the
	// limit off.
	NewPlayersPerHour, NewGamesPerHour float64
	NewPlayersBurst, NewGamesBurst     int
	// TrustedProxies are the addresses or CIDR ranges of reverse proxies
	// in front of the server. From those, the client's address is read
	// from X-Forwarded-For (or X-Real-IP); it keys the rate limits of
	// browsers without a cookie. By default no proxy is trusted and the
	// headers are ignored, since anyone can send them.
	TrustedProxies []string
	// WaitersPerPlayer and Waiters cap the event streams and long polls
	// open at once, per player and in all; StreamLifetime ends each event
	// stream after a while. The Default ones apply where they are 0.
	WaitersPerPlayer, Waiters int
	StreamLifetime            time.Duration
	// Heartbeat is how often an idle event stream sends a comment;
	// DefaultHeartbeat where it is 0.
	Heartbeat time.Duration
	// PublicURL is the scheme and host that players reach the app at
	// (https://reversi.example), for the invite links; by default the
	// address that each request came to.
	PublicURL string
	// Now is the clock; time.Now by default. The cookie's age and the
	// rate limits read it.
	Now func() time.Time
	// Ready reports whether the store answers and its migrations are
	// applied, for /readyz; nil: always.
	Ready func(context.Context) error
	// Observe, when set, is told of every request: its route pattern
	// ("" for none), status and time taken (for metrics). Refused is told
	// of each refusal by a limit, by kind, and of each failure: "store"
	// (unavailable) or "fault" (a 500).
	Observe func(route string, status int, took time.Duration)
	Refused func(kind string)
}

// Server holds what the handlers share.
type Server struct {
	app     *play.App
	views   *views.Views
	cookies *sessions.CookieStore
	secure  bool
	log     *slog.Logger
	// moveLimit and gameLimit are the rate limits of moves and new games.
	moveLimit, gameLimit, hintLimit *rateLimiter
	// playerLimit and netGameLimit count new players and new games per
	// network.
	playerLimit, netGameLimit *rateLimiter
	trustedProxies            []string
	publicURL                 string
	now                       func() time.Time
	waiters                   *play.Waiters
	streamLifetime            time.Duration
	heartbeat                 time.Duration
	ready                     func(context.Context) error
	draining                  atomic.Bool
	observe                   func(string, int, time.Duration)
	refused                   func(string)
}

// cookieName is the session cookie's name; it holds only the player id.
const (
	cookieName   = "reversi"
	cookieMaxAge = int(play.PlayerLife / time.Second) // about six months
)

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.App == nil || cfg.Views == nil {
		return nil, errors.New("handlers: App and Views are required")
	}
	if len(cfg.SessionKeys) < 2 || len(cfg.SessionKeys)%2 != 0 {
		return nil, errors.New("handlers: SessionKeys must hold hash and block key pairs")
	}
	cs := sessions.NewCookieStore(cfg.SessionKeys...)
	cs.MaxAge(cookieMaxAge)
	for _, codec := range cs.Codecs {
		codec.(*securecookie.SecureCookie).SetSerializer(sessionSerializer{now: cfg.Now})
	}
	cs.Options = &sessions.Options{
		Path:     "/",
		MaxAge:   cookieMaxAge,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   cfg.SecureCookies,
	}
	s := &Server{
		app:     cfg.App,
		views:   cfg.Views,
		cookies: cs,
		secure:  cfg.SecureCookies,
		log:     cfg.Logger,
	}
	s.publicURL, s.now = strings.TrimRight(cfg.PublicURL, "/"), cfg.Now
	s.ready, s.observe, s.refused = cfg.Ready, cfg.Observe, cfg.Refused
	if s.refused == nil {
		s.refused = func(string) {}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	for _, p := range cfg.TrustedProxies {
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			return nil, fmt.Errorf("handlers: trusted proxy %q is neither an address nor a CIDR range", p)
		}
	}
	s.trustedProxies = cfg.TrustedProxies
	s.moveLimit = newLimit(cfg.MoveRate, cfg.MoveBurst, DefaultMoveRate, DefaultMoveBurst)
	s.gameLimit = newLimit(cfg.GameRate, cfg.GameBurst, DefaultGameRate, DefaultGameBurst)
	s.hintLimit = newLimit(cfg.HintRate, cfg.HintBurst, DefaultHintRate, DefaultHintBurst)
	s.playerLimit = newLimit(cfg.NewPlayersPerHour/3600, cfg.NewPlayersBurst, DefaultNewPlayersPerHour/3600.0, DefaultNewPlayersBurst)
	s.netGameLimit = newLimit(cfg.NewGamesPerHour/3600, cfg.NewGamesBurst, DefaultNewGamesPerHour/3600.0, DefaultNewGamesBurst)
	s.waiters = play.NewWaiters(cfg.WaitersPerPlayer, cfg.Waiters, s.refused)
	s.streamLifetime = cfg.StreamLifetime
	if s.streamLifetime <= 0 {
		s.streamLifetime = DefaultStreamLifetime
	}
	if s.heartbeat = cfg.Heartbeat; s.heartbeat <= 0 {
		s.heartbeat = DefaultHeartbeat
	}
	return s, nil
}

// csp allows only this origin's stylesheet and script: no inline code.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

// statusClientGone is logged for a request whose client went away before
// it was answered (nginx's 499), so that it is not counted as a fault.
const statusClientGone = 499

func (s *Server) logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	status := c.Writer.Status()
	if c.GetBool(abortedKey) {
		status = statusClientGone
	}
	took := time.Since(start)
	if s.observe != nil {
		s.observe(c.FullPath(), status, took)
	}
	s.log.Info("request", "method", c.Request.Method, "path", safePath(c.Request.URL.Path),
		"status", status, "took", took.Round(time.Microsecond))
}

// recover renders the error page for a panic; the stack goes to the log.
func (s *Server) recover(c *gin.Context, err any) {
	s.log.Error("panic", "path", safePath(c.Request.URL.Path), "err", err, "stack", string(debug.Stack()))
	s.renderError(c, http.StatusInternalServerError, views.NoticeInternal())
}

func (s *Server) base(r *http.Request, title views.Text, skip views.SkipLink) views.Base {
	b := views.Base{Title: title, CSS: static.CSS().Path, Skip: skip.Target, SkipText: skip.Text}
	// The language switch comes back to Here. A GET page is its own
	// address; a form's answer (a question such as "Start a new game?",
	// or a refusal) has none that a GET would show again, so the switch
	// goes back to the page the form was sent from, else home.
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		b.Here = r.URL.RequestURI()
	} else {
		b.Here = backTo("", r.Referer())
	}
	return b
}

// writePage renders a page into a buffer and only then writes it, gzipped
// when the client accepts that. A template error becomes a plain 500.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, status int, page string, data any) {
	lang := s.language(r)
	buf, err := s.views.Render(lang, page, data)
	if err != nil {
		s.log.Error("render", "page", page, "err", err)
		status = http.StatusInternalServerError
		buf = bytes.NewBufferString(views.RenderFailed(lang))
	}
	defer views.Release(buf)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", lang.Code)
	if h.Get("Cache-Control") == "" { // a page with a secret says no-store
		h.Set("Cache-Control", "no-cache")
	}
	// The page follows the browser's languages unless the player chose
	// one, and the player is known by the cookie.
	h.Set("Vary", "Accept-Encoding, Accept-Language, Cookie")
	body := buf.Bytes()
	if static.AcceptsGzip(r) {
		zbuf := gzipBytes(body)
		defer gzipBuffers.Put(zbuf)
		body = zbuf.Bytes()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		// A refusal by a limit frees its connection, and says when to retry.
		h.Set("Connection", "close")
		if h.Get("Retry-After") == "" {
			h.Set("Retry-After", retryAfter)
		}
	}
	w.WriteHeader(status)
	w.Write(body) // a response to HEAD drops it (headAsGet)
}

// retryAfter is the Retry-After of a 429 or 503 that names no other wait.
const retryAfter = "5"

// gzipLevel is the compression of pages. Level 5 makes a game page within
// a few bytes of level 6's, in a fifth less time; level 1 would take half
// the time but add about 8% to the bytes.
const gzipLevel = 5

// gzipWriters keeps idle gzip writers. It is a fixed free list rather than
// a sync.Pool because a writer holds about 800 KB of tables: a pool emptied
// at every garbage collection had them allocated and zeroed again and
// again, which in turn brought the next collection sooner.
var gzipWriters = make(chan *gzip.Writer, 8)

// gzipBuffers holds the buffers of compressed pages between requests.
var gzipBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// gzipBytes returns b compressed, in a buffer the caller puts back in
// gzipBuffers once it is written.
func gzipBytes(b []byte) *bytes.Buffer {
	var zw *gzip.Writer
	select {
	case zw = <-gzipWriters:
	default:
		zw, _ = gzip.NewWriterLevel(nil, gzipLevel)
	}
	out := gzipBuffers.Get().(*bytes.Buffer)
	out.Reset()
	out.Grow(len(b)/4 + 64) // pages compress to a fifth or so
	zw.Reset(out)
	zw.Write(b)
	zw.Close()
	select {
	case gzipWriters <- zw:
	default: // enough are idle already
	}
	return out
}

// redirect answers a POST with 303 See Other.
func redirect(c *gin.Context, url string) error {
	c.Redirect(http.StatusSeeOther, url)
	return nil
}

func gameURL(id string) string { return "/games/" + id }

// Drain ends the event streams and long polls in progress and stops the
// review queue, so that a graceful shutdown need not wait for them;
// register it with http.Server.RegisterOnShutdown.
func (s *Server) Drain() { s.app.Drain() }
