-- The lobby; as sqlite 0011. A player may choose a name: name as they
-- wrote it (NFKC), name_key as names are compared (case folded); NULL
-- until chosen, and the unique index on name_key decides which of two
-- players asking for the same name at the same moment, on any server,
-- gets it. A room made in the lobby is public: anyone may watch its
-- games. A challenge is an offer to play, open until accepted (game_id
-- set), cancelled (deleted) or left unseen by its maker's page for ten
-- minutes; a quick challenge waits in a pool (size and clock) and is not
-- listed. A player has at most one open challenge.
ALTER TABLE players
    ADD COLUMN name     text,
    ADD COLUMN name_key text;
CREATE UNIQUE INDEX players_by_name_key ON players (name_key);
ALTER TABLE rooms ADD COLUMN public boolean NOT NULL DEFAULT false;
CREATE INDEX rooms_public ON rooms (public, updated_at);
CREATE TABLE challenges (
    id           text    PRIMARY KEY,
    player_id    text    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size         integer NOT NULL CHECK (size IN (6, 8, 10)),
    time_control text    NOT NULL,
    color        text    NOT NULL CHECK (color IN ('', 'black', 'white')),
    rated        boolean NOT NULL DEFAULT false,
    quick        boolean NOT NULL DEFAULT false,
    created_at   bigint  NOT NULL,
    seen_at      bigint  NOT NULL,
    game_id      text
);
CREATE UNIQUE INDEX challenges_one_open ON challenges (player_id) WHERE game_id IS NULL;
CREATE INDEX challenges_by_seen ON challenges (seen_at);
