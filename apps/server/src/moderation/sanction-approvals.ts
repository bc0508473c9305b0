import { create, fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import type { HandlerContext } from "@connectrpc/connect";
import type { AuditActor } from "../audit/audit-trail.js";
import { IssueSanctionRequestSchema, SanctionSchema, type IssueSanctionRequest, type Sanction } from "../gen/sro/moderation/moderation_pb.js";
import { callerOf } from "../platform/auth/caller.js";
import type { ApprovalExecutor, ApprovalRequests } from "./approval-service.js";
import { issueInput, type SanctionInput } from "./moderation-rules.js";
import { requireSourceFits, sourceMessageIdOf, type SourceMessage } from "./sanction-evidence-rules.js";
import { kindToProto } from "./sanction-message.js";
import type { AccountDirectory } from "./sanction-service.js";
import type { SanctionRecord, SanctionStore, Tx } from "./sanction-store.js";

export interface SanctionApprovalsDeps {
  store: SanctionStore;
  accounts: AccountDirectory;
  now: () => number;
  subjectAccount(input: SanctionInput): Promise<string>;
  insertWithAudit(
    tx: Tx,
    actor: AuditActor,
    input: SanctionInput,
    accountId: string,
    atMs: number,
    source: SourceMessage | null,
    approver: AuditActor,
  ): Promise<SanctionRecord>;
  announce(record: SanctionRecord): Promise<void>;
}

/**
 * Four eyes for permanent account bans (docs/moderation.md "Approvals"): IssueSanction files the ban as a request
 * (checked as issuing would check it), and an approval issues it by the same rules, named after its requester.
 */
export function createSanctionApprovals(deps: SanctionApprovalsDeps) {
  const { store, accounts, now } = deps;

  /** Files the ban for another admin; the answer names the request (pending_approval_id) and issues nothing. */
  async function request(
    approvals: ApprovalRequests,
    req: IssueSanctionRequest,
    input: SanctionInput,
    source: { id: number; mayReadDirect: boolean } | undefined,
    ctx: HandlerContext,
  ): Promise<Sanction> {
    const accountId = await deps.subjectAccount(input);
    if (source) requireSourceFits(await store.evidence.source(source.id), source.id, input, accountId, source.mayReadDirect);
    const name = (await accounts.names([accountId])).get(accountId) ?? "";
    const pending = await approvals.request(ctx, {
      action: "account-ban",
      capability: "sanctions.account-ban",
      request: toJson(IssueSanctionRequestSchema, req),
      reason: input.reason,
      subjectName: name,
      messageCount: 0,
    });
    const caller = callerOf(ctx);
    // No id and not active: a client that does not know pending_approval_id cannot take it for an issued ban.
    return create(SanctionSchema, {
      kind: kindToProto[input.kind],
      accountId,
      accountName: name,
      reason: input.reason,
      playerMessage: input.playerMessage,
      issuedById: caller.sub,
      issuedByName: caller.username,
      active: false,
      pendingApprovalId: pending.id,
    });
  }

  const executor: ApprovalExecutor = {
    async prepare(stored) {
      const req = fromJson(IssueSanctionRequestSchema, stored as JsonValue);
      const input = issueInput(req, now());
      const accountId = await deps.subjectAccount(input);
      const sourceId = sourceMessageIdOf(req.sourceMessageId);
      // Its source was checked against the requester's reach when it was requested.
      const source = sourceId === null ? null : requireSourceFits(await store.evidence.source(sourceId), sourceId, input, accountId, true);
      let record: SanctionRecord | undefined;
      return {
        async run(tx, requester, approver, atMs) {
          record = await deps.insertWithAudit(tx, requester, input, accountId, atMs, source, approver);
          return { sanctionId: record.id };
        },
        async announce() {
          if (record) await deps.announce(record);
        },
      };
    },
  };

  return { request, executor };
}
