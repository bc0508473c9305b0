CREATE TABLE "inventory_items" (
	"character_id" uuid NOT NULL,
	"slot" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "inventory_items_character_id_slot_pk" PRIMARY KEY("character_id","slot")
);
--> statement-breakpoint
CREATE TABLE "game_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"character_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"server_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"character_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"server_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_servers" ADD COLUMN "max_players" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_servers" ADD COLUMN "registered_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "game_connections_expires_idx" ON "game_connections" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "game_sessions_owner_idx" ON "game_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "game_sessions_server_idx" ON "game_sessions" USING btree ("server_id");