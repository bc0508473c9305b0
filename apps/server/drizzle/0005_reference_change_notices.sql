-- Every node caches the small reference lists (maps, dimensions with their map lists) in memory. A write to their
-- tables, from any node or from a script, tells every listening node on commit which table changed
-- (platform/db/table-changes.ts). Per statement: one notice for a bulk write; NOTIFY folds repeats per transaction.
CREATE OR REPLACE FUNCTION "notify_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sro_table_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "maps_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "maps"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "dimensions_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dimensions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
--> statement-breakpoint
CREATE TRIGGER "dimension_maps_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dimension_maps"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_change"();
