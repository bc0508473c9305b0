CREATE TABLE "sanction_appeals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sanction_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"filed_at" timestamp (3) with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp (3) with time zone,
	"decided_by_id" text DEFAULT '' NOT NULL,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"new_expires_at" timestamp (3) with time zone,
	CONSTRAINT "sanction_appeals_reason_check" CHECK ("sanction_appeals"."reason" IN ('not-me', 'context', 'too-harsh', 'other')),
	CONSTRAINT "sanction_appeals_decision_check" CHECK ("sanction_appeals"."decision" IS NULL OR "sanction_appeals"."decision" IN ('upheld', 'shortened', 'revoked'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sanction_appeals_sanction_key" ON "sanction_appeals" USING btree ("sanction_id");--> statement-breakpoint
CREATE INDEX "sanction_appeals_account_idx" ON "sanction_appeals" USING btree ("account_id","filed_at");--> statement-breakpoint
CREATE INDEX "sanction_appeals_queue_idx" ON "sanction_appeals" USING btree ("filed_at");