package db

import (
	"context"
	"fmt"
	"time"

	"reversi/club"
	"reversi/game"
)

// This file holds the lobby's queries: players' names, challenges, and
// the games being played in public rooms.

// Player returns the player with the given id, or [club.ErrNotFound].
func (s *Store) Player(ctx context.Context, id string) (*club.Player, error) {
	var (
		name           string
		created, since int64
	)
	err := s.d.QueryRow(ctx, `SELECT coalesce(name, ''), created_at, last_seen FROM players WHERE id = ?`, id).
		Scan(&name, &created, &since)
	if err != nil {
		return nil, fmt.Errorf("load player %s: %w", id, notFound(err))
	}
	return &club.Player{ID: id, Name: club.Name(name), Created: time.Unix(0, created), LastSeen: time.Unix(0, since)}, nil
}

// Names returns, by id, the names of the players with the given ids that
// exist ("" for one without a name), in one query.
func (s *Store) Names(ctx context.Context, ids []string) (map[string]club.Name, error) {
	out := make(map[string]club.Name, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	err := s.d.Query(ctx, `SELECT id, coalesce(name, '') FROM players WHERE id IN (`+inList(len(ids))+`)`, anys(ids), func(r Row) error {
		var id, name string
		if err := r.Scan(&id, &name); err != nil {
			return err
		}
		out[id] = club.Name(name)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load names: %w", err)
	}
	return out, nil
}

// SetName gives player id the name n, unless another player's name has
// the same key: then it returns [club.ErrNameTaken]. The check in the
// transaction settles it on one writer (SQLite); where several servers
// write at once (PostgreSQL), the unique index on name_key settles what
// the check could not see, and the store reports its refusal as
// ErrNameTaken too.
func (s *Store) SetName(ctx context.Context, id string, n club.Name) error {
	key := n.Key()
	err := s.d.Write(ctx, func(tx Tx) error {
		var taken int
		if err := tx.QueryRow(`SELECT count(*) FROM players WHERE name_key = ? AND id <> ?`, key, id).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return club.ErrNameTaken
		}
		changed, err := tx.Exec(`UPDATE players SET name = ?, name_key = ? WHERE id = ?`, string(n), key, id)
		if err == nil && changed == 0 {
			err = club.ErrNotFound
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("name player %s: %w", id, err)
	}
	return nil
}

// NameTaken reports whether a player's name has n's key.
func (s *Store) NameTaken(ctx context.Context, n club.Name) (bool, error) {
	var taken int
	if err := s.d.QueryRow(ctx, `SELECT count(*) FROM players WHERE name_key = ?`, n.Key()).Scan(&taken); err != nil {
		return false, fmt.Errorf("look up name %q: %w", n, err)
	}
	return taken > 0, nil
}

// challengeRow is a challenge's columns, with its maker's name.
// The maker's rating of the challenge's kind comes with it, or zeros.
const selectChallenge = `SELECT c.id, c.player_id, coalesce(p.name, ''), c.size, c.time_control, c.color,
	c.rated, c.quick, c.created_at, c.seen_at, coalesce(c.game_id, ''), c.network,
	coalesce(rt.rating, 0), coalesce(rt.deviation, 0), coalesce(rt.volatility, 0), coalesce(rt.last_at, 0),
	coalesce(rt.games, 0), coalesce(rt.wins, 0), coalesce(rt.losses, 0), coalesce(rt.draws, 0)
	FROM challenges c JOIN players p ON p.id = c.player_id
	LEFT JOIN ratings rt ON rt.player_id = c.player_id AND rt.size = c.size AND rt.speed = c.speed `

func scanChallenge(r Row) (*club.Challenge, error) {
	var (
		c                   club.Challenge
		name, tc, side      string
		created, seen, last int64
		rt                  club.Rating
	)
	if err := r.Scan(&c.ID, &c.PlayerID, &name, &c.Size, &tc, &side, &c.Rated, &c.Quick, &created, &seen, &c.GameID,
		&c.Network, &rt.Rating.Rating, &rt.Deviation, &rt.Volatility, &last, &rt.Games, &rt.Wins, &rt.Losses, &rt.Draws); err != nil {
		return nil, err
	}
	clock, err := club.ParseTimeControl(tc)
	if err != nil {
		return nil, fmt.Errorf("challenge %s: %w", c.ID, err)
	}
	c.Name, c.Clock = club.Name(name), clock
	if last != 0 {
		rt.PlayerID, rt.Name, rt.Size, rt.Speed, rt.Last = c.PlayerID, c.Name, c.Size, club.SpeedOf(clock), time.Unix(0, last)
		c.Rating = &rt
	}
	c.Created, c.Seen = time.Unix(0, created), time.Unix(0, seen)
	switch side {
	case "black":
		c.Color = game.Black
	case "white":
		c.Color = game.White
	}
	return &c, nil
}

// colorText is a challenge's color column: the side wanted, or "".
func colorText(c game.Color) string {
	if c == game.Empty {
		return ""
	}
	return c.String()
}

// MakeChallenge stores c as its player's one open challenge, deleting
// any open one they had in the same write.
func (s *Store) MakeChallenge(ctx context.Context, c *club.Challenge) error {
	now := s.now()
	err := s.d.Write(ctx, func(tx Tx) error {
		if _, err := tx.Exec(`DELETE FROM challenges WHERE player_id = ? AND game_id IS NULL`, c.PlayerID); err != nil {
			return err
		}
		_, err := tx.Exec(`INSERT INTO challenges (id, player_id, size, time_control, color, rated, quick, created_at, seen_at,
			speed, network) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, c.ID, c.PlayerID, c.Size, c.Clock.String(), colorText(c.Color),
			c.Rated, c.Quick, now.UnixNano(), now.UnixNano(), string(club.SpeedOf(c.Clock)), c.Network)
		return err
	})
	if err != nil {
		return fmt.Errorf("make challenge: %w", err)
	}
	c.Created, c.Seen = now, now
	return nil
}

// Challenge returns challenge id, open or not, or [club.ErrNotFound].
func (s *Store) Challenge(ctx context.Context, id string) (*club.Challenge, error) {
	c, err := scanChallenge(s.d.QueryRow(ctx, selectChallenge+`WHERE c.id = ?`, id))
	if err != nil {
		return nil, fmt.Errorf("load challenge %s: %w", id, notFound(err))
	}
	return c, nil
}

// SeeChallenge moves challenge id's seen time on to now.
func (s *Store) SeeChallenge(ctx context.Context, id string) error {
	now := s.now().UnixNano()
	err := s.d.Write(ctx, func(tx Tx) error {
		_, err := tx.Exec(`UPDATE challenges SET seen_at = ? WHERE id = ? AND seen_at < ?`, now, id, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("see challenge %s: %w", id, err)
	}
	return nil
}

// CancelChallenge deletes player's open challenge id, or returns
// [club.ErrNotFound].
func (s *Store) CancelChallenge(ctx context.Context, id, player string) error {
	var n int64
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		n, err = tx.Exec(`DELETE FROM challenges WHERE id = ? AND player_id = ? AND game_id IS NULL`, id, player)
		return err
	})
	if err != nil {
		return fmt.Errorf("cancel challenge %s: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("cancel challenge %s: %w", id, club.ErrNotFound)
	}
	return nil
}

// Challenges returns the open lobby challenges, newest first.
func (s *Store) Challenges(ctx context.Context, seenSince time.Time, limit int) ([]*club.Challenge, error) {
	var list []*club.Challenge
	err := s.d.Query(ctx, selectChallenge+`WHERE c.game_id IS NULL AND c.quick = ? AND c.seen_at >= ?
		ORDER BY c.created_at DESC, c.id LIMIT ?`, []any{false, seenSince.UnixNano(), limit}, func(r Row) error {
		c, err := scanChallenge(r)
		list = append(list, c)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list challenges: %w", err)
	}
	return list, nil
}

// Waiting returns the open quick challenge of a pool that another player
// made whose maker's rating is nearest player's, the oldest of those
// first, or [club.ErrNotFound].
func (s *Store) Waiting(ctx context.Context, size int, tc club.TimeControl, rated bool, seenSince time.Time, player string) (*club.Challenge, error) {
	c, err := scanChallenge(s.d.QueryRow(ctx, selectChallenge+`WHERE c.game_id IS NULL AND c.quick = ? AND c.rated = ?
		AND c.size = ? AND c.time_control = ? AND c.seen_at >= ? AND c.player_id <> ?
		ORDER BY abs(coalesce(rt.rating, 1500) - coalesce((SELECT rating FROM ratings
			WHERE player_id = ? AND size = ? AND speed = ?), 1500)), c.created_at, c.id LIMIT 1`,
		true, rated, size, tc.String(), seenSince.UnixNano(), player, player, size, string(club.SpeedOf(tc))))
	if err != nil {
		return nil, fmt.Errorf("find a quick pairing: %w", notFound(err))
	}
	return c, nil
}

// AcceptChallenge marks challenge id with g's id, only while it is open,
// and stores room r and its game g, and deletes the acceptor's own open
// challenge, in the same write; the challenge's
// waiters on every server hear of it at commit.
func (s *Store) AcceptChallenge(ctx context.Context, id string, seenSince time.Time, r *club.Room, g *club.Game) error {
	if err := g.Validate(); err != nil {
		return err
	}
	now := s.now()
	g.RoomID = r.ID
	err := s.d.Write(ctx, func(tx Tx) error {
		// The challenge first: of two accepts, the second finds it
		// taken here and writes nothing.
		n, err := tx.Exec(`UPDATE challenges SET game_id = ? WHERE id = ? AND game_id IS NULL AND seen_at >= ?`,
			g.ID, id, seenSince.UnixNano())
		if err != nil {
			return err
		}
		if n == 0 {
			return club.ErrChallengeGone
		}
		// The acceptor's own open challenge, if any, goes in the same
		// write: they are in a game now, and a challenge left open would
		// pair someone else with a player who is busy.
		if _, err := tx.Exec(`DELETE FROM challenges WHERE player_id = ? AND game_id IS NULL`, r.Guest); err != nil {
			return err
		}
		if err := s.insertGame(tx, g, now); err != nil {
			return err
		}
		if err := insertRoom(tx, r, g, now); err != nil {
			return err
		}
		return tx.Notify(club.ChallengeKey(id))
	})
	if err != nil {
		return fmt.Errorf("accept challenge %s: %w", id, err)
	}
	s.created(g, now)
	r.GameID, r.Created, r.Updated = g.ID, now, now
	return nil
}

// ExpireChallenges deletes the challenges last seen before seenBefore.
func (s *Store) ExpireChallenges(ctx context.Context, seenBefore time.Time) (int, error) {
	var n int64
	err := s.d.Write(ctx, func(tx Tx) error {
		var err error
		n, err = tx.Exec(`DELETE FROM challenges WHERE seen_at < ?`, seenBefore.UnixNano())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("expire challenges: %w", err)
	}
	return int(n), nil
}

// LiveGames returns the games being played in public rooms, the most
// recently changed first.
func (s *Store) LiveGames(ctx context.Context, limit int) ([]*club.LiveGame, error) {
	var list []*club.LiveGame
	err := s.d.Query(ctx, `SELECT g.id, g.size, g.time_control, g.ply, r.host_color,
		coalesce(h.name, ''), coalesce(u.name, '')
		FROM rooms r JOIN games g ON g.id = r.game_id
		JOIN players h ON h.id = r.host LEFT JOIN players u ON u.id = r.guest
		WHERE r.public = ? AND g.status = 'playing'
		ORDER BY g.updated_at DESC, g.id LIMIT ?`, []any{true, limit}, func(r Row) error {
		var (
			lg               club.LiveGame
			tc, hostColor    string
			hostName, guestN string
		)
		if err := r.Scan(&lg.GameID, &lg.Size, &tc, &lg.Ply, &hostColor, &hostName, &guestN); err != nil {
			return err
		}
		if tc != "" {
			clock, err := club.ParseTimeControl(tc)
			if err != nil {
				return err
			}
			lg.Clock = clock
		}
		lg.Black, lg.White = club.Name(hostName), club.Name(guestN)
		if hostColor == "white" {
			lg.Black, lg.White = lg.White, lg.Black
		}
		list = append(list, &lg)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list live games: %w", err)
	}
	return list, nil
}
