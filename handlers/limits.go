package handlers

import (
	"errors"
	"math"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"reversi/play"
	"reversi/views"
)

// maxBody bounds a request body: every form here is a few hundred bytes.
const maxBody = 4 << 10

// Default rate limits per player (or, without a cookie, per address). A
// person never comes near them; they stop a script from flooding the
// server with moves, searches or new games.
const (
	DefaultMoveRate  = 50 // moves, undos and hints per second
	DefaultMoveBurst = 100
	DefaultGameRate  = 2 // new games and joins per second
	DefaultGameBurst = 20
	DefaultHintRate  = 1 // hints per second: each is a search, so fewer than moves
	DefaultHintBurst = 5

	// Per network (an IPv4 /24 or an IPv6 /64), over an hour: new players
	// (browsers without a cookie that start something) and new games.
	// Generous enough for a school or a café behind one address, tight
	// enough that one address cannot fill the disk with fresh cookies.
	DefaultNewPlayersPerHour = 120
	DefaultNewPlayersBurst   = 60
	DefaultNewGamesPerHour   = 600
	DefaultNewGamesBurst     = 120
)

var (
	errTooLarge = refuse(http.StatusRequestEntityTooLarge, views.NoticeTooLarge())
	errBadForm  = refuse(http.StatusBadRequest, views.NoticeBadForm())
	errTooMany  = refuse(http.StatusTooManyRequests, views.NoticeTooMany())
	// errNetwork is the same 429 for a network's limit, worded so as not
	// to blame a browser that may have sent nothing.
	errNetwork = refuse(http.StatusTooManyRequests, views.NoticeNetwork())
)

// limitBody reads the form of every POST up front, bounded by maxBody:
// a larger body is refused with 413 and a form that does not parse with
// 400, before any handler runs.
func (s *Server) limitBody(c *gin.Context) {
	if c.Request.Method != http.MethodPost {
		c.Next()
		return
	}
	if c.Request.ContentLength > maxBody {
		s.renderError(c, errTooLarge.status, errTooLarge.Notice)
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxBody)
	if err := c.Request.ParseForm(); err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			s.renderError(c, errTooLarge.status, errTooLarge.Notice)
			return
		}
		s.renderError(c, errBadForm.status, errBadForm.Notice)
		return
	}
	c.Next()
}

// rateLimit refuses requests over l's rate with 429, a page and
// Retry-After. Requests are counted per player, or per address for a
// browser without a player cookie: the peer's address, or behind a trusted
// proxy the client's (see Config.TrustedProxies).
func (s *Server) rateLimit(kind string, l *rateLimiter) gin.HandlerFunc {
	return func(c *gin.Context) {
		if ok, wait := l.allow(limitKey(c), s.now()); !ok {
			s.refused(kind)
			c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
			s.renderError(c, errTooMany.status, errTooMany.Notice)
			return
		}
		c.Next()
	}
}

// perNetwork refuses requests over l's rate for the client's network with
// 429, a page and Retry-After.
func (s *Server) perNetwork(l *rateLimiter) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := s.allowNetwork(c, l); err != nil {
			s.renderError(c, errNetwork.status, errNetwork.Notice)
		}
	}
}

// allowNetwork spends one of l's tokens for the client's network, or
// returns a 429 refusal and sets Retry-After.
func (s *Server) allowNetwork(c *gin.Context, l *rateLimiter) error {
	if ok, wait := l.allow(play.Network(c.ClientIP()), s.now()); !ok {
		s.refused("network")
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		return errNetwork
	}
	return nil
}

// newPlayer returns a new player id for a browser without a cookie, within
// the limit of new players for its network.
func (s *Server) newPlayer(c *gin.Context) (string, error) {
	if err := s.allowNetwork(c, s.playerLimit); err != nil {
		return "", err
	}
	return newPlayerID(), nil
}

// limitKey is what a request is counted under: its player, or its address
// for a browser without a player cookie.
func limitKey(c *gin.Context) string {
	if p := playerID(c); p != "" {
		return p
	}
	return "addr " + c.ClientIP()
}

// who is the person a request acts for, for the app: its player, waiting
// in line under the request's limit key, so that a browser without a
// cookie waits in its address's line.
func who(c *gin.Context) play.Who { return play.Who{Player: playerID(c), Line: limitKey(c)} }

// newLimit returns the limiter for a configured rate and burst, falling
// back to the defaults; nil (no limit) for a negative rate.
func newLimit(rate float64, burst int, defRate float64, defBurst int) *rateLimiter {
	switch {
	case rate < 0:
		return nil
	case rate == 0:
		rate = defRate
	}
	if burst <= 0 {
		burst = defBurst
	}
	return newRateLimiter(rate, burst)
}

// searchNetwork counts a request's searches under its client's network, so
// one network's many cookies take no other network's turn (play.WithNetwork).
func searchNetwork(c *gin.Context) {
	c.Request = c.Request.WithContext(play.WithNetwork(c.Request.Context(), play.Network(c.ClientIP())))
	c.Next()
}
