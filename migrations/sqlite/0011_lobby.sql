-- The lobby. A player may choose a name: name as they wrote it (NFKC),
-- name_key as names are compared (case folded); NULL until chosen, and
-- the unique index on name_key decides which of two players asking for
-- the same name at the same moment gets it. A room made in the lobby is
-- public: anyone may watch its games. A challenge is an offer to play,
-- open until accepted (game_id set), cancelled (deleted) or left unseen
-- by its maker's page for ten minutes; a quick challenge waits in a
-- pool (size and clock) and is not listed. A player has at most one
-- open challenge.
ALTER TABLE players ADD COLUMN name TEXT;
ALTER TABLE players ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX players_by_name_key ON players (name_key);
ALTER TABLE rooms ADD COLUMN public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1));
CREATE INDEX rooms_public ON rooms (public, updated_at);
CREATE TABLE challenges (
    id           TEXT    PRIMARY KEY,
    player_id    TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size         INTEGER NOT NULL CHECK (size IN (6, 8, 10)),
    time_control TEXT    NOT NULL,
    color        TEXT    NOT NULL CHECK (color IN ('', 'black', 'white')),
    rated        INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    quick        INTEGER NOT NULL DEFAULT 0 CHECK (quick IN (0, 1)),
    created_at   INTEGER NOT NULL,
    seen_at      INTEGER NOT NULL,
    game_id      TEXT
) STRICT;
CREATE UNIQUE INDEX challenges_one_open ON challenges (player_id) WHERE game_id IS NULL;
CREATE INDEX challenges_by_seen ON challenges (seen_at);
