import { gt, lt } from "drizzle-orm";
import type { Db } from "../platform/db/database.js";
import { tokenRevocations } from "./schema.js";

/** All of a user's tokens (no sessionId), or one sign-in session's (of clientId's only when set), issued up to atMs. */
export interface TokenRevocation {
  userId: string;
  atMs: number;
  sessionId?: string;
  clientId?: string;
}

/**
 * The revocations the bus announces, kept in the shared database for the nodes that were not listening: one started
 * later, or this one after a restart. Entries older than `keepMs` (longer than any access token lives) are dropped.
 */
export interface TokenRevocationStore {
  record(revocation: TokenRevocation): Promise<void>;
  /** Every revocation of the last `keepMs`, oldest first. */
  recent(): Promise<TokenRevocation[]>;
}

export function createTokenRevocationStore(db: Db, keepMs: number, now: () => number = Date.now): TokenRevocationStore {
  const horizon = () => new Date(now() - keepMs);
  return {
    async record({ userId, atMs, sessionId, clientId }) {
      await db.delete(tokenRevocations).where(lt(tokenRevocations.revokedAt, horizon()));
      await db.insert(tokenRevocations).values({ userId, sessionId: sessionId ?? null, clientId: clientId ?? null, revokedAt: new Date(atMs) });
    },
    async recent() {
      const rows = await db.select().from(tokenRevocations).where(gt(tokenRevocations.revokedAt, horizon())).orderBy(tokenRevocations.revokedAt);
      return rows.map((row) => ({
        userId: row.userId,
        atMs: row.revokedAt.getTime(),
        ...(row.sessionId === null ? {} : { sessionId: row.sessionId }),
        ...(row.clientId === null ? {} : { clientId: row.clientId }),
      }));
    },
  };
}
