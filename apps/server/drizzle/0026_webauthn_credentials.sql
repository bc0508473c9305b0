CREATE TABLE "identity_webauthn_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"credential_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_webauthn_credentials_credential_id_key" ON "identity_webauthn_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "identity_webauthn_credentials_user_idx" ON "identity_webauthn_credentials" USING btree ("user_id");