-- Keeps character_totals.live equal to the number of live characters (deleted_at IS NULL), exactly, on every node.
-- Inserts and hard deletes are counted per statement (one update for a bulk insert of a million rows); soft deletes
-- and restores per row, and only when deleted_at is SET, so play-time increments never touch the counter row.
INSERT INTO "character_totals" ("id", "live")
SELECT true, count(*) FROM "characters" WHERE "deleted_at" IS NULL
ON CONFLICT ("id") DO UPDATE SET "live" = EXCLUDED."live";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "character_totals" SET "live" = "live" + (SELECT count(*) FROM new_rows WHERE "deleted_at" IS NULL) WHERE "id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "character_totals" SET "live" = "live" - (SELECT count(*) FROM old_rows WHERE "deleted_at" IS NULL) WHERE "id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_totals_after_soft_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "character_totals" SET "live" = "live" + (CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END) WHERE "id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "character_totals_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "character_totals" SET "live" = 0 WHERE "id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "character_totals_insert" AFTER INSERT ON "characters"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "character_totals_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "character_totals_delete" AFTER DELETE ON "characters"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "character_totals_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "character_totals_soft_delete" AFTER UPDATE OF "deleted_at" ON "characters"
  FOR EACH ROW WHEN ((OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "character_totals_after_soft_delete"();
--> statement-breakpoint
CREATE TRIGGER "character_totals_truncate" AFTER TRUNCATE ON "characters"
  FOR EACH STATEMENT EXECUTE FUNCTION "character_totals_after_truncate"();
