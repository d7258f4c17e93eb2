package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reversi/db"
	"reversi/reversi"
	"slices"
	"time"

	"reversi/game"
)

// CreatePlayer records a player id as seen now.
func (s *Store) CreatePlayer(ctx context.Context, id string) error {
	now := s.now().UnixNano()
	if _, err := s.b.exec(ctx, `INSERT INTO players (id, created_at, last_seen) VALUES (?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen`, id, now, now); err != nil {
		return fmt.Errorf("create player: %w", err)
	}
	return nil
}

// Choices returns the player's last new-game choices, or "".
func (s *Store) Choices(ctx context.Context, player string) (string, error) {
	var c string
	err := s.rs.queryRow(ctx, `SELECT choices FROM players WHERE id = ?`, player).Scan(&c)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("load choices: %w", err)
	}
	return c, nil
}

// SetChoices keeps the player's new-game choices.
func (s *Store) SetChoices(ctx context.Context, player, choices string) error {
	if _, err := s.b.exec(ctx, `UPDATE players SET choices = ? WHERE id = ?`, choices, player); err != nil {
		return fmt.Errorf("save choices: %w", err)
	}
	return nil
}

// DeleteGame deletes a game of player's own that is not played in a room.
func (s *Store) DeleteGame(ctx context.Context, id, player string) error {
	var n int64
	err := s.b.write(ctx, func(tx wtx) error {
		res, err := tx.Exec(`DELETE FROM games WHERE id = ? AND player_id = ? AND room_id IS NULL`, id, player)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err == nil && n == 1 {
			tx.after(func() { s.games.forget(id) })
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("delete game %s: %w", id, err)
	}
	if n != 1 {
		return fmt.Errorf("delete game %s: %w", id, reversi.ErrNotFound)
	}
	return nil
}

// Expire deletes players not seen since seenBefore and rooms unused since
// roomsBefore, at most limit of each, with what belongs to them.
func (s *Store) Expire(ctx context.Context, seenBefore, roomsBefore time.Time, limit int) (reversi.Expired, error) {
	var e reversi.Expired
	err := s.b.write(ctx, func(tx wtx) error {
		e = reversi.Expired{}
		// A room is unused when neither it nor its current game changed
		// since roomsBefore. Its games (this round's and earlier ones)
		// go with it, once the room no longer refers to them.
		res, err := tx.Exec(`DELETE FROM rooms WHERE id IN (SELECT r.id FROM rooms r JOIN games g ON g.id = r.game_id
			WHERE r.updated_at < ? AND g.updated_at < ? ORDER BY r.updated_at, r.id LIMIT ?)`,
			roomsBefore.UnixNano(), roomsBefore.UnixNano(), limit)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		e.Rooms = int(n)
		if res, err = tx.Exec(`DELETE FROM games WHERE room_id IS NOT NULL AND room_id NOT IN (SELECT id FROM rooms)`); err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		e.Games = int(n)
		// A player's games and practice board go by cascade, and a guest
		// seat they held becomes free. The host of a room that is still
		// in use stays until the room expires.
		players := `SELECT id FROM players WHERE last_seen < ? AND id NOT IN (SELECT host FROM rooms)
			ORDER BY last_seen, id LIMIT ?`
		var games int
		if err := tx.QueryRow(`SELECT count(*) FROM games WHERE player_id IN (`+players+`)`,
			seenBefore.UnixNano(), limit).Scan(&games); err != nil {
			return err
		}
		if res, err = tx.Exec(`DELETE FROM players WHERE id IN (`+players+`)`, seenBefore.UnixNano(), limit); err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		e.Players, e.Games = int(n), e.Games+games
		if e.Games > 0 {
			tx.after(s.games.clear)
		}
		return nil
	})
	if err != nil {
		return reversi.Expired{}, fmt.Errorf("expire: %w", err)
	}
	return e, nil
}

// CreateGame stores a new game. The caller chooses g.ID; Created and Updated
// are set here.
func (s *Store) CreateGame(ctx context.Context, g *reversi.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if err := s.b.write(ctx, func(tx wtx) error { return s.insertGame(tx, g, s.now()) }); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	return nil
}

// StartGame records g's player as seen, keeps their choices and creates
// g, in one write.
func (s *Store) StartGame(ctx context.Context, g *reversi.Game, choices string) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	err := s.b.write(ctx, func(tx wtx) error {
		if _, err := tx.Exec(`INSERT INTO players (id, created_at, last_seen, choices) VALUES (?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen, choices = excluded.choices`,
			g.PlayerID, now.UnixNano(), now.UnixNano(), choices); err != nil {
			return err
		}
		return s.insertGame(tx, g, now)
	})
	if err != nil {
		return fmt.Errorf("start game: %w", err)
	}
	return nil
}

// insertGame inserts g, created at now, in tx.
func (s *Store) insertGame(tx wtx, g *reversi.Game, now time.Time) error {
	g.Created, g.Updated = now, now
	if g.Status == "" {
		g.Status = reversi.Playing
	}
	human, err := db.HumanText(g)
	if err != nil {
		return err
	}
	_, err = tx.Exec(`INSERT INTO games (id, player_id, opponent, human, level, size, start,
		plies, ply, status, show_moves, allow_undo, sound, hints, undos, hint_ply, hint_square, created_at, updated_at, room_id, resigned, setup)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, nullif(?, ''), ?, ?)`,
		g.ID, g.PlayerID, string(g.Opponent), human, g.Level, g.Record.Options.Size, g.Record.Options.Start.String(),
		db.EncodePlies(g.Record), g.Ply(), string(g.Status), g.ShowMoves, g.AllowUndo, g.Sound, g.Hints, g.Undos,
		g.HintPly, db.HintText(g), now.UnixNano(), now.UnixNano(), g.RoomID, db.ColorText(g.Resigned), db.SetupText(g.Record.Options))
	if err == nil {
		// Nothing is kept under a new id, but a read of it may be under way.
		tx.after(func() { s.games.forget(g.ID) })
	}
	return err
}

// UpdateGame writes g's plies, status, counts and hint in one conditional
// update that applies only while the stored game stands at ply oldPly. If it
// does not, nothing changes and the error is [reversi.ErrStale] (or [reversi.ErrNotFound]
// when there is no such game).
func (s *Store) UpdateGame(ctx context.Context, g *reversi.Game, oldPly int) error {
	now := s.now()
	plies, hint := db.EncodePlies(g.Record), db.HintText(g)
	var n int64
	err := s.b.write(ctx, func(tx wtx) error {
		res, err := tx.Exec(`UPDATE games SET plies = ?, ply = ?, status = ?, hints = ?, undos = ?,
			hint_ply = ?, hint_square = ?, updated_at = ?, resigned = ? WHERE id = ? AND ply = ?`,
			plies, g.Ply(), string(g.Status), g.Hints, g.Undos, g.HintPly, hint, now.UnixNano(), db.ColorText(g.Resigned), g.ID, oldPly)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err == nil && n == 1 {
			// What a read of the row would now give, field by field.
			record, status, hints, undos, hintPly, resigned := g.Record, g.Status, g.Hints, g.Undos, g.HintPly, g.Resigned
			record.Plies = slices.Clone(record.Plies)
			hintSquare := game.Pass
			if hint != "" {
				hintSquare = g.HintSquare
			}
			tx.after(func() {
				s.games.change(g.ID, func(c *reversi.Game) {
					c.Record, c.Status, c.Hints, c.Undos = record, status, hints, undos
					c.HintPly, c.HintSquare, c.Updated = hintPly, hintSquare, time.Unix(0, now.UnixNano())
					c.Resigned = resigned
				})
			})
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, err)
	}
	if err := s.changedOne(ctx, n, g.ID); err != nil {
		return err
	}
	g.Updated = now
	return nil
}

// UpdateSettings writes g's settings, whatever its ply.
func (s *Store) UpdateSettings(ctx context.Context, id string, st reversi.Settings) error {
	var n int64
	err := s.b.write(ctx, func(tx wtx) error {
		res, err := tx.Exec(`UPDATE games SET show_moves = ?, allow_undo = ?, sound = ? WHERE id = ?`,
			st.ShowMoves, st.AllowUndo, st.Sound, id)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err == nil && n == 1 {
			tx.after(func() { s.games.change(id, func(c *reversi.Game) { c.Settings = st }) })
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("update settings of game %s: %w", id, err)
	}
	return s.changedOne(ctx, n, id)
}

// changedOne checks that an update by id changed the n = 1 row, and tells
// a missing game from a stale one when it did not. Either way it drops the
// game from the cache: the caller's copy was out of date, and if the
// cache's were too, it must not be shown again.
func (s *Store) changedOne(ctx context.Context, n int64, id string) error {
	if n == 1 {
		return nil
	}
	s.games.forget(id)
	var count int
	if err := s.rs.queryRow(ctx, `SELECT count(*) FROM games WHERE id = ?`, id).Scan(&count); err != nil {
		return fmt.Errorf("update game %s: %w", id, err)
	}
	if count == 0 {
		return fmt.Errorf("update game %s: %w", id, reversi.ErrNotFound)
	}
	return fmt.Errorf("update game %s: %w", id, reversi.ErrStale)
}

const gameColumns = `id, player_id, opponent, human, level, size, start, plies, ply, status,
	show_moves, allow_undo, sound, hints, undos, hint_ply, hint_square, created_at, updated_at, coalesce(room_id, ''), resigned, setup`

// Game returns the game with the given id, or [reversi.ErrNotFound].
func (s *Store) Game(ctx context.Context, id string) (*reversi.Game, error) {
	g, seq, ok := s.games.get(id)
	if ok {
		return g, nil
	}
	g, err := scanGame(s.rs.queryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if err != nil {
		return nil, fmt.Errorf("load game %s: %w", id, err)
	}
	s.games.fill(g, seq)
	return g, nil
}

// Unfinished returns the player's unfinished games, the most recently
// changed first, at most limit of them.
func (s *Store) Unfinished(ctx context.Context, playerID string, limit int) ([]*reversi.Game, error) {
	rows, err := s.rs.query(ctx, `SELECT `+gameColumns+` FROM games
		WHERE (player_id = ? OR id IN (SELECT game_id FROM rooms WHERE guest = ?)) AND status = 'playing'
		ORDER BY updated_at DESC, id LIMIT ?`, playerID, playerID, limit)
	if err != nil {
		return nil, fmt.Errorf("list unfinished games: %w", err)
	}
	defer rows.Close()
	var gs []*reversi.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("list unfinished games: %w", err)
		}
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list unfinished games: %w", err)
	}
	return gs, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (*reversi.Game, error) {
	var r db.GameRow
	err := row.Scan(r.Fields()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return r.Game()
}
