import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from "@connectrpc/connect";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import { auditActorOf } from "../audit/audit-actor.js";
import {
  ChatReportSchema,
  ChatReportsSchema,
  ReportedMessageSchema,
  ReportedMessagesSchema,
  type ChatReport,
  type ReportService,
} from "../gen/sro/moderation/reports_pb.js";
import type { ReportClaimService } from "../gen/sro/moderation/report_claims_pb.js";
import { callerOf } from "../platform/auth/caller.js";
import type { Logger } from "../platform/logger.js";
import {
  outcomeToProto,
  ownMessageError,
  queueQuery,
  reasonToProto,
  reportInput,
  reportLimitError,
  REPORT_WINDOW_MS,
  requireMessageId,
  requireSanctionOnSender,
  resolutionInput,
  type Reason,
} from "./report-rules.js";
import type { ReportedMessageRecord, ReportRecord, ReportStore } from "./report-store.js";
import type { SanctionIssuer } from "./sanction-service.js";
import { needsApproval } from "./approval-rules.js";
import type { SanctionRecord, Tx } from "./sanction-store.js";
import { storedChatMessage, type ModeratedMessage } from "./moderated-message.js";
import type { ReportTriageStore } from "./report-triage-store.js";
import { createReportTriage } from "./report-triage.js";
import { claimMessage, triageMessage } from "./triage-wire.js";
import { levelsReached, type AlertLevel, type Triaged } from "./triage-rules.js";

export const PERMANENT_BAN_WAITS =
  "sanction: a permanent account ban waits for another admin's approval; issue it from the sanctions screen (it is listed under Approvals), then resolve the report";
/** The chat domain's read rule (chat/chat-access.ts requireRead, handed in by compose.ts). */
export interface ChannelReadAccess {
  /** Throws PERMISSION_DENIED unless the caller's own character may read the channel now. */
  requireRead(ctx: HandlerContext, channelId: string, characterId: string): Promise<unknown>;
}

/** What a deletion removed (chat/message-deletion.ts DeletedMessages). */
export interface DeletedMessages {
  ids: string[];
  byChannel: Record<string, string[]>;
}

/**
 * Removing a chat message as one step of a larger write: the chat history's deletion (chat/message-deletion.ts,
 * handed in by compose.ts). Declared here by what we use: services never import each other.
 */
export interface MessageDeleter {
  /** Tombstones the message and appends its audit record in `tx`; undefined when it is gone already. */
  deleteInTransaction(tx: Tx, actor: AuditActor, id: string, reason: string): Promise<DeletedMessages | undefined>;
  /** After the transaction commits: every node's live views drop the messages. Never throws. */
  announce(deleted: DeletedMessages): Promise<void>;
}

export interface ReportServiceDeps {
  store: ReportStore;
  triage: ReportTriageStore;
  readAccess: ChannelReadAccess;
  sanctions: SanctionIssuer;
  messages: MessageDeleter;
  logger: Logger;
  now?: () => number;
  /** A new report, inside the transaction that files it (compose.ts queues its webhooks there). */
  onFiled?: (tx: Tx, report: FiledReport) => Promise<unknown>;
  /** After a new report committed: each alert level it lifted its message to (`levelsReached`), with the triage. */
  onPriorityReached?: (messageId: string, level: AlertLevel, triage: Triaged) => Promise<unknown>;
}

/** What others hear of a report just filed. */
export interface FiledReport {
  id: string;
  messageId: string;
  reason: Reason;
  reporterCharacterName: string;
  messageContent: string;
}

const REPORT = "chat-report";
const REPORTED_MESSAGE = "reported-message";

const notFound = (id: string | number) => new ConnectError(`chat message ${id} not found`, Code.NotFound);

const reportMessage = (r: ReportRecord): ChatReport =>
  create(ChatReportSchema, {
    id: r.id,
    messageId: String(r.messageId),
    reporterCharacterId: r.reporterCharacterId,
    reporterCharacterName: r.reporterCharacterName,
    reporterAccountId: r.reporterAccountId,
    reason: reasonToProto[r.reason],
    details: r.details,
    createdAtMs: BigInt(r.createdAtMs),
    outcome: outcomeToProto(r.outcome),
    resolvedAtMs: BigInt(r.resolvedAtMs ?? 0),
    messageContent: r.messageContent,
  });

