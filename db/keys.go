package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"reversi/club"
)

// AddKey stores the hash of a new key of player id, made now.
func (s *Store) AddKey(ctx context.Context, id, hash string) error {
	err := s.d.Write(ctx, func(tx Tx) error {
		_, err := tx.Exec(`INSERT INTO player_keys (hash, player_id, created_at) VALUES (?, ?, ?)`,
			hash, id, s.now().UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("add key: %w", err)
	}
	return nil
}

// KeyPlayer returns the id of the player whose key has hash.
func (s *Store) KeyPlayer(ctx context.Context, hash string) (string, error) {
	var id string
	if err := s.d.QueryRow(ctx, `SELECT player_id FROM player_keys WHERE hash = ?`, hash).Scan(&id); err != nil {
		return "", fmt.Errorf("key: %w", notFound(err))
	}
	return id, nil
}

// Keys counts player id's keys.
func (s *Store) Keys(ctx context.Context, id string) (int, error) {
	var n int
	if err := s.d.QueryRow(ctx, `SELECT count(*) FROM player_keys WHERE player_id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("count keys: %w", err)
	}
	return n, nil
}

// RevokeKeys deletes every key of player id.
func (s *Store) RevokeKeys(ctx context.Context, id string) (int, error) {
	var n int64
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		n, err = tx.Exec(`DELETE FROM player_keys WHERE player_id = ?`, id)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("revoke keys: %w", err)
	}
	return int(n), nil
}

// shared selects the rooms of player ? where someone sat against them:
// those they host with a guest, and those where they are the guest.
const shared = `SELECT id FROM rooms WHERE (host = ? AND guest IS NOT NULL) OR guest = ?`

// DeletePlayer deletes player id and what is theirs alone; their seats in
// rooms shared with someone pass to heir, a new row named
// club.DeletedName, so that the opponent keeps those games; the id is
// remembered as deleted.
func (s *Store) DeletePlayer(ctx context.Context, id, heir string) error {
	now := s.now().UnixNano() // the heir's creation and the id's deletion
	err := s.d.Write(ctx, func(tx Tx) error {
		var exists int
		if err := tx.QueryRow(`SELECT count(*) FROM players WHERE id = ?`, id).Scan(&exists); err != nil {
			return err
		}
		if exists == 0 {
			return club.ErrNotFound
		}
		var rooms int
		if err := tx.QueryRow(`SELECT count(*) FROM (`+shared+`) AS r`, id, id).Scan(&rooms); err != nil {
			return err
		}
		if rooms > 0 {
			if _, err := tx.Exec(`INSERT INTO players (id, created_at, last_seen, name) VALUES (?, ?, ?, ?)`,
				heir, now, now, string(club.DeletedName)); err != nil {
				return err
			}
			// The games first, while the rooms still name their host.
			steps := []string{
				`UPDATE games SET player_id = ? WHERE player_id = ? AND room_id IN (SELECT id FROM rooms WHERE host = ? AND guest IS NOT NULL)`,
				`UPDATE rooms SET host = ? WHERE host = ? AND guest IS NOT NULL`,
				`UPDATE rooms SET guest = ? WHERE guest = ?`,
			}
			for i, q := range steps {
				args := []any{heir, id}
				if i == 0 {
					args = append(args, id)
				}
				if _, err := tx.Exec(q, args...); err != nil {
					return err
				}
			}
		}
		// The rooms nobody joined go, and their games after them (a room
		// names its current game); then the player, whose own games,
		// keys, practice board, puzzle progress and challenges go with
		// the row.
		if _, err := tx.Exec(`DELETE FROM rooms WHERE host = ?`, id); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM games WHERE player_id = ? AND room_id IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.id = games.room_id)`, id); err != nil {
			return err
		}
		// The opponents' histories of rated games keep the result but
		// no longer the name.
		if _, err := tx.Exec(`UPDATE rated_games SET opponent = ? WHERE player_id <> ?
			AND game_id IN (SELECT game_id FROM rated_games WHERE player_id = ?)`, string(club.DeletedName), id, id); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM players WHERE id = ?`, id); err != nil {
			return err
		}
		// Remembered, so that another browser holding the id cannot
		// make it again (see refuseDeleted).
		if _, err := tx.Exec(`INSERT INTO deleted_players (id, deleted_at) VALUES (?, ?)`, id, now); err != nil {
			return err
		}
		if s.games != nil {
			tx.After(s.games.clear)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete player: %w", err)
	}
	return nil
}

// correspondenceNames lists the correspondence clocks' names for an IN
// clause: constants of club's, written once.
var correspondenceNames = func() string {
	var names []string
	for _, name := range club.TimeControls() {
		if tc, _ := club.ParseTimeControl(name); tc.Correspondence() {
			names = append(names, "'"+name+"'")
		}
	}
	return strings.Join(names, ", ")
}()

// Overdue returns the ids of correspondence games whose side to move ran
// out of time before now. A correspondence clock gives a whole move's
// time to the side to move, always, so a game is overdue when its last
// move is older than one move's time.
func (s *Store) Overdue(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var (
		conds []string
		args  []any
	)
	for _, name := range club.TimeControls() {
		tc, _ := club.ParseTimeControl(name)
		if tc.Correspondence() {
			conds = append(conds, `(time_control = ? AND clock_since < ?)`)
			args = append(args, name, now.Add(-tc.PerMove).UnixNano())
		}
	}
	args = append(args, limit)
	var ids []string
	err := s.d.Query(ctx, `SELECT id FROM games WHERE status = 'playing' AND (`+strings.Join(conds, " OR ")+`)
		ORDER BY clock_since, id LIMIT ?`, args, func(r Row) error {
		var id string
		err := r.Scan(&id)
		ids = append(ids, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("overdue games: %w", err)
	}
	return ids, nil
}
