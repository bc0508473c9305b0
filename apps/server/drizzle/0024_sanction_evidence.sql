CREATE TABLE "sanction_evidence" (
	"sanction_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"channel_id" uuid,
	"channel_name" text DEFAULT '' NOT NULL,
	"sender_character_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sanction_evidence_sanction_id_position_pk" PRIMARY KEY("sanction_id","position")
);
--> statement-breakpoint
ALTER TABLE "sanctions" ADD COLUMN "source_message_id" bigint;