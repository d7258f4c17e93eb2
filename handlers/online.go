package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/play"
	"reversi/views"
)

// Online play: a room holds a match between two browsers. The host creates
// it from the new-game form and sends the invite link; whoever opens the
// link first takes the other seat. Each seat is bound to its player id, the
// same opaque id that the cookie carries for every game. Moves use the same
// form, ply check and rules as every other game; the player who waits hears
// of the other's move through an event stream (with the small online.js) or
// a long-poll link (without JavaScript).

func inviteURL(token string) string { return "/join/" + token }

// safePath returns a request path fit for the log: invite tokens are
// secrets, so they never reach it.
func safePath(path string) string {
	if strings.HasPrefix(path, "/join/") {
		return "/join/…"
	}
	return path
}

// showJoin is the invite link's page: it offers the free seat, sends a
// seated player on to the game, and tells anyone else that the room is full.
func (s *Server) showJoin(c *gin.Context) error {
	in, err := s.app.Invite(c.Request.Context(), playerID(c), c.Param("token"))
	if err != nil {
		return err
	}
	if in.Seated {
		c.Redirect(http.StatusSeeOther, gameURL(in.Game.ID)+"#status")
		return nil
	}
	page := views.JoinPage{Base: s.base(c.Request, views.JoinTitle(), views.SkipToMain())}
	if in.Full() {
		page.Heading, page.Message = views.JoinFull().Heading, views.JoinFull().Message
		s.writePage(c.Writer, c.Request, http.StatusOK, views.Join, page)
		return nil
	}
	n := views.JoinInvite(in.Game.Human.Opponent(), in.Game.Record.Options.Size)
	page.Heading, page.Message = n.Heading, n.Message
	page.Action = c.Request.URL.Path
	s.writePage(c.Writer, c.Request, http.StatusOK, views.Join, page)
	return nil
}

// join gives the free seat to the player in the request.
func (s *Server) join(c *gin.Context) error {
	ctx := c.Request.Context()
	p := playerID(c)
	in, err := s.app.Invite(ctx, p, c.Param("token"))
	if err != nil {
		return err
	}
	if in.Seated {
		return redirect(c, gameURL(in.Game.ID)+"#status")
	}
	if in.Full() {
		// Refused before anything is written: not even a player row.
		return club.ErrRoomFull
	}
	if p == "" {
		if p, err = s.newPlayer(c); err != nil {
			return err
		}
		if err := s.recordPlayer(c, p); err != nil {
			return err
		}
	}
	if err := s.app.Join(ctx, in, p); err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(in.Game.ID)+"#status")
}

// waitForChange is the long poll: it returns the game once its stamp
// differs from after, or when the poll's time has passed, or when the
// client has gone.
//
// An address that is not a stamp, or a player over the cap of waiters,
// gets the page at once instead: the "Check for" link still works, it only
// does not wait.
func (s *Server) waitForChange(c *gin.Context, m *play.Match, after string) (*play.Match, error) {
	if !play.ValidStamp(after) {
		return m, nil
	}
	wait, leave, ok := s.enterPoll(c)
	if !ok {
		return m, nil
	}
	defer leave()
	waited, err := s.app.WaitForChange(wait, playerID(c), m.Game.ID, after)
	if stoppedEarly(c, err) {
		return m, nil
	}
	return waited, err
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
		return refuse(http.StatusNotFound, views.NoticeNoEvents())
	}
	after := c.Query("after")
	if !play.ValidStamp(after) {
		return refuse(http.StatusBadRequest, views.NoticeBadAfter())
	}
	leave, err := s.enterWaiters(c)
	if err != nil {
		return err
	}
	defer leave()
	ch, stop := s.app.Notifier().Subscribe(m.Game.ID)
	defer stop()
	// A change between the first read and the subscription woke nobody:
	// read the game once more now that changes are heard.
	if m, err = s.own(c); err != nil {
		return err
	}
	changed := func() string {
		if m.Stamp() != after || !m.Current() {
			return fmt.Sprintf("%s?after=%s#status", gameURL(m.Game.ID), after)
		}
		return ""
	}
	s.stream(c, changed(), ch, func() string {
		if m, err = s.own(c); err != nil {
			// The game can no longer be shown here (expired, say):
			// send the player to the page, which says why.
			return c.Request.URL.Path[:len(c.Request.URL.Path)-len("/events")] + "#status"
		}
		return changed()
	})
	return nil
}

// again records the player's answer to "play again?" and, once both seats
// have said yes, starts the next round in the same room.
func (s *Server) again(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Room == nil {
		return refuse(http.StatusNotFound, views.NoticeNotAgain())
	}
	if !m.Current() {
		return redirect(c, gameURL(m.Room.GameID)+"#status")
	}
	if m.Playing() {
		return showing(m, play.ErrRoundPlaying)
	}
	v, err := strconv.Atoi(c.PostForm("v"))
	if err != nil || v < 0 {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgNoVersion()))
	}
	answer, ok := play.Again(c.PostForm("sides"))
	if !ok {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgSides()))
	}
	next, err := s.app.Again(c.Request.Context(), m, v, answer)
	if err != nil {
		if errors.Is(err, club.ErrStale) || errors.Is(err, play.ErrOnlineOnly) || errors.Is(err, play.ErrRoundPlaying) {
			return showing(m, err)
		}
		return err
	}
	return redirect(c, gameURL(next)+"#status")
}
