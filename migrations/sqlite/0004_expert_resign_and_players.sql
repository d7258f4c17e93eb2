-- Games learn a fourth computer level, 'expert', and who resigned a game
-- that ended that way ('' when nobody did). Changing the level's CHECK
-- means rebuilding the table, which rooms reference; the migrator runs this
-- file with foreign keys off and checks every reference before it commits.
CREATE TABLE games_new (
    id          TEXT    PRIMARY KEY,
    player_id   TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    opponent    TEXT    NOT NULL CHECK (opponent IN ('computer', 'local', 'online')),
    human       TEXT    NOT NULL CHECK (human IN ('black', 'white', 'both')),
    level       TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard', 'expert')),
    size        INTEGER NOT NULL CHECK (size IN (6, 8, 10)),
    start       TEXT    NOT NULL CHECK (start IN ('cross', 'parallel', 'free')),
    plies       TEXT    NOT NULL DEFAULT '',
    ply         INTEGER NOT NULL DEFAULT 0 CHECK (ply >= 0),
    status      TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'over')),
    show_moves  INTEGER NOT NULL DEFAULT 1 CHECK (show_moves IN (0, 1)),
    allow_undo  INTEGER NOT NULL DEFAULT 1 CHECK (allow_undo IN (0, 1)),
    sound       INTEGER NOT NULL DEFAULT 0 CHECK (sound IN (0, 1)),
    hints       INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    undos       INTEGER NOT NULL DEFAULT 0 CHECK (undos >= 0),
    hint_ply    INTEGER NOT NULL DEFAULT -1,
    hint_square TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    room_id     TEXT,
    resigned    TEXT    NOT NULL DEFAULT '' CHECK (resigned IN ('', 'black', 'white'))
) STRICT;
INSERT INTO games_new SELECT *, '' FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_player ON games (player_id, status, updated_at);

-- When each player was last seen (a POST with their cookie), for the data
-- that expires with the cookie; 0 for players recorded before this file.
-- choices holds the player's last new-game choices (a form-encoded
-- string), which the home page's one-press Play reuses.
ALTER TABLE players ADD COLUMN last_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN choices TEXT NOT NULL DEFAULT '';
UPDATE players SET last_seen = created_at;
