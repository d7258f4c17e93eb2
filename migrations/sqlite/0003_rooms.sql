-- Online games: games learn a third opponent, 'online', and the room they
-- are played in (room_id, not a foreign key: rooms point back at their
-- current game). SQLite cannot change a CHECK constraint in place, so the
-- table is rebuilt.
CREATE TABLE games_new (
    id          TEXT    PRIMARY KEY,
    player_id   TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    opponent    TEXT    NOT NULL CHECK (opponent IN ('computer', 'local', 'online')),
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
    updated_at  INTEGER NOT NULL,
    room_id     TEXT
) STRICT;
INSERT INTO games_new SELECT *, NULL FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_player ON games (player_id, status, updated_at);

-- A room is an online match between two browsers. The invite token is shown
-- only to the host; whoever opens it first takes the guest seat. game_id is
-- the current round's game; the score counts the rounds finished before it.
-- version is bumped by every change, for conditional updates.
CREATE TABLE rooms (
    id          TEXT    PRIMARY KEY,
    token       TEXT    NOT NULL UNIQUE,
    game_id     TEXT    NOT NULL UNIQUE REFERENCES games(id),
    host        TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    guest       TEXT    REFERENCES players(id) ON DELETE SET NULL,
    host_color  TEXT    NOT NULL CHECK (host_color IN ('black', 'white')),
    round       INTEGER NOT NULL DEFAULT 1 CHECK (round >= 1),
    host_wins   INTEGER NOT NULL DEFAULT 0 CHECK (host_wins >= 0),
    guest_wins  INTEGER NOT NULL DEFAULT 0 CHECK (guest_wins >= 0),
    draws       INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    host_again  TEXT    NOT NULL DEFAULT '' CHECK (host_again IN ('', 'switch', 'keep')),
    guest_again TEXT    NOT NULL DEFAULT '' CHECK (guest_again IN ('', 'switch', 'keep')),
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    CHECK (guest IS NULL OR guest <> host)
) STRICT;
CREATE INDEX rooms_by_guest ON rooms (guest);
CREATE INDEX rooms_by_host ON rooms (host);
