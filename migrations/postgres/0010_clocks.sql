-- Clocks for the lobby's games; as sqlite 0010. time_control is the
-- clock's name ('' for none, '3+2', '1d'); black_ms and white_ms are each
-- side's time at the last stored move, and clock_since when that move was
-- stored (ns): time runs only for the side to move, from then. ending says
-- how a game that is over ended when it was not played out or resigned.
ALTER TABLE games
    ADD COLUMN time_control text   NOT NULL DEFAULT '',
    ADD COLUMN black_ms     bigint NOT NULL DEFAULT 0,
    ADD COLUMN white_ms     bigint NOT NULL DEFAULT 0,
    ADD COLUMN clock_since  bigint NOT NULL DEFAULT 0,
    ADD COLUMN ending       text   NOT NULL DEFAULT '' CHECK (ending IN ('', 'time', 'aborted'));
