package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reversi/reversi"
	"time"

	"reversi/game"
)

// CreateRoom stores a new game and the room that plays it, together.
func (s *Store) CreateRoom(ctx context.Context, r *reversi.Room, g *reversi.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	r.Created, r.Updated = now, now
	err := s.b.write(ctx, func(tx wtx) error {
		if err := s.insertGame(tx, g, now); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO rooms (id, token, game_id, host, host_color, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, r.ID, r.Token, g.ID, r.Host, r.HostColor.String(), now.UnixNano(), now.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("create room: %w", err)
	}
	r.GameID = g.ID
	return nil
}

const roomColumns = `id, token, game_id, host, coalesce(guest, ''), host_color, round, host_wins, guest_wins, draws,
	host_again, guest_again, version, created_at, updated_at`

// RoomByToken returns the room that an invite token opens, or [reversi.ErrNotFound].
func (s *Store) RoomByToken(ctx context.Context, token string) (*reversi.Room, error) {
	r, err := scanRoom(s.rs.queryRow(ctx, `SELECT `+roomColumns+` FROM rooms WHERE token = ?`, token))
	if err != nil {
		return nil, fmt.Errorf("load room by invite: %w", err)
	}
	return r, nil
}

// Room returns the room with the given id, or [reversi.ErrNotFound].
func (s *Store) Room(ctx context.Context, id string) (*reversi.Room, error) {
	r, err := scanRoom(s.rs.queryRow(ctx, `SELECT `+roomColumns+` FROM rooms WHERE id = ?`, id))
	if err != nil {
		return nil, fmt.Errorf("load room %s: %w", id, err)
	}
	return r, nil
}

// JoinRoom gives the free guest seat of room id to player. If the seat is
// taken it returns [reversi.ErrRoomFull] and changes nothing.
func (s *Store) JoinRoom(ctx context.Context, id, player string) error {
	now := s.now().UnixNano()
	res, err := s.b.exec(ctx, `UPDATE rooms SET guest = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND guest IS NULL AND host <> ?`, player, now, id, player)
	if err != nil {
		return fmt.Errorf("join room %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("join room %s: %w", id, reversi.ErrRoomFull)
	}
	return nil
}

// SetAgain records a seat's answer to "play again?", if the room is still
// at version r.Version; if not, it returns [reversi.ErrStale] and changes nothing.
// On success r is updated.
func (s *Store) SetAgain(ctx context.Context, r *reversi.Room, host bool, a reversi.Again) error {
	col := "guest_again"
	if host {
		col = "host_again"
	}
	now := s.now()
	res, err := s.b.exec(ctx, `UPDATE rooms SET `+col+` = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND version = ?`, string(a), now.UnixNano(), r.ID, r.Version)
	if err != nil {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, reversi.ErrStale)
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
// oldVersion; if not, it returns [reversi.ErrStale] and stores nothing.
func (s *Store) StartRound(ctx context.Context, r *reversi.Room, g *reversi.Game, oldVersion int) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := s.b.write(ctx, func(tx wtx) error {
		if err := s.insertGame(tx, g, now); err != nil {
			return err
		}
		res, err := tx.Exec(`UPDATE rooms SET game_id = ?, host_color = ?, round = ?, host_wins = ?, guest_wins = ?,
			draws = ?, host_again = '', guest_again = '', version = version + 1, updated_at = ?
			WHERE id = ? AND version = ?`,
			g.ID, r.HostColor.String(), r.Round, r.HostWins, r.GuestWins, r.Draws, now.UnixNano(), r.ID, oldVersion)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return reversi.ErrStale
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("start round %d in room %s: %w", r.Round, r.ID, err)
	}
	r.GameID, r.HostAgain, r.GuestAgain, r.Updated = g.ID, reversi.AgainNone, reversi.AgainNone, now
	r.Version = oldVersion + 1
	return nil
}

func scanRoom(row scanner) (*reversi.Room, error) {
	var (
		r                          reversi.Room
		hostColor, hostAg, guestAg string
		created, updated           int64
	)
	err := row.Scan(&r.ID, &r.Token, &r.GameID, &r.Host, &r.Guest, &hostColor, &r.Round, &r.HostWins, &r.GuestWins,
		&r.Draws, &hostAg, &guestAg, &r.Version, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	r.HostColor = game.Black
	if hostColor == "white" {
		r.HostColor = game.White
	}
	r.HostAgain, r.GuestAgain = reversi.Again(hostAg), reversi.Again(guestAg)
	r.Created, r.Updated = time.Unix(0, created), time.Unix(0, updated)
	return &r, nil
}
