-- A narrow copy of the live characters' names for substring search (character-store.ts, namesPage). A broad term
-- ("trinity", 2% of a million rows) has matches on nearly every heap page, and trigram hits must be rechecked in
-- the heap: 20,000 pages of `characters` (166 MB) before, 9,300 pages of this table (73 MB) now. Kept exact by
-- triggers: inserts and hard deletes per statement (a bulk insert is one INSERT … SELECT), renames, soft deletes
-- and restores per row and only when id, name or deleted_at is SET, so play-time increments never touch it.
-- Writes to characters wait until the copy and its triggers are committed (reads do not), so none is missed.
LOCK TABLE "characters" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "character_search_names" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "character_search_names" ("id", "name") SELECT "id", "name" FROM "characters" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "character_search_names_trgm_idx" ON "character_search_names" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_search_names_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "character_search_names" ("id", "name") SELECT "id", "name" FROM new_rows WHERE "deleted_at" IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_search_names_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "character_search_names" WHERE "id" IN (SELECT "id" FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_search_names_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."deleted_at" IS NULL AND (NEW."deleted_at" IS NOT NULL OR NEW."id" <> OLD."id") THEN
    DELETE FROM "character_search_names" WHERE "id" = OLD."id";
  END IF;
  IF NEW."deleted_at" IS NULL THEN
    INSERT INTO "character_search_names" ("id", "name") VALUES (NEW."id", NEW."name")
      ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_search_names_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "character_search_names";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "character_search_names_insert" AFTER INSERT ON "characters"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "character_search_names_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "character_search_names_delete" AFTER DELETE ON "characters"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "character_search_names_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "character_search_names_update" AFTER UPDATE OF "id", "name", "deleted_at" ON "characters"
  FOR EACH ROW WHEN (OLD."id" <> NEW."id" OR OLD."name" <> NEW."name" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "character_search_names_after_update"();
--> statement-breakpoint
CREATE TRIGGER "character_search_names_truncate" AFTER TRUNCATE ON "characters"
  FOR EACH STATEMENT EXECUTE FUNCTION "character_search_names_after_truncate"();
--> statement-breakpoint
-- As on characters (0004): the planner's estimate of how many names a term matches.
CREATE STATISTICS IF NOT EXISTS "character_search_names_lower_name_stats" ON (lower("name")) FROM "character_search_names";
--> statement-breakpoint
ANALYZE "character_search_names";
