-- Deleted players' ids; as sqlite 0014. Another browser may still hold a
-- deleted id in its cookie; without this, its next post would make an
-- empty player under that id. An id is forgotten once it was deleted
-- longer ago than a cookie lives.
CREATE TABLE deleted_players (
    id         text    PRIMARY KEY,
    deleted_at bigint  NOT NULL
);
