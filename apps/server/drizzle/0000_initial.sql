CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"realm" text NOT NULL,
	"dimension_id" uuid NOT NULL,
	"play_time" integer DEFAULT 0 NOT NULL,
	"location" jsonb,
	"profession" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dimension_maps" (
	"dimension_id" uuid NOT NULL,
	"map_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "dimension_maps_dimension_id_map_id_pk" PRIMARY KEY("dimension_id","map_id")
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_server_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dimension_id" uuid NOT NULL,
	"map_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_servers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dimension_id" uuid NOT NULL,
	"map_id" uuid NOT NULL,
	"address" text NOT NULL,
	"port" integer NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draining" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"map_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_bans" (
	"character_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_bans_character_id_channel_id_pk" PRIMARY KEY("character_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "chat_channel_authorizations" (
	"character_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	CONSTRAINT "chat_channel_authorizations_character_id_channel_id_pk" PRIMARY KEY("character_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "chat_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dimension_id" uuid,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" uuid,
	"recipient_character_id" uuid,
	"sender_character_id" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_oidc_payloads" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "identity_oidc_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_user_groups" (
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "identity_user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "characters_live_name_key" ON "characters" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_name_idx" ON "characters" USING btree ("name","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_owner_idx" ON "characters" USING btree ("owner_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_realm_idx" ON "characters" USING btree ("realm","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_gender_idx" ON "characters" USING btree ("gender","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_dimension_idx" ON "characters" USING btree ("dimension_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_play_time_idx" ON "characters" USING btree ("play_time","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "characters_created_idx" ON "characters" USING btree ("created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dimension_maps_map_idx" ON "dimension_maps" USING btree ("map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dimensions_live_name_key" ON "dimensions" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "game_server_requests_open_idx" ON "game_server_requests" USING btree ("dimension_id","map_id") WHERE fulfilled_at IS NULL;--> statement-breakpoint
CREATE INDEX "game_servers_dimension_idx" ON "game_servers" USING btree ("dimension_id","map_id");--> statement-breakpoint
CREATE UNIQUE INDEX "maps_live_name_key" ON "maps" USING btree (lower("name")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "chat_auth_channel_idx" ON "chat_channel_authorizations" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "chat_channels_dimension_idx" ON "chat_channels" USING btree ("dimension_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_id","sent_at");--> statement-breakpoint
CREATE INDEX "chat_messages_recipient_idx" ON "chat_messages" USING btree ("recipient_character_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_groups_path_key" ON "identity_groups" USING btree ("path");--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_grant_idx" ON "identity_oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_oidc_payloads_uid_idx" ON "identity_oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "identity_user_groups_group_idx" ON "identity_user_groups" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_username_key" ON "identity_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_email_key" ON "identity_users" USING btree (lower("email"));