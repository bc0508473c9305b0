CREATE TABLE "player_removals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"character_id" uuid NOT NULL,
	"server_id" uuid NOT NULL,
	"server_address" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"sanction_id" uuid,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"confirmed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "sanctions" DROP CONSTRAINT "sanctions_scope_check";--> statement-breakpoint
CREATE INDEX "player_removals_unconfirmed_idx" ON "player_removals" USING btree ("server_id") WHERE confirmed_at IS NULL;--> statement-breakpoint
CREATE INDEX "player_removals_sanction_idx" ON "player_removals" USING btree ("sanction_id");--> statement-breakpoint
CREATE INDEX "player_removals_character_idx" ON "player_removals" USING btree ("character_id","requested_at");--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_scope_check" CHECK (("sanctions"."scope" IN ('everywhere', 'game') AND "sanctions"."scope_id" IS NULL) OR ("sanctions"."scope" IN ('channel', 'dimension') AND "sanctions"."scope_id" IS NOT NULL));