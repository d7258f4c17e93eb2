-- A finished game's engine review, computed once in the background and
-- kept: the ply count of the game it judged and the verdicts, encoded by
-- the app. It goes with its game.
CREATE TABLE reviews (
    game_id    TEXT    PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    body       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
