-- Player keys: a secret link that makes another browser the same player.
-- Only the key's hash is kept (SHA-256 of its 128 random bits, in hex),
-- with the player it opens and when it was made; revoking deletes every
-- key of the player, and deleting the player deletes their keys with them.
-- A deleted player's seats in games against someone else pass to a row of
-- its own whose name is '-' (too short for anyone to choose) and whose
-- name_key is NULL: the pages name it "a deleted player".
CREATE TABLE player_keys (
    hash       TEXT    PRIMARY KEY,
    player_id  TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX player_keys_by_player ON player_keys (player_id);
