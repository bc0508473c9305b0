import { create, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { ApprovalSchema, ApprovalsSchema, type Approval, type ApprovalService } from "../gen/sro/moderation/approvals_pb.js";
import { IssueSanctionRequestSchema } from "../gen/sro/moderation/moderation_pb.js";
import { PurgeChatMessagesRequestSchema } from "../gen/sro/moderation/chat_history_pb.js";
import { callerOf, holdsCapability } from "../platform/auth/caller.js";
import { isCapabilityName, type CapabilityName } from "../platform/auth/capabilities.js";
import { requireRecentSignIn } from "../platform/auth/step-up.js";
import { requireUuid } from "../platform/validation.js";
import {
  actionToProto,
  approvalDecisionInput,
  approvalListQuery,
  APPROVAL_TTL_MS,
  notPendingError,
  ownRequestDenied,
  stateOf,
  stateToProto,
  type ApprovalActionName,
} from "./approval-rules.js";
import { createApprovalStore, type ApprovalRecord, type ApprovalStore, type NewApproval } from "./approval-store.js";
import type { Db } from "../platform/db/database.js";
import type { QueueFigures } from "./queue-counts-store.js";
import type { Tx } from "./tx.js";

/** What an approved action did (kept on the request). */
export interface ApprovalOutcome {
  sanctionId?: string;
  purgedCount?: number;
  moreRemain?: boolean;
}

/** An approved action, checked again and ready to run inside the decision's transaction. */
export interface PreparedAction {
  run(tx: Tx, requester: AuditActor, approver: AuditActor, atMs: number): Promise<ApprovalOutcome>;
  /** After the transaction commits: streams, gates and bans hear of it. */
  announce(): Promise<void>;
}

/** Runs one kind of action: the sanction service's account bans, the chat history's purges (compose.ts). */
export interface ApprovalExecutor {
  /** The stored request checked again by the action's own rules (its subject may be gone: NOT_FOUND). */
  prepare(request: unknown): Promise<PreparedAction>;
}

/** How the services that act file a request instead (sanction-service.ts, chat-history-service.ts). */
export interface ApprovalRequests {
  request(ctx: HandlerContext, approval: NewApproval): Promise<ApprovalRecord>;
}

const APPROVAL = "approval";
const CAPABILITIES: readonly CapabilityName[] = ["sanctions.account-ban", "chat-history.purge", "chat-history.account-purge"];

const auditJson = (a: ApprovalRecord) => ({
  ...a,
  requestedAt: new Date(a.requestedAtMs).toISOString(),
  expiresAt: new Date(a.expiresAtMs).toISOString(),
  decidedAt: a.decidedAtMs === null ? null : new Date(a.decidedAtMs).toISOString(),
});

export function approvalMessage(a: ApprovalRecord, nowMs: number): Approval {
  return create(ApprovalSchema, {
    id: a.id,
    action: actionToProto[a.action],
    state: stateToProto[stateOf(a, nowMs)],
    capability: a.capability,
    requestedById: a.requestedById,
    requestedByName: a.requestedByName,
    reason: a.reason,
    requestedAtMs: BigInt(a.requestedAtMs),
    expiresAtMs: BigInt(a.expiresAtMs),
    sanction: a.action === "account-ban" ? fromJson(IssueSanctionRequestSchema, a.request as JsonValue) : undefined,
    purge: a.action === "purge" ? fromJson(PurgeChatMessagesRequestSchema, a.request as JsonValue) : undefined,
    subjectName: a.subjectName,
    messageCount: BigInt(a.messageCount),
    decidedById: a.decidedById,
    decidedByName: a.decidedByName,
    decidedAtMs: BigInt(a.decidedAtMs ?? 0),
    decisionReason: a.decisionReason,
    sanctionId: a.sanctionId ?? "",
    purgedCount: BigInt(a.purgedCount),
    moreRemain: a.moreRemain,
  });
}

/** The capabilities of CAPABILITIES the caller holds: the requests they see and decide. */
const heldBy = (ctx: HandlerContext) => CAPABILITIES.filter((c) => holdsCapability(ctx, c));

/** GetQueueCounts' approvals figure: pending requests the caller may decide (of their capabilities, not their own). */
export const approvalQueueFigures = (store: ApprovalStore, ctx: HandlerContext, now: () => number = Date.now): Promise<QueueFigures> =>
  store.pendingFigures(heldBy(ctx), callerOf(ctx).sub, now());

/** Files a request with its audit record (approval.request) in one transaction. */
export function createApprovalRequests(store: ApprovalStore, now: () => number = Date.now, ttlMs = APPROVAL_TTL_MS): ApprovalRequests {
  return {
    async request(ctx, approval) {
      const actor = auditActorOf(ctx);
      const atMs = now();
      return store.transaction(async (tx) => {
        const inserted = await store.insert(tx, approval, { id: actor.id, name: actor.name, atMs, expiresAtMs: atMs + ttlMs });
        await appendAudit(tx, actor, { action: "approval.request", targetType: APPROVAL, targetId: inserted.id, after: auditJson(inserted) }, atMs);
        return inserted;
      });
    },
  };
}

/** The store and the request filer compose.ts hands the acting services. */
export function approvalsOf(db: Db, now?: () => number): [ApprovalStore, ApprovalRequests] {
  const store = createApprovalStore(db);
  return [store, createApprovalRequests(store, now)];
}

export interface ApprovalServiceDeps {
  store: ApprovalStore;
  executors: Record<ApprovalActionName, ApprovalExecutor>;
  now?: () => number;
}

/** Thin handlers: request → rules (approval-rules) → the decision and the approved action in one transaction. */
export function createApprovalService(deps: ApprovalServiceDeps) {
  const { store, executors } = deps;
  const now = deps.now ?? Date.now;

  /** A request of a capability the caller does not hold reads as missing: nothing leaks. */
  async function visible(ctx: HandlerContext, id: string): Promise<ApprovalRecord> {
    const found = await store.find(id);
    if (!found || !isCapabilityName(found.capability) || !holdsCapability(ctx, found.capability)) {
      throw new ConnectError(`approval ${id} not found`, Code.NotFound);
    }
    return found;
  }

  const service: ServiceImpl<typeof ApprovalService> = {
    async listApprovals(req, ctx) {
      const nowMs = now();
      const { total, approvals } = await store.list(approvalListQuery(req), heldBy(ctx), nowMs);
      return create(ApprovalsSchema, { total: BigInt(total), approvals: approvals.map((a) => approvalMessage(a, nowMs)) });
    },

    async getApproval(req, ctx) {
      return approvalMessage(await visible(ctx, requireUuid(req.id, "id")), now());
    },

    async decideApproval(req, ctx) {
      const input = approvalDecisionInput(req);
      const before = await visible(ctx, input.approvalId);
      const caller = callerOf(ctx);
      if (before.requestedById === caller.sub) throw ownRequestDenied(before.capability);
      const state = stateOf(before, now());
      if (state !== "pending") throw notPendingError(before.id, state);
      // Approving runs a destructive action: the approver signs in recently, as the requester did.
      const prepared = input.decision === "approved" ? (requireRecentSignIn(caller), await executors[before.action].prepare(before.request)) : undefined;
      const actor = auditActorOf(ctx);
      const requester: AuditActor = { id: before.requestedById, name: before.requestedByName, requestId: actor.requestId, sourceAddress: "" };
      const atMs = now();
      const after = await store.transaction(async (tx) => {
        const decided = await store.decide(tx, before.id, { ...input, atMs, byId: actor.id, byName: actor.name });
        if (!decided) throw notPendingError(before.id, atMs >= before.expiresAtMs ? "expired" : "decided");
        const done = prepared ? await store.outcome(tx, before.id, await prepared.run(tx, requester, actor, atMs)) : decided;
        await appendAudit(
          tx,
          actor,
          {
            action: input.decision === "approved" ? "approval.approve" : "approval.reject",
            targetType: APPROVAL,
            targetId: before.id,
            before: auditJson(before),
            after: auditJson(done),
          },
          atMs,
        );
        return done;
      });
      if (prepared) await prepared.announce();
      return approvalMessage(after, now());
    },
  };

  return { service };
}
