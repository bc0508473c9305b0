import { eq } from "drizzle-orm";
import { appendAudit } from "../audit/audit-trail.js";
import { chatMessages } from "../chat/schema.js";
import type { MessageDeleter } from "./report-service.js";

/**
 * INTERIM — replaced by the chat history's deletion (issue 19 item "history": tombstone + audit + live notice) when
 * that branch is merged; compose.ts hands that one to the report service instead, and this file goes.
 *
 * Until then a report's DELETED outcome removes the stored row (the report keeps its frozen copy as evidence) and
 * records "chat-message.delete" with the text it had, in the resolution's transaction. Live views are not told:
 * the message disappears from every later read (history, logs, reconnects).
 */
export const interimMessageDeleter: MessageDeleter = {
  async delete(tx, actor, messageId, reason, atMs) {
    const [removed] = await tx.delete(chatMessages).where(eq(chatMessages.id, messageId)).returning();
    if (!removed) return; // Gone already: the wanted state.
    await appendAudit(
      tx,
      actor,
      {
        action: "chat-message.delete",
        targetType: "chat-message",
        targetId: String(messageId),
        before: { ...removed, id: String(removed.id), sentAt: removed.sentAt.toISOString() },
        after: { deleted: true, reason },
      },
      atMs,
    );
  },
  async announce() {},
};
