-- Ratings; as sqlite 0012. A lobby game is rated or casual from the
-- moment it is made (games.rated); shared_network marks a rated game
-- whose two players came from the same network, whose result counts only
-- if neither player has a counted result from such a game that day. A
-- challenge keeps its kind's speed, for the maker's rating in the lobby,
-- and the network its maker made it from (a digest, dropped with the
-- challenge).
--
-- ratings holds one Glicko-2 rating per player, board size and speed,
-- made with the player's first rated game of that kind and deleted with
-- the player. rated_games is each player's history of rated games, one
-- row per game and player, deleted with that player; the opponent's name
-- and rating are kept as values, so a player's history outlives an
-- opponent who deletes themselves, and game_id is no reference, so it
-- outlives the game's expiry too. Its primary key is a second guard that
-- a result is never applied twice.
ALTER TABLE games
    ADD COLUMN rated          boolean NOT NULL DEFAULT false,
    ADD COLUMN shared_network boolean NOT NULL DEFAULT false;
ALTER TABLE challenges
    ADD COLUMN speed   text NOT NULL DEFAULT 'live' CHECK (speed IN ('live', 'correspondence')),
    ADD COLUMN network text NOT NULL DEFAULT '';
CREATE TABLE ratings (
    player_id  text             NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size       integer          NOT NULL CHECK (size IN (6, 8, 10)),
    speed      text             NOT NULL CHECK (speed IN ('live', 'correspondence')),
    rating     double precision NOT NULL,
    deviation  double precision NOT NULL,
    volatility double precision NOT NULL,
    last_at    bigint           NOT NULL,
    games      integer          NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins       integer          NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses     integer          NOT NULL DEFAULT 0 CHECK (losses >= 0),
    draws      integer          NOT NULL DEFAULT 0 CHECK (draws >= 0),
    PRIMARY KEY (player_id, size, speed)
);
CREATE INDEX ratings_by_kind ON ratings (size, speed, last_at);
CREATE TABLE rated_games (
    game_id         text             NOT NULL,
    player_id       text             NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    size            integer          NOT NULL CHECK (size IN (6, 8, 10)),
    speed           text             NOT NULL CHECK (speed IN ('live', 'correspondence')),
    opponent        text             NOT NULL,
    opponent_rating double precision NOT NULL,
    score           double precision NOT NULL CHECK (score IN (0, 0.5, 1)),
    rating_before   double precision NOT NULL,
    rating          double precision NOT NULL,
    deviation       double precision NOT NULL,
    ended_at        bigint           NOT NULL,
    counted         boolean          NOT NULL,
    shared_network  boolean          NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rated_games_by_player ON rated_games (player_id, ended_at);
