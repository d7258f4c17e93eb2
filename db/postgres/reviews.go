package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"reversi/reversi"
)

// Review returns the stored review of a game, or [reversi.ErrNotFound].
func (s *Store) Review(ctx context.Context, gameID string) (*reversi.Review, error) {
	r := reversi.Review{GameID: gameID}
	var created int64
	err := s.pool.QueryRow(ctx, `SELECT ply, body, created_at FROM reviews WHERE game_id = $1`, gameID).Scan(&r.Ply, &r.Body, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, reversi.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load review of %s: %w", gameID, s.wrap(err))
	}
	r.Created = time.Unix(0, created)
	return &r, nil
}

// SaveReview stores r, replacing any review of its game, which must exist.
func (s *Store) SaveReview(ctx context.Context, r *reversi.Review) error {
	now := s.now()
	_, err := s.pool.Exec(ctx, `INSERT INTO reviews (game_id, ply, body, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id) DO UPDATE SET ply = excluded.ply, body = excluded.body, created_at = excluded.created_at`,
		r.GameID, r.Ply, r.Body, now.UnixNano())
	if err != nil {
		return fmt.Errorf("save review of %s: %w", r.GameID, s.wrap(err))
	}
	r.Created = now
	return nil
}
