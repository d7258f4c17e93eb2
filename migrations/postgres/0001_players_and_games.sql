-- The PostgreSQL schema follows the SQLite one file by file: the same
-- tables, columns and meanings, in PostgreSQL's types. Times are
-- nanoseconds since 1970 (bigint), as in SQLite, so that a copied site
-- keeps its times to the nanosecond; flags are booleans.

-- Players are browsers: the session cookie holds only this opaque id.
CREATE TABLE players (
    id         text   PRIMARY KEY,
    created_at bigint NOT NULL
);

-- A game is its options and its plies; every position is rebuilt from them.
-- ply is the number of plies played and doubles as the row's version: every
-- write of a move is one UPDATE ... WHERE id = $1 AND ply = $2.
CREATE TABLE games (
    id          text    PRIMARY KEY,
    player_id   text    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    opponent    text    NOT NULL CONSTRAINT games_opponent_check CHECK (opponent IN ('computer', 'local')),
    human       text    NOT NULL CHECK (human IN ('black', 'white', 'both')),
    level       text    NOT NULL CONSTRAINT games_level_check CHECK (level IN ('easy', 'normal', 'hard')),
    size        integer NOT NULL CHECK (size IN (6, 8, 10)),
    start       text    NOT NULL CHECK (start IN ('cross', 'parallel', 'free')),
    plies       text    NOT NULL DEFAULT '',
    ply         integer NOT NULL DEFAULT 0 CHECK (ply >= 0),
    status      text    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'over')),
    show_moves  boolean NOT NULL DEFAULT true,
    allow_undo  boolean NOT NULL DEFAULT true,
    sound       boolean NOT NULL DEFAULT false,
    hints       integer NOT NULL DEFAULT 0 CHECK (hints >= 0),
    undos       integer NOT NULL DEFAULT 0 CHECK (undos >= 0),
    hint_ply    integer NOT NULL DEFAULT -1,
    hint_square text    NOT NULL DEFAULT '',
    created_at  bigint  NOT NULL,
    updated_at  bigint  NOT NULL
);

CREATE INDEX games_by_player ON games (player_id, status, updated_at);
