-- Trigram indexes (case-insensitive substring search over a million character names) need pg_trgm.
-- PGlite loads the extension at open (platform/db/database.ts); PostgreSQL 13+ ships it as a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
