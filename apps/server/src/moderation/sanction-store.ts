import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { chatChannels } from "../chat/schema.js";
import { dimensions } from "../gameserver/schema.js";
import type { Db } from "../platform/db/database.js";
import type { SanctionFact } from "./sanction-message.js";
import { DEFAULT_SETTINGS, type Kind, type ListQuery, type SanctionInput, type Scope, type Settings } from "./moderation-rules.js";
import { moderationSettings, sanctions } from "./schema.js";
import { createSanctionEvidenceStore } from "./sanction-evidence-store.js";
import type { Tx } from "./tx.js";
import { withSenderAccounts, type ModeratedMessage } from "./moderated-message.js";

/** Every SQL statement of the sanction service. Knows rows, not requests, tokens or status codes. */

/** A stored sanction, revocation included. */
export interface SanctionRecord extends SanctionFact {
  revokedAtMs: number | null;
  revokedById: string;
  revokedByName: string;
  revokeReason: string;
  /** The chat message it was issued from (its own evidence); null when none. */
  sourceMessageId: number | null;
  /** Who approved it (docs/moderation.md "Approvals"); empty when it needed no approval. */
  approvedById: string;
  approvedByName: string;
}

/** A record with the display names a list shows (empty when unknown). */
export interface NamedSanction extends SanctionRecord {
  characterName: string;
  scopeName: string;
}

export type { Tx } from "./tx.js";

const columns = {
  id: sanctions.id,
  kind: sanctions.kind,
  scope: sanctions.scope,
  scopeId: sanctions.scopeId,
  characterId: sanctions.characterId,
  accountId: sanctions.accountId,
  issuedAt: sanctions.issuedAt,
  expiresAt: sanctions.expiresAt,
  reason: sanctions.reason,
  playerMessage: sanctions.playerMessage,
  issuedById: sanctions.issuedById,
  issuedByName: sanctions.issuedByName,
  revokedAt: sanctions.revokedAt,
  revokedById: sanctions.revokedById,
  revokedByName: sanctions.revokedByName,
  revokeReason: sanctions.revokeReason,
  sourceMessageId: sanctions.sourceMessageId,
  approvedById: sanctions.approvedById,
  approvedByName: sanctions.approvedByName,
};

type Row = { [K in keyof typeof columns]: (typeof sanctions.$inferSelect)[K] };

const toRecord = (r: Row): SanctionRecord => ({
  id: r.id,
  kind: r.kind as Kind,
  scope: r.scope as Scope,
  scopeId: r.scopeId,
  characterId: r.characterId,
  accountId: r.accountId,
  issuedAtMs: r.issuedAt.getTime(),
  expiresAtMs: r.expiresAt?.getTime() ?? null,
  reason: r.reason,
  playerMessage: r.playerMessage,
  issuedById: r.issuedById,
  issuedByName: r.issuedByName,
  revokedAtMs: r.revokedAt?.getTime() ?? null,
  revokedById: r.revokedById,
  revokedByName: r.revokedByName,
  revokeReason: r.revokeReason,
  sourceMessageId: r.sourceMessageId,
  approvedById: r.approvedById,
  approvedByName: r.approvedByName,
});

const named = { ...columns, characterName: characters.name, channelName: chatChannels.name, dimensionName: dimensions.name };

/** Not revoked and not expired at `now`. */
const activeAt = (now: Date) => and(isNull(sanctions.revokedAt), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)));
const endedAt = (now: Date) => or(isNotNull(sanctions.revokedAt), lte(sanctions.expiresAt, now));

