-- Tombstones (deleted_at) and the history browser's indexes. pg_trgm is loaded by 0001 already; repeated
-- here so this migration stands on its own (hand-written line).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "chat_messages_content_trgm_idx" ON "chat_messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_sent_idx" ON "chat_messages" USING btree ("sent_at","id") WHERE channel_id IS NOT NULL AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_character_id","sent_at");