import { create, fromJson, toJson, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import {
  ChatMessagePageSchema,
  DeletedChatMessagesSchema,
  PurgeChatMessagesRequestSchema,
  type ChatHistoryService,
} from "../gen/sro/moderation/chat_history_pb.js";
import { holdsCapability } from "../platform/auth/caller.js";
import { requireMessageId } from "../chat/stored-messages.js";
import { deletionReason, pageToken, purgeTarget, searchQuery } from "./history-rules.js";
import type { HistoryStore } from "./history-store.js";
import { storedChatMessage } from "./moderated-message.js";
import { withinSearchTime } from "../platform/db/search-time-limit.js";
import { MAX_PURGE_PER_CALL, type DeletedMessages, type MessageDeletion, type PurgedMessages, type PurgeTarget } from "./message-deletion.js";
import type { ApprovalExecutor, ApprovalRequests } from "./approval-service.js";
import type { AccountDirectory } from "./sanction-service.js";
import { PURGE_APPROVAL_THRESHOLD, purgeCapability } from "./approval-rules.js";

export interface ChatHistoryServiceDeps {
  store: HistoryStore;
  deletion: MessageDeletion;
  /** How long one search may read (config CHAT_SEARCH_TIMEOUT_SECONDS). */
  searchTimeoutMs: number;
  /** Four eyes: a purge of more than `purgeThreshold` messages waits here (docs/moderation.md "Approvals"). */
  approvals?: ApprovalRequests;
  /** Default PURGE_APPROVAL_THRESHOLD. */
  purgeThreshold?: number;
  /** Names an account purge's request by the account's username. */
  accounts?: AccountDirectory;
}

/** A purge of every character of an account reaches as far as an account ban: admins only, like account bans. */
export const accountPurgeDenied = () => new ConnectError("permission denied: only admins purge the messages of a whole account", Code.PermissionDenied);

const toDeleted = (d: DeletedMessages & { moreRemain?: boolean }) =>
  create(DeletedChatMessagesSchema, { count: BigInt(d.ids.length), messageIds: d.ids, moreRemain: d.moreRemain ?? false });

/**
 * sro.moderation.ChatHistoryService (docs/moderation.md "History, deletion and purge"): staff browse stored channel
 * messages across channels, delete one (a tombstone) or purge a sender. Thin handlers: rules → store/deletion.
 */
export function createChatHistoryService(deps: ChatHistoryServiceDeps) {
  const { store, deletion } = deps;
  const threshold = deps.purgeThreshold ?? PURGE_APPROVAL_THRESHOLD;

  /** The target exists (NOT_FOUND); its name, what an approval request shows (empty: an account the directory lacks). */
  async function requireTarget(target: PurgeTarget): Promise<string> {
    if (target.accountId !== null) {
      if (!(await store.accountHasCharacters(target.accountId))) throw new ConnectError(`account ${target.accountId} has no characters`, Code.NotFound);
      return (await deps.accounts?.names([target.accountId]))?.get(target.accountId) ?? "";
    }
    const name = await store.characterName(target.characterId!);
    if (name === undefined) throw new ConnectError(`character ${target.characterId} not found`, Code.NotFound);
    return name;
  }

  /** An approved purge: the same rules again, run in the decision's transaction with the approver as its actor. */
  const approvedPurges: ApprovalExecutor = {
    async prepare(stored) {
      const req = fromJson(PurgeChatMessagesRequestSchema, stored as JsonValue);
      const target = purgeTarget(req);
      const reason = deletionReason(req.reason);
      await requireTarget(target);
      let deleted: PurgedMessages | undefined;
      return {
        async run(tx, _requester, approver) {
          deleted = await deletion.purgeInTransaction(tx, approver, target, reason);
          return { purgedCount: deleted.ids.length, moreRemain: deleted.moreRemain };
        },
        async announce() {
          if (deleted && deleted.ids.length > 0) await deletion.announce(deleted);
        },
      };
    },
  };

  const service: ServiceImpl<typeof ChatHistoryService> = {
    async searchChatMessages(req, ctx) {
      const query = searchQuery(req);
      const rows = await withinSearchTime(deps.searchTimeoutMs, ctx.timeoutMs(), (timeoutMs) => store.search(query, timeoutMs));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return create(ChatMessagePageSchema, {
        messages: page.map(storedChatMessage),
        nextPageToken: rows.length > query.limit && last ? pageToken({ sentAtMs: last.sentAtMs, id: last.id }) : "",
      });
    },

    async deleteChatMessage(req, ctx) {
      const id = requireMessageId(req.id);
      const reason = deletionReason(req.reason);
      const deleted = await deletion.deleteMessage(auditActorOf(ctx), id, reason);
      // Already deleted reads as missing: the text is gone either way, and the first deletion's record stands.
      if (!deleted) throw new ConnectError(`chat message ${id} not found`, Code.NotFound);
      return toDeleted(deleted);
    },

    async purgeChatMessages(req, ctx) {
      const target = purgeTarget(req);
      const reason = deletionReason(req.reason);
      if (target.accountId !== null && !holdsCapability(ctx, "chat-history.account-purge")) throw accountPurgeDenied();
      const subjectName = await requireTarget(target);
      if (deps.approvals) {
        const matching = await store.countPurgeable(target, Math.max(threshold + 1, MAX_PURGE_PER_CALL));
        if (matching > threshold) {
          const pending = await deps.approvals.request(ctx, {
            action: "purge",
            capability: purgeCapability(target),
            request: toJson(PurgeChatMessagesRequestSchema, req),
            reason,
            subjectName,
            messageCount: matching,
          });
          // count 0: nothing was deleted yet, whatever the client makes of the new field.
          return create(DeletedChatMessagesSchema, { count: 0n, pendingApprovalId: pending.id });
        }
      }
      return toDeleted(await deletion.purge(auditActorOf(ctx), target, reason));
    },
  };

  return { service, approvedPurges };
}
