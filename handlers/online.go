package handlers

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"reversi/db"
	"reversi/game"
	"reversi/game/match"
	"reversi/views"
)

// Online play: a room holds a match between two browsers. The host creates
// it from the new-game form and sends the invite link; whoever opens the
// link first takes the other seat. Each seat is bound to its player id, the
// same opaque id that the cookie carries for every game. Moves use the same
// form, ply check and rules as every other game; the player who waits hears
// of the other's move through an event stream (with the small online.js) or
// a long-poll link (without JavaScript).

const (
	// DefaultRoomTTL is how long a room may sit unused before it expires.
	DefaultRoomTTL = 7 * 24 * time.Hour
	// pollWait bounds a long poll; it stays below the server's write
	// timeout.
	pollWait = 20 * time.Second
)

// heartbeat is how often an idle event stream sends a comment, so that
// proxies and browsers keep it open; tests shorten it.
var heartbeat = 15 * time.Second

// An invite token is 144 random bits, URL-safe.
var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{24}$`)

func newToken() string { return base64.RawURLEncoding.EncodeToString(randomBytes(18)) }

func inviteURL(token string) string { return "/join/" + token }

// safePath returns a request path fit for the log: invite tokens are
// secrets, so they never reach it.
func safePath(path string) string {
	if strings.HasPrefix(path, "/join/") {
		return "/join/…"
	}
	return path
}

var (
	errNoRoom    = refuse(http.StatusNotFound, views.NoticeNoRoom)
	errExpired   = refuse(http.StatusGone, views.NoticeExpired)
	errNotSeated = refuse(http.StatusForbidden, views.NoticeNotSeated)
	errRoomFull  = refuse(http.StatusConflict, views.NoticeRoomFull)
)

// createRoom starts an online game for player p and answers with its page,
// where the invite link is shown.
func (s *Server) createRoom(c *gin.Context, req *newGameRequest, p string) error {
	ctx := c.Request.Context()
	g := &db.Game{
		ID: newGameID(), PlayerID: p, Opponent: db.Online, Human: req.human, Level: req.level.String(),
		Record: game.Game{Options: req.options}, Status: db.Playing, Settings: req.settings,
		HintPly: -1, HintSquare: game.Pass,
	}
	r := &db.Room{ID: newGameID(), Token: newToken(), Host: p, HostColor: req.human, Round: 1}
	if err := s.recordPlayer(c, p); err != nil {
		return err
	}
	if err := s.store.CreateRoom(ctx, r, g); err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(g.ID)+"#status")
}

// seated loads an online game for the player in the request, who must hold
// one of the room's seats, seen from that seat.
func (s *Server) seated(c *gin.Context, g *db.Game) (*match.Match, error) {
	r, err := s.store.Room(c.Request.Context(), g.RoomID)
	if err != nil {
		return nil, err
	}
	if match.SeatOf(g, r, playerID(c)) == game.Empty {
		return nil, errNotSeated
	}
	if match.Expired(r, g, s.roomTTL, s.now()) {
		return nil, errExpired
	}
	return match.LoadSeated(g, r, playerID(c))
}

// roomFor returns the room of the invite token in the URL.
func (s *Server) roomFor(c *gin.Context) (*db.Room, *db.Game, error) {
	token := c.Param("token")
	if !tokenPattern.MatchString(token) {
		return nil, nil, errNoRoom
	}
	ctx := c.Request.Context()
	r, err := s.store.RoomByToken(ctx, token)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil, errNoRoom
	}
	if err != nil {
		return nil, nil, err
	}
	g, err := s.store.Game(ctx, r.GameID)
	if err != nil {
		return nil, nil, err
	}
	if match.Expired(r, g, s.roomTTL, s.now()) {
		return nil, nil, errExpired
	}
	return r, g, nil
}

// showJoin is the invite link's page: it offers the free seat, sends a
// seated player on to the game, and tells anyone else that the room is full.
func (s *Server) showJoin(c *gin.Context) error {
	r, g, err := s.roomFor(c)
	if err != nil {
		return err
	}
	if match.SeatOf(g, r, playerID(c)) != game.Empty {
		c.Redirect(http.StatusSeeOther, gameURL(g.ID)+"#status")
		return nil
	}
	page := views.JoinPage{Base: s.base(views.JoinTitle, "main", "Skip to the main content")}
	if r.Guest != "" {
		page.Heading, page.Message = views.JoinFull.Heading, views.JoinFull.Message
		s.writePage(c.Writer, c.Request, http.StatusOK, views.Join, page)
		return nil
	}
	n := views.JoinInvite(g.Human.Opponent(), g.Record.Options.Size)
	page.Heading, page.Message = n.Heading, n.Message
	page.Action = c.Request.URL.Path
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Join, page)
	return nil
}

// join gives the free seat to the player in the request.
func (s *Server) join(c *gin.Context) error {
	r, g, err := s.roomFor(c)
	if err != nil {
		return err
	}
	p := playerID(c)
	if match.SeatOf(g, r, p) != game.Empty {
		return redirect(c, gameURL(g.ID)+"#status")
	}
	if r.Guest != "" {
		// Refused before anything is written: not even a player row.
		return errRoomFull
	}
	if p == "" {
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
		if err := s.recordPlayer(c, p); err != nil {
			return err
		}
	}
	if err := s.store.JoinRoom(c.Request.Context(), r.ID, p); err != nil {
		if errors.Is(err, db.ErrRoomFull) {
			return errRoomFull
		}
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	s.notifier.Notify(g.ID)
	return redirect(c, gameURL(g.ID)+"#status")
}

// Drain ends the event streams and long polls in progress, so that a
// graceful shutdown need not wait for them; register it with
// http.Server.RegisterOnShutdown.
func (s *Server) Drain() {
	s.drainOnce.Do(func() { close(s.draining) })
}

// waitForChange is the long poll: it returns the game once its stamp
// differs from after, or when pollWait has passed, or when the client has
// gone.
//
// An address that is not a stamp, or a player over the cap of waiters,
// gets the page at once instead: the "Check for" link still works, it only
// does not wait.
func (s *Server) waitForChange(c *gin.Context, m *match.Match, after string) (*match.Match, error) {
	if !match.ValidStamp(after) {
		return m, nil
	}
	leave, status := s.waiters.enter(playerID(c))
	if status != 0 {
		return m, nil
	}
	defer leave()
	ch, stop := s.notifier.Subscribe(m.Game.ID)
	defer stop()
	// The game was read before the subscription began: a change that
	// landed in between woke nobody, so read it once more.
	m, err := s.own(c)
	if err != nil {
		return nil, err
	}
	timeout := time.NewTimer(pollWait)
	defer timeout.Stop()
	for {
		if m.Stamp() != after || !m.Current() {
			return m, nil
		}
		select {
		case <-ch:
		case <-timeout.C:
			return m, nil
		case <-c.Request.Context().Done():
			return nil, c.Request.Context().Err()
		case <-s.draining:
			return m, nil
		}
		if m, err = s.own(c); err != nil {
			return nil, err
		}
	}
}

// events streams Server-Sent Events to a player waiting in an online game:
// one "change" event, whose data is the address to load, as soon as the
// page's stamp differs from ?after, and a comment every heartbeat until
// then. The stream is not compressed and is exempt from the write timeout;
// it ends after the stream lifetime, and the browser reconnects. ?after
// must be a stamp (it is written back into the stream), and a player over
// the cap of waiters is refused with 429 (503 when the server is at its
// cap): the page's "Check for" link still works.
func (s *Server) events(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Room == nil {
		return refuse(http.StatusNotFound, views.NoticeNoEvents)
	}
	after := c.Query("after")
	if !match.ValidStamp(after) {
		return refuse(http.StatusBadRequest, views.NoticeBadAfter)
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
	ctx := c.Request.Context()
	life := time.NewTimer(s.streamLifetime)
	defer life.Stop()
	ch, stop := s.notifier.Subscribe(m.Game.ID)
	defer stop()
	// A change between the first read and the subscription woke nobody:
	// read the game once more now that changes are heard.
	if m, err = s.own(c); err != nil {
		return err
	}
	if err := http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{}); err != nil {
		s.log.Warn("event stream keeps the write timeout", "err", err)
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Writer.WriteHeader(http.StatusOK)
	fmt.Fprint(c.Writer, ": waiting\n\n")
	c.Writer.Flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		if m.Stamp() != after || !m.Current() {
			fmt.Fprintf(c.Writer, "event: change\ndata: %s?after=%s#status\n\n", gameURL(m.Game.ID), after)
			c.Writer.Flush()
			return nil
		}
		select {
		case <-ch:
			if m, err = s.own(c); err != nil {
				// The game can no longer be shown here (expired, say):
				// send the player to the page, which says why.
				fmt.Fprintf(c.Writer, "event: change\ndata: %s#status\n\n", c.Request.URL.Path[:len(c.Request.URL.Path)-len("/events")])
				c.Writer.Flush()
				return nil
			}
		case <-tick.C:
			if _, err := fmt.Fprint(c.Writer, ": heartbeat\n\n"); err != nil {
				return nil
			}
			c.Writer.Flush()
		case <-ctx.Done():
			return nil // the client went away
		case <-life.C:
			return nil // the browser reconnects
		case <-s.draining:
			return nil // the server is shutting down; the script will reconnect
		}
	}
}

// again records the player's answer to "play again?" and, once both seats
// have said yes, starts the next round in the same room.
func (s *Server) again(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Room == nil {
		return refuse(http.StatusNotFound, views.NoticeNotAgain)
	}
	if !m.Current() {
		return redirect(c, gameURL(m.Room.GameID)+"#status")
	}
	if m.Playing() {
		return showing(m, match.ErrRoundPlaying)
	}
	v, err := strconv.Atoi(c.PostForm("v"))
	if err != nil || v < 0 {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgNoVersion))
	}
	answer, ok := match.Again(c.PostForm("sides"))
	if !ok {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgSides))
	}
	if err := m.CheckAgain(v); err != nil {
		return showing(m, err)
	}
	ctx := c.Request.Context()
	r := m.Room
	for try := 0; ; try++ {
		err := s.store.SetAgain(ctx, r, m.Host, answer)
		if err == nil {
			break
		}
		if !errors.Is(err, db.ErrStale) || try == 3 {
			return err
		}
		// The other player answered at the same moment: read again.
		if r, err = s.store.Room(ctx, r.ID); err != nil {
			return err
		}
		if r.GameID != m.Game.ID {
			return redirect(c, gameURL(r.GameID)+"#status")
		}
	}
	next := m.Game.ID
	if match.BothAgain(r) {
		old := r.Version
		g := match.NextRound(m, r, newGameID())
		err := s.store.StartRound(ctx, r, g, old)
		switch {
		case err == nil:
			next = g.ID
		case !errors.Is(err, db.ErrStale):
			return err
		}
	}
	s.notifier.Notify(m.Game.ID)
	return redirect(c, gameURL(next)+"#status")
}
