package handlers

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"reversi/ai"
	"reversi/db"
	"reversi/game"
	"reversi/game/match"
	"reversi/views"
)

func (s *Server) showGame(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if after, ok := c.GetQuery("after"); ok && m.Room != nil {
		// A long poll from an online game's "Check for" link.
		if m, err = s.waitForChange(c, m, after); err != nil {
			return err
		}
		if !m.Current() {
			c.Redirect(http.StatusSeeOther, gameURL(m.Room.GameID)+"#status")
			return nil
		}
	}
	s.renderMatch(c, m, http.StatusOK, "", c.Query("did"))
	return nil
}

// formPly reads the ply that a form about m was rendered at.
func formPly(c *gin.Context, m *match.Match) (int, error) {
	v, ok := c.GetPostForm("ply")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 0 || len(v) > 4 {
		return 0, showing(m, refuseMsg(http.StatusBadRequest, views.MsgNoPly))
	}
	return n, nil
}

// move plays the player's move and, against the computer, its replies,
// then stores the new plies with one update conditional on the old ply.
func (s *Server) move(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	ply, err := formPly(c, m)
	if err != nil {
		return err
	}
	size := m.Game.Record.Options.Size
	raw := c.PostForm("move")
	if raw == "computer" && m.Game.Opponent == db.Computer {
		return s.resume(c, m, ply)
	}
	mv, err := game.ParseMove(size, strings.TrimSpace(raw))
	if err != nil || len(raw) > 8 {
		return showing(m, refuseMsg(http.StatusBadRequest, views.MsgBadMove(size)))
	}
	if err := m.Play(ply, mv); err != nil {
		return showing(m, err)
	}
	// One press of Pass covers the whole run of passes against the
	// computer, until the player can move again or the game ends.
	if err := m.ComputerReplies(c.Request.Context(), s.chooser(m), mv == game.Pass); err != nil {
		return err
	}
	return s.save(c, m, ply, "")
}

// resume lets the computer move in a game that was stored at its turn,
// which only an interrupted request can leave behind.
func (s *Server) resume(c *gin.Context, m *match.Match, ply int) error {
	if err := m.Resume(ply); err != nil {
		return showing(m, err)
	}
	if err := m.ComputerReplies(c.Request.Context(), s.chooser(m), false); err != nil {
		return err
	}
	return s.save(c, m, ply, "")
}

// save writes m's game, read at ply, with one conditional update, tells
// anyone waiting on an online game, and answers 303 to the game's page
// with did in the address. If the game moved on in the meantime, the page
// shows it as it now stands, from the same seat.
func (s *Server) save(c *gin.Context, m *match.Match, ply int, did string) error {
	ctx := c.Request.Context()
	if err := s.store.UpdateGame(ctx, m.Game, ply); err != nil {
		if !errors.Is(err, db.ErrStale) {
			return err
		}
		g, lerr := s.store.Game(ctx, m.Game.ID)
		if lerr != nil {
			return lerr
		}
		now, lerr := m.Reload(g)
		if lerr != nil {
			return lerr
		}
		return showing(now, err)
	}
	if m.Room != nil {
		s.notifier.Notify(m.Game.ID)
	}
	url := gameURL(m.Game.ID)
	if did != "" {
		url += "?did=" + did
	}
	return redirect(c, url+"#status")
}

// chooser returns the computer's move picker for m's level.
func (s *Server) chooser(m *match.Match) match.Chooser {
	level, err := ai.ParseLevel(m.Game.Level)
	if err != nil {
		s.log.Error("stored game has an unknown level; the computer plays Easy", "game", m.Game.ID, "level", m.Game.Level)
	}
	return func(ctx context.Context, b game.Board) game.Square { return s.computerMove(ctx, b, level) }
}

