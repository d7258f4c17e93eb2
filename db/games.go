package db

import (
	"context"
	"fmt"
	"time"

	"reversi/club"
)

var (
	// selectGame reads the row of game id.
	selectGame = `SELECT ` + games.selectList() + ` FROM games WHERE id = ?`
	// insertGame inserts a game's row.
	insertGame = games.insert()
	// moveSet is what UpdateGame writes: a move's columns.
	moveSet = games.set("plies", "ply", "status", "hints", "undos", "hint_ply", "hint_square", "updated_at", "resigned",
		"black_ms", "white_ms", "clock_since", "ending")
	// updateGame applies only to a game still playing at the ply read:
	// the version is the ply and the status, since an ending (a flag, an
	// abort, a resignation) is written at the same ply as the last move,
	// and a move racing it must not overwrite it.
	updateGame = `UPDATE games SET ` + moveSet.sql + ` WHERE id = ? AND ply = ? AND status = 'playing'`
	// settingsSet is what UpdateSettings writes.
	settingsSet    = games.set("show_moves", "allow_undo", "sound")
	updateSettings = `UPDATE games SET ` + settingsSet.sql + ` WHERE id = ?`
	// unfinished lists a player's unfinished games, their own and those
	// where they hold a room's guest seat.
	unfinished = `SELECT ` + games.selectList() + ` FROM games
		WHERE (player_id = ? OR id IN (SELECT game_id FROM rooms WHERE guest = ?)) AND status = 'playing'
		ORDER BY updated_at DESC, id LIMIT ?`
)

// SelectGame is the query that reads a game's row by id, whose columns
// [GameRow.Fields] scans: for tests that read a row past a store's cache.
func SelectGame() string { return selectGame }

// CreateGame stores a new game. The caller chooses g.ID; Created and
// Updated are set here.
func (s *Store) CreateGame(ctx context.Context, g *club.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	if err := s.d.Write(ctx, func(tx Tx) error { return s.insertGame(tx, g, now) }); err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	s.created(g, now)
	return nil
}

// StartGame records g's player as seen (refusing a deleted id, as
// CreatePlayer), keeps their choices and creates g, in one write.
func (s *Store) StartGame(ctx context.Context, g *club.Game, choices string) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	err := s.d.Write(ctx, func(tx Tx) error {
		if err := s.refuseDeleted(tx, g.PlayerID); err != nil {
			return err
		}
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
	s.created(g, now)
	return nil
}

// insertGame inserts g, created at now, in tx; it changes nothing in g,
// since the write may be tried again (see created).
func (s *Store) insertGame(tx Tx, g *club.Game, now time.Time) error {
	row, err := NewGameRow(g, now)
	if err != nil {
		return err
	}
	if row.Status == "" {
		row.Status = string(club.Playing)
	}
	if _, err := tx.Exec(insertGame, games.values(&row)...); err != nil {
		return err
	}
	if s.games != nil {
		// Nothing is kept under a new id, but a read of it may be under way.
		tx.After(func() { s.games.forget(g.ID) })
	}
	return nil
}

// created sets what storing g set: its times and its status.
func (s *Store) created(g *club.Game, now time.Time) {
	g.Created, g.Updated = now, now
	if g.Status == "" {
		g.Status = club.Playing
	}
}

// UpdateGame writes g's plies, status, counts and hint in one conditional
// update that applies only while the stored game stands at ply oldPly and
// is still playing: a finished game is never written again. If it does
// not, nothing changes and the error is [club.ErrStale] (or
// [club.ErrNotFound] when there is no such game).
func (s *Store) UpdateGame(ctx context.Context, g *club.Game, oldPly int) error {
	now := s.now()
	row := GameRow{Plies: EncodePlies(g.Record), Ply: g.Ply(), Status: string(g.Status), Hints: g.Hints, Undos: g.Undos,
		HintPly: g.HintPly, Hint: HintText(g), Updated: now.UnixNano(), Resigned: ColorText(g.Resigned),
		BlackMS: g.Clock.Black.Milliseconds(), WhiteMS: g.Clock.White.Milliseconds(), ClockSince: ClockSinceText(g.Clock),
		Ending: string(g.Ending)}
	args := moveSet.args(&row, g.ID, oldPly)
	var changed bool
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		changed, err = s.changeGame(tx, g.ID, updateGame, args, moveSet, &row, true)
		if err != nil || !changed || g.Status != club.Over || g.RoomID == "" {
			return err
		}
		// The game ends in this write: a rated result is applied in it.
		return s.rateGame(tx, g, now)
	})
	if err != nil {
		return fmt.Errorf("update game %s: %w", g.ID, err)
	}
	if err := s.changedOne(ctx, changed, g.ID); err != nil {
		return err
	}
	g.Updated = now
	return nil
}

