import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { AuditRecordSchema, AuditRecordsSchema, type AuditRecord, type AuditService } from "../gen/sro/moderation/audit_pb.js";
import { callerOf, grantOf } from "../platform/auth/caller.js";
import { auditActorOf } from "./audit-actor.js";
import type { AuditActor, AuditChange } from "./audit-trail.js";
import { auditQueryOf, requireRecordId } from "./audit-query.js";
import type { AuditListRow, AuditRow, AuditStore } from "./audit-store.js";

const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** A record on the wire; before_json and after_json only when `row` has them (one record, not a list page). */
export const auditRecordMessage = (row: AuditListRow & Partial<Pick<AuditRow, "before" | "after">>): AuditRecord =>
  create(AuditRecordSchema, {
    id: String(row.id),
    timeMs: BigInt(row.at.getTime()),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    beforeJson: json(row.before),
    afterJson: json(row.after),
    requestId: row.requestId,
    sourceAddress: row.sourceAddress,
  });

/**
 * Read-only: no rpc edits or deletes records. Lists carry no before/after (a purge's or a big edit's record would
 * weigh on every page that shows it); GetAuditRecord does. Admins ("all") see every record; moderators ("own") only the records
 * of their own writes, whatever filters they send; a record of someone else is NOT_FOUND to them.
 */
export function createAuditService(
  store: AuditStore,
  /** Appends a record outside a write (compose.ts): an export's. */
  audit: (actor: AuditActor, change: AuditChange) => Promise<void>,
): ServiceImpl<typeof AuditService> {
  const ownActor = (ctx: HandlerContext) => (grantOf(ctx) === "all" ? undefined : callerOf(ctx).sub);

  return {
    async listAuditRecords(req, ctx) {
      const query = auditQueryOf(req);
      const { rows, total } = await store.list({ ...query, actorId: ownActor(ctx) });
      // An export reads the log out of the console (its addresses and names): its first page leaves one record
      // of the filter it ran with and how many records matched; its further pages, and plain lists, none.
      if (req.forExport && query.offset === 0) {
        const { limit: _limit, offset: _offset, ...filter } = query;
        const after = { filter: { ...filter, ...(ownActor(ctx) === undefined ? {} : { ownOnly: true }) }, total };
        await audit(auditActorOf(ctx), { action: "audit.export", targetType: "audit", targetId: "", after });
      }
      return create(AuditRecordsSchema, { total: BigInt(total), records: rows.map(auditRecordMessage) });
    },

    async getAuditRecord(req, ctx) {
      const id = requireRecordId(req.id);
      const row = await store.find(id);
      const own = ownActor(ctx);
      if (!row || (own !== undefined && row.actorId !== own)) throw new ConnectError("audit record not found", Code.NotFound);
      return auditRecordMessage(row);
    },
  };
}