export function createSanctionStore(db: Db) {
  function namedSelect() {
    return db
      .select(named)
      .from(sanctions)
      .leftJoin(characters, eq(characters.id, sanctions.characterId))
      .leftJoin(chatChannels, and(eq(sanctions.scope, "channel"), eq(chatChannels.id, sanctions.scopeId)))
      .leftJoin(dimensions, and(eq(sanctions.scope, "dimension"), eq(dimensions.id, sanctions.scopeId)));
  }
  const toNamed = (r: Row & { characterName: string | null; channelName: string | null; dimensionName: string | null }): NamedSanction => ({
    ...toRecord(r),
    characterName: r.characterName ?? "",
    scopeName: r.channelName ?? r.dimensionName ?? "",
  });

  async function page(where: SQL | undefined, limit: number, offset: number): Promise<{ total: number; sanctions: NamedSanction[] }> {
    const [totalRow] = await db.select({ total: count() }).from(sanctions).where(where);
    const total = Number(totalRow?.total ?? 0);
    if (limit === 0 || offset >= total) return { total, sanctions: [] };
    const rows = await namedSelect().where(where).orderBy(desc(sanctions.issuedAt), desc(sanctions.id)).limit(limit).offset(offset);
    return { total, sanctions: rows.map(toNamed) };
  }

  return {
    /** Sanctions' evidence: frozen from a chat line, or a report's. */
    evidence: createSanctionEvidenceStore(db),
    /** The messages with their senders' owners (the player page's links). */
    withSenderAccounts: <T extends ModeratedMessage>(messages: readonly T[]) => withSenderAccounts(db, messages),

    /** A live character's owner and name (the character service owns the table; we only read it). */
    async character(id: string): Promise<{ id: string; ownerId: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: characters.id, ownerId: characters.ownerId, name: characters.name })
        .from(characters)
        .where(and(eq(characters.id, id), isNull(characters.deletedAt)));
      return row;
    },

    /** Live characters of an account: their streams hear of an account-wide sanction. */
    async characterIdsOf(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ id: characters.id })
        .from(characters)
        .where(and(eq(characters.ownerId, accountId), isNull(characters.deletedAt)));
      return rows.map((r) => r.id);
    },

    /** True when any character (even a deleted one) was ever owned by the account: it is known to the game. */
    async ownsAnyCharacter(accountId: string): Promise<boolean> {
      const [row] = await db.select({ id: characters.id }).from(characters).where(eq(characters.ownerId, accountId)).limit(1);
      return row !== undefined;
    },

    async scopeName(scope: Scope, id: string): Promise<string | undefined> {
      if (scope === "channel") {
        const [row] = await db
          .select({ name: chatChannels.name })
          .from(chatChannels)
          .where(and(eq(chatChannels.id, id), isNull(chatChannels.deletedAt)));
        return row?.name;
      }
      const [row] = await db
        .select({ name: dimensions.name })
        .from(dimensions)
        .where(and(eq(dimensions.id, id), isNull(dimensions.deletedAt)));
      return row?.name;
    },

    async insert(
      tx: Tx,
      input: SanctionInput & { accountId: string; sourceMessageId?: number | null },
      issued: { atMs: number; byId: string; byName: string; approvedById?: string; approvedByName?: string },
    ): Promise<SanctionRecord> {
      const [row] = await tx
        .insert(sanctions)
        .values({
          id: randomUUID(),
          kind: input.kind,
          scope: input.scope,
          scopeId: input.scopeId,
          characterId: input.characterId,
          accountId: input.accountId,
          issuedAt: new Date(issued.atMs),
          expiresAt: input.expiresAtMs === null ? null : new Date(input.expiresAtMs),
          reason: input.reason,
          playerMessage: input.playerMessage,
          issuedById: issued.byId,
          issuedByName: issued.byName,
          approvedById: issued.approvedById ?? "",
          approvedByName: issued.approvedByName ?? "",
          sourceMessageId: input.sourceMessageId ?? null,
        })
        .returning(columns);
      return toRecord(row!);
    },

    async find(id: string): Promise<NamedSanction | undefined> {
      const [row] = await namedSelect().where(eq(sanctions.id, id));
      return row && toNamed(row);
    },

    /** Revokes a sanction that is not revoked yet; undefined when it is (or is gone). */
    async revoke(tx: Tx, id: string, revoked: { atMs: number; byId: string; byName: string; reason: string }): Promise<SanctionRecord | undefined> {
      const [row] = await tx
        .update(sanctions)
        .set({ revokedAt: new Date(revoked.atMs), revokedById: revoked.byId, revokedByName: revoked.byName, revokeReason: revoked.reason })
        .where(and(eq(sanctions.id, id), isNull(sanctions.revokedAt)))
        .returning(columns);
      return row && toRecord(row);
    },

    /** Moves an active sanction's end earlier: only while not revoked and ending later than `expiresAtMs` (or never). */
    async shorten(tx: Tx, id: string, expiresAtMs: number, nowMs: number): Promise<SanctionRecord | undefined> {
      const end = new Date(expiresAtMs);
      const [row] = await tx
        .update(sanctions)
        .set({ expiresAt: end })
        .where(and(eq(sanctions.id, id), activeAt(new Date(nowMs)), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, end))))
        .returning(columns);
      return row && toRecord(row);
    },

    /** The character's active channel-scoped chat bans on the channel (what the seed's "lift" ends). */
    async activeChannelBans(characterId: string, channelId: string, nowMs: number): Promise<SanctionRecord[]> {
      const rows = await db
        .select(columns)
        .from(sanctions)
        .where(
          and(
            eq(sanctions.characterId, characterId),
            eq(sanctions.kind, "ban"),
            eq(sanctions.scope, "channel"),
            eq(sanctions.scopeId, channelId),
            activeAt(new Date(nowMs)),
          ),
        );
      return rows.map(toRecord);
    },

    /** Active bans of scope "game" on the character or on its whole account. */
    async activeGameBans(characterId: string, accountId: string, nowMs: number): Promise<SanctionRecord[]> {
      const rows = await db
        .select(columns)
        .from(sanctions)
        .where(
          and(
            eq(sanctions.kind, "ban"),
            eq(sanctions.scope, "game"),
            or(eq(sanctions.characterId, characterId), and(isNull(sanctions.characterId), eq(sanctions.accountId, accountId))),
            activeAt(new Date(nowMs)),
          ),
        );
      return rows.map(toRecord);
    },

    /** Active account bans (account-wide, ban, everywhere): of one account, or of all when accountId is absent. */
    async activeAccountBans(nowMs: number, accountId?: string): Promise<SanctionRecord[]> {
      const rows = await db
        .select(columns)
        .from(sanctions)
        .where(
          and(
            isNull(sanctions.characterId),
            eq(sanctions.kind, "ban"),
            eq(sanctions.scope, "everywhere"),
            accountId === undefined ? undefined : eq(sanctions.accountId, accountId),
            activeAt(new Date(nowMs)),
          ),
        );
      return rows.map(toRecord);
    },

    list(query: ListQuery, nowMs: number): Promise<{ total: number; sanctions: NamedSanction[] }> {
      const now = new Date(nowMs);
      const where = and(
        query.kind === undefined ? undefined : eq(sanctions.kind, query.kind),
        query.scope === undefined ? undefined : eq(sanctions.scope, query.scope),
        query.state === undefined ? undefined : query.state === "active" ? activeAt(now) : endedAt(now),
        query.characterId === undefined ? undefined : eq(sanctions.characterId, query.characterId),
        query.accountId === undefined ? undefined : eq(sanctions.accountId, query.accountId),
        query.issuedById === undefined ? undefined : eq(sanctions.issuedById, query.issuedById),
      );
      return page(where, query.limit, query.offset);
    },

    /** An account's own sanctions: account-wide ones and those of every character it owns or owned when issued. */
    async mine(accountId: string): Promise<NamedSanction[]> {
      const owned = db.select({ id: characters.id }).from(characters).where(eq(characters.ownerId, accountId));
      const rows = await namedSelect()
        .where(or(eq(sanctions.accountId, accountId), sql`${sanctions.characterId} IN (${owned})`))
        .orderBy(desc(sanctions.issuedAt), desc(sanctions.id))
        .limit(1000);
      return rows.map(toNamed);
    },

    /** Earlier sanctions of a character, or of an account (its own and its characters'), revoked ones not counted. */
    async priorCount(subject: { characterId: string | null; accountId: string | null }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sanctions)
        .where(
          and(
            isNull(sanctions.revokedAt),
            subject.characterId !== null ? eq(sanctions.characterId, subject.characterId) : eq(sanctions.accountId, subject.accountId!),
          ),
        );
      return Number(row?.n ?? 0);
    },

    async settings(): Promise<Settings> {
      const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.id, 1));
      return row ? { reasonTemplates: row.reasonTemplates, ladder: row.ladder } : DEFAULT_SETTINGS;
    },

    async saveSettings(tx: Tx, settings: Settings): Promise<void> {
      await tx
        .insert(moderationSettings)
        .values({ id: 1, ...settings, updatedAt: new Date() })
        .onConflictDoUpdate({ target: moderationSettings.id, set: { ...settings, updatedAt: new Date() } });
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}

export type SanctionStore = ReturnType<typeof createSanctionStore>;
