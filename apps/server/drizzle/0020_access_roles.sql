CREATE TABLE "access_roles" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sole" boolean DEFAULT false NOT NULL,
	"capabilities" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_role_mappings" (
	"group_path" text NOT NULL,
	"role_name" text NOT NULL,
	CONSTRAINT "access_role_mappings_group_path_role_name_pk" PRIMARY KEY("group_path","role_name")
);
--> statement-breakpoint
CREATE INDEX "access_role_mappings_role_idx" ON "access_role_mappings" USING btree ("role_name");