// UpdateSettings writes a game's settings, whatever its ply.
func (s *Store) UpdateSettings(ctx context.Context, id string, st club.Settings) error {
	row := GameRow{ShowMoves: st.ShowMoves, AllowUndo: st.AllowUndo, Sound: st.Sound}
	args := settingsSet.args(&row, id)
	var changed bool
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		changed, err = s.changeGame(tx, id, updateSettings, args, settingsSet, &row, false)
		return err
	})
	if err != nil {
		return fmt.Errorf("update settings of game %s: %w", id, err)
	}
	return s.changedOne(ctx, changed, id)
}

// changeGame runs update, which writes the columns of set, from row, to
// game id or to nothing, and reports whether it changed the game. If
// notify, it tells the game's waiters, if it is an online one (see
// Tx.GameChanged); a change of settings does not, as the opponent's page
// shows nothing of them.
//
// And it keeps the cache right, without a read: after the commit, the
// cached game (if any) is encoded as its row, the update's columns are
// written over it from row, and the result is decoded, which is what a
// read of the row would give. The columns come from the same list as the
// update's SQL, so a column that the update writes cannot be missed, and
// one that it does not write keeps what the table holds.
func (s *Store) changeGame(tx Tx, id, update string, args []any, set setList[GameRow], row *GameRow, notify bool) (bool, error) {
	n, err := tx.Exec(update, args...)
	if err != nil || n != 1 {
		return false, err
	}
	if notify {
		if err := tx.GameChanged(id); err != nil {
			return false, err
		}
	}
	if s.games != nil {
		tx.After(func() {
			s.games.update(id, func(g *club.Game) (*club.Game, error) {
				r, err := NewGameRow(g, g.Created)
				if err != nil {
					return nil, err
				}
				r.Updated = g.Updated.UnixNano()
				set.copy(&r, row)
				return r.Game()
			})
		})
	}
	return true, nil
}

// changedOne checks that an update by id changed a row, and tells a
// missing game from a stale one when it did not. Either way it drops the
// game from the cache: the caller's copy was out of date, and if the
// cache's was too, it must not be shown again.
func (s *Store) changedOne(ctx context.Context, changed bool, id string) error {
	if changed {
		return nil
	}
	if s.games != nil {
		s.games.forget(id)
	}
	var count int
	if err := s.d.QueryRow(ctx, `SELECT count(*) FROM games WHERE id = ?`, id).Scan(&count); err != nil {
		return fmt.Errorf("update game %s: %w", id, err)
	}
	if count == 0 {
		return fmt.Errorf("update game %s: %w", id, club.ErrNotFound)
	}
	return fmt.Errorf("update game %s: %w", id, club.ErrStale)
}

// Game returns the game with the given id, or [club.ErrNotFound].
func (s *Store) Game(ctx context.Context, id string) (*club.Game, error) {
	var seq uint64
	if s.games != nil {
		g, n, ok := s.games.get(id)
		if ok {
			return g, nil
		}
		seq = n
	}
	g, err := s.readGame(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("load game %s: %w", id, err)
	}
	if s.games != nil {
		s.games.fill(g, seq)
	}
	return g, nil
}

// readGame reads game id from its row, past the cache.
func (s *Store) readGame(ctx context.Context, id string) (*club.Game, error) {
	var row GameRow
	if err := s.d.QueryRow(ctx, selectGame, id).Scan(row.Fields()...); err != nil {
		return nil, notFound(err)
	}
	return row.Game()
}

// Unfinished returns the player's unfinished games, the most recently
// changed first, at most limit of them.
func (s *Store) Unfinished(ctx context.Context, playerID string, limit int) ([]*club.Game, error) {
	var gs []*club.Game
	err := s.d.Query(ctx, unfinished, []any{playerID, playerID, limit}, func(r Row) error {
		var row GameRow
		if err := r.Scan(row.Fields()...); err != nil {
			return err
		}
		g, err := row.Game()
		gs = append(gs, g)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list unfinished games: %w", err)
	}
	return gs, nil
}
