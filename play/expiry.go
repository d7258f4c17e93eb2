package play

import (
	"context"
	"time"

	"reversi/club"
)

// Retention: what the app deletes, and when.
const (
	// PlayerLife is how long a player who posts nothing stays: as long as
	// the cookie written at their last post lasts (handlers keep the two
	// equal), since after that nothing can bring them back to their games.
	PlayerLife = 180 * 24 * time.Hour
	// expiryBatch is the most rows of each kind one write deletes, so
	// that expiry never holds the writer for long.
	expiryBatch = 200
	// DefaultExpiryEvery is how often the server looks for what expired.
	DefaultExpiryEvery = time.Hour
)

// Expire deletes, in batches, the players not seen for longer than
// PlayerLife (with their games and practice boards) and the online rooms
// unused for longer than the room lifetime (with their games), and logs
// what it deleted and how long it took.
func (a *App) Expire(ctx context.Context) (club.Expired, error) {
	start := time.Now()
	now := a.now()
	var total club.Expired
	// Overdue correspondence games are judged first: ending one moves its
	// game on, so that its room is not taken for unused below.
	overdue, err := a.judgeOverdue(ctx)
	if err != nil {
		a.log.Error("judging overdue games stopped", "err", err, "ended", overdue)
		return total, err
	}
	for {
		e, err := a.store.Expire(ctx, now.Add(-PlayerLife), now.Add(-a.roomTTL), expiryBatch)
		total.Players, total.Rooms, total.Games = total.Players+e.Players, total.Rooms+e.Rooms, total.Games+e.Games
		if err != nil {
			a.log.Error("expiry stopped", "err", err, "players", total.Players, "rooms", total.Rooms, "games", total.Games)
			return total, err
		}
		if e.Players < expiryBatch && e.Rooms < expiryBatch {
			break
		}
	}
	// Challenges whose maker's page stopped asking: the lists leave them
	// out already; this takes their rows away.
	n, err := a.store.ExpireChallenges(ctx, now.Add(-club.ChallengeLife))
	if err != nil {
		a.log.Error("expiry of challenges stopped", "err", err)
		return total, err
	}
	a.log.Info("expiry", "overdue", overdue, "challenges", n, "players", total.Players, "rooms", total.Rooms, "games", total.Games,
		"took", time.Since(start).Round(time.Millisecond))
	return total, nil
}

// ExpireEvery runs Expire at once and then every period, until ctx ends.
func (a *App) ExpireEvery(ctx context.Context, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		a.Expire(ctx)
		select {
		case <-t.C:
		case <-ctx.Done():
			return
		}
	}
}
