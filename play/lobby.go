package play

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"reversi/ai"
	"reversi/club"
	"reversi/game"
)

// The lobby: players choose a name (or stay anonymous), make challenges
// that others accept, or wait in a quick-pairing pool; an accepted
// challenge becomes a game in a public room, which anyone may watch.

// Refusals of the lobby. Each changes nothing.
var (
	// ErrBadOffer: a challenge's size, clock or colour is not one the
	// form offers.
	ErrBadOffer = errors.New("a challenge choice that is not offered")
	// ErrRatedAnonymous: a player without a name asked for a rated game.
	ErrRatedAnonymous = errors.New("rated games need a name")
	// ErrOwnChallenge: a player tried to accept their own challenge.
	ErrOwnChallenge = errors.New("the player's own challenge")
	// ErrNoChallenge: no challenge of the player's has the id asked for.
	ErrNoChallenge = errors.New("no such challenge")
	// ErrSpectator: someone watching a public game tried to act in it.
	ErrSpectator = errors.New("a spectator may only watch")
)

// QuickPools are the clocks that the home page offers for quick pairing,
// in one press each.
func QuickPools() []string { return []string{"3+2", "5+3", "10+5"} }

// maxListed bounds the challenges and the live games the lobby lists,
// which keeps the page under 4 KB gzipped when both lists are full.
const maxListed = 20

// Offer is what a challenge asks for.
type Offer struct {
	Size  int
	Clock club.TimeControl
	// Color is the maker's side, or game.Empty for either.
	Color game.Color
	Rated bool
	Quick bool
}

// ParseOffer reads a challenge form's fields: size one of game.Sizes (8
// when empty), clock one of club.TimeControls, color "black", "white" or
// "random" (random when empty).
func ParseOffer(size, clock, color string, rated bool) (Offer, error) {
	o := Offer{Size: 8, Rated: rated}
	if size != "" {
		n, err := strconv.Atoi(size)
		if err != nil || !slices.Contains(game.Sizes(), n) {
			return Offer{}, ErrBadOffer
		}
		o.Size = n
	}
	tc, err := club.ParseTimeControl(clock)
	if err != nil {
		return Offer{}, ErrBadOffer
	}
	o.Clock = tc
	switch color {
	case "black":
		o.Color = game.Black
	case "white":
		o.Color = game.White
	case "random", "":
	default:
		return Offer{}, ErrBadOffer
	}
	return o, nil
}

// ReservedNames are the names nobody may take: the site's, and the
// computer's levels from ai's registry, so that no player passes for the
// computer.
func ReservedNames() []string {
	return append(club.SiteReserved(), ai.LevelNames()...)
}

// Player returns player id as the site keeps them; an id without a row
// (a visitor who has done nothing yet) is an anonymous player.
func (a *App) Player(ctx context.Context, id string) (*club.Player, error) {
	if id == "" {
		return &club.Player{}, nil
	}
	p, err := a.store.Player(ctx, id)
	if errors.Is(err, club.ErrNotFound) {
		return &club.Player{ID: id}, nil
	}
	return p, err
}

// CheckName refuses a name before anyone is recorded for it: one that
// breaks the rules (a *club.NameError) or that another player has
// (club.ErrNameTaken). A visitor without a cookie is checked so, before
// their player row is made, so that a refused name leaves no row; SetName
// checks again, in its write, for a name taken in between.
func (a *App) CheckName(ctx context.Context, s string) error {
	n, err := club.ParseName(s, ReservedNames())
	if err != nil {
		return err
	}
	taken, err := a.store.NameTaken(ctx, n)
	if err == nil && taken {
		err = club.ErrNameTaken
	}
	return err
}

// SetName gives player (whose row the caller has recorded) the name s,
// once it passes the rules (a *club.NameError says which it breaks) and
// no other player's name has its key (club.ErrNameTaken).
func (a *App) SetName(ctx context.Context, player, s string) (club.Name, error) {
	n, err := club.ParseName(s, ReservedNames())
	if err != nil {
		return "", err
	}
	if err := a.store.SetName(ctx, player, n); err != nil {
		return "", err
	}
	return n, nil
}

