-- A player's progress through the endgame puzzles: one row per player who
-- has answered one. done holds the numbers of the puzzles solved, encoded
-- by the app. version counts the changes: every write is one
-- UPDATE ... WHERE player_id = ? AND version = ?.
CREATE TABLE puzzle_progress (
    player_id  TEXT    PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    solved     INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    streak     INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best       INTEGER NOT NULL DEFAULT 0 CHECK (best >= 0),
    misses     INTEGER NOT NULL DEFAULT 0 CHECK (misses >= 0),
    level      INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
    current    INTEGER NOT NULL DEFAULT 0 CHECK (current >= 0),
    tried      INTEGER NOT NULL DEFAULT 0 CHECK (tried IN (0, 1)),
    done       TEXT    NOT NULL DEFAULT '',
    version    INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    updated_at INTEGER NOT NULL
) STRICT;
