package db

import (
	"context"
	"fmt"
	"time"

	"reversi/club"
	"reversi/game"
)

// This file holds the ratings' queries: applying a rated game's result in
// the write that ends it, and reading ratings, rated games and the
// leaders of a kind.

// ratingCols are a rating row's columns, as scanRating reads them.
const ratingCols = `r.player_id, coalesce(p.name, ''), r.size, r.speed, r.rating, r.deviation, r.volatility,
	r.last_at, r.games, r.wins, r.losses, r.draws`

func scanRating(row Row) (*club.Rating, error) {
	var (
		r           club.Rating
		name, speed string
		last        int64
	)
	if err := row.Scan(&r.PlayerID, &name, &r.Size, &speed, &r.Rating.Rating, &r.Deviation, &r.Volatility,
		&last, &r.Games, &r.Wins, &r.Losses, &r.Draws); err != nil {
		return nil, err
	}
	r.Name, r.Speed, r.Last = club.Name(name), club.Speed(speed), time.Unix(0, last)
	return &r, nil
}

// rateGame applies the result of game g, which tx has just ended, to its
// two players' ratings, if the stored game is rated, has a result and
// still has both players; it runs in the write that ends the game, which
// a game's end passes once (UpdateGame is conditional on the game still
// playing), so a result is applied once or not at all. The rated_games
// rows' primary key refuses a second application besides.
func (s *Store) rateGame(tx Tx, g *club.Game, now time.Time) error {
	var (
		rated, shared bool
		host, guest   string
	)
	err := tx.QueryRow(`SELECT g.rated, g.shared_network, r.host, coalesce(r.guest, '')
		FROM games g JOIN rooms r ON r.id = g.room_id WHERE g.id = ?`, g.ID).Scan(&rated, &shared, &host, &guest)
	if err != nil {
		return fmt.Errorf("read rated game: %w", notFound(err))
	}
	hostScore, ok := g.Score(g.Human)
	if !rated || !ok || guest == "" || g.Human == game.Empty {
		return nil
	}
	if s.lockPlayers != "" {
		// Of two games of one player ending at once on two servers, the
		// second reads the ratings the first wrote.
		lo, hi := min(host, guest), max(host, guest)
		var n int
		if err := tx.QueryRow(s.lockPlayers, lo, hi).Scan(&n); err != nil {
			return err
		}
	}
	size, speed := g.Record.Options.Size, club.SpeedOf(g.TimeControl)
	a, err := ratingIn(tx, host, size, speed)
	if err != nil {
		return err
	}
	b, err := ratingIn(tx, guest, size, speed)
	if err != nil {
		return err
	}
	counted := true
	if shared {
		// One counted result from a shared network a day, per player.
		day := now.UTC().Truncate(24 * time.Hour).UnixNano()
		var n int
		if err := tx.QueryRow(`SELECT count(*) FROM rated_games WHERE player_id IN (?, ?) AND shared_network = ?
			AND counted = ? AND ended_at >= ?`, host, guest, true, true, day).Scan(&n); err != nil {
			return err
		}
		counted = n == 0
	}
	na, nb := *a, *b
	if counted {
		if na, nb, err = club.Rate(*a, *b, hostScore, now); err != nil {
			return err
		}
		for _, r := range []*club.Rating{&na, &nb} {
			if err := saveRating(tx, r); err != nil {
				return err
			}
		}
	}
	ga, gb := a.At(now), b.At(now)
	rows := []club.RatedGame{
		{PlayerID: host, Opponent: b.Name, OpponentRating: gb.Rating, Score: hostScore, Before: ga.Rating,
			Rating: na.Rating.Rating, Deviation: na.At(now).Deviation},
		{PlayerID: guest, Opponent: a.Name, OpponentRating: ga.Rating, Score: 1 - hostScore, Before: gb.Rating,
			Rating: nb.Rating.Rating, Deviation: nb.At(now).Deviation},
	}
	for _, r := range rows {
		if _, err := tx.Exec(`INSERT INTO rated_games (game_id, player_id, size, speed, opponent, opponent_rating, score,
			rating_before, rating, deviation, ended_at, counted, shared_network) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, r.PlayerID, size, string(speed), string(r.Opponent), r.OpponentRating, r.Score, r.Before, r.Rating,
			r.Deviation, now.UnixNano(), counted, shared); err != nil {
			return err
		}
	}
	return nil
}

// ratingIn reads player's rating of a kind in tx, with their name; a
// player without one has a new player's.
func ratingIn(tx Tx, player string, size int, speed club.Speed) (*club.Rating, error) {
	r, err := scanRating(tx.QueryRow(`SELECT `+ratingCols+` FROM players p
		JOIN ratings r ON r.player_id = p.id WHERE p.id = ? AND r.size = ? AND r.speed = ?`, player, size, string(speed)))
	if err == nil {
		return r, nil
	}
	if err = notFound(err); err != club.ErrNotFound {
		return nil, err
	}
	nr := club.NewRating(player, size, speed)
	var name string
	if err := tx.QueryRow(`SELECT coalesce(name, '') FROM players WHERE id = ?`, player).Scan(&name); err != nil {
		return nil, err
	}
	nr.Name = club.Name(name)
	return &nr, nil
}

// saveRating writes r, inserting it if the player has none of its kind.
func saveRating(tx Tx, r *club.Rating) error {
	_, err := tx.Exec(`INSERT INTO ratings (player_id, size, speed, rating, deviation, volatility, last_at, games, wins, losses, draws)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (player_id, size, speed) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
		volatility = excluded.volatility, last_at = excluded.last_at, games = excluded.games, wins = excluded.wins,
		losses = excluded.losses, draws = excluded.draws`,
		r.PlayerID, r.Size, string(r.Speed), r.Rating.Rating, r.Deviation, r.Volatility, r.Last.UnixNano(),
		r.Games, r.Wins, r.Losses, r.Draws)
	return err
}

// Ratings returns the player's ratings, the largest board first, live
// before correspondence.
func (s *Store) Ratings(ctx context.Context, playerID string) ([]*club.Rating, error) {
	var list []*club.Rating
	err := s.d.Query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE r.player_id = ? ORDER BY r.size DESC, r.speed DESC`, []any{playerID}, func(row Row) error {
		r, err := scanRating(row)
		list = append(list, r)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("ratings of %s: %w", playerID, err)
	}
	return list, nil
}

// RatedGames returns the player's rated games, the newest first: all of
// them, or when size is not 0 the counted ones of a kind.
func (s *Store) RatedGames(ctx context.Context, playerID string, size int, speed club.Speed, limit int) ([]*club.RatedGame, error) {
	var list []*club.RatedGame
	where, args := `player_id = ?`, []any{playerID}
	if size != 0 {
		where, args = `player_id = ? AND size = ? AND speed = ? AND counted = ?`, []any{playerID, size, string(speed), true}
	}
	err := s.d.Query(ctx, `SELECT game_id, player_id, size, speed, opponent, opponent_rating, score, rating_before,
		rating, deviation, ended_at, counted, NOT EXISTS (SELECT 1 FROM games WHERE games.id = rated_games.game_id)
		FROM rated_games WHERE `+where+`
		ORDER BY ended_at DESC, game_id LIMIT ?`, append(args, limit), func(row Row) error {
		var (
			g               club.RatedGame
			speed, opponent string
			at              int64
		)
		if err := row.Scan(&g.GameID, &g.PlayerID, &g.Size, &speed, &opponent, &g.OpponentRating, &g.Score, &g.Before,
			&g.Rating, &g.Deviation, &at, &g.Counted, &g.Gone); err != nil {
			return err
		}
		g.Speed, g.Opponent, g.At = club.Speed(speed), club.Name(opponent), time.Unix(0, at)
		list = append(list, &g)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rated games of %s: %w", playerID, err)
	}
	return list, nil
}

// PlayerByName returns the player whose name has n's key, or
// [club.ErrNotFound].
func (s *Store) PlayerByName(ctx context.Context, n club.Name) (*club.Player, error) {
	var (
		id, name       string
		created, since int64
	)
	err := s.d.QueryRow(ctx, `SELECT id, name, created_at, last_seen FROM players WHERE name_key = ?`, n.Key()).
		Scan(&id, &name, &created, &since)
	if err != nil {
		return nil, fmt.Errorf("load player named %q: %w", n, notFound(err))
	}
	return &club.Player{ID: id, Name: club.Name(name), Created: time.Unix(0, created), LastSeen: time.Unix(0, since)}, nil
}

// Leaders returns the ratings of a kind of the named players active since
// activeSince, the highest first.
func (s *Store) Leaders(ctx context.Context, size int, speed club.Speed, activeSince time.Time, limit int) ([]*club.Rating, error) {
	var list []*club.Rating
	err := s.d.Query(ctx, `SELECT `+ratingCols+` FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE r.size = ? AND r.speed = ? AND r.last_at >= ? AND p.name IS NOT NULL
		ORDER BY r.rating DESC, p.name_key LIMIT ?`, []any{size, string(speed), activeSince.UnixNano(), limit},
		func(row Row) error {
			r, err := scanRating(row)
			list = append(list, r)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("leaders of %d %s: %w", size, speed, err)
	}
	return list, nil
}
