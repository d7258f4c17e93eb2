-- The practice board: one per player, kept apart from the games table. The
-- position is the opening (a transcript from the 8×8 cross start) and then
-- plies, space-separated square names and "pass". history is a JSON array
-- of earlier plies values, the newest last, so that undo can take back a
-- placement or a reset alike. version counts the changes: every write is
-- one UPDATE ... WHERE player_id = $1 AND version = $2.
CREATE TABLE practice (
    player_id  text    PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    opening    text    NOT NULL,
    plies      text    NOT NULL DEFAULT '',
    history    text    NOT NULL DEFAULT '[]',
    version    integer NOT NULL DEFAULT 0 CHECK (version >= 0),
    updated_at bigint  NOT NULL
);
