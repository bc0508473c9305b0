CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"capability" text NOT NULL,
	"request" jsonb NOT NULL,
	"reason" text NOT NULL,
	"subject_name" text DEFAULT '' NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp (3) with time zone,
	"decided_by_id" text DEFAULT '' NOT NULL,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"sanction_id" uuid,
	"purged_count" integer DEFAULT 0 NOT NULL,
	"more_remain" boolean DEFAULT false NOT NULL,
	CONSTRAINT "approval_requests_action_check" CHECK ("approval_requests"."action" IN ('account-ban', 'purge')),
	CONSTRAINT "approval_requests_decision_check" CHECK ("approval_requests"."decision" IS NULL OR "approval_requests"."decision" IN ('approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "sanctions" ADD COLUMN "approved_by_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions" ADD COLUMN "approved_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_requests_pending_idx" ON "approval_requests" USING btree ("requested_at") WHERE decision IS NULL;--> statement-breakpoint
CREATE INDEX "approval_requests_requested_idx" ON "approval_requests" USING btree ("requested_at");