ALTER TABLE "characters" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
CREATE INDEX "characters_name_skeleton_idx" ON "characters" USING btree ("name_skeleton") WHERE deleted_at IS NULL;