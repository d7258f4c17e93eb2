-- Games learn a fourth computer level, 'expert', and who resigned a game
-- that ended that way ('' when nobody did).
ALTER TABLE games DROP CONSTRAINT games_level_check;
ALTER TABLE games ADD CONSTRAINT games_level_check CHECK (level IN ('easy', 'normal', 'hard', 'expert'));
ALTER TABLE games ADD COLUMN resigned text NOT NULL DEFAULT '' CHECK (resigned IN ('', 'black', 'white'));

-- When each player was last seen (a POST with their cookie), for the data
-- that expires with the cookie; 0 for players recorded before this file.
-- choices holds the player's last new-game choices (a form-encoded
-- string), which the home page's one-press Play reuses.
ALTER TABLE players ADD COLUMN last_seen bigint NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN choices text NOT NULL DEFAULT '';
UPDATE players SET last_seen = created_at;
