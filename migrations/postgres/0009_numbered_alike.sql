-- Changes nothing. From this number on, the SQLite and the PostgreSQL
-- histories hold the same files, by number and name (see "Storage: one set
-- of queries" in docs/architecture.md); this file is where both meet.
-- Before it, PostgreSQL's 0005_secrets put SQLite's 0005–0007 one number
-- behind PostgreSQL's 0006–0008, and those names stay as the databases
-- recorded them.
SELECT 1;
