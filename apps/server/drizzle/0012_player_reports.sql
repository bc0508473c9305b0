CREATE TABLE "chat_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"reporter_character_id" uuid NOT NULL,
	"reporter_account_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"message_content" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"outcome" text,
	"resolved_at" timestamp (3) with time zone,
	CONSTRAINT "chat_reports_reason_check" CHECK ("chat_reports"."reason" IN ('harassment', 'hate', 'spam', 'cheating', 'other')),
	CONSTRAINT "chat_reports_outcome_check" CHECK ("chat_reports"."outcome" IS NULL OR "chat_reports"."outcome" IN ('deleted', 'sanctioned', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "report_evidence" (
	"reported_message_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"sender_character_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "report_evidence_reported_message_id_position_pk" PRIMARY KEY("reported_message_id","position")
);
--> statement-breakpoint
CREATE TABLE "reported_messages" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL,
	"channel_name" text NOT NULL,
	"sender_character_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"content" text NOT NULL,
	"sent_at" timestamp (3) with time zone NOT NULL,
	"first_report_at" timestamp (3) with time zone NOT NULL,
	"latest_report_at" timestamp (3) with time zone NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by_id" text DEFAULT '' NOT NULL,
	"resolved_by_name" text DEFAULT '' NOT NULL,
	"resolution_note" text DEFAULT '' NOT NULL,
	"sanction_id" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_open_unique" ON "chat_reports" USING btree ("message_id","reporter_character_id") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "chat_reports_message_idx" ON "chat_reports" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_reports_account_idx" ON "chat_reports" USING btree ("reporter_account_id","created_at");--> statement-breakpoint
CREATE INDEX "reported_messages_queue_idx" ON "reported_messages" USING btree ("latest_report_at");--> statement-breakpoint
CREATE INDEX "reported_messages_open_idx" ON "reported_messages" USING btree ("latest_report_at") WHERE open_reports > 0;