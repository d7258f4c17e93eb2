package play

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"regexp"

	"reversi/club"
	"reversi/game"
)

// This file holds what a person does to a game of theirs: load it, move,
// pass, let the computer resume, undo, ask for a hint, resign, change the
// settings, delete it.
//
// Every method that changes the game takes the match as the request loaded
// it and the ply its form was rendered at, and returns the match to show:
// the changed one once it is stored, or, when the request is refused, the
// one it loaded (or, when the game moved on meanwhile, the game as it now
// stands, from the same seat) with the refusal.

var gameIDPattern = regexp.MustCompile(`^[a-z2-7]{16}$`)

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newGameID returns a random game or room id: 80 bits, 16 letters and
// digits.
func newGameID() string { return idEncoding.EncodeToString(randomBytes(10)) }

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand since Go 1.24)
	return b
}

// Game loads game id for player, seen from their seat: their own game, or
// an online game where they hold a seat. It refuses anyone else.
func (a *App) Game(ctx context.Context, player, id string) (*Match, error) {
	if !gameIDPattern.MatchString(id) {
		return nil, ErrNoGame
	}
	g, err := a.store.Game(ctx, id)
	if err != nil {
		if errors.Is(err, club.ErrNotFound) {
			return nil, ErrNoGame
		}
		return nil, err
	}
	return a.match(ctx, player, g)
}

// match is Game for a game already read (the home page's list holds
// them): it reads what else the viewer's match needs, no game again.
func (a *App) match(ctx context.Context, player string, g *club.Game) (*Match, error) {
	if g.Opponent == club.Online {
		return a.seated(ctx, g, player)
	}
	if player == "" || player != g.PlayerID {
		return nil, ErrNotYours
	}
	m, err := Load(g)
	if err != nil {
		return nil, err
	}
	return a.Judge(ctx, m)
}

// Move plays the viewer's move mv (a square or game.Pass) from a form sent
// at ply and, against the computer, its replies, and stores the game.
// One Pass covers the whole run of the viewer's passes against the
// computer, until they can move again or the game ends. It waits for
// who's turn and the game's first (turns.go), and plays on the game as it
// stands then.
func (a *App) Move(ctx context.Context, who Who, m *Match, ply int, mv game.Square) (*Match, error) {
	m, done, err := a.inTurn(ctx, who, m)
	if err != nil {
		return m, err
	}
	defer done()
	// A clocked game whose time has run out ends here, and the move is
	// refused as one on a finished game.
	if m, err = a.Judge(ctx, m); err != nil {
		return m, err
	}
	if err := m.Play(ply, mv); err != nil {
		return m, err
	}
	if err := m.ComputerReplies(ctx, a.chooser(m), mv == game.Pass); err != nil {
		return m, err
	}
	m, err = a.save(ctx, m, ply)
	if err == nil {
		a.observer.Played(m.Ply() - ply)
	}
	return m, err
}

// Resume lets the computer move in a game that was stored at its turn,
// which only an interrupted request can leave behind. It waits for the
// turns as Move does.
func (a *App) Resume(ctx context.Context, who Who, m *Match, ply int) (*Match, error) {
	m, done, err := a.inTurn(ctx, who, m)
	if err != nil {
		return m, err
	}
	defer done()
	if err := m.Resume(ply); err != nil {
		return m, err
	}
	if err := m.ComputerReplies(ctx, a.chooser(m), false); err != nil {
		return m, err
	}
	return a.save(ctx, m, ply)
}

// Undo takes the game back to the start of the viewer's previous turn.
func (a *App) Undo(ctx context.Context, m *Match, ply int) (*Match, error) {
	if err := m.Undo(ply); err != nil {
		return m, err
	}
	return a.save(ctx, m, ply)
}

// Resign ends the game with the viewer's side (the side to move, on one
// device) losing.
func (a *App) Resign(ctx context.Context, m *Match, ply int) (*Match, error) {
	if err := m.Resign(ply); err != nil {
		return m, err
	}
	return a.save(ctx, m, ply)
}

// Hint finds the hint for the position at ply and stores it with the game,
// unless the hint on record is for this ply already. It waits for the
// turns as Move does, so that a flood of hint requests runs one search.
func (a *App) Hint(ctx context.Context, who Who, m *Match, ply int) (*Match, error) {
	m, done, err := a.inTurn(ctx, who, m)
	if err != nil {
		return m, err
	}
	defer done()
	need, err := m.NeedsHint(ply)
	if err != nil || !need {
		return m, err
	}
	sq, err := a.hintFor(ctx, m.Board())
	if err != nil {
		return m, err
	}
	m.SetHint(sq)
	return a.save(ctx, m, ply)
}

// Delete deletes a game of the viewer's own that is not played online.
func (a *App) Delete(ctx context.Context, m *Match) error {
	if m.Room != nil {
		return ErrNotOnline
	}
	if err := a.store.DeleteGame(ctx, m.Game.ID, m.Game.PlayerID); err != nil {
		return err
	}
	a.reviewQueue().drop(m.Game.ID) // a review waiting or running has nothing to belong to
	return nil
}

// ChangeSettings changes the game's settings (the host's alone online),
// and keeps them for the player's next game.
func (a *App) ChangeSettings(ctx context.Context, m *Match, player string, set club.Settings) error {
	if m.Room != nil && !m.Host {
		return ErrNotHost
	}
	if err := a.store.UpdateSettings(ctx, m.Game.ID, set); err != nil {
		return err
	}
	ch, err := a.Choices(ctx, player)
	if err != nil {
		return err
	}
	ch.Settings = set
	return a.KeepChoices(ctx, player, ch)
}

// save writes m's game, read at ply, with one conditional update, and
// tells anyone waiting on an online game. If the game moved on in the
// meantime, it returns the game as it now stands, from the same seat, with
// the error.
func (a *App) save(ctx context.Context, m *Match, ply int) (*Match, error) {
	if err := a.store.UpdateGame(ctx, m.Game, ply); err != nil {
		if !errors.Is(err, club.ErrStale) {
			return m, err
		}
		g, lerr := a.store.Game(ctx, m.Game.ID)
		if lerr != nil {
			return m, lerr
		}
		now, lerr := m.Reload(g)
		if lerr != nil {
			return m, lerr
		}
		return now, err
	}
	if m.Game.RoomID != "" {
		a.notifier.Notify(m.Game.ID) // the other seat, and any spectator
	}
	return m, nil
}
