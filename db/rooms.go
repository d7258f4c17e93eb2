package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"reversi/club"
	"reversi/game"
)

// roomRow is a room's row, one field a column, in the order of the rooms
// table's declaration in columns.go.
type roomRow struct {
	ID, Token, GameID, Host, Guest, HostColor string
	Round, HostWins, GuestWins, Draws         int
	HostAgain, GuestAgain                     string
	Version                                   int
	Created, Updated                          int64
	Public                                    bool
}

// room decodes the row.
func (r *roomRow) room() *club.Room {
	rm := &club.Room{ID: r.ID, Token: r.Token, GameID: r.GameID, Host: r.Host, Guest: r.Guest, HostColor: game.Black,
		Round: r.Round, HostWins: r.HostWins, GuestWins: r.GuestWins, Draws: r.Draws,
		HostAgain: club.Again(r.HostAgain), GuestAgain: club.Again(r.GuestAgain), Version: r.Version,
		Created: time.Unix(0, r.Created), Updated: time.Unix(0, r.Updated), Public: r.Public}
	if r.HostColor == "white" {
		rm.HostColor = game.White
	}
	return rm
}

var selectRoom = `SELECT ` + rooms.selectList() + ` FROM rooms WHERE `

// CreateRoom stores a new game and the room that plays it, together.
func (s *Store) CreateRoom(ctx context.Context, r *club.Room, g *club.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := s.d.Write(ctx, func(tx Tx) error {
		if err := s.insertGame(tx, g, now); err != nil {
			return err
		}
		return insertRoom(tx, r, g, now)
	})
	if err != nil {
		return fmt.Errorf("create room: %w", err)
	}
	s.created(g, now)
	r.GameID, r.Created, r.Updated = g.ID, now, now
	return nil
}

// insertRoom inserts room r, whose game g is inserted in the same
// transaction; a public room (made in the lobby) has its guest already.
func insertRoom(tx Tx, r *club.Room, g *club.Game, now time.Time) error {
	_, err := tx.Exec(`INSERT INTO rooms (id, token, game_id, host, guest, host_color, public, created_at, updated_at)
		VALUES (?, ?, ?, ?, nullif(?, ''), ?, ?, ?, ?)`, r.ID, r.Token, g.ID, r.Host, r.Guest, r.HostColor.String(),
		r.Public, now.UnixNano(), now.UnixNano())
	return err
}

// RoomByToken returns the room that an invite token opens, or
// [club.ErrNotFound].
func (s *Store) RoomByToken(ctx context.Context, token string) (*club.Room, error) {
	r, err := s.readRoom(ctx, selectRoom+`token = ?`, token)
	if err != nil {
		return nil, fmt.Errorf("load room by invite: %w", err)
	}
	return r, nil
}

// Room returns the room with the given id, or [club.ErrNotFound].
func (s *Store) Room(ctx context.Context, id string) (*club.Room, error) {
	r, err := s.readRoom(ctx, selectRoom+`id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("load room %s: %w", id, err)
	}
	return r, nil
}

// Rooms returns, by id, the rooms with the given ids that exist, in one
// query.
func (s *Store) Rooms(ctx context.Context, ids []string) (map[string]*club.Room, error) {
	out := make(map[string]*club.Room, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	err := s.d.Query(ctx, selectRoom+`id IN (`+inList(len(ids))+`)`, anys(ids), func(r Row) error {
		var row roomRow
		if err := r.Scan(rooms.fields(&row)...); err != nil {
			return err
		}
		out[row.ID] = row.room()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load rooms: %w", err)
	}
	return out, nil
}

// inList returns n placeholders separated by commas, for IN (…).
func inList(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// anys returns ids as a query's arguments.
func anys(ids []string) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

func (s *Store) readRoom(ctx context.Context, query, arg string) (*club.Room, error) {
	var row roomRow
	if err := s.d.QueryRow(ctx, query, arg).Scan(rooms.fields(&row)...); err != nil {
		return nil, notFound(err)
	}
	return row.room(), nil
}

// changeRoom runs update, which changes at most one room and returns its
// game_id, and tells that game's waiters. It reports whether it changed
// the room.
func changeRoom(tx Tx, update string, args ...any) (bool, error) {
	var gameID string
	if err := tx.QueryRow(update+` RETURNING game_id`, args...).Scan(&gameID); err != nil {
		if err = notFound(err); err == club.ErrNotFound {
			return false, nil
		}
		return false, err
	}
	return true, tx.GameChanged(gameID)
}

// JoinRoom gives the free guest seat of room id to player, and tells the
// room's game. If the seat is taken it returns [club.ErrRoomFull] and
// changes nothing.
func (s *Store) JoinRoom(ctx context.Context, id, player string) error {
	now := s.now().UnixNano()
	var joined bool
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		joined, err = changeRoom(tx, `UPDATE rooms SET guest = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND guest IS NULL AND host <> ?`, player, now, id, player)
		return err
	})
	if err != nil {
		return fmt.Errorf("join room %s: %w", id, err)
	}
	if !joined {
		return fmt.Errorf("join room %s: %w", id, club.ErrRoomFull)
	}
	return nil
}

// SetAgain records a seat's answer to "play again?", if the room is still
// at version r.Version, and tells the room's game; if not, it returns
// [club.ErrStale] and changes nothing. On success r is updated.
func (s *Store) SetAgain(ctx context.Context, r *club.Room, host bool, a club.Again) error {
	col := "guest_again"
	if host {
		col = "host_again"
	}
	now := s.now()
	var changed bool
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		changed, err = changeRoom(tx, `UPDATE rooms SET `+col+` = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`, string(a), now.UnixNano(), r.ID, r.Version)
		return err
	})
	if err != nil {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, err)
	}
	if !changed {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, club.ErrStale)
	}
	if host {
		r.HostAgain = a
	} else {
		r.GuestAgain = a
	}
	r.Version++
	r.Updated = now
	return nil
}

// StartRound stores g as the room's next game with r's new colours and
// score, and clears both answers, if the room is still at version
// oldVersion; if not, it returns [club.ErrStale] and stores nothing.
// The players wait on the round that ends, so that game is told.
func (s *Store) StartRound(ctx context.Context, r *club.Room, g *club.Game, oldVersion int) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := s.d.Write(ctx, func(tx Tx) error {
		// The round that ends, read first so that a stale room stores
		// no game; the update below is conditional all the same.
		var ended string
		if err := tx.QueryRow(`SELECT game_id FROM rooms WHERE id = ? AND version = ?`, r.ID, oldVersion).Scan(&ended); err != nil {
			if err = notFound(err); err == club.ErrNotFound {
				return club.ErrStale
			}
			return err
		}
		if err := s.insertGame(tx, g, now); err != nil {
			return err
		}
		n, err := tx.Exec(`UPDATE rooms SET game_id = ?, host_color = ?, round = ?, host_wins = ?, guest_wins = ?,
			draws = ?, host_again = '', guest_again = '', version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`,
			g.ID, r.HostColor.String(), r.Round, r.HostWins, r.GuestWins, r.Draws, now.UnixNano(), r.ID, oldVersion)
		if err != nil {
			return err
		}
		if n != 1 {
			return club.ErrStale
		}
		return tx.GameChanged(ended)
	})
	if err != nil {
		return fmt.Errorf("start round %d in room %s: %w", r.Round, r.ID, err)
	}
	s.created(g, now)
	r.GameID, r.HostAgain, r.GuestAgain, r.Updated = g.ID, club.AgainNone, club.AgainNone, now
	r.Version = oldVersion + 1
	return nil
}
