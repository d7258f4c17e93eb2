package play

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"regexp"

	"reversi/club"
)

// Player keys: instead of a password, a player may make a key, a secret
// link that makes another browser the same player (their name, games and
// ratings). The key is 128 random bits, shown once; the store keeps only
// its SHA-256, so that a copy of the database opens no one. Revoking voids
// every key of the player at once. Deleting a player deletes their name,
// keys, practice, puzzle progress and games; their seats in games against
// someone else pass to a row that the pages call "a deleted player".

// ErrNoKey means that a key opens no one: it was never made, or it was
// revoked, or its player was deleted.
var ErrNoKey = errors.New("no player has this key")

// keyPattern is a key as its link writes it: 128 bits in URL-safe
// base64, 22 characters.
var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`)

func newKey() string { return base64.RawURLEncoding.EncodeToString(randomBytes(16)) }

// keyHash is what the store keeps of a key.
func keyHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// NewKey makes a key for player, whose row the caller has recorded, and
// returns it: the one time it exists outside the link the player keeps.
func (a *App) NewKey(ctx context.Context, player string) (string, error) {
	key := newKey()
	if err := a.store.AddKey(ctx, player, keyHash(key)); err != nil {
		return "", err
	}
	return key, nil
}

// KeyPlayer returns the player that key opens, or ErrNoKey.
func (a *App) KeyPlayer(ctx context.Context, key string) (*club.Player, error) {
	if !keyPattern.MatchString(key) {
		return nil, ErrNoKey
	}
	id, err := a.store.KeyPlayer(ctx, keyHash(key))
	if errors.Is(err, club.ErrNotFound) {
		return nil, ErrNoKey
	}
	if err != nil {
		return nil, err
	}
	p, err := a.store.Player(ctx, id)
	if errors.Is(err, club.ErrNotFound) {
		return nil, ErrNoKey
	}
	return p, err
}

// Keys counts player's keys.
func (a *App) Keys(ctx context.Context, player string) (int, error) {
	if player == "" {
		return 0, nil
	}
	return a.store.Keys(ctx, player)
}

// RevokeKeys voids every key of player and says how many there were.
func (a *App) RevokeKeys(ctx context.Context, player string) (int, error) {
	if player == "" {
		return 0, nil
	}
	return a.store.RevokeKeys(ctx, player)
}

// DeletePlayer deletes player: first it resigns each game they are
// playing against someone, so that the opponent wins it rather than wait
// on a seat nobody will take again; then the store deletes their name,
// keys, practice, puzzle progress, challenges and own games, and passes
// their seats in games against someone else to a row named
// club.DeletedName. A player without a row has nothing to delete.
func (a *App) DeletePlayer(ctx context.Context, player string) error {
	if player == "" {
		return nil
	}
	gs, err := a.store.Unfinished(ctx, player, 100)
	if err != nil {
		return err
	}
	for _, g := range gs {
		if g.RoomID == "" {
			continue
		}
		m, err := a.Game(ctx, player, g.ID)
		if err != nil {
			continue // expired, or not theirs to resign: it goes or stays as it is
		}
		if m.Playing() && !m.Waiting() && m.Current() {
			if _, err := a.Resign(ctx, m, m.Ply()); err != nil && !errors.Is(err, club.ErrStale) {
				return err
			}
		}
	}
	err = a.store.DeletePlayer(ctx, player, hex.EncodeToString(randomBytes(16)))
	if errors.Is(err, club.ErrNotFound) {
		return nil
	}
	return err
}
