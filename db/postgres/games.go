package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"reversi/db"
	"reversi/reversi"
)

// execer is what a pool and a transaction share.
type execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// CreateGame stores a new game. The caller chooses g.ID; Created and
// Updated are set here.
func (s *Store) CreateGame(ctx context.Context, g *reversi.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if err := insertGame(ctx, s.pool, g, s.now()); err != nil {
		return fmt.Errorf("create game: %w", s.wrap(err))
	}
	return nil
}

// StartGame records g's player as seen, keeps their choices and creates
// g, in one transaction.
func (s *Store) StartGame(ctx context.Context, g *reversi.Game, choices string) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO players (id, created_at, last_seen, choices) VALUES ($1, $2, $2, $3)
			ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen, choices = excluded.choices`,
			g.PlayerID, now.UnixNano(), choices); err != nil {
			return err
		}
		return insertGame(ctx, tx, g, now)
	})
	if err != nil {
		return fmt.Errorf("start game: %w", s.wrap(err))
	}
	return nil
}

// insertGame inserts g, created at now.
func insertGame(ctx context.Context, x execer, g *reversi.Game, now time.Time) error {
	human, err := db.HumanText(g)
	if err != nil {
		return err
	}
	status := g.Status
	if status == "" {
		status = reversi.Playing
	}
	_, err = x.Exec(ctx, `INSERT INTO games (id, player_id, opponent, human, level, size, start,
		plies, ply, status, show_moves, allow_undo, sound, hints, undos, hint_ply, hint_square, created_at, updated_at, room_id, resigned, setup)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, nullif($19, ''), $20, $21)`,
		g.ID, g.PlayerID, string(g.Opponent), human, g.Level, g.Record.Options.Size, g.Record.Options.Start.String(),
		db.EncodePlies(g.Record), g.Ply(), string(status), g.ShowMoves, g.AllowUndo, g.Sound, g.Hints, g.Undos,
		g.HintPly, db.HintText(g), now.UnixNano(), g.RoomID, db.ColorText(g.Resigned), db.SetupText(g.Record.Options))
	if err != nil {
		return err
	}
	g.Status, g.Created, g.Updated = status, now, now
	return nil
}

// updateGame is UpdateGame's one statement: the conditional update, and a
// notification when the game is an online one. It returns a row for the
// row it changed and none when it changed nothing; the notification is
// sent only with that row, and delivered when the statement commits.
const updateGame = `WITH u AS (
	UPDATE games SET plies = $1, ply = $2, status = $3, hints = $4, undos = $5,
		hint_ply = $6, hint_square = $7, updated_at = $8, resigned = $9
	WHERE id = $10 AND ply = $11
	RETURNING id, room_id)
SELECT CASE WHEN room_id IS NOT NULL THEN pg_notify('` + Channel + `', id)::text END FROM u`

// UpdateGame writes g's plies, status, counts and hint in one conditional
// update that applies only while the stored game stands at ply oldPly. If
// it does not, nothing changes and the error is [reversi.ErrStale] (or
// [reversi.ErrNotFound] when there is no such game).
func (s *Store) UpdateGame(ctx context.Context, g *reversi.Game, oldPly int) error {
	now := s.now()
	rows, err := s.pool.Query(ctx, updateGame, db.EncodePlies(g.Record), g.Ply(), string(g.Status), g.Hints, g.Undos,
		g.HintPly, db.HintText(g), now.UnixNano(), db.ColorText(g.Resigned), g.ID, oldPly)
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, s.wrap(err))
	}
	n, err := countRows(rows)
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, s.wrap(err))
	}
	if err := s.changedOne(ctx, n, g.ID); err != nil {
		return err
	}
	g.Updated = now
	return nil
}

// countRows reads and counts the rows, whatever they hold.
func countRows(rows pgx.Rows) (int64, error) {
	var n int64
	for rows.Next() {
		n++
	}
	rows.Close()
	return n, rows.Err()
}

// UpdateSettings writes a game's settings, whatever its ply.
func (s *Store) UpdateSettings(ctx context.Context, id string, st reversi.Settings) error {
	tag, err := s.pool.Exec(ctx, `UPDATE games SET show_moves = $1, allow_undo = $2, sound = $3 WHERE id = $4`,
		st.ShowMoves, st.AllowUndo, st.Sound, id)
	if err != nil {
		return fmt.Errorf("update settings of game %s: %w", id, s.wrap(err))
	}
	return s.changedOne(ctx, tag.RowsAffected(), id)
}

// changedOne checks that an update by id changed the n = 1 row, and tells
// a missing game from a stale one when it did not.
func (s *Store) changedOne(ctx context.Context, n int64, id string) error {
	if n == 1 {
		return nil
	}
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, id).Scan(&exists); err != nil {
		return fmt.Errorf("update game %s: %w", id, s.wrap(err))
	}
	if !exists {
		return fmt.Errorf("update game %s: %w", id, reversi.ErrNotFound)
	}
	return fmt.Errorf("update game %s: %w", id, reversi.ErrStale)
}

const gameColumns = `id, player_id, opponent, human, level, size, start, plies, ply, status,
	show_moves, allow_undo, sound, hints, undos, hint_ply, hint_square, created_at, updated_at, coalesce(room_id, ''), resigned, setup`

// Game returns the game with the given id, or [reversi.ErrNotFound].
func (s *Store) Game(ctx context.Context, id string) (*reversi.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
	if err != nil {
		return nil, fmt.Errorf("load game %s: %w", id, s.wrap(err))
	}
	return g, nil
}

// Unfinished returns the player's unfinished games, the most recently
// changed first, at most limit of them.
func (s *Store) Unfinished(ctx context.Context, playerID string, limit int) ([]*reversi.Game, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+gameColumns+` FROM games
		WHERE (player_id = $1 OR id IN (SELECT game_id FROM rooms WHERE guest = $1)) AND status = 'playing'
		ORDER BY updated_at DESC, id LIMIT $2`, playerID, limit)
	if err != nil {
		return nil, fmt.Errorf("list unfinished games: %w", s.wrap(err))
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
		return nil, fmt.Errorf("list unfinished games: %w", s.wrap(err))
	}
	return gs, nil
}

func scanGame(row pgx.Row) (*reversi.Game, error) {
	var r db.GameRow
	err := row.Scan(r.Fields()...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return r.Game()
}
