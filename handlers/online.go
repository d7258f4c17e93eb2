package handlers

import (
	"context"
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
	errNoRoom = &pageError{Status: http.StatusNotFound, Heading: "Invite link not found",
		Message: "This invite link doesn't lead to a game. Check that it was copied whole, or ask your friend for a new one."}
	errExpired = &pageError{Status: http.StatusGone, Heading: "This online game has expired",
		Message: "Nobody has played in this room for a long time, so it was closed. Start a new online game from the home page and send a fresh invite link."}
	errNotSeated = &pageError{Status: http.StatusForbidden, Heading: "This game already has two players",
		Message: "This online game is between two other browsers, so you can't move in it. Start your own game from the home page."}
	errRoomFull = &pageError{Status: http.StatusConflict, Heading: "This game already has two players",
		Message: "Someone else took the free seat first, so this invite link can't be used any more. Ask your friend for a new game."}
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
	if err := s.store.CreatePlayer(ctx, p); err != nil {
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
// one of the room's seats. st.Human becomes that player's side, so that the
// game reads as it does against the computer: "you" and the other side.
func (s *Server) seated(c *gin.Context, g *db.Game) (*gameState, error) {
	r, err := s.store.Room(c.Request.Context(), g.RoomID)
	if err != nil {
		return nil, err
	}
	seat := seatIn(g, r, playerID(c))
	if seat == game.Empty {
		return nil, errNotSeated
	}
	if s.expired(r, g) {
		return nil, errExpired
	}
	st, err := newGameState(g)
	if err != nil {
		return nil, err
	}
	st.room, st.host, st.hostColor = r, playerID(c) == r.Host, g.Human
	st.Human = seat
	return st, nil
}

// seatIn returns player's side in g, a game of room r: the stored Human of
// an online game is the host's side in it.
func seatIn(g *db.Game, r *db.Room, player string) game.Color {
	switch {
	case player == "":
		return game.Empty
	case player == r.Host:
		return g.Human
	case player == r.Guest:
		return g.Human.Opponent()
	}
	return game.Empty
}

// expired reports whether room r (whose current game may be g) has sat
// unused for longer than the rooms' lifetime.
func (s *Server) expired(r *db.Room, g *db.Game) bool {
	last := r.Updated
	if g != nil && g.ID == r.GameID && g.Updated.After(last) {
		last = g.Updated
	}
	return time.Since(last) > s.roomTTL
}

// stamp names the state of an online game's page: it changes whenever
// anything that page shows changes (a move, a seat taken, an answer to play
// again, the next round).
func (st *gameState) stamp() string {
	return strconv.Itoa(st.Ply()) + "-" + strconv.Itoa(st.room.Version)
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
	if s.expired(r, g) {
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
	if seatIn(g, r, playerID(c)) != game.Empty {
		c.Redirect(http.StatusSeeOther, gameURL(g.ID)+"#status")
		return nil
	}
	page := views.JoinPage{Base: s.base("Join an online game", "main", "Skip to the main content")}
	if r.Guest != "" {
		page.Heading, page.Message = errRoomFull.Heading, "Two players are already playing in this room, so there is no seat left for you. You can start a game of your own from the home page."
		s.writePage(c.Writer, c.Request, http.StatusOK, views.Join, page)
		return nil
	}
	n := g.Record.Options.Size
	page.Heading = "Your friend invites you to play Reversi"
	page.Message = fmt.Sprintf("You will play %s on a %d×%d board, each on your own device. Taking the seat ties it to this browser.",
		colorName(g.Human.Opponent()), n, n)
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
	if seatIn(g, r, p) != game.Empty {
		return redirect(c, gameURL(g.ID)+"#status")
	}
	if p == "" {
		p = newPlayerID()
		if err := s.store.CreatePlayer(c.Request.Context(), p); err != nil {
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

// waitForChange is the long poll: it returns the game's state once its
// stamp differs from after, or when pollWait has passed, or when the client
// has gone.
func (s *Server) waitForChange(c *gin.Context, st *gameState, after string) (*gameState, error) {
	ch, stop := s.notifier.Subscribe(st.ID)
	defer stop()
	timeout := time.NewTimer(pollWait)
	defer timeout.Stop()
	for {
		if st.stamp() != after || st.room.GameID != st.ID {
			return st, nil
		}
		select {
		case <-ch:
		case <-timeout.C:
			return st, nil
		case <-c.Request.Context().Done():
			return nil, c.Request.Context().Err()
		case <-s.draining:
			return st, nil
		}
		var err error
		if st, err = s.own(c); err != nil {
			return nil, err
		}
	}
}

// events streams Server-Sent Events to a player waiting in an online game:
// one "change" event, whose data is the address to load, as soon as the
// page's stamp differs from ?after, and a comment every heartbeat until
// then. The stream is not compressed and is exempt from the write timeout.
func (s *Server) events(c *gin.Context) error {
	st, err := s.own(c)
	if err != nil {
		return err
	}
	if st.room == nil {
		return &pageError{Status: http.StatusNotFound, Heading: "No live updates here",
			Message: "Only online games send live updates."}
	}
	after := c.Query("after")
	ctx := c.Request.Context()
	ch, stop := s.notifier.Subscribe(st.ID)
	defer stop()
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
		if st.stamp() != after || st.room.GameID != st.ID {
			fmt.Fprintf(c.Writer, "event: change\ndata: %s?after=%s#status\n\n", gameURL(st.ID), after)
			c.Writer.Flush()
			return nil
		}
		select {
		case <-ch:
			if st, err = s.own(c); err != nil {
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
		case <-s.draining:
			return nil // the server is shutting down; the script will reconnect
		}
	}
}

// again records the player's answer to "play again?" and, once both seats
// have said yes, starts the next round in the same room.
func (s *Server) again(c *gin.Context) error {
	st, err := s.own(c)
	if err != nil {
		return err
	}
	if st.room == nil {
		return &pageError{Status: http.StatusNotFound, Heading: "Page not found",
			Message: "Only online games are played again from here; use Play again on the result page."}
	}
	if st.room.GameID != st.ID {
		return redirect(c, gameURL(st.room.GameID)+"#status")
	}
	if st.Status == db.Playing && !st.board().Over() {
		return refuse(st, http.StatusConflict, "This round isn't over yet, so it can't be played again.")
	}
	v, err := strconv.Atoi(c.PostForm("v"))
	if err != nil || v < 0 {
		return refuse(st, http.StatusBadRequest, "The form didn't say which state of the room it was sent from, so nothing was changed.")
	}
	answer := db.AgainSwitch
	switch c.PostForm("sides") {
	case "keep":
		answer = db.AgainKeep
	case "switch", "":
	default:
		return refuse(st, http.StatusBadRequest, "Choose whether to switch sides or keep them.")
	}
	if v != st.room.Version {
		return refuse(st, http.StatusConflict, msgStale)
	}
	ctx := c.Request.Context()
	host, r := st.host, st.room
	for try := 0; ; try++ {
		err := s.store.SetAgain(ctx, r, host, answer)
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
		if r.GameID != st.ID {
			return redirect(c, gameURL(r.GameID)+"#status")
		}
	}
	next := st.ID
	if r.HostAgain != db.AgainNone && r.GuestAgain != db.AgainNone {
		g, err := s.nextRound(ctx, r, st)
		if err == nil {
			next = g.ID
		} else if !errors.Is(err, db.ErrStale) {
			return err
		}
	}
	s.notifier.Notify(st.ID)
	return redirect(c, gameURL(next)+"#status")
}

// nextRound starts the room's next game: the finished round goes into the
// score, and the sides switch unless either player asked to keep them.
func (s *Server) nextRound(ctx context.Context, r *db.Room, st *gameState) (*db.Game, error) {
	old := r.Version
	res := st.board().Result()
	hostColor := st.hostColor // the host's side in the round just played
	switch res.Winner {
	case game.Empty:
		r.Draws++
	case hostColor:
		r.HostWins++
	default:
		r.GuestWins++
	}
	if r.HostAgain != db.AgainKeep && r.GuestAgain != db.AgainKeep {
		hostColor = hostColor.Opponent()
	}
	r.HostColor = hostColor
	r.Round++
	g := &db.Game{
		ID: newGameID(), PlayerID: r.Host, Opponent: db.Online, Human: hostColor, Level: st.Level,
		Record: game.Game{Options: st.Record.Options}, Status: db.Playing, Settings: st.Settings,
		HintPly: -1, HintSquare: game.Pass,
	}
	if err := s.store.StartRound(ctx, r, g, old); err != nil {
		return nil, err
	}
	return g, nil
}

// onlineView is what the game page shows of st's room.
func (s *Server) onlineView(c *gin.Context, st *gameState) *views.OnlineView {
	r := st.room
	v := &views.OnlineView{}
	b := st.board()
	current := r.GameID == st.ID
	playing := st.Status == db.Playing && !b.Over()
	waiting := ""
	switch {
	case !current:
		v.NextRound = gameURL(r.GameID) + "#status"
	case r.Guest == "":
		if st.host {
			v.Invite = origin(c, s.secure) + inviteURL(r.Token)
		}
		waiting = "your friend to open the invite link"
	case playing && b.Turn() != st.Human:
		waiting = colorName(b.Turn()) + "'s move"
	case !playing:
		a := &views.AgainView{Action: gameURL(st.ID) + "/again", Version: r.Version, TheirName: colorName(st.Human.Opponent())}
		a.Mine, a.Theirs = string(r.GuestAgain), string(r.HostAgain)
		if st.host {
			a.Mine, a.Theirs = a.Theirs, a.Mine
		}
		v.Again = a
		if a.Mine != "" {
			waiting = colorName(st.Human.Opponent()) + "'s answer"
		}
	}
	if waiting != "" {
		v.Waiting = waiting
		v.Check = gameURL(st.ID) + "?after=" + st.stamp() + "#status"
		v.Events = gameURL(st.ID) + "/events?after=" + st.stamp()
	}
	v.Score = matchScore(st)
	return v
}

// matchScore says how the match stands, counting this round once it is
// over, in the viewer's words.
func matchScore(st *gameState) string {
	r := st.room
	mine, theirs, draws := r.GuestWins, r.HostWins, r.Draws
	if st.host {
		mine, theirs = theirs, mine
	}
	if r.GameID == st.ID && (st.Status == db.Over || st.board().Over()) {
		switch w := st.board().Result().Winner; w {
		case game.Empty:
			draws++
		case st.Human:
			mine++
		default:
			theirs++
		}
	}
	if mine+theirs+draws == 0 {
		return fmt.Sprintf("Round %d of the match.", r.Round)
	}
	return fmt.Sprintf("Round %d. Match score: you %d, your friend %d, draws %d.", r.Round, mine, theirs, draws)
}

// origin returns the scheme and host that the request came to.
func origin(c *gin.Context, secure bool) string {
	scheme := "http://"
	if secure || c.Request.TLS != nil {
		scheme = "https://"
	}
	return scheme + c.Request.Host
}
