import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { appendAudit } from "../audit/audit-trail.js";
import { auditActorOf } from "../audit/audit-actor.js";
import { AppealDetailSchema, AppealSchema, AppealsSchema, type Appeal, type AppealService } from "../gen/sro/moderation/appeals_pb.js";
import type { AppealClaimService } from "../gen/sro/moderation/appeal_claims_pb.js";
import type { Sanction } from "../gen/sro/moderation/moderation_pb.js";
import { callerOf } from "../platform/auth/caller.js";
import { requireUuid } from "../platform/validation.js";
import {
  alreadyAppealedError,
  alreadyDecidedError,
  appealInput,
  appealQueueQuery,
  decisionInput,
  decisionToProto,
  notActiveError,
  reasonToProto,
  requireNotIssuer,
  requireShorter,
} from "./appeal-rules.js";
import type { AppealRecord, AppealStore } from "./appeal-store.js";
import { storedChatMessage } from "./moderated-message.js";
import { isActive } from "./sanction-facts.js";
import { isAccountBan } from "./moderation-rules.js";
import { withoutStaff } from "./sanction-message.js";
import type { SanctionChanger } from "./sanction-service.js";
import type { NamedSanction, SanctionRecord } from "./sanction-store.js";
import { claimMessage, triageMessage } from "./triage-wire.js";
import { createQueueClaims } from "./queue-claims.js";
import { byPriorityThenAge, triageAppeal } from "./triage-rules.js";

/** Who else may decide appeals (compose.ts reads the embedded identity provider's accounts and the role mappings). */
export interface AppealDeciders {
  /** True when an account other than `accountId` holds appeals.decide (and, for `accountBan`, sanctions.account-ban). */
  othersThan(accountId: string, accountBan: boolean): Promise<boolean>;
}

export interface AppealServiceDeps {
  store: AppealStore;
  sanctions: SanctionChanger;
  deciders: AppealDeciders;
  now?: () => number;
}

const APPEAL = "appeal";

const notFound = (what: string, id: string) => new ConnectError(`${what} ${id} not found`, Code.NotFound);

const auditJson = ({ claimedById: _id, claimedByName: _name, claimedAtMs: _at, ...a }: AppealRecord) => ({
  ...a,
  filedAt: new Date(a.filedAtMs).toISOString(),
  decidedAt: a.decidedAtMs === null ? null : new Date(a.decidedAtMs).toISOString(),
  newExpiresAt: a.newExpiresAtMs === null ? null : new Date(a.newExpiresAtMs).toISOString(),
});

/**
 * An appeal's wire form; for the player (`forPlayer`, `nowMs` absent) without who decided or claims it and without
 * staff in the sanction; for staff with its live claim while it is open.
 */
function appealMessage(a: AppealRecord, sanction: Sanction | undefined, forPlayer: boolean, nowMs?: number): Appeal {
  return create(AppealSchema, {
    id: a.id,
    sanctionId: a.sanctionId,
    accountId: a.accountId,
    accountName: a.accountName,
    reason: reasonToProto[a.reason],
    text: a.text,
    filedAtMs: BigInt(a.filedAtMs),
    decision: decisionToProto(a.decision),
    decidedAtMs: BigInt(a.decidedAtMs ?? 0),
    decisionReason: a.decisionReason,
    decidedById: forPlayer ? "" : a.decidedById,
    decidedByName: forPlayer ? "" : a.decidedByName,
    newExpiresAtMs: BigInt(a.newExpiresAtMs ?? 0),
    sanction: sanction && (forPlayer ? withoutStaff(sanction) : sanction),
    claim: forPlayer || nowMs === undefined || a.decision !== null ? undefined : claimMessage(a, nowMs),
  });
}

