-- Players are browsers: the session cookie holds only this opaque id.
CREATE TABLE players (
    id         TEXT    PRIMARY KEY,
    created_at INTEGER NOT NULL
) STRICT;

-- A game is its options and its plies; every position is rebuilt from them.
-- ply is the number of plies played and doubles as the row's version: every
-- write of a move is one UPDATE ... WHERE id = ? AND ply = ?.
CREATE TABLE games (
    id          TEXT    PRIMARY KEY,
    player_id   TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    opponent    TEXT    NOT NULL CHECK (opponent IN ('computer', 'local')),
    human       TEXT    NOT NULL CHECK (human IN ('black', 'white', 'both')),
    level       TEXT    NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
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
    updated_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX games_by_player ON games (player_id, status, updated_at);
