-- Clocks for the lobby's games. time_control is the clock's name ('' for
-- none, '3+2', '1d'); black_ms and white_ms are each side's time at the
-- last stored move, and clock_since when that move was stored (ns): time
-- runs only for the side to move, from then. ending says how a game that
-- is over ended when it was not played out or resigned.
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN black_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_since INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN ending TEXT NOT NULL DEFAULT '' CHECK (ending IN ('', 'time', 'aborted'));
