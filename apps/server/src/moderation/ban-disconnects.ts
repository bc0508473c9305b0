import { sql } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import type { Logger } from "../platform/logger.js";
import { sanctionDisconnects } from "./disconnect-schema.js";

/** When this node's last open stream of an account ended, at or after sinceMs (undefined: it had none); compose.ts hands it in. */
export type LastStreamEnded = (accountId: string, sinceMs: number) => Promise<number | undefined>;

/** Each node raises the sanction's last stream end to its own: the row ends up with the latest over the nodes. */
export function createBanDisconnectStore(db: Db) {
  return {
    async record(sanctionId: string, issuedAtMs: number, endedAtMs: number): Promise<void> {
      await db
        .insert(sanctionDisconnects)
        .values({ sanctionId, issuedAt: new Date(issuedAtMs), lastStreamEndedAt: new Date(endedAtMs) })
        .onConflictDoUpdate({
          target: sanctionDisconnects.sanctionId,
          set: { lastStreamEndedAt: sql`greatest(${sanctionDisconnects.lastStreamEndedAt}, excluded.last_stream_ended_at)` },
        });
    },
  };
}

export type BanDisconnectStore = ReturnType<typeof createBanDisconnectStore>;

/**
 * Ban to disconnect on one node: told of an account ban that ends the account's streams (the account-bans event on
 * every node, compose.ts), it waits for the last of the account's streams here to end and records when. A node where
 * the account had no stream records nothing; a failed write is logged and changes nothing else.
 */
export function createBanDisconnects(deps: { lastStreamEnded: LastStreamEnded; store: BanDisconnectStore; logger: Logger }) {
  return {
    async heard(sanctionId: string, accountId: string, issuedAtMs: number): Promise<void> {
      const endedAtMs = await deps.lastStreamEnded(accountId, issuedAtMs);
      if (endedAtMs === undefined) return;
      await deps.store
        .record(sanctionId, issuedAtMs, Math.max(endedAtMs, issuedAtMs))
        .catch((error: unknown) => deps.logger.error({ err: error, sanctionId }, "ban to disconnect: not recorded"));
    },
  };
}

export type BanDisconnects = ReturnType<typeof createBanDisconnects>;
