package play

import (
	"context"
	"encoding/base64"
	"errors"
	"regexp"
	"time"

	"reversi/club"
	"reversi/game"
)

// Online play: a room holds a match between two browsers. The host creates
// it with a new game; whoever opens the invite link first takes the other
// seat. Each seat is bound to its player id. Moves use the same rules as
// every other game; the player who waits hears of the other's move
// through the Notifier.

// PollWait bounds a long poll; it stays below the server's write timeout.
const PollWait = 20 * time.Second

// An invite token is 144 random bits, URL-safe.
var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{24}$`)

func newToken() string { return base64.RawURLEncoding.EncodeToString(randomBytes(18)) }

// createRoom stores g, an online game, with a new room of which its player
// is the host.
func (a *App) createRoom(ctx context.Context, g *club.Game) error {
	r := &club.Room{ID: newGameID(), Token: newToken(), Host: g.PlayerID, HostColor: g.Human, Round: 1}
	return a.store.CreateRoom(ctx, r, g)
}

// seated loads online game g for player, seen from their seat; someone
// without a seat may only watch, and only a public room's game.
func (a *App) seated(ctx context.Context, g *club.Game, player string) (*Match, error) {
	r, err := a.store.Room(ctx, g.RoomID)
	if err != nil {
		return nil, err
	}
	return a.seatedIn(ctx, g, r, player, nil)
}

// seatedIn is seated with g's room r read. The players' names are read
// from names when it is not nil (the home page reads those of all its
// games at once), else from the store.
func (a *App) seatedIn(ctx context.Context, g *club.Game, r *club.Room, player string, names map[string]club.Name) (*Match, error) {
	seated := SeatOf(g, r, player) != game.Empty
	if !seated && !r.Public {
		return nil, ErrNotSeated // an invite room is private to its seats
	}
	if Expired(r, g, a.roomTTL, a.now()) {
		return nil, ErrExpired
	}
	var m *Match
	var err error
	if seated {
		m, err = LoadSeated(g, r, player)
	} else {
		m, err = LoadWatched(g, r)
	}
	if err != nil {
		return nil, err
	}
	// A lobby game's players met as strangers: their page names the
	// opponent, as a spectator's names both; a player's own page calls
	// them "you", so their own name is not read.
	if r.Public {
		viewer := ""
		if seated {
			viewer = player
		}
		ids := namesShown(r, viewer)
		if names == nil && len(ids) > 0 {
			if names, err = a.store.Names(ctx, ids); err != nil {
				return nil, err
			}
		}
		for _, id := range ids {
			m.Names[SeatOf(g, r, id)] = names[id]
		}
	}
	return a.Judge(ctx, m)
}

// namesShown returns the ids of r's players whose names a public room's
// page shows to viewer ("" for a spectator): every seated player but the
// viewer.
func namesShown(r *club.Room, viewer string) []string {
	var ids []string
	for _, id := range []string{r.Host, r.Guest} {
		if id != "" && id != viewer {
			ids = append(ids, id)
		}
	}
	return ids
}

// Invite is an invite link's room as a player sees it.
type Invite struct {
	Room *club.Room
	Game *club.Game // the room's current game
	// Seated reports whether the player holds a seat already.
	Seated bool
}

// Full reports whether the guest seat is taken.
func (in *Invite) Full() bool { return in.Room.Guest != "" }

// Invite returns the room that invite token opens, as player sees it.
func (a *App) Invite(ctx context.Context, player, token string) (*Invite, error) {
	if !tokenPattern.MatchString(token) {
		return nil, ErrNoRoom
	}
	r, err := a.store.RoomByToken(ctx, token)
	if errors.Is(err, club.ErrNotFound) {
		return nil, ErrNoRoom
	}
	if err != nil {
		return nil, err
	}
	g, err := a.store.Game(ctx, r.GameID)
	if err != nil {
		return nil, err
	}
	if Expired(r, g, a.roomTTL, a.now()) {
		return nil, ErrExpired
	}
	return &Invite{Room: r, Game: g, Seated: SeatOf(g, r, player) != game.Empty}, nil
}

// Join gives the invite's free seat to player (whose row the caller has
// recorded), and tells the host.
func (a *App) Join(ctx context.Context, in *Invite, player string) error {
	if err := a.store.JoinRoom(ctx, in.Room.ID, player); err != nil {
		return err
	}
	a.notifier.Notify(in.Game.ID)
	return nil
}

// Again records the viewer's answer to "play again?", sent at room version
// v, and once both seats have said yes starts the next round in the same
// room. It returns the id of the game to show next: the next round's, or
// m's while the other seat has not answered.
func (a *App) Again(ctx context.Context, m *Match, v int, answer club.Again) (string, error) {
	if err := m.CheckAgain(v); err != nil {
		return "", err
	}
	r := m.Room
	for try := 0; ; try++ {
		err := a.store.SetAgain(ctx, r, m.Host, answer)
		if err == nil {
			break
		}
		if !errors.Is(err, club.ErrStale) || try == 3 {
			return "", err
		}
		// The other player answered at the same moment: read again.
		if r, err = a.store.Room(ctx, r.ID); err != nil {
			return "", err
		}
		if r.GameID != m.Game.ID {
			return r.GameID, nil
		}
	}
	next := m.Game.ID
	if BothAgain(r) {
		old := r.Version
		g := NextRound(m, r, newGameID())
		err := a.store.StartRound(ctx, r, g, old)
		switch {
		case err == nil:
			next = g.ID
		case !errors.Is(err, club.ErrStale):
			return "", err
		}
	}
	a.notifier.Notify(m.Game.ID)
	return next, nil
}

// WaitForChange is the long poll of an online game: it returns game id, as
// player sees it, once its stamp differs from after (or it is no longer
// the room's current round), or when PollWait has passed, ctx has ended
// or the app drains. In a clocked game it wakes by itself when the side
// to move's time runs out, reads the game again (which decides the flag,
// see Judge) and returns it: a flag adds no move to wake anyone.
func (a *App) WaitForChange(ctx context.Context, player, id, after string) (*Match, error) {
	ch, stop := a.notifier.Subscribe(id)
	defer stop()
	// The caller read the game before the subscription began: a change
	// that landed in between woke nobody, so read it once more.
	m, err := a.Game(ctx, player, id)
	if err != nil {
		return nil, err
	}
	timeout := time.NewTimer(min(PollWait, m.untilDue(a.now())))
	defer timeout.Stop()
	for {
		if m.Stamp() != after || !m.Current() {
			return m, nil
		}
		select {
		case <-ch:
		case <-timeout.C:
			return a.Game(ctx, player, id)
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-a.draining:
			return m, nil
		}
		if m, err = a.Game(ctx, player, id); err != nil {
			return nil, err
		}
	}
}