function reportedMessage(
  r: ReportedMessageRecord,
  reports: readonly ReportRecord[],
  nowMs: number,
  triage?: Triaged,
  evidence: readonly ModeratedMessage[] = [],
) {
  const open = r.openReports > 0;
  return create(ReportedMessageSchema, {
    triage: open ? triageMessage(triage) : undefined,
    claim: open ? claimMessage(r, nowMs) : undefined,
    message: storedChatMessage(r.message),
    reports: reports.map(reportMessage),
    evidence: evidence.map(storedChatMessage),
    // A message reported again after a resolution is open again.
    outcome: r.openReports > 0 ? outcomeToProto(null) : outcomeToProto(r.outcome),
    resolvedById: r.resolvedById,
    resolvedByName: r.resolvedByName,
    resolvedAtMs: BigInt(r.resolvedAtMs ?? 0),
    resolutionNote: r.resolutionNote,
    sanctionId: r.sanctionId ?? "",
    latestReportMs: BigInt(r.latestReportAtMs),
  });
}

/** The audit record's view of a reported message's state. */
const auditState = (r: ReportedMessageRecord) => ({
  messageId: String(r.message.id),
  openReports: r.openReports,
  outcome: r.outcome,
  resolvedAt: r.resolvedAtMs === null ? null : new Date(r.resolvedAtMs).toISOString(),
  resolvedById: r.resolvedById,
  resolvedByName: r.resolvedByName,
  resolutionNote: r.resolutionNote,
  sanctionId: r.sanctionId,
});

