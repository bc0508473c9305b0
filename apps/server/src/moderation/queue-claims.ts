import { Code, ConnectError } from "@connectrpc/connect";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { ClaimRow, ClaimStore } from "./queue-claim-store.js";
import type { Tx } from "./sanction-store.js";
import { CLAIM_IDLE_MS, liveClaim } from "./triage-rules.js";

/**
 * Claim and release for any queue (docs/moderation.md "Triage"): reported messages and appeals differ only in how
 * they name an item, when it is open and where its rows are.
 */

export interface ClaimQueue<K extends string | number> {
  /** The audit target type and action prefix ("reported-message", "appeal"). */
  targetType: string;
  /** How an error names an item ("chat message 12"). */
  name(id: K): string;
  /** Why a closed item cannot be claimed ("has no open report"). */
  closed: string;
  /** The item's state in the transaction, or undefined when there is no such item. */
  item(tx: Tx, id: K): Promise<{ open: boolean; claim: ClaimRow } | undefined>;
  store: ClaimStore<K>;
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

export function createQueueClaims<K extends string | number>(queue: ClaimQueue<K>) {
  const { targetType, store } = queue;
  const claimedError = (id: K, holderName: string) =>
    new ConnectError(`${queue.name(id)} is claimed by ${holderName || "another moderator"}`, Code.FailedPrecondition);
  const notFound = (id: K) => new ConnectError(`${queue.name(id)} not found`, Code.NotFound);

  return {
    /** Claims (or renews) an open item for the actor; another's live claim is FAILED_PRECONDITION naming them. */
    async claim(actor: AuditActor, id: K, atMs: number): Promise<void> {
      await queue.transaction(async (tx) => {
        const before = await queue.item(tx, id);
        if (!before) throw notFound(id);
        if (!before.open) throw new ConnectError(`${queue.name(id)} ${queue.closed}`, Code.FailedPrecondition);
        const took = await store.claim(tx, id, { id: actor.id, name: actor.name, atMs, liveSinceMs: atMs - CLAIM_IDLE_MS });
        if (!took) throw claimedError(id, (await store.claimOf(id, tx))?.claimedByName ?? "");
        const after = { claimedById: actor.id, claimedByName: actor.name, claimedAt: new Date(atMs).toISOString() };
        await appendAudit(tx, actor, { action: `${targetType}.claim`, targetType, targetId: String(id), before: claimState(before.claim), after }, atMs);
      });
    },

    /** Releases the actor's own claim; nothing held is no change; another's live claim is FAILED_PRECONDITION. */
    async release(actor: AuditActor, id: K, atMs: number): Promise<void> {
      await queue.transaction(async (tx) => {
        const before = await queue.item(tx, id);
        if (!before) throw notFound(id);
        const c = before.claim;
        const held = liveClaim({ holderId: c.claimedById, holderName: c.claimedByName, claimedAtMs: c.claimedAtMs }, atMs);
        if (held && held.holderId !== actor.id) throw claimedError(id, held.holderName);
        if (!(await store.release(tx, id, actor.id))) return;
        await appendAudit(tx, actor, { action: `${targetType}.release`, targetType, targetId: String(id), before: claimState(c), after: null }, atMs);
      });
    },
  };
}

const claimState = (c: ClaimRow) => ({
  claimedById: c.claimedById,
  claimedByName: c.claimedByName,
  claimedAt: c.claimedAtMs === null ? null : new Date(c.claimedAtMs).toISOString(),
});

export type QueueClaims<K extends string | number> = ReturnType<typeof createQueueClaims<K>>;
