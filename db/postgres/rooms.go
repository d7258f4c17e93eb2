package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"reversi/game"
	"reversi/reversi"
)

// notifyRoomGame is a statement's tail that notifies the game id in each
// row of u, the rows that the statement changed.
const notifyRoomGame = ` SELECT pg_notify('` + Channel + `', game_id)::text FROM u`

// CreateRoom stores a new game and the room that plays it, together.
func (s *Store) CreateRoom(ctx context.Context, r *reversi.Room, g *reversi.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := insertGame(ctx, tx, g, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO rooms (id, token, game_id, host, host_color, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $6)`, r.ID, r.Token, g.ID, r.Host, r.HostColor.String(), now.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("create room: %w", s.wrap(err))
	}
	r.GameID, r.Created, r.Updated = g.ID, now, now
	return nil
}

const roomColumns = `id, token, game_id, host, coalesce(guest, ''), host_color, round, host_wins, guest_wins, draws,
	host_again, guest_again, version, created_at, updated_at`

// RoomByToken returns the room that an invite token opens, or [reversi.ErrNotFound].
func (s *Store) RoomByToken(ctx context.Context, token string) (*reversi.Room, error) {
	r, err := scanRoom(s.pool.QueryRow(ctx, `SELECT `+roomColumns+` FROM rooms WHERE token = $1`, token))
	if err != nil {
		return nil, fmt.Errorf("load room by invite: %w", s.wrap(err))
	}
	return r, nil
}

// Room returns the room with the given id, or [reversi.ErrNotFound].
func (s *Store) Room(ctx context.Context, id string) (*reversi.Room, error) {
	r, err := scanRoom(s.pool.QueryRow(ctx, `SELECT `+roomColumns+` FROM rooms WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("load room %s: %w", id, s.wrap(err))
	}
	return r, nil
}

// JoinRoom gives the free guest seat of room id to player, and notifies
// the room's game in the same statement. If the seat is taken it returns
// [reversi.ErrRoomFull] and changes nothing.
func (s *Store) JoinRoom(ctx context.Context, id, player string) error {
	rows, err := s.pool.Query(ctx, `WITH u AS (UPDATE rooms SET guest = $1, version = version + 1, updated_at = $2
		WHERE id = $3 AND guest IS NULL AND host <> $1 RETURNING game_id)`+notifyRoomGame,
		player, s.now().UnixNano(), id)
	if err != nil {
		return fmt.Errorf("join room %s: %w", id, s.wrap(err))
	}
	n, err := countRows(rows)
	if err != nil {
		return fmt.Errorf("join room %s: %w", id, s.wrap(err))
	}
	if n != 1 {
		return fmt.Errorf("join room %s: %w", id, reversi.ErrRoomFull)
	}
	return nil
}

// SetAgain records a seat's answer to "play again?", if the room is still
// at version r.Version, and notifies the room's game in the same
// statement; if not, it returns [reversi.ErrStale] and changes nothing. On
// success r is updated.
func (s *Store) SetAgain(ctx context.Context, r *reversi.Room, host bool, a reversi.Again) error {
	col := "guest_again"
	if host {
		col = "host_again"
	}
	now := s.now()
	rows, err := s.pool.Query(ctx, `WITH u AS (UPDATE rooms SET `+col+` = $1, version = version + 1, updated_at = $2
		WHERE id = $3 AND version = $4 RETURNING game_id)`+notifyRoomGame,
		string(a), now.UnixNano(), r.ID, r.Version)
	if err != nil {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, s.wrap(err))
	}
	n, err := countRows(rows)
	if err != nil {
		return fmt.Errorf("answer play again in room %s: %w", r.ID, s.wrap(err))
	}
	if n != 1 {
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
// oldVersion; if not, it returns [reversi.ErrStale] and stores nothing. The
// players wait on the round that ends, so that game is notified, in the
// same transaction.
func (s *Store) StartRound(ctx context.Context, r *reversi.Room, g *reversi.Game, oldVersion int) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var ended string
		err := tx.QueryRow(ctx, `SELECT game_id FROM rooms WHERE id = $1 AND version = $2 FOR UPDATE`, r.ID, oldVersion).Scan(&ended)
		if errors.Is(err, pgx.ErrNoRows) {
			return reversi.ErrStale
		}
		if err != nil {
			return err
		}
		if err := insertGame(ctx, tx, g, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE rooms SET game_id = $1, host_color = $2, round = $3, host_wins = $4, guest_wins = $5,
			draws = $6, host_again = '', guest_again = '', version = version + 1, updated_at = $7
			WHERE id = $8`,
			g.ID, r.HostColor.String(), r.Round, r.HostWins, r.GuestWins, r.Draws, now.UnixNano(), r.ID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `SELECT pg_notify('`+Channel+`', $1)`, ended)
		return err
	})
	if err != nil {
		return fmt.Errorf("start round %d in room %s: %w", r.Round, r.ID, s.wrap(err))
	}
	r.GameID, r.HostAgain, r.GuestAgain, r.Updated = g.ID, reversi.AgainNone, reversi.AgainNone, now
	r.Version = oldVersion + 1
	return nil
}

func scanRoom(row pgx.Row) (*reversi.Room, error) {
	var (
		r                          reversi.Room
		hostColor, hostAg, guestAg string
		created, updated           int64
	)
	err := row.Scan(&r.ID, &r.Token, &r.GameID, &r.Host, &r.Guest, &hostColor, &r.Round, &r.HostWins, &r.GuestWins,
		&r.Draws, &hostAg, &guestAg, &r.Version, &created, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
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
