CREATE TABLE "character_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"live" bigint NOT NULL,
	CONSTRAINT "character_totals_single_row" CHECK ("character_totals"."id")
);
--> statement-breakpoint
CREATE INDEX "characters_name_trgm_idx" ON "characters" USING gin (lower("name") gin_trgm_ops) WHERE deleted_at IS NULL;