package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"reversi/reversi"
)

// CreatePlayer records a player id as seen now: a new one is created, one
// that exists has its last-seen time moved on.
func (s *Store) CreatePlayer(ctx context.Context, id string) error {
	now := s.now().UnixNano()
	if _, err := s.pool.Exec(ctx, `INSERT INTO players (id, created_at, last_seen) VALUES ($1, $2, $2)
		ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen`, id, now); err != nil {
		return fmt.Errorf("create player: %w", s.wrap(err))
	}
	return nil
}

// Choices returns the player's last new-game choices, or "".
func (s *Store) Choices(ctx context.Context, player string) (string, error) {
	var c string
	err := s.pool.QueryRow(ctx, `SELECT choices FROM players WHERE id = $1`, player).Scan(&c)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("load choices: %w", s.wrap(err))
	}
	return c, nil
}

// SetChoices keeps the player's new-game choices.
func (s *Store) SetChoices(ctx context.Context, player, choices string) error {
	if _, err := s.pool.Exec(ctx, `UPDATE players SET choices = $1 WHERE id = $2`, choices, player); err != nil {
		return fmt.Errorf("save choices: %w", s.wrap(err))
	}
	return nil
}

// DeleteGame deletes a game of player's own that is not played in a room.
func (s *Store) DeleteGame(ctx context.Context, id, player string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM games WHERE id = $1 AND player_id = $2 AND room_id IS NULL`, id, player)
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, s.wrap(err))
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("delete game %s: %w", id, reversi.ErrNotFound)
	}
	return nil
}

// Expire deletes players not seen since seenBefore and rooms unused since
// roomsBefore, at most limit of each, with what belongs to them, in one
// transaction. Every server runs it now and then; when another server's
// is under way, it deletes nothing and says so, rather than queue behind
// the same rows.
func (s *Store) Expire(ctx context.Context, seenBefore, roomsBefore time.Time, limit int) (reversi.Expired, error) {
	var e reversi.Expired
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		e = reversi.Expired{}
		var mine bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1)`, expireLock).Scan(&mine); err != nil || !mine {
			return err
		}
		// A room is unused when neither it nor its current game changed
		// since roomsBefore. Its games (this round's and earlier ones)
		// go with it, once the room no longer refers to them.
		tag, err := tx.Exec(ctx, `DELETE FROM rooms WHERE id IN (SELECT r.id FROM rooms r JOIN games g ON g.id = r.game_id
			WHERE r.updated_at < $1 AND g.updated_at < $1 ORDER BY r.updated_at, r.id LIMIT $2)`,
			roomsBefore.UnixNano(), limit)
		if err != nil {
			return err
		}
		e.Rooms = int(tag.RowsAffected())
		if tag, err = tx.Exec(ctx, `DELETE FROM games g WHERE g.room_id IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = g.room_id)`); err != nil {
			return err
		}
		e.Games = int(tag.RowsAffected())
		// A player's games and practice board go by cascade, and a guest
		// seat they held becomes free. The host of a room that is still
		// in use stays until the room expires. The rows are locked first,
		// so that the games counted are the games deleted.
		rows, err := tx.Query(ctx, `SELECT id FROM players WHERE last_seen < $1
			AND NOT EXISTS (SELECT 1 FROM rooms WHERE host = players.id)
			ORDER BY last_seen, id LIMIT $2 FOR UPDATE`, seenBefore.UnixNano(), limit)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(ids) == 0 {
			return err
		}
		var games int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE player_id = ANY($1)`, ids).Scan(&games); err != nil {
			return err
		}
		if tag, err = tx.Exec(ctx, `DELETE FROM players WHERE id = ANY($1)`, ids); err != nil {
			return err
		}
		e.Players, e.Games = int(tag.RowsAffected()), e.Games+games
		return nil
	})
	if err != nil {
		return reversi.Expired{}, fmt.Errorf("expire: %w", s.wrap(err))
	}
	return e, nil
}
