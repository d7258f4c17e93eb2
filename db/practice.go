package db

import (
	"context"
	"fmt"
	"time"

	"reversi/club"
)

// practiceRow is a practice board's row, in the order of the practice
// table's declaration in columns.go.
type practiceRow struct {
	PlayerID, Opening, Plies, History string
	Version                           int
	Updated                           int64
}

// puzzleRow is a puzzle progress row, in the order of the
// puzzle_progress table's declaration in columns.go.
type puzzleRow struct {
	PlayerID                                     string
	Solved, Streak, Best, Misses, Level, Current int
	Tried                                        bool
	Done                                         string
	Version                                      int
	Updated                                      int64
}

var (
	selectPractice    = `SELECT ` + practices.selectList() + ` FROM practice WHERE player_id = ?`
	insertPractice    = practices.insert() + ` ON CONFLICT (player_id) DO NOTHING`
	updatePracticeSet = practices.set("opening", "plies", "history", "updated_at")
	updatePractice    = `UPDATE practice SET ` + updatePracticeSet.sql + `, version = version + 1
		WHERE player_id = ? AND version = ?`

	selectPuzzles    = `SELECT ` + puzzles.selectList() + ` FROM puzzle_progress WHERE player_id = ?`
	insertPuzzles    = puzzles.insert() + ` ON CONFLICT (player_id) DO NOTHING`
	updatePuzzlesSet = puzzles.set("solved", "streak", "best", "misses", "level", "current", "tried", "done", "updated_at")
	updatePuzzles    = `UPDATE puzzle_progress SET ` + updatePuzzlesSet.sql + `, version = version + 1
		WHERE player_id = ? AND version = ?`
)

// Practice returns the player's practice board, or [club.ErrNotFound].
func (s *Store) Practice(ctx context.Context, playerID string) (*club.Practice, error) {
	var row practiceRow
	if err := s.d.QueryRow(ctx, selectPractice, playerID).Scan(practices.fields(&row)...); err != nil {
		return nil, fmt.Errorf("load practice: %w", notFound(err))
	}
	p := &club.Practice{PlayerID: row.PlayerID, Opening: row.Opening, Plies: row.Plies, Version: row.Version,
		Updated: time.Unix(0, row.Updated)}
	var err error
	if p.History, err = ParseHistory(row.History); err != nil {
		return nil, fmt.Errorf("load practice: history: %w", err)
	}
	return p, nil
}

// SavePractice writes p as the next version after oldVersion: it inserts
// the row when oldVersion is 0 and there is none, and otherwise updates it
// only while it stands at oldVersion. If it does not, nothing changes and
// the error is [club.ErrStale]. The player must exist. It sets
// p.Version and p.Updated, and drops the oldest history beyond a bound.
func (s *Store) SavePractice(ctx context.Context, p *club.Practice, oldVersion int) error {
	history, err := HistoryText(p)
	if err != nil {
		return fmt.Errorf("save practice: %w", err)
	}
	now := s.now()
	row := practiceRow{PlayerID: p.PlayerID, Opening: p.Opening, Plies: p.Plies, History: history, Version: 1, Updated: now.UnixNano()}
	query, args := insertPractice, practices.values(&row)
	if oldVersion != 0 {
		query, args = updatePractice, updatePracticeSet.args(&row, p.PlayerID, oldVersion)
	}
	if err := s.saveVersioned(ctx, query, args); err != nil {
		return fmt.Errorf("save practice at version %d: %w", oldVersion, err)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}

// saveVersioned runs a write of one versioned row, which is stale unless
// it changes exactly one.
func (s *Store) saveVersioned(ctx context.Context, query string, args []any) error {
	var n int64
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		n, err = tx.Exec(query, args...)
		return err
	})
	if err == nil && n != 1 {
		err = club.ErrStale
	}
	return err
}

// PuzzleProgress returns the player's puzzle progress, or
// [club.ErrNotFound].
func (s *Store) PuzzleProgress(ctx context.Context, playerID string) (*club.PuzzleProgress, error) {
	var row puzzleRow
	if err := s.d.QueryRow(ctx, selectPuzzles, playerID).Scan(puzzles.fields(&row)...); err != nil {
		return nil, fmt.Errorf("load puzzle progress: %w", notFound(err))
	}
	return &club.PuzzleProgress{PlayerID: row.PlayerID, Solved: row.Solved, Streak: row.Streak, Best: row.Best,
		Misses: row.Misses, Level: row.Level, Current: row.Current, Tried: row.Tried, Done: row.Done,
		Version: row.Version, Updated: time.Unix(0, row.Updated)}, nil
}

// SavePuzzleProgress writes p as the next version after oldVersion: it
// inserts the row when oldVersion is 0 and there is none, and otherwise
// updates it only while it stands at oldVersion. If it does not, nothing
// changes and the error is [club.ErrStale]. It sets p.Version and
// p.Updated.
func (s *Store) SavePuzzleProgress(ctx context.Context, p *club.PuzzleProgress, oldVersion int) error {
	now := s.now()
	row := puzzleRow{PlayerID: p.PlayerID, Solved: p.Solved, Streak: p.Streak, Best: p.Best, Misses: p.Misses,
		Level: p.Level, Current: p.Current, Tried: p.Tried, Done: p.Done, Version: 1, Updated: now.UnixNano()}
	query, args := insertPuzzles, puzzles.values(&row)
	if oldVersion != 0 {
		query, args = updatePuzzles, updatePuzzlesSet.args(&row, p.PlayerID, oldVersion)
	}
	if err := s.saveVersioned(ctx, query, args); err != nil {
		return fmt.Errorf("save puzzle progress at version %d: %w", oldVersion, err)
	}
	p.Version, p.Updated = oldVersion+1, now
	return nil
}

// Review returns the stored review of a game, or [club.ErrNotFound].
func (s *Store) Review(ctx context.Context, gameID string) (*club.Review, error) {
	r := club.Review{GameID: gameID}
	var created int64
	err := s.d.QueryRow(ctx, `SELECT ply, body, created_at FROM reviews WHERE game_id = ?`, gameID).Scan(&r.Ply, &r.Body, &created)
	if err != nil {
		return nil, fmt.Errorf("load review of %s: %w", gameID, notFound(err))
	}
	r.Created = time.Unix(0, created)
	return &r, nil
}

// SaveReview stores r, replacing any review of its game, which must exist.
func (s *Store) SaveReview(ctx context.Context, r *club.Review) error {
	now := s.now()
	err := s.d.Write(ctx, func(tx Tx) error {
		_, err := tx.Exec(`INSERT INTO reviews (game_id, ply, body, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET ply = excluded.ply, body = excluded.body, created_at = excluded.created_at`,
			r.GameID, r.Ply, r.Body, now.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("save review of %s: %w", r.GameID, err)
	}
	r.Created = now
	return nil
}
