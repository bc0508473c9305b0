import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import { ChatMessagePageSchema, DeletedChatMessagesSchema, type ChatHistoryService } from "../gen/sro/moderation/chat_history_pb.js";
import { holdsCapability } from "../platform/auth/caller.js";
import { requireMessageId } from "../chat/stored-messages.js";
import { deletionReason, pageToken, purgeTarget, searchQuery } from "./history-rules.js";
import type { HistoryStore } from "./history-store.js";
import { storedChatMessage } from "./moderated-message.js";
import { withinSearchTime } from "../platform/db/search-time-limit.js";
import type { DeletedMessages, MessageDeletion } from "./message-deletion.js";

export interface ChatHistoryServiceDeps {
  store: HistoryStore;
  deletion: MessageDeletion;
  /** How long one search may read (config CHAT_SEARCH_TIMEOUT_SECONDS). */
  searchTimeoutMs: number;
}

/** A purge of every character of an account reaches as far as an account ban: admins only, like account bans. */
export const accountPurgeDenied = () => new ConnectError("permission denied: only admins purge the messages of a whole account", Code.PermissionDenied);

const toDeleted = (d: DeletedMessages & { moreRemain?: boolean }) =>
  create(DeletedChatMessagesSchema, { count: BigInt(d.ids.length), messageIds: d.ids, moreRemain: d.moreRemain ?? false });

/**
 * sro.moderation.ChatHistoryService (docs/moderation.md "History, deletion and purge"): staff browse stored channel
 * messages across channels, delete one (a tombstone) or purge a sender. Thin handlers: rules → store/deletion.
 */
export function createChatHistoryService(deps: ChatHistoryServiceDeps): ServiceImpl<typeof ChatHistoryService> {
  const { store, deletion } = deps;
  return {
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
      if (target.accountId !== null) {
        if (!holdsCapability(ctx, "chat-history.account-purge")) throw accountPurgeDenied();
        if (!(await store.accountHasCharacters(target.accountId))) throw new ConnectError(`account ${target.accountId} has no characters`, Code.NotFound);
      } else if (!(await store.characterExists(target.characterId!))) {
        throw new ConnectError(`character ${target.characterId} not found`, Code.NotFound);
      }
      return toDeleted(await deletion.purge(auditActorOf(ctx), target, reason));
    },
  };
}
