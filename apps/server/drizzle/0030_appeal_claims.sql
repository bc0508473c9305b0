ALTER TABLE "sanction_appeals" ADD COLUMN "claimed_by_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD COLUMN "claimed_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD COLUMN "claimed_at" timestamp (3) with time zone;