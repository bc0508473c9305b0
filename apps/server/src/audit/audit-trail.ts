import type { Db } from "../platform/db/database.js";
import { auditRecords } from "./schema.js";

/** Who made a write, and from where: taken from the verified caller and the request (audit-actor.ts). */
export interface AuditActor {
  /** Empty: the system (migrations, retention, demo seeding). */
  id: string;
  name: string;
  requestId: string;
  sourceAddress: string;
}

/** What one write changed. `before` is absent for a create, `after` for a delete. */
export interface AuditChange {
  /** `<target type>.<verb>`, e.g. "character.edit", "sanction.issue", "user.group.add", "console.sign-in". */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

export const SYSTEM_ACTOR: AuditActor = { id: "", name: "system", requestId: "", sourceAddress: "" };

/**
 * Appends the record of one write. Call it with the transaction that makes the write, so the two commit or roll
 * back together: no write without its record, no record without its write.
 */
export async function appendAudit(tx: Pick<Db, "insert">, actor: AuditActor, change: AuditChange, atMs: number = Date.now()): Promise<void> {
  await tx.insert(auditRecords).values({
    at: new Date(atMs),
    actorId: actor.id,
    actorName: actor.name,
    action: change.action,
    targetType: change.targetType,
    targetId: change.targetId,
    before: change.before ?? null,
    after: change.after ?? null,
    requestId: actor.requestId,
    sourceAddress: actor.sourceAddress,
  });
}
