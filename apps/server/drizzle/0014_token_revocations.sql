CREATE TABLE "identity_token_revocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text,
	"client_id" text,
	"revoked_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_token_revocations_revoked_at_idx" ON "identity_token_revocations" USING btree ("revoked_at");