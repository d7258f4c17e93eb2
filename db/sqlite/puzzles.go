package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"reversi/reversi"
)

// PuzzleProgress returns the player's puzzle progress, or [reversi.ErrNotFound].
func (s *Store) PuzzleProgress(ctx context.Context, playerID string) (*reversi.PuzzleProgress, error) {
	p := reversi.PuzzleProgress{PlayerID: playerID}
	var tried, updated int64
	err := s.rs.queryRow(ctx, `SELECT solved, streak, best, misses, level, current, tried, done, version, updated_at
		FROM puzzle_progress WHERE player_id = ?`, playerID).
		Scan(&p.Solved, &p.Streak, &p.Best, &p.Misses, &p.Level, &p.Current, &tried, &p.Done, &p.Version, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load puzzle progress: %w", err)
	}
	p.Tried = tried != 0
	p.Updated = time.Unix(0, updated)
	return &p, nil
}

// SavePuzzleProgress writes p as the next version after oldVersion: it
// inserts the row when oldVersion is 0 and there is none, and otherwise
// updates it only while it stands at oldVersion. If it does not, nothing
// changes and the error is [reversi.ErrStale]. It sets p.Version and p.Updated.
func (s *Store) SavePuzzleProgress(ctx context.Context, p *reversi.PuzzleProgress, oldVersion int) error {
	now := s.now()
	tried := 0
	if p.Tried {
		tried = 1
	}
	var (
		res sql.Result
		err error
	)
	if oldVersion == 0 {
		res, err = s.b.exec(ctx, `INSERT INTO puzzle_progress (player_id, solved, streak, best, misses, level, current, tried, done, version, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (player_id) DO NOTHING`,
			p.PlayerID, p.Solved, p.Streak, p.Best, p.Misses, p.Level, p.Current, tried, p.Done, now.UnixNano())
	} else {
		res, err = s.b.exec(ctx, `UPDATE puzzle_progress SET solved = ?, streak = ?, best = ?, misses = ?, level = ?,
			current = ?, tried = ?, done = ?, version = version + 1, updated_at = ? WHERE player_id = ? AND version = ?`,
			p.Solved, p.Streak, p.Best, p.Misses, p.Level, p.Current, tried, p.Done, now.UnixNano(), p.PlayerID, oldVersion)
	}
	if err != nil {
		return fmt.Errorf("save puzzle progress: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("save puzzle progress: %w", err)
	}
	if n != 1 {
		return fmt.Errorf("save puzzle progress at version %d: %w", oldVersion, reversi.ErrStale)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}
