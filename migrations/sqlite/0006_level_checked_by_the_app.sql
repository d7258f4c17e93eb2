-- A game's level is no longer an enumeration in the schema: the levels
-- are listed once, in the engine's registry (package ai), and the app
-- checks a game's level against it before storing the game (package play;
-- the core, package db, checks that it is a plain name). So a new level
-- needs no migration. Dropping a CHECK means rebuilding the table, as 0004
-- and 0005 did; the runner turns foreign keys off around it and checks
-- them before it commits.
CREATE TABLE games_new (
    id          TEXT    PRIMARY KEY,
    player_id   TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    opponent    TEXT    NOT NULL CHECK (opponent IN ('computer', 'local', 'online')),
    human       TEXT    NOT NULL CHECK (human IN ('black', 'white', 'both')),
    level       TEXT    NOT NULL,
    size        INTEGER NOT NULL CHECK (size IN (6, 8, 10)),
    start       TEXT    NOT NULL CHECK (start IN ('cross', 'parallel', 'free', 'setup')),
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
    resigned    TEXT    NOT NULL DEFAULT '' CHECK (resigned IN ('', 'black', 'white')),
    setup       TEXT    NOT NULL DEFAULT '' CHECK ((start = 'setup') = (setup <> ''))
) STRICT;
INSERT INTO games_new SELECT * FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_player ON games (player_id, status, updated_at);
