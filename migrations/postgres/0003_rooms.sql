-- Online games: games learn a third opponent, 'online', and the room they
-- are played in (room_id, not a foreign key: rooms point back at their
-- current game). PostgreSQL changes a CHECK in place.
ALTER TABLE games DROP CONSTRAINT games_opponent_check;
ALTER TABLE games ADD CONSTRAINT games_opponent_check CHECK (opponent IN ('computer', 'local', 'online'));
ALTER TABLE games ADD COLUMN room_id text;

-- A room is an online match between two browsers. The invite token is shown
-- only to the host; whoever opens it first takes the guest seat. game_id is
-- the current round's game; the score counts the rounds finished before it.
-- version is bumped by every change, for conditional updates.
CREATE TABLE rooms (
    id          text    PRIMARY KEY,
    token       text    NOT NULL UNIQUE,
    game_id     text    NOT NULL UNIQUE REFERENCES games(id),
    host        text    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    guest       text    REFERENCES players(id) ON DELETE SET NULL,
    host_color  text    NOT NULL CHECK (host_color IN ('black', 'white')),
    round       integer NOT NULL DEFAULT 1 CHECK (round >= 1),
    host_wins   integer NOT NULL DEFAULT 0 CHECK (host_wins >= 0),
    guest_wins  integer NOT NULL DEFAULT 0 CHECK (guest_wins >= 0),
    draws       integer NOT NULL DEFAULT 0 CHECK (draws >= 0),
    host_again  text    NOT NULL DEFAULT '' CHECK (host_again IN ('', 'switch', 'keep')),
    guest_again text    NOT NULL DEFAULT '' CHECK (guest_again IN ('', 'switch', 'keep')),
    version     integer NOT NULL DEFAULT 0,
    created_at  bigint  NOT NULL,
    updated_at  bigint  NOT NULL,
    CHECK (guest IS NULL OR guest <> host)
);
CREATE INDEX rooms_by_guest ON rooms (guest);
CREATE INDEX rooms_by_host ON rooms (host);
