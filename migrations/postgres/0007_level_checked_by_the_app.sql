-- Mirrors sqlite 0006. A game's level is no longer an enumeration in the
-- schema: the levels are listed once, in the engine's registry (package
-- ai), and the app checks a game's level against it before storing the
-- game (package play; the core, package db, checks that it is a plain
-- name). So a new level needs no migration.
ALTER TABLE games DROP CONSTRAINT games_level_check;
