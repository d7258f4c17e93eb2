-- Secrets that every app server on this database shares, by name: the
-- session cookies' key ("session"), written once by the first server that
-- needs it and read by the others, so that each accepts the others'
-- cookies. SQLite has no such table: its one server keeps the key in a
-- file beside the database.
CREATE TABLE secrets (
    name       text   PRIMARY KEY,
    value      text   NOT NULL,
    created_at bigint NOT NULL
);