// MakeChallenge makes player's challenge (whose row the caller has
// recorded), in place of any open one of theirs: one open challenge per
// player, the newest. A rated one needs a name.
func (a *App) MakeChallenge(ctx context.Context, player string, o Offer) (*club.Challenge, error) {
	if o.Rated {
		p, err := a.Player(ctx, player)
		if err != nil {
			return nil, err
		}
		if !p.Named() {
			return nil, ErrRatedAnonymous
		}
	}
	c := &club.Challenge{ID: newGameID(), PlayerID: player, Size: o.Size, Clock: o.Clock, Color: o.Color,
		Rated: o.Rated, Quick: o.Quick, Network: networkDigest(networkOf(ctx))}
	if err := a.store.MakeChallenge(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Lobby is what the lobby lists: the open challenges, newest first, and
// the games being played in public rooms.
type Lobby struct {
	Challenges []ChallengeLine
	Live       []*club.LiveGame
	// Viewer is the player looking.
	Viewer *club.Player
}

// Lobby returns the lobby as player sees it.
func (a *App) Lobby(ctx context.Context, player string) (*Lobby, error) {
	cs, err := a.store.Challenges(ctx, a.openSince(), maxListed)
	if err != nil {
		return nil, err
	}
	live, err := a.store.LiveGames(ctx, maxListed)
	if err != nil {
		return nil, err
	}
	p, err := a.Player(ctx, player)
	if err != nil {
		return nil, err
	}
	l := &Lobby{Live: live, Viewer: p}
	for _, c := range cs {
		l.Challenges = append(l.Challenges, ChallengeLine{Challenge: c, Rating: a.ratingLine(c.Rating, c.PlayerID, c.Size, club.SpeedOf(c.Clock))})
	}
	return l, nil
}

// ChallengeLine is an open challenge as the lobby lists it, with its
// maker's rating of its kind.
type ChallengeLine struct {
	*club.Challenge
	Rating RatingLine
}

// openSince is the oldest "seen" time of an open challenge.
func (a *App) openSince() time.Time { return a.now().Add(-club.ChallengeLife) }

// Challenge returns player's own challenge id for its waiting page: once
// accepted, with its GameID set; while open, marked seen now, which keeps
// it open for another club.ChallengeLife. That write on a GET is the one
// the lobby asks for: it touches only the maker's own challenge's time,
// so no visitor can change anything by it, and it is what lets a maker
// who leaves leave no ghost. Anyone else's, or one that is no more, is
// ErrNoChallenge; one that expired is club.ErrChallengeGone.
func (a *App) Challenge(ctx context.Context, player, id string) (*club.Challenge, error) {
	c, err := a.ownChallenge(ctx, player, id)
	if err != nil || c.GameID != "" {
		return c, err
	}
	if !c.Open(a.now()) {
		return nil, club.ErrChallengeGone
	}
	if err := a.store.SeeChallenge(ctx, id); err != nil {
		return nil, err
	}
	return c, nil
}

func (a *App) ownChallenge(ctx context.Context, player, id string) (*club.Challenge, error) {
	if !gameIDPattern.MatchString(id) || player == "" {
		return nil, ErrNoChallenge
	}
	c, err := a.store.Challenge(ctx, id)
	if errors.Is(err, club.ErrNotFound) || (err == nil && c.PlayerID != player) {
		return nil, ErrNoChallenge
	}
	return c, err
}

// WaitForChallenge is the waiting page's long poll: it returns player's
// challenge id once it has been accepted, or when PollWait has passed, ctx
// has ended or the app drains.
func (a *App) WaitForChallenge(ctx context.Context, player, id string) (*club.Challenge, error) {
	ch, stop := a.notifier.Subscribe(club.ChallengeKey(id))
	defer stop()
	timeout := time.NewTimer(PollWait)
	defer timeout.Stop()
	for {
		// Read after subscribing, so that an accept in between is seen.
		c, err := a.Challenge(ctx, player, id)
		if err != nil || c.GameID != "" {
			return c, err
		}
		select {
		case <-ch:
		case <-timeout.C:
			return c, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-a.draining:
			return c, nil
		}
	}
}

// CancelChallenge withdraws player's open challenge id.
func (a *App) CancelChallenge(ctx context.Context, player, id string) error {
	if _, err := a.ownChallenge(ctx, player, id); err != nil {
		return err
	}
	err := a.store.CancelChallenge(ctx, id, player)
	if errors.Is(err, club.ErrNotFound) {
		return club.ErrChallengeGone // accepted in the meantime
	}
	return err
}

// Accept makes challenge id, accepted by player (whose row the caller has
// recorded), a game in a new public room: the maker hosts it, on the side
// they asked for (or a random one), with the challenge's clock full on
// both sides from now. Of two accepts at once exactly one wins; the other
// gets club.ErrChallengeGone. It returns the game's id.
func (a *App) Accept(ctx context.Context, player, id string) (string, error) {
	c, err := a.acceptable(ctx, player, id)
	if err != nil {
		return "", err
	}
	r, g := a.lobbyGame(c, player)
	// A rated game whose two players come from one network counts only
	// as the ratings' rule for shared networks allows (see
	// club.Game.SharedNetwork).
	g.SharedNetwork = g.Rated && c.Network != "" && c.Network == networkDigest(networkOf(ctx))
	if err := a.store.AcceptChallenge(ctx, id, a.openSince(), r, g); err != nil {
		return "", err
	}
	a.notifier.Notify(club.ChallengeKey(id))
	return g.ID, nil
}

// CheckAccept refuses, before anything is recorded, what Accept would
// refuse of player (perhaps "", a visitor without a row yet) for
// challenge id: one that is gone, their own, or a rated one without a
// name (ErrRatedAnonymous).
func (a *App) CheckAccept(ctx context.Context, player, id string) error {
	_, err := a.acceptable(ctx, player, id)
	return err
}

func (a *App) acceptable(ctx context.Context, player, id string) (*club.Challenge, error) {
	if !gameIDPattern.MatchString(id) {
		return nil, club.ErrChallengeGone
	}
	c, err := a.store.Challenge(ctx, id)
	if errors.Is(err, club.ErrNotFound) {
		return nil, club.ErrChallengeGone
	}
	if err != nil {
		return nil, err
	}
	if c.PlayerID == player {
		return nil, ErrOwnChallenge
	}
	if !c.Open(a.now()) {
		return nil, club.ErrChallengeGone
	}
	if c.Rated {
		p, err := a.Player(ctx, player)
		if err != nil {
			return nil, err
		}
		if !p.Named() {
			return nil, ErrRatedAnonymous
		}
	}
	return c, nil
}

// networkDigest names a network (see Network) for the store: a digest,
// so that no address is kept, enough to tell two networks apart.
func networkDigest(network string) string {
	if network == "" {
		return ""
	}
	sum := sha256.Sum256([]byte("reversi network " + network))
	return hex.EncodeToString(sum[:8])
}

// lobbyGame is the public room and game that challenge c becomes when
// guest accepts it. The clock starts now on both sides; running it is the
// move path's.
func (a *App) lobbyGame(c *club.Challenge, guest string) (*club.Room, *club.Game) {
	side := c.Color
	if side == game.Empty {
		side = []game.Color{game.Black, game.White}[rand.IntN(2)]
	}
	start := c.Clock.Start()
	g := &club.Game{
		ID: newGameID(), PlayerID: c.PlayerID, Opponent: club.Online, Human: side, Level: ai.DefaultLevel.String(),
		Record: game.Game{Options: game.Options{Size: c.Size, Start: game.Cross}}, Status: club.Playing,
		Settings: club.Settings{ShowMoves: true}, HintPly: -1, HintSquare: game.Pass,
		TimeControl: c.Clock, Clock: club.Clock{Black: start, White: start, Since: a.now()}, Rated: c.Rated,
	}
	r := &club.Room{ID: newGameID(), Token: newToken(), Host: c.PlayerID, Guest: guest, HostColor: side,
		Round: 1, Public: true}
	return r, g
}

// Quick pairs player (whose row the caller has recorded) in the pool of
// o's size, clock and rating (rated or casual; a rated pool needs a
// name): with whoever waits there with the rating nearest theirs (the
// longest waiting of those), in a new game whose id it returns, or, when
// nobody waits, by making them wait there in a quick challenge whose id
// it returns instead. Two players who press at the same moment both wait
// at first; then the one whose wait is the newer takes the older, so they
// still meet.
func (a *App) Quick(ctx context.Context, player string, o Offer) (gameID, challengeID string, err error) {
	o.Quick, o.Color = true, game.Empty
	if o.Rated {
		p, err := a.Player(ctx, player)
		if err != nil {
			return "", "", err
		}
		if !p.Named() {
			return "", "", ErrRatedAnonymous
		}
	}
	for range 3 {
		w, err := a.store.Waiting(ctx, o.Size, o.Clock, o.Rated, a.openSince(), player)
		if err == nil {
			id, err := a.Accept(ctx, player, w.ID)
			if !errors.Is(err, club.ErrChallengeGone) {
				return id, "", err
			}
			continue // another player took them first
		}
		if !errors.Is(err, club.ErrNotFound) {
			return "", "", err
		}
		mine, err := a.MakeChallenge(ctx, player, o)
		if err != nil {
			return "", "", err
		}
		w, err = a.store.Waiting(ctx, o.Size, o.Clock, o.Rated, a.openSince(), player)
		if errors.Is(err, club.ErrNotFound) || (err == nil && !older(w, mine)) {
			return "", mine.ID, nil
		}
		if err != nil {
			return "", "", err
		}
		// Someone waited before us: withdraw ours and take theirs,
		// unless ours was taken in the meantime.
		if err := a.store.CancelChallenge(ctx, mine.ID, player); errors.Is(err, club.ErrNotFound) {
			c, err := a.store.Challenge(ctx, mine.ID)
			if err != nil {
				return "", "", err
			}
			return c.GameID, "", nil
		} else if err != nil {
			return "", "", err
		}
	}
	mine, err := a.MakeChallenge(ctx, player, o)
	if err != nil {
		return "", "", err
	}
	return "", mine.ID, nil
}

// older reports whether challenge a was made before b (ids break ties).
func older(a, b *club.Challenge) bool {
	if !a.Created.Equal(b.Created) {
		return a.Created.Before(b.Created)
	}
	return a.ID < b.ID
}