/** Thin handlers: request → rules (report-rules) → store (with its audit record, one transaction) → notices. */
export function createReportService(deps: ReportServiceDeps) {
  const { store, readAccess, sanctions, messages } = deps;
  const now = deps.now ?? Date.now;
  const queue = createReportTriage(store, deps.triage);

  async function detail(messageId: number) {
    const found = await store.reported(messageId);
    if (!found) throw notFound(messageId);
    const nowMs = now();
    const [reports, evidence, triage] = await Promise.all([
      store.reportsOf([messageId]),
      store.evidence(messageId),
      found.openReports > 0 ? queue.one(messageId, nowMs) : undefined,
    ]);
    const [message, ...lines] = await store.withSenderAccounts([found.message, ...evidence]);
    return reportedMessage({ ...found, message: message! }, reports, nowMs, triage, lines);
  }

  const service: ServiceImpl<typeof ReportService> = {
    async reportChatMessage(req, ctx) {
      const input = reportInput(req);
      const caller = callerOf(ctx);
      // Only one's own character, whatever the role: a report speaks for its reporter.
      const character = await store.character(input.characterId);
      if (!character || character.ownerId !== caller.sub) {
        throw new ConnectError("permission denied: you may only report as one of your own characters", Code.PermissionDenied);
      }
      // Unknown, direct, or in a channel this character cannot read: the same NOT_FOUND (nothing leaks).
      const message = await store.channelMessage(input.messageId);
      if (!message) throw notFound(input.messageId);
      try {
        await readAccess.requireRead(ctx, message.channelId, character.id);
      } catch (error) {
        if (error instanceof ConnectError && error.code === Code.PermissionDenied) throw notFound(input.messageId);
        throw error;
      }
      if (message.senderCharacterId === "" || (await store.ownerOf(message.senderCharacterId)) === caller.sub) throw ownMessageError();
      const atMs = now();
      const limited = reportLimitError(await store.filedSince(caller.sub, atMs - REPORT_WINDOW_MS));
      const actor = auditActorOf(ctx);
      const before = deps.onPriorityReached && (await queue.one(message.id, atMs));
      let filed = false as boolean;
      const id = await store.transaction(async (tx) => {
        // A repeat while the first is open returns the first (idempotent: a double click files one report).
        const open = await store.openReportOf(tx, message.id, character.id);
        if (open) return open.id;
        if (limited) throw limited;
        filed = true;
        await store.markReported(tx, message, atMs);
        const reportId = await store.insertReport(tx, {
          messageId: message.id,
          reporterCharacterId: character.id,
          reporterAccountId: caller.sub,
          reason: input.reason,
          details: input.details,
          messageContent: message.content,
          atMs,
        });
        await appendAudit(
          tx,
          actor,
          {
            action: "chat-report.create",
            targetType: REPORT,
            targetId: reportId,
            after: { messageId: String(message.id), reporterCharacterId: character.id, reason: input.reason, details: input.details },
          },
          atMs,
        );
        await deps.onFiled?.(tx, {
          id: reportId,
          messageId: String(message.id),
          reason: input.reason,
          reporterCharacterName: character.name,
          messageContent: message.content,
        });
        return reportId;
      });
      const after = filed && deps.onPriorityReached ? await queue.one(message.id, now()) : undefined;
      for (const level of after ? levelsReached(before?.priority, after.priority) : []) await deps.onPriorityReached?.(String(message.id), level, after!);
      return reportMessage((await store.report(id))!);
    },

    async getMyReports(_req, ctx) {
      const mine = await store.mine(callerOf(ctx).sub);
      return create(ChatReportsSchema, { reports: mine.map(reportMessage) });
    },

    async listReportedMessages(req) {
      const nowMs = now();
      const { total, entries } = await queue.queue(queueQuery(req), nowMs);
      const found = entries.map((e) => e.record);
      const [reports, senders] = await Promise.all([store.reportsOf(found.map((m) => m.message.id)), store.withSenderAccounts(found.map((m) => m.message))]);
      return create(ReportedMessagesSchema, {
        total: BigInt(total),
        messages: entries.map((e, i) =>
          reportedMessage(
            { ...e.record, message: senders[i]! },
            reports.filter((r) => r.messageId === e.record.message.id),
            nowMs,
            e.triage,
          ),
        ),
      });
    },

    async getReportedMessage(req) {
      return detail(requireMessageId(req.id, "id"));
    },

    async resolveReportedMessage(req, ctx) {
      const input = resolutionInput(req);
      const before = await store.reported(input.messageId);
      if (!before) throw notFound(input.messageId);
      if (before.openReports === 0) throw new ConnectError(`chat message ${input.messageId} has no open report`, Code.FailedPrecondition);
      const actor = auditActorOf(ctx);
      let sanction: { input: ReturnType<SanctionIssuer["input"]>; accountId: string } | undefined;
      if (input.outcome === "sanctioned") {
        const sanctionInput = sanctions.input(req.sanction!, ctx);
        const senderAccount = await store.ownerOf(before.message.senderCharacterId);
        requireSanctionOnSender(sanctionInput, { characterId: before.message.senderCharacterId, accountId: senderAccount });
        // Four eyes: a resolution acts at once, so what must wait for another admin cannot come this way.
        if (needsApproval(sanctionInput)) throw new ConnectError(PERMANENT_BAN_WAITS, Code.FailedPrecondition);
        sanction = { input: sanctionInput, accountId: await sanctions.subjectAccount(sanctionInput) };
      }
      const atMs = now();
      let issued: SanctionRecord | undefined;
      let deleted: DeletedMessages | undefined;
      await store.transaction(async (tx) => {
        if (sanction) issued = await sanctions.insert(tx, actor, sanction.input, sanction.accountId, atMs);
        // Deleted already (by the history tool): the wanted state, the resolution still records it.
        if (input.outcome === "deleted") deleted = await messages.deleteInTransaction(tx, actor, String(input.messageId), input.note);
        const note = input.note || (issued ? issued.reason : "");
        const after = await store.resolve(tx, input.messageId, {
          outcome: input.outcome,
          atMs,
          byId: actor.id,
          byName: actor.name,
          note,
          sanctionId: issued?.id ?? null,
        });
        if (!after) throw new ConnectError(`chat message ${input.messageId} has no open report`, Code.FailedPrecondition);
        await appendAudit(
          tx,
          actor,
          {
            action: "reported-message.resolve",
            targetType: REPORTED_MESSAGE,
            targetId: String(input.messageId),
            before: auditState(before),
            after: auditState(after),
          },
          atMs,
        );
      });
      if (issued) await sanctions.announce(issued);
      if (deleted) await messages.announce(deleted);
      return detail(input.messageId);
    },
  };

  // ReportClaimService (proto sro/moderation/report_claims.proto): the same store and detail, another service.
  const claims: ServiceImpl<typeof ReportClaimService> = {
    async claimReportedMessage(req, ctx) {
      const id = requireMessageId(req.id, "id");
      await queue.claim(auditActorOf(ctx), id, now());
      return detail(id);
    },

    async releaseReportedMessageClaim(req, ctx) {
      const id = requireMessageId(req.id, "id");
      await queue.release(auditActorOf(ctx), id, now());
      return detail(id);
    },
  };

  return Object.assign(service, { claims });
}
