CREATE TABLE "moderation_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"reason_templates" jsonb NOT NULL,
	"ladder" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"scope_id" uuid,
	"character_id" uuid,
	"account_id" text NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"reason" text NOT NULL,
	"player_message" text DEFAULT '' NOT NULL,
	"issued_by_id" text NOT NULL,
	"issued_by_name" text NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by_id" text DEFAULT '' NOT NULL,
	"revoked_by_name" text DEFAULT '' NOT NULL,
	"revoke_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "sanctions_kind_check" CHECK ("sanctions"."kind" IN ('mute', 'ban')),
	CONSTRAINT "sanctions_scope_check" CHECK (("sanctions"."scope" = 'everywhere' AND "sanctions"."scope_id" IS NULL) OR ("sanctions"."scope" IN ('channel', 'dimension') AND "sanctions"."scope_id" IS NOT NULL))
);
--> statement-breakpoint
-- The seed's channel bans become channel-scoped chat bans (one source of truth); the issuer of an old ban is unknown.
INSERT INTO "sanctions" ("id", "kind", "scope", "scope_id", "character_id", "account_id", "issued_at", "expires_at", "reason", "issued_by_id", "issued_by_name")
SELECT gen_random_uuid(), 'ban', 'channel', b."channel_id", b."character_id", coalesce(c."owner_id", ''), b."created_at", b."until",
       'Banned from the channel in the chat view', '', 'system'
FROM "chat_bans" b LEFT JOIN "characters" c ON c."id" = b."character_id";--> statement-breakpoint
DROP TABLE "chat_bans" CASCADE;--> statement-breakpoint
CREATE INDEX "sanctions_character_live_idx" ON "sanctions" USING btree ("character_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "sanctions_account_live_idx" ON "sanctions" USING btree ("account_id") WHERE revoked_at IS NULL AND character_id IS NULL;--> statement-breakpoint
CREATE INDEX "sanctions_issued_idx" ON "sanctions" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "sanctions_account_history_idx" ON "sanctions" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "sanctions_character_history_idx" ON "sanctions" USING btree ("character_id","issued_at");