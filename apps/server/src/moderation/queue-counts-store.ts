import { count, eq, gt, isNull, min } from "drizzle-orm";
import { chatHeldMessages } from "../chat/schema.js";
import type { Db } from "../platform/db/database.js";
import { sanctionAppeals } from "./appeal-schema.js";
import { chatReports, reportedMessages } from "./report-schema.js";

/** One queue's open work: how many items and when the oldest came in (null when none is open). */
export interface QueueFigures {
  open: number;
  oldestAt: Date | null;
}

/**
 * The queues' counts and oldest items (docs/moderation.md "Queue counts"). Each read is a partial index's range:
 * reported_messages_open_idx, chat_reports_open_idx, chat_held_messages_waiting_idx, sanction_appeals_open_idx.
 */
export function createQueueCountsStore(db: Db) {
  return {
    /** Reported messages with an open report (the Reports queue's items); the oldest is the oldest open report. */
    async reports(): Promise<QueueFigures> {
      const [[messages], [oldest]] = await Promise.all([
        db.select({ open: count() }).from(reportedMessages).where(gt(reportedMessages.openReports, 0)),
        db
          .select({ at: min(chatReports.createdAt) })
          .from(chatReports)
          .where(isNull(chatReports.resolvedAt)),
      ]);
      const open = Number(messages?.open ?? 0);
      return { open, oldestAt: open > 0 ? (oldest?.at ?? null) : null };
    },

    /** Held messages waiting for review. */
    async heldMessages(): Promise<QueueFigures> {
      const [row] = await db
        .select({ open: count(), oldestAt: min(chatHeldMessages.sentAt) })
        .from(chatHeldMessages)
        .where(eq(chatHeldMessages.state, "held"));
      return { open: Number(row?.open ?? 0), oldestAt: row?.oldestAt ?? null };
    },

    /** Appeals not decided yet. */
    async appeals(): Promise<QueueFigures> {
      const [row] = await db
        .select({ open: count(), oldestAt: min(sanctionAppeals.filedAt) })
        .from(sanctionAppeals)
        .where(isNull(sanctionAppeals.decision));
      return { open: Number(row?.open ?? 0), oldestAt: row?.oldestAt ?? null };
    },
  };
}

export type QueueCountsStore = ReturnType<typeof createQueueCountsStore>;
