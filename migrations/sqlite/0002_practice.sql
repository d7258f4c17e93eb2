-- The practice board: one per player, kept apart from the games table. The
-- position is the opening (a transcript from the 8×8 cross start) and then
-- plies, space-separated square names and "pass". history is a JSON array
-- of earlier plies values, the newest last, so that undo can take back a
-- placement or a reset alike. version counts the changes: every write is
-- one UPDATE ... WHERE player_id = ? AND version = ?.
CREATE TABLE practice (
    player_id  TEXT    PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    opening    TEXT    NOT NULL,
    plies      TEXT    NOT NULL DEFAULT '',
    history    TEXT    NOT NULL DEFAULT '[]',
    version    INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    updated_at INTEGER NOT NULL
) STRICT;
