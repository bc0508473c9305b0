import type { AppBus } from "./cluster-events.js";
import type { GameBan } from "./gameserver/control-service.js";
import { createUserStore } from "./identity/user-store.js";
import type { AccountDirectory, SanctionEvents } from "./moderation/sanction-service.js";
import type { Database } from "./platform/db/database.js";
import type { Logger } from "./platform/logger.js";
import type { createWebhookStore } from "./webhooks/webhook-store.js";

/** Part of compose.ts: how sanctions reach the bus, the game servers and the webhooks. */

/**
 * Sanctions reach every node over the cluster bus: a ban tells the character's streams (character topics, chat's
 * control watch) to re-check; an account-ban change replaces every node's gate copy and, when tightened, revokes the
 * account's tokens and ends its streams (the hardening issue's user-changed, platform/auth/revocations.ts).
 */
export function sanctionEventsOn(
  bus: AppBus,
  revokeUser: (userId: string, atMs: number) => Promise<void>,
  removeBanned: (ban: GameBan) => Promise<void>,
): SanctionEvents {
  return {
    async sanctioned(characterIds, s) {
      await Promise.all(
        characterIds.map((id) => bus.publish({ kind: "character", id }, { type: "sanctioned", kind: s.kind, scope: s.scope, scopeId: s.scopeId })),
      );
      // An account ban and a ban of scope "game" end the game sessions they cover (a chat ban "everywhere" does not).
      if (s.kind === "ban" && (s.scope === "game" || (s.scope === "everywhere" && s.characterId === null))) {
        await removeBanned({
          sanctionId: s.id,
          target: s.characterId === null ? { ownerId: s.accountId } : { characterIds: [s.characterId] },
          playerMessage: s.playerMessage,
          issuedBy: { id: s.issuedById, name: s.issuedByName },
        });
      }
    },
    async accountBansChanged(accountId, bans, tightenedBy) {
      // The revocation rides on the gate's event: every node ends the account's streams as it hears it, not after the
      // revocation's own write (revokeUser records it for nodes that start later, then announces it again).
      const endStreams = tightenedBy && { sanctionId: tightenedBy.id, issuedAtMs: tightenedBy.issuedAtMs, atMs: Date.now() };
      await bus.publish({ kind: "user", id: accountId }, { type: "account-bans", bans: [...bans], ...(endStreams && { endStreams }) });
      if (endStreams) await revokeUser(accountId, endStreams.atMs);
    },
  };
}

/**
 * An account ban that tightened (a new or longer ban) also goes to the webhooks that asked for it, after its
 * transaction: a failure here is logged and never undoes the ban.
 */
export function withBanWebhooks(events: SanctionEvents, webhooks: ReturnType<typeof createWebhookStore>, db: Database["db"], logger: Logger): SanctionEvents {
  const names = accountDirectory(db);
  return {
    ...events,
    async accountBansChanged(accountId, bans, tightenedBy) {
      await events.accountBansChanged(accountId, bans, tightenedBy);
      const ban = tightenedBy ? [...bans].sort((a, b) => b.issuedAtMs - a.issuedAtMs)[0] : undefined;
      if (!ban) return;
      const accountName = (await names.names([accountId])).get(accountId) ?? "";
      const data = { type: "account.banned" as const, accountId, accountName, sanctionId: ban.id, reason: ban.reason, expiresAtMs: ban.expiresAtMs };
      await webhooks.enqueue(db, "account.banned", data).catch((error: unknown) => logger.error({ err: error, accountId }, "account ban: webhook not queued"));
    },
  };
}

/** Account names from the embedded identity provider's users (same database; empty with an external provider). */
export function accountDirectory(db: Database["db"]): AccountDirectory {
  const users = createUserStore(db);
  return {
    async names(ids) {
      if (ids.length === 0) return new Map();
      const found = await users.list({ ids: [...ids], max: ids.length });
      return new Map(found.map((u) => [u.id, u.username]));
    },
  };
}
