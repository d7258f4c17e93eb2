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

// Practice returns the player's practice board, or [reversi.ErrNotFound].
func (s *Store) Practice(ctx context.Context, playerID string) (*reversi.Practice, error) {
	var (
		p       = reversi.Practice{PlayerID: playerID}
		history string
		updated int64
	)
	err := s.pool.QueryRow(ctx, `SELECT opening, plies, history, version, updated_at FROM practice WHERE player_id = $1`,
		playerID).Scan(&p.Opening, &p.Plies, &history, &p.Version, &updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load practice: %w", s.wrap(err))
	}
	if p.History, err = db.ParseHistory(history); err != nil {
		return nil, fmt.Errorf("load practice: history: %w", err)
	}
	p.Updated = time.Unix(0, updated)
	return &p, nil
}

// SavePractice writes p as the next version after oldVersion: it inserts
// the row when oldVersion is 0 and there is none, and otherwise updates it
// only while it stands at oldVersion. If it does not, nothing changes and
// the error is [reversi.ErrStale]. The player must exist. It sets p.Version and
// p.Updated, and drops the oldest history beyond a bound.
func (s *Store) SavePractice(ctx context.Context, p *reversi.Practice, oldVersion int) error {
	history, err := db.HistoryText(p)
	if err != nil {
		return fmt.Errorf("save practice: %w", err)
	}
	now := s.now()
	var tag pgconn.CommandTag
	if oldVersion == 0 {
		tag, err = s.pool.Exec(ctx, `INSERT INTO practice (player_id, opening, plies, history, version, updated_at)
			VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (player_id) DO NOTHING`,
			p.PlayerID, p.Opening, p.Plies, history, now.UnixNano())
	} else {
		tag, err = s.pool.Exec(ctx, `UPDATE practice SET opening = $1, plies = $2, history = $3, version = version + 1,
			updated_at = $4 WHERE player_id = $5 AND version = $6`,
			p.Opening, p.Plies, history, now.UnixNano(), p.PlayerID, oldVersion)
	}
	if err != nil {
		return fmt.Errorf("save practice: %w", s.wrap(err))
	}
	if tag.RowsAffected() != 1 {
		return fmt.Errorf("save practice at version %d: %w", oldVersion, reversi.ErrStale)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}