// computerMove asks the ai for a move within the time limit; if it fails or
// runs out of time, the first legal move stands in, so a game never stalls.
func (s *Server) computerMove(ctx context.Context, b game.Board, level ai.Level) game.Square {
	fallback := b.Moves().First() // game.Pass when there is no move
	// The time limit covers the wait for a free core too.
	ctx, cancel := context.WithTimeout(ctx, s.aiTimeout)
	defer cancel()
	release, ok := s.searchSlot(ctx)
	if !ok {
		s.log.Warn("no core free for the computer; playing the first legal move")
		return fallback
	}
	defer release()
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	mv, err := s.choose(ctx, b, level, rng)
	if err != nil || !b.Legal(mv) {
		s.log.Warn("computer move failed; playing the first legal move", "level", level, "err", err, "move", mv)
		return fallback
	}
	return mv
}

// searchSlot waits, within ctx, for one of the slots that bound the
// searches running at once, and returns the function that gives it back;
// ok is false if ctx ended first.
func (s *Server) searchSlot(ctx context.Context) (release func(), ok bool) {
	select {
	case s.aiSlots <- struct{}{}:
		return func() { <-s.aiSlots }, true
	case <-ctx.Done():
		return nil, false
	}
}

// change answers a form that changes a game at the form's ply: it loads
// the game, reads the ply, applies do (Match.Undo, say) and stores the
// result, with did naming the change in the page's address.
func (s *Server) change(do func(m *match.Match, ply int) error, did string) func(*gin.Context) error {
	return func(c *gin.Context) error {
		m, err := s.own(c)
		if err != nil {
			return err
		}
		ply, err := formPly(c, m)
		if err != nil {
			return err
		}
		if err := do(m, ply); err != nil {
			return showing(m, err)
		}
		return s.save(c, m, ply, did)
	}
}

func (s *Server) hintMove(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	ply, err := formPly(c, m)
	if err != nil {
		return err
	}
	need, err := m.NeedsHint(ply)
	if err != nil {
		return showing(m, err)
	}
	if !need {
		return redirect(c, gameURL(m.Game.ID)+"?did=hint#status")
	}
	sq, err := s.hintFor(c.Request.Context(), m.Board())
	if err != nil {
		return err
	}
	m.SetHint(sq)
	return s.save(c, m, ply, "hint")
}

func (s *Server) hintFor(ctx context.Context, b game.Board) (game.Square, error) {
	ctx, cancel := context.WithTimeout(ctx, s.aiTimeout)
	defer cancel()
	release, ok := s.searchSlot(ctx)
	if !ok {
		return game.Pass, errHintFailed
	}
	defer release()
	sq, err := s.hint(ctx, b)
	if err != nil || sq == game.Pass || !b.Legal(sq) {
		s.log.Warn("hint failed", "err", err, "move", sq)
		return game.Pass, errHintFailed
	}
	return sq, nil
}

var errHintFailed = refuse(http.StatusServiceUnavailable, views.NoticeHintFailed)

// deleteGame deletes a game of the player's own, not played online; the
// game page asks first (?ask=delete).
func (s *Server) deleteGame(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Room != nil {
		return showing(m, match.ErrNotOnline)
	}
	if err := s.store.DeleteGame(c.Request.Context(), m.Game.ID, m.Game.PlayerID); err != nil {
		return err
	}
	return redirect(c, "/")
}

func (s *Server) settings(c *gin.Context) error {
	m, err := s.own(c)
	if err != nil {
		return err
	}
	if m.Room != nil && !m.Host {
		return showing(m, match.ErrNotHost)
	}
	set := db.Settings{
		ShowMoves: c.PostForm("show_moves") == "on",
		AllowUndo: c.PostForm("allow_undo") == "on",
		Sound:     c.PostForm("sound") == "on",
	}
	if err := s.store.UpdateSettings(c.Request.Context(), m.Game.ID, set); err != nil {
		return err
	}
	// The settings carry over to the player's next game.
	values, _, err := s.choices(c, playerID(c))
	if err != nil {
		return err
	}
	if err := s.keepChoices(c, playerID(c), values, set); err != nil {
		return err
	}
	return redirect(c, gameURL(m.Game.ID)+"?did=settings#status")
}
