package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reversi/db"
	"reversi/reversi"
	"time"
)

// Practice returns the player's practice board, or [reversi.ErrNotFound].
func (s *Store) Practice(ctx context.Context, playerID string) (*reversi.Practice, error) {
	var (
		p       = reversi.Practice{PlayerID: playerID}
		history string
		updated int64
	)
	err := s.rs.queryRow(ctx, `SELECT opening, plies, history, version, updated_at FROM practice WHERE player_id = ?`,
		playerID).Scan(&p.Opening, &p.Plies, &history, &p.Version, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load practice: %w", err)
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
	var res sql.Result
	if oldVersion == 0 {
		res, err = s.b.exec(ctx, `INSERT INTO practice (player_id, opening, plies, history, version, updated_at)
			VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (player_id) DO NOTHING`,
			p.PlayerID, p.Opening, p.Plies, history, now.UnixNano())
	} else {
		res, err = s.b.exec(ctx, `UPDATE practice SET opening = ?, plies = ?, history = ?, version = version + 1,
			updated_at = ? WHERE player_id = ? AND version = ?`,
			p.Opening, p.Plies, history, now.UnixNano(), p.PlayerID, oldVersion)
	}
	if err != nil {
		return fmt.Errorf("save practice: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("save practice: %w", err)
	}
	if n != 1 {
		return fmt.Errorf("save practice at version %d: %w", oldVersion, reversi.ErrStale)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}
