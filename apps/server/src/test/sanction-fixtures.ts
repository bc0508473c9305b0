import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { sanctions } from "../moderation/schema.js";
import type { Db } from "../platform/db/database.js";

/** A sanction written straight to its table (as another node, a script or an older release would). */
export async function insertSanction(
  db: Db,
  s: {
    kind?: "mute" | "ban";
    scope?: "channel" | "dimension" | "everywhere";
    scopeId?: string | null;
    characterId?: string | null;
    accountId: string;
    expiresAt?: Date | null;
    reason?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db.insert(sanctions).values({
    id,
    kind: s.kind ?? "ban",
    scope: s.scope ?? "channel",
    scopeId: s.scopeId ?? null,
    characterId: s.characterId ?? null,
    accountId: s.accountId,
    issuedAt: new Date(),
    expiresAt: s.expiresAt ?? null,
    reason: s.reason ?? "test",
    issuedById: "test",
    issuedByName: "test",
  });
  return id;
}

export async function revokeSanctionRow(db: Db, id: string): Promise<void> {
  await db.update(sanctions).set({ revokedAt: new Date(), revokeReason: "test" }).where(eq(sanctions.id, id));
}
