package play

import (
	"cmp"
	"context"
	"slices"
	"time"

	"reversi/club"
	"reversi/game"
)

// The home page's lists: the games against someone where it is the
// player's turn, the most urgent first, and the others. A correspondence
// game whose side to move let its days run out is lost on time twice
// over: every load of it judges its clock (Judge), the home page's lists
// included, and the janitor (Expire) sweeps the overdue ones, so that a
// game nobody opens is decided too, and before its room could expire.

// homeGames bounds the unfinished games that the home page's lists are
// made from: the store gives the most recently changed, and the most
// urgent of a correspondence player's games are the oldest, so it reads
// well past what the page shows (MaxYourTurn, and a few others).
const homeGames = 50

// MaxYourTurn bounds the your-turn list, the most urgent kept.
const MaxYourTurn = 30

// HomeGame is an unfinished game as the home page lists it.
type HomeGame struct {
	Game *club.Game
	// YourTurn reports a game against someone where the viewer's seat is
	// to move.
	YourTurn bool
	// Left is the time the side to move has left, on a game with a clock.
	Left time.Duration
	// Lobby reports a game whose players met in the lobby, and Opponent
	// names the other player ("" for one without a name).
	Lobby    bool
	Opponent club.Name
}

// Clocked reports whether the game has a clock.
func (h HomeGame) Clocked() bool { return !h.Game.TimeControl.None() }

// HomeGames returns player's unfinished games, each judged on its clock
// first (one whose time ran out is over now, and left out): those against
// someone where it is their turn, the least time left first (and those
// without a clock after them, the longest waiting first), and the others,
// the most recently changed first. Games that player may no longer open
// (a room expired) are left out.
func (a *App) HomeGames(ctx context.Context, player string) (yours, others []HomeGame, err error) {
	gs, err := a.store.Unfinished(ctx, player, homeGames)
	if err != nil {
		return nil, nil, err
	}
	rooms, names, err := a.homeRooms(ctx, player, gs)
	if err != nil {
		return nil, nil, err
	}
	for _, g := range gs {
		if g.RoomID != "" || !g.TimeControl.None() {
			var m *Match
			if g.Opponent != club.Online {
				m, err = a.match(ctx, player, g)
			} else if r, ok := rooms[g.RoomID]; ok {
				m, err = a.seatedIn(ctx, g, r, player, names)
			} else {
				continue // its room expired since the list was read
			}
			if err != nil {
				continue // expired, or no longer theirs
			}
			if !m.Playing() {
				continue // just lost on time
			}
			h := HomeGame{Game: m.Game}
			if m.Room != nil && m.Room.Public && m.Seat != game.Empty {
				h.Lobby, h.Opponent = true, m.Names[m.Seat.Opponent()]
			}
			if m.Clocked() {
				turn := m.Board().Turn()
				h.Left = m.Game.Clock.Left(turn, turn, m.At)
			}
			if m.Room != nil && !m.Waiting() && m.HumanToMove() {
				h.YourTurn = true
				yours = append(yours, h)
				continue
			}
			others = append(others, h)
			continue
		}
		others = append(others, HomeGame{Game: g})
	}
	slices.SortStableFunc(yours, func(x, y HomeGame) int {
		switch {
		case x.Clocked() != y.Clocked():
			if x.Clocked() {
				return -1
			}
			return 1
		case x.Clocked():
			return cmp.Compare(x.Left, y.Left)
		}
		return x.Game.Updated.Compare(y.Game.Updated)
	})
	if len(yours) > MaxYourTurn {
		yours = yours[:MaxYourTurn]
	}
	return yours, others, nil
}

// homeRooms reads, in one read each, the rooms of player's online games
// gs and the names of their opponents in public rooms (the lobby's games),
// whom the home page names.
func (a *App) homeRooms(ctx context.Context, player string, gs []*club.Game) (map[string]*club.Room, map[string]club.Name, error) {
	var ids []string
	for _, g := range gs {
		if g.Opponent == club.Online {
			ids = append(ids, g.RoomID)
		}
	}
	rooms, err := a.store.Rooms(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	ids = ids[:0]
	for _, r := range rooms {
		if r.Public {
			ids = append(ids, namesShown(r, player)...)
		}
	}
	names, err := a.store.Names(ctx, ids)
	return rooms, names, err
}

// judgeOverdue ends, on time, the correspondence games whose side to move
// ran out of days, at most a batch of them, and says how many it ended.
func (a *App) judgeOverdue(ctx context.Context) (int, error) {
	ids, err := a.store.Overdue(ctx, a.now(), expiryBatch)
	if err != nil {
		return 0, err
	}
	ended := 0
	for _, id := range ids {
		g, err := a.store.Game(ctx, id)
		if err != nil {
			return ended, err
		}
		m, err := Load(g)
		if err != nil {
			return ended, err
		}
		if g.RoomID != "" {
			if m.Room, err = a.store.Room(ctx, g.RoomID); err != nil {
				return ended, err
			}
		}
		if m, err = a.Judge(ctx, m); err != nil {
			return ended, err
		}
		if m.Game.Ending == club.EndedOnTime {
			ended++
		}
	}
	return ended, nil
}
