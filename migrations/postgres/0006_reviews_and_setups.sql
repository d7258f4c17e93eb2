-- Mirrors sqlite 0005. Games learn a fifth start, 'setup': a game played
-- on from a position of another, kept in setup as the position's one-line
-- form (every square from a1, X, O or -, a space and the side to move), ''
-- for the other starts. A finished game's engine review is kept in
-- reviews: the ply count of the game it judged and the verdicts, encoded
-- by the app; it goes with its game.
ALTER TABLE games DROP CONSTRAINT games_start_check;
ALTER TABLE games ADD CONSTRAINT games_start_check CHECK (start IN ('cross', 'parallel', 'free', 'setup'));
ALTER TABLE games ADD COLUMN setup text NOT NULL DEFAULT '';
ALTER TABLE games ADD CONSTRAINT games_setup_check CHECK ((start = 'setup') = (setup <> ''));

CREATE TABLE reviews (
    game_id    text    PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    ply        integer NOT NULL CHECK (ply >= 0),
    body       text    NOT NULL,
    created_at bigint  NOT NULL
);
