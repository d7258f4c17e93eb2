package handlers

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"reversi/club"
	"reversi/play"
	"reversi/static"
	"reversi/views"
)

// The lobby: a player's name (/players/me), open challenges and the games
// being played (/lobby), a challenge's waiting page, and quick pairing.
// Every change is a POST answered with 303; the waiting page moves on by
// itself with online.js and the challenge's event stream, and without
// JavaScript by its "Check now" link, a long poll.

// actingPlayer returns the request's player, making a new one (within the
// network's limit of new players) for a browser without a cookie, and
// records them as seen. The caller has refused what it would refuse
// before calling it, so that a refusal makes no player.
func (s *Server) actingPlayer(c *gin.Context) (string, error) {
	p := playerID(c)
	if p == "" {
		var err error
		if p, err = s.newPlayer(c); err != nil {
			return "", err
		}
	}
	return p, s.recordPlayer(c, p)
}

// showPlayer is the player's own page: their name and the form that
// chooses it.
func (s *Server) showPlayer(c *gin.Context) error {
	p, err := s.app.Player(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	page := views.NewPlayerPage(s.base(c.Request, views.PlayerTitle(), views.SkipToMain()), p, "", views.Text{})
	if page.Me, err = s.meSection(c); err != nil {
		return err
	}
	s.writePage(c.Writer, c.Request, http.StatusOK, views.PlayerName, page)
	return nil
}

// setName gives the player the name in field name: 303 back to their
// page, or the page again with the value and the rule it broke (422), or
// that the name is taken (409).
func (s *Server) setName(c *gin.Context) error {
	ctx := c.Request.Context()
	value := c.PostForm("name")
	// Refuse before actingPlayer makes a visitor's row: a refusal makes
	// nothing.
	if err := s.app.CheckName(ctx, value); err != nil {
		var ne *club.NameError
		if errors.As(err, &ne) || errors.Is(err, club.ErrNameTaken) {
			return s.refuseName(c, value, err)
		}
		return err
	}
	p, err := s.actingPlayer(c)
	if err != nil {
		return err
	}
	if _, err := s.app.SetName(ctx, p, value); err != nil {
		var ne *club.NameError
		if errors.As(err, &ne) || errors.Is(err, club.ErrNameTaken) {
			return s.refuseName(c, value, err)
		}
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, "/players/me#status")
}

// refuseName shows the player's page again with the name they sent and
// the sentence that says why it was refused.
func (s *Server) refuseName(c *gin.Context, value string, why error) error {
	p, err := s.app.Player(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	status := http.StatusUnprocessableEntity
	if errors.Is(why, club.ErrNameTaken) {
		status = http.StatusConflict
	}
	s.log.Info("request refused", "path", c.Request.URL.Path, "status", status, "cause", why)
	page := views.NewPlayerPage(s.base(c.Request, views.PlayerTitle(), views.SkipToMain()), p, value, views.NameRefusal(why))
	if page.Me, err = s.meSection(c); err != nil {
		return err
	}
	s.writePage(c.Writer, c.Request, status, views.PlayerName, page)
	return nil
}

// showLobby lists the open challenges and the games being played, with
// the form that makes a challenge.
func (s *Server) showLobby(c *gin.Context) error {
	l, err := s.app.Lobby(c.Request.Context(), playerID(c))
	if err != nil {
		return err
	}
	page := views.NewLobbyPage(s.base(c.Request, views.LobbyTitle(), views.SkipToMain()), l)
	s.writePage(c.Writer, c.Request, http.StatusOK, views.LobbyName, page)
	return nil
}

// makeChallenge makes the player's challenge from the fields size, clock,
// color and rated, and answers 303 to its waiting page.
func (s *Server) makeChallenge(c *gin.Context) error {
	o, err := play.ParseOffer(c.PostForm("size"), c.PostForm("clock"), c.PostForm("color"), c.PostForm("rated") != "")
	if err != nil {
		return err
	}
	if o.Rated && playerID(c) == "" {
		return play.ErrRatedAnonymous // a new player has no name: refused before one is made
	}
	p, err := s.actingPlayer(c)
	if err != nil {
		return err
	}
	ch, err := s.app.MakeChallenge(c.Request.Context(), p, o)
	if err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, views.ChallengeURL(ch.ID)+"#status")
}

// quickPair pairs the player in the pool of fields clock, size (8 when
// absent) and rated: 303 to the game when someone waited there, else to the waiting
// page of the player's own wait.
func (s *Server) quickPair(c *gin.Context) error {
	o, err := play.ParseOffer(c.PostForm("size"), c.PostForm("clock"), "random", c.PostForm("rated") != "")
	if err != nil {
		return err
	}
	if o.Rated && playerID(c) == "" {
		return play.ErrRatedAnonymous // as for a challenge: refused before a player is made
	}
	p, err := s.actingPlayer(c)
	if err != nil {
		return err
	}
	gameID, wait, err := s.app.Quick(c.Request.Context(), p, o)
	if err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	if gameID != "" {
		return redirect(c, gameURL(gameID)+"#status")
	}
	return redirect(c, views.ChallengeURL(wait)+"#status")
}

// showChallenge is the maker's waiting page. Each GET marks the
// challenge seen (play.App.Challenge says why that write is harmless);
// once accepted it sends the maker to the game. ?wait=1 is the "Check
// now" link's long poll: it answers as soon as the challenge is accepted,
// or after the poll's time.
func (s *Server) showChallenge(c *gin.Context) error {
	ctx := c.Request.Context()
	p, id := playerID(c), c.Param("id")
	ch, err := s.app.Challenge(ctx, p, id)
	if err != nil {
		return err
	}
	if ch.GameID == "" && c.Query("wait") != "" {
		if wait, leave, ok := s.enterPoll(c); ok {
			waited, err := s.app.WaitForChallenge(wait, p, id)
			leave()
			switch {
			case err == nil:
				ch = waited
			case !stoppedEarly(c, err):
				return err
			}
		}
	}
	if ch.GameID != "" {
		c.Redirect(http.StatusSeeOther, gameURL(ch.GameID)+"#status")
		return nil
	}
	b := s.base(c.Request, views.WaitingTitle(), views.SkipToMain())
	b.Live = static.Live().Path
	s.writePage(c.Writer, c.Request, http.StatusOK, views.WaitingName, views.NewWaitingPage(b, ch))
	return nil
}

// challengeEvents streams one "change" event to the waiting page once its
// challenge is accepted (the game's address), or the waiting page itself
// once it is no more (which says why).
func (s *Server) challengeEvents(c *gin.Context) error {
	ctx := c.Request.Context()
	p, id := playerID(c), c.Param("id")
	if _, err := s.app.Challenge(ctx, p, id); err != nil {
		return err
	}
	leave, err := s.enterWaiters(c)
	if err != nil {
		return err
	}
	defer leave()
	accepted, stop := s.app.Notifier().Subscribe(club.ChallengeKey(id))
	defer stop()
	// The open stream is the maker's page asking: it marks the challenge
	// seen every minute as well, so that a page left open with JavaScript
	// keeps it open past ChallengeLife, as the reloads of one without do.
	wake := make(chan struct{}, 1)
	go func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		for {
			select {
			case <-accepted:
			case <-tick.C:
			case <-ctx.Done():
				return
			}
			select {
			case wake <- struct{}{}:
			default:
			}
		}
	}()
	// An accept between the first read and the subscription woke nobody:
	// read once more now that accepts are heard.
	next := func() string {
		ch, err := s.app.Challenge(ctx, p, id)
		switch {
		case err != nil:
			return views.ChallengeURL(id) + "#status"
		case ch.GameID != "":
			return gameURL(ch.GameID) + "#status"
		}
		return ""
	}
	s.stream(c, next(), wake, next)
	return nil
}

// cancelChallenge withdraws the player's open challenge: 303 to the lobby.
func (s *Server) cancelChallenge(c *gin.Context) error {
	if err := s.app.CancelChallenge(c.Request.Context(), playerID(c), c.Param("id")); err != nil {
		return err
	}
	return redirect(c, "/lobby#status")
}

// acceptChallenge accepts a challenge for the player: 303 to the game both
// players land on, or 409 when it is no longer open.
func (s *Server) acceptChallenge(c *gin.Context) error {
	if playerID(c) == "" {
		// Refused before a player is made: a rated challenge needs a name.
		if err := s.app.CheckAccept(c.Request.Context(), "", c.Param("id")); err != nil {
			return err
		}
	}
	p, err := s.actingPlayer(c)
	if err != nil {
		return err
	}
	gameID, err := s.app.Accept(c.Request.Context(), p, c.Param("id"))
	if err != nil {
		return err
	}
	if err := s.savePlayer(c, p); err != nil {
		return err
	}
	return redirect(c, gameURL(gameID)+"#status")
}
