CREATE TABLE "chat_channel_rules" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_held_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"sender_character_id" uuid NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL,
	"rule" text NOT NULL,
	"rule_message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"reviewer_id" text,
	"reviewer_name" text,
	"reviewed_at" timestamp (3) with time zone,
	"review_reason" text,
	"message_id" bigint
);
--> statement-breakpoint
CREATE TABLE "chat_slow_mode_sends" (
	"channel_id" uuid NOT NULL,
	"character_id" uuid NOT NULL,
	"last_sent_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "chat_slow_mode_sends_channel_id_character_id_pk" PRIMARY KEY("channel_id","character_id")
);
--> statement-breakpoint
CREATE INDEX "chat_held_messages_waiting_idx" ON "chat_held_messages" USING btree ("sent_at") WHERE state = 'held';--> statement-breakpoint
CREATE INDEX "chat_held_messages_channel_idx" ON "chat_held_messages" USING btree ("channel_id","state","sent_at");