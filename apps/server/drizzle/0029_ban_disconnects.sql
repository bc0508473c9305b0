CREATE TABLE "sanction_disconnects" (
	"sanction_id" uuid PRIMARY KEY NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"last_stream_ended_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sanction_disconnects_issued_idx" ON "sanction_disconnects" USING btree ("issued_at");