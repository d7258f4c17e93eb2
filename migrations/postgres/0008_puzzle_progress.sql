-- Mirrors sqlite 0007. A player's progress through the endgame puzzles:
-- one row per player who has answered one. done holds the numbers of the
-- puzzles solved, encoded by the app. version counts the changes: every
-- write is one UPDATE ... WHERE player_id = $1 AND version = $2.
CREATE TABLE puzzle_progress (
    player_id  text    PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    solved     integer NOT NULL DEFAULT 0 CHECK (solved >= 0),
    streak     integer NOT NULL DEFAULT 0 CHECK (streak >= 0),
    best       integer NOT NULL DEFAULT 0 CHECK (best >= 0),
    misses     integer NOT NULL DEFAULT 0 CHECK (misses >= 0),
    level      integer NOT NULL DEFAULT 1 CHECK (level >= 1),
    current    integer NOT NULL DEFAULT 0 CHECK (current >= 0),
    tried      boolean NOT NULL DEFAULT false,
    done       text    NOT NULL DEFAULT '',
    version    integer NOT NULL DEFAULT 0 CHECK (version >= 0),
    updated_at bigint  NOT NULL
);
