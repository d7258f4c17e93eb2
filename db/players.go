package db

import (
	"context"
	"fmt"
	"time"

	"reversi/club"
)

// CreatePlayer records a player id as seen now: a new one is created, one
// that exists has its last-seen time moved on, a deleted one is refused.
func (s *Store) CreatePlayer(ctx context.Context, id string) error {
	now := s.now().UnixNano()
	err := s.d.Write(ctx, func(tx Tx) error {
		if err := s.refuseDeleted(tx, id); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO players (id, created_at, last_seen) VALUES (?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen`, id, now, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("create player: %w", err)
	}
	return nil
}

// refuseDeleted returns club.ErrPlayerDeleted if player id was deleted
// (see DeletePlayer): the writes that make a player's row call it first,
// so that a browser still holding a deleted id cannot make it again.
// Where other writers run alongside, the player's row is locked first, so
// that a deletion under way commits before the read, which then sees it.
func (s *Store) refuseDeleted(tx Tx, id string) error {
	var n int
	if s.lockPlayers != "" {
		if err := tx.QueryRow(s.lockPlayers, id, id).Scan(&n); err != nil {
			return err
		}
	}
	if err := tx.QueryRow(`SELECT count(*) FROM deleted_players WHERE id = ?`, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return club.ErrPlayerDeleted
	}
	return nil
}

// Choices returns the player's last new-game choices, or "".
func (s *Store) Choices(ctx context.Context, player string) (string, error) {
	var c string
	err := s.d.QueryRow(ctx, `SELECT choices FROM players WHERE id = ?`, player).Scan(&c)
	if err != nil && notFound(err) != club.ErrNotFound {
		return "", fmt.Errorf("load choices: %w", err)
	}
	return c, nil
}

// SetChoices keeps the player's new-game choices.
func (s *Store) SetChoices(ctx context.Context, player, choices string) error {
	err := s.d.Write(ctx, func(tx Tx) error {
		_, err := tx.Exec(`UPDATE players SET choices = ? WHERE id = ?`, choices, player)
		return err
	})
	if err != nil {
		return fmt.Errorf("save choices: %w", err)
	}
	return nil
}

// DeleteGame deletes a game of player's own that is not played in a room.
func (s *Store) DeleteGame(ctx context.Context, id, player string) error {
	var n int64
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		n, err = tx.Exec(`DELETE FROM games WHERE id = ? AND player_id = ? AND room_id IS NULL`, id, player)
		if err == nil && n == 1 && s.games != nil {
			tx.After(func() { s.games.forget(id) })
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	if n != 1 {
		return fmt.Errorf("delete game %s: %w", id, club.ErrNotFound)
	}
	return nil
}

// expiringPlayers selects the players that Expire deletes: not seen since
// a time, and not hosting a room that is still in use (the host stays
// until the room expires).
const expiringPlayers = `SELECT id FROM players WHERE last_seen < ?
	AND NOT EXISTS (SELECT 1 FROM rooms WHERE host = players.id)
	ORDER BY last_seen, id LIMIT ?`

// Expire deletes players not seen since seenBefore and rooms unused since
// roomsBefore, at most limit of each, with what belongs to them, in one
// write. Every server runs it now and then; when another server's is
// under way, it deletes nothing and says so, rather than queue behind the
// same rows.
func (s *Store) Expire(ctx context.Context, seenBefore, roomsBefore time.Time, limit int) (club.Expired, error) {
	var e club.Expired
	err := s.d.Write(ctx, func(tx Tx) error {
		e = club.Expired{}
		if mine, err := tx.TryLock("expire"); err != nil || !mine {
			return err
		}
		// A room is unused when neither it nor its current game changed
		// since roomsBefore. Its games (this round's and earlier ones)
		// go with it, once the room no longer refers to them.
		// A correspondence game being played is never unused: its side to
		// move has days, and once they run out the app ends it on time
		// (see Overdue), which makes its room new again.
		n, err := tx.Exec(`DELETE FROM rooms WHERE id IN (SELECT r.id FROM rooms r JOIN games g ON g.id = r.game_id
			WHERE r.updated_at < ? AND g.updated_at < ?
			AND NOT (g.status = 'playing' AND g.time_control IN (`+correspondenceNames+`))
			ORDER BY r.updated_at, r.id LIMIT ?)`,
			roomsBefore.UnixNano(), roomsBefore.UnixNano(), limit)
		if err != nil {
			return err
		}
		e.Rooms = int(n)
		if n, err = tx.Exec(`DELETE FROM games WHERE room_id IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = games.room_id)`); err != nil {
			return err
		}
		e.Games = int(n)
		// A player's games and practice board go by cascade, and a guest
		// seat they held becomes free. Where other writers run alongside,
		// the players' rows are locked first, so that the same players
		// are counted and deleted.
		if s.lockExpiring != "" {
			var locked int
			if err := tx.QueryRow(s.lockExpiring, seenBefore.UnixNano(), limit).Scan(&locked); err != nil {
				return err
			}
		}
		var games int
		if err := tx.QueryRow(`SELECT count(*) FROM games WHERE player_id IN (`+expiringPlayers+`)`,
			seenBefore.UnixNano(), limit).Scan(&games); err != nil {
			return err
		}
		if n, err = tx.Exec(`DELETE FROM players WHERE id IN (`+expiringPlayers+`)`, seenBefore.UnixNano(), limit); err != nil {
			return err
		}
		// A deleted id is remembered as long as a cookie written before
		// its deletion may live.
		if _, err := tx.Exec(`DELETE FROM deleted_players WHERE id IN
			(SELECT id FROM deleted_players WHERE deleted_at < ? ORDER BY deleted_at, id LIMIT ?)`,
			seenBefore.UnixNano(), limit); err != nil {
			return err
		}
		e.Players, e.Games = int(n), e.Games+games
		if e.Games > 0 && s.games != nil {
			tx.After(s.games.clear)
		}
		return nil
	})
	if err != nil {
		return club.Expired{}, fmt.Errorf("expire: %w", err)
	}
	return e, nil
}
