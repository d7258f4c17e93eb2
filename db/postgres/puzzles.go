package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"reversi/reversi"
)

// PuzzleProgress returns the player's puzzle progress, or [reversi.ErrNotFound].
func (s *Store) PuzzleProgress(ctx context.Context, playerID string) (*reversi.PuzzleProgress, error) {
	p := reversi.PuzzleProgress{PlayerID: playerID}
	var updated int64
	err := s.pool.QueryRow(ctx, `SELECT solved, streak, best, misses, level, current, tried, done, version, updated_at
		FROM puzzle_progress WHERE player_id = $1`, playerID).
		Scan(&p.Solved, &p.Streak, &p.Best, &p.Misses, &p.Level, &p.Current, &p.Tried, &p.Done, &p.Version, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load puzzle progress: %w", s.wrap(err))
	}
	p.Updated = time.Unix(0, updated)
	return &p, nil
}

// SavePuzzleProgress writes p as the next version after oldVersion: it
// inserts the row when oldVersion is 0 and there is none, and otherwise
// updates it only while it stands at oldVersion. If it does not, nothing
// changes and the error is [reversi.ErrStale]. It sets p.Version and p.Updated.
func (s *Store) SavePuzzleProgress(ctx context.Context, p *reversi.PuzzleProgress, oldVersion int) error {
	now := s.now()
	var (
		tag pgconn.CommandTag
		err error
	)
	if oldVersion == 0 {
		tag, err = s.pool.Exec(ctx, `INSERT INTO puzzle_progress (player_id, solved, streak, best, misses, level, current, tried, done, version, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10) ON CONFLICT (player_id) DO NOTHING`,
			p.PlayerID, p.Solved, p.Streak, p.Best, p.Misses, p.Level, p.Current, p.Tried, p.Done, now.UnixNano())
	} else {
		tag, err = s.pool.Exec(ctx, `UPDATE puzzle_progress SET solved = $1, streak = $2, best = $3, misses = $4, level = $5,
			current = $6, tried = $7, done = $8, version = version + 1, updated_at = $9 WHERE player_id = $10 AND version = $11`,
			p.Solved, p.Streak, p.Best, p.Misses, p.Level, p.Current, p.Tried, p.Done, now.UnixNano(), p.PlayerID, oldVersion)
	}
	if err != nil {
		return fmt.Errorf("save puzzle progress: %w", s.wrap(err))
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("save puzzle progress at version %d: %w", oldVersion, reversi.ErrStale)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}