/** Thin handlers: request → rules (appeal-rules) → store and the sanction service (one transaction, audited). */
export function createAppealService(deps: AppealServiceDeps) {
  const { store, sanctions, deciders } = deps;
  const now = deps.now ?? Date.now;

  async function sanctionOf(id: string): Promise<NamedSanction> {
    const found = await sanctions.find(id);
    if (!found) throw notFound("sanction", id);
    return found;
  }

  async function staffMessages(list: readonly AppealRecord[], nowMs = now()): Promise<Appeal[]> {
    const found = (await Promise.all([...new Set(list.map((a) => a.sanctionId))].map((id) => sanctions.find(id)))).filter((s) => s !== undefined);
    const messages = await sanctions.messages(found);
    const byId = new Map(messages.map((m) => [m.id, m]));
    return list.map((a) => appealMessage(a, byId.get(a.sanctionId), false, nowMs));
  }

  async function detail(appeal: AppealRecord) {
    const sanction = await sanctionOf(appeal.sanctionId);
    const [evidence, history] = await Promise.all([store.evidence(sanction.id), sanctions.history(sanction.accountId)]);
    const [message, ...others] = await sanctions.messages([sanction, ...history.filter((s) => s.id !== sanction.id)]);
    return create(AppealDetailSchema, {
      appeal: appealMessage(appeal, message, false, now()),
      evidence: (evidence?.messages ?? []).map(storedChatMessage),
      reportedMessageId: evidence?.fromReport ? evidence.sourceMessageId : "",
      history: others,
    });
  }

  /** Checks who may decide and what the decision may do to the sanction, before anything is written. */
  async function requireMayDecide(ctx: HandlerContext, sanction: NamedSanction, shortenTo: number | null, revoke: boolean): Promise<void> {
    sanctions.requireMayChange(sanction, ctx);
    const deciderId = callerOf(ctx).sub;
    if (sanction.issuedById === deciderId) requireNotIssuer(sanction.issuedById, deciderId, await deciders.othersThan(deciderId, isAccountBan(sanction)));
    if (shortenTo !== null) {
      if (!isActive(sanction, now())) throw new ConnectError(`sanction ${sanction.id} is no longer active: it cannot be shortened`, Code.FailedPrecondition);
      requireShorter(shortenTo, sanction.expiresAtMs);
    }
    if (revoke && sanction.revokedAtMs !== null) throw new ConnectError(`sanction ${sanction.id} is already revoked`, Code.FailedPrecondition);
  }

  const service: ServiceImpl<typeof AppealService> = {
    async fileAppeal(req, ctx) {
      const input = appealInput(req);
      const caller = callerOf(ctx);
      // Foreign and unknown sanctions answer alike: nothing leaks.
      const own = (await sanctions.mine(caller.sub)).find((s) => s.id === input.sanctionId);
      if (!own) throw notFound("sanction", input.sanctionId);
      const atMs = now();
      if (!isActive(own, atMs)) throw notActiveError(own.id);
      const actor = auditActorOf(ctx);
      const filed = await store.transaction(async (tx) => {
        const inserted = await store.insert(tx, input, { accountId: caller.sub, accountName: caller.username, atMs });
        if (!inserted) throw alreadyAppealedError(own.id);
        await appendAudit(tx, actor, { action: "appeal.file", targetType: APPEAL, targetId: inserted.id, after: auditJson(inserted) }, atMs);
        return inserted;
      });
      const [message] = await sanctions.messages([own]);
      return appealMessage(filed, message, true);
    },

    async getMyAppeals(_req, ctx) {
      const accountId = callerOf(ctx).sub;
      const [appeals, mine] = await Promise.all([store.ofAccount(accountId), sanctions.mine(accountId)]);
      const messages = new Map((await sanctions.messages(mine)).map((m) => [m.id, m]));
      return create(AppealsSchema, {
        total: BigInt(appeals.length),
        appeals: appeals.map((a) => appealMessage(a, messages.get(a.sanctionId), true)),
      });
    },

    async listAppeals(req) {
      const query = appealQueueQuery(req);
      // One account's appeals (the player page): newest first, as they were.
      if (query.accountId !== undefined) {
        const { total, appeals } = await store.queue(query);
        return create(AppealsSchema, { total: BigInt(total), appeals: await staffMessages(appeals) });
      }
      const nowMs = now();
      const open = (await store.openFacts()).map((f) => ({ id: f.id, sinceMs: f.filedAtMs, triage: triageAppeal(f, nowMs) })).sort(byPriorityThenAge);
      const page = open.slice(query.offset, query.offset + query.limit);
      const appeals = await store.byIds(page.map((o) => o.id));
      const messages = (await staffMessages(appeals, nowMs)).map((m, i) => ({ ...m, triage: triageMessage(page[i]!.triage) }));
      if (!query.includeDecided) return create(AppealsSchema, { total: BigInt(open.length), appeals: messages });
      const decided = await store.decidedPage(query.limit - messages.length, Math.max(0, query.offset - open.length));
      return create(AppealsSchema, { total: BigInt(open.length + decided.total), appeals: [...messages, ...(await staffMessages(decided.appeals))] });
    },

    async getAppeal(req) {
      const id = requireUuid(req.id, "id");
      const appeal = await store.find(id);
      if (!appeal) throw notFound("appeal", id);
      return detail(appeal);
    },

    async decideAppeal(req, ctx) {
      const input = decisionInput(req, now());
      const appeal = await store.find(input.appealId);
      if (!appeal) throw notFound("appeal", input.appealId);
      if (appeal.decision !== null) throw alreadyDecidedError(appeal.id);
      const sanction = await sanctionOf(appeal.sanctionId);
      await requireMayDecide(ctx, sanction, input.newExpiresAtMs, input.decision === "revoked");
      const actor = auditActorOf(ctx);
      const atMs = now();
      const changed = await store.transaction(async (tx) => {
        const decided = await store.decide(tx, appeal.id, { ...input, atMs, byId: actor.id, byName: actor.name });
        if (!decided) throw alreadyDecidedError(appeal.id);
        let record: SanctionRecord | undefined;
        if (input.decision === "revoked") record = await sanctions.revokeIn(tx, actor, sanction, input.reason, atMs);
        if (input.decision === "shortened") record = await sanctions.shortenIn(tx, actor, sanction, input.newExpiresAtMs!, atMs);
        await appendAudit(
          tx,
          actor,
          { action: "appeal.decide", targetType: APPEAL, targetId: appeal.id, before: auditJson(appeal), after: auditJson(decided) },
          atMs,
        );
        return record;
      });
      if (changed) await sanctions.announce(changed);
      return detail((await store.find(appeal.id))!);
    },
  };

  // AppealClaimService (proto sro/moderation/appeal_claims.proto): the reports' claim rule (queue-claims.ts).
  const queueClaims = createQueueClaims<string>({
    targetType: APPEAL,
    name: (id) => `appeal ${id}`,
    closed: "is already decided",
    async item(tx, id) {
      const a = await store.find(id, tx);
      return a && { open: a.decision === null, claim: a };
    },
    store: store.claims,
    transaction: store.transaction,
  });

  /** The appeal as the queue shows it: with its triage and claim while open. */
  async function queueEntry(id: string): Promise<Appeal> {
    const nowMs = now();
    const [appeal, [facts]] = await Promise.all([store.find(id), store.openFacts(id)]);
    if (!appeal) throw notFound("appeal", id);
    const [message] = await staffMessages([appeal], nowMs);
    return { ...message!, triage: triageMessage(facts && triageAppeal(facts, nowMs)) };
  }

  const claims: ServiceImpl<typeof AppealClaimService> = {
    async claimAppeal(req, ctx) {
      const id = requireUuid(req.id, "id");
      await queueClaims.claim(auditActorOf(ctx), id, now());
      return queueEntry(id);
    },

    async releaseAppealClaim(req, ctx) {
      const id = requireUuid(req.id, "id");
      await queueClaims.release(auditActorOf(ctx), id, now());
      return queueEntry(id);
    },
  };

  return Object.assign(service, { claims });
}
