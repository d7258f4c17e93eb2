-- Deleted players' ids, with when each was deleted. Another browser may
-- still hold a deleted id in its cookie (a key made it the same player);
-- without this, its next post would make an empty player under that id.
-- An id is forgotten once it was deleted longer ago than a cookie lives.
CREATE TABLE deleted_players (
    id         TEXT    PRIMARY KEY,
    deleted_at INTEGER NOT NULL
) STRICT;
