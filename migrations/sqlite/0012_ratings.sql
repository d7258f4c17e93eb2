-- Ratings. A lobby game is rated or casual from the moment it is made
-- (games.rated); shared_network marks a rated game whose two players came
-- from the same network, whose result counts only if neither player has
-- a counted result from such a game that day. A challenge keeps its
-- kind's speed, for the maker's rating in the lobby, and the network its
-- maker made it from (a digest, dropped with the challenge).
--
-- ratings holds one Glicko-2 rating per player, board size and speed,
-- made with the player's first rated game of that kind and deleted with
-- the player. rated_games is each player's history of rated games, one
-- row per game and player, deleted with that player; the opponent's name
-- and rating are kept as values, so a player's history outlives an
-- opponent who deletes themselves, and game_id is no reference, so it
-- outlives the game's expiry too. Its primary key is a second guard that
-- a result is never applied twice.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN shared_network INTEGER NOT NULL DEFAULT 0 CHECK (shared_network IN (0, 1));
ALTER TABLE challenges ADD COLUMN speed TEXT NOT NULL DEFAULT 'live' CHECK (speed IN ('live', 'correspondence'));
ALTER TABLE challenges ADD COLUMN network TEXT NOT NULL DEFAULT '';
CREATE TABLE ratings (
    player_id  TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size       INTEGER NOT NULL CHECK (size IN (6, 8, 10)),
    speed      TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    last_at    INTEGER NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses     INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws      INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    PRIMARY KEY (player_id, size, speed)
) STRICT;
CREATE INDEX ratings_by_kind ON ratings (size, speed, last_at);
CREATE TABLE rated_games (
    game_id         TEXT    NOT NULL,
    player_id       TEXT    NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size            INTEGER NOT NULL CHECK (size IN (6, 8, 10)),
    speed           TEXT    NOT NULL CHECK (speed IN ('live', 'correspondence')),
    opponent        TEXT    NOT NULL,
    opponent_rating REAL    NOT NULL,
    score           REAL    NOT NULL CHECK (score IN (0, 0.5, 1)),
    rating_before   REAL    NOT NULL,
    rating          REAL    NOT NULL,
    deviation       REAL    NOT NULL,
    ended_at        INTEGER NOT NULL,
    counted         INTEGER NOT NULL CHECK (counted IN (0, 1)),
    shared_network  INTEGER NOT NULL CHECK (shared_network IN (0, 1)),
    PRIMARY KEY (game_id, player_id)
) STRICT;
CREATE INDEX rated_games_by_player ON rated_games (player_id, ended_at);
