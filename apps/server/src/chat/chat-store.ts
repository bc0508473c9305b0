import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, notInArray, sql, type SQLWrapper } from "drizzle-orm";
import { characters } from "../character/schema.js";
import { dimensions } from "../gameserver/schema.js";
import { appendAudit, type AuditActor } from "../audit/audit-trail.js";
import type { Db } from "../platform/db/database.js";
import { withStatementTimeout } from "../platform/db/statement-timeout.js";
import { sanctions } from "../moderation/schema.js";
import type { LogQuery, SanctionFact } from "./chat-rules.js";
import { Batcher } from "./batcher.js";
import { filterConditions, senderNames } from "./history-store.js";
import { createResumeReads } from "./resume-reads.js";
import { chatChannelAuthorizations, chatChannels, chatMessages, storedMessageColumns } from "./schema.js";

/** Every SQL statement of the chat service. Knows rows, not requests, tokens or status codes. */

export interface ChannelRow {
  id: string;
  name: string;
  dimensionId: string | null;
  public: boolean;
}

export interface CharacterFacts {
  id: string;
  ownerId: string;
  dimensionId: string;
  /** Its name, which live messages carry to their readers (ChatMessage.sender_character_name). */
  name: string;
}

/** What channelAccess found for a live character on a live channel: the facts a send was allowed on. */
export interface SendFacts {
  character: CharacterFacts;
  channel: ChannelRow;
  authorized: boolean;
  /** The character's and its account's sanctions that were not revoked (chat-rules.ts decides which apply). */
  sanctions: readonly SanctionFact[];
  /** Staff act on any channel (chat-rules.ts readDenial); the guarded INSERT applies the same rule. */
  staff: boolean;
}

/**
 * A live character and everything about it the send rules read on any channel: its authorization rows and the
 * sanctions on it or its account (at most SEND_FACTS_ROWS of each; `complete` is false when it has more). Remembered per character, it decides a
 * first send on any channel whose row is remembered too, without a query.
 */
export interface CharacterSendFacts {
  character: CharacterFacts;
  authorizedChannelIds: Set<string>;
  sanctions: SanctionFact[];
  complete: boolean;
}

/** Authorization rows and sanctions read per character for CharacterSendFacts; more than this and it is not complete. */
export const SEND_FACTS_ROWS = 1_000;

/** A channel message to store only if the facts it was allowed on still hold (see insertGuardedChannelMessages). */
export interface GuardedChannelMessage {
  channelId: string;
  senderCharacterId: string;
  content: string;
  sentAtMs: number;
  facts: SendFacts;
}

/** A live character's standing on a channel: `channel` is undefined when the channel is missing or deleted. */
export interface ChannelAccess {
  character: CharacterFacts;
  channel?: ChannelRow;
  authorized: boolean;
  sanctions: SanctionFact[];
}

interface AccessLookup {
  characterId: string;
  channelId: string;
  nowMs: number;
}

export interface StoredMessage {
  id: number;
  channelId: string | null;
  senderCharacterId: string;
  content: string;
  sentAtMs: number;
  /** The sender's name, where the read joined it (a stream's history); '' when not known or deleted. */
  senderName?: string;
}

const channelColumns = { id: chatChannels.id, name: chatChannels.name, dimensionId: chatChannels.dimensionId, public: chatChannels.public };
const liveChannel = (id: string) => and(eq(chatChannels.id, id), isNull(chatChannels.deletedAt));
const toStored = (row: {
  id: number;
  channelId: string | null;
  senderCharacterId: string;
  content: string;
  sentAt: Date;
  senderName?: string | null;
}): StoredMessage => ({
  id: row.id,
  channelId: row.channelId,
  senderCharacterId: row.senderCharacterId,
  content: row.content,
  sentAtMs: row.sentAt.getTime(),
  ...(row.senderName === undefined ? {} : { senderName: row.senderName ?? "" }),
});

/** A sanction row as a JSON array (the order of toSanctionFact); timestamps as unix milliseconds. */
const sanctionJson = sql`json_build_array(s.id, s.kind, s.scope, s.scope_id, s.character_id, s.account_id,
  floor(extract(epoch FROM s.issued_at) * 1000), floor(extract(epoch FROM s.expires_at) * 1000),
  s.reason, s.player_message, s.issued_by_id, s.issued_by_name)`;

/**
 * The not revoked, not expired (at `nowSql`, by default the ISO time placeholder `now`) sanctions on the character
 * `characterIdSql` or on the account `ownerIdSql` (account-wide ones), as one JSON array of at most SEND_FACTS_ROWS
 * + 1 rows.
 */
const liveSanctionsJson = (characterIdSql: SQLWrapper, ownerIdSql: SQLWrapper, nowSql: SQLWrapper = sql`${sql.placeholder("now")}::timestamptz`) =>
  sql`(SELECT coalesce(json_agg(${sanctionJson}), '[]'::json) FROM (
      SELECT * FROM ${sanctions} x
      WHERE x.revoked_at IS NULL AND (x.character_id = ${characterIdSql} OR (x.character_id IS NULL AND x.account_id = ${ownerIdSql}))
        AND (x.expires_at IS NULL OR x.expires_at > ${nowSql})
      LIMIT ${SEND_FACTS_ROWS + 1}
    ) s)`;

type SanctionJson = [
  string,
  SanctionFact["kind"],
  SanctionFact["scope"],
  string | null,
  string | null,
  string,
  number,
  number | null,
  string,
  string,
  string,
  string,
];

const toSanctionFact = ([
  id,
  kind,
  scope,
  scopeId,
  characterId,
  accountId,
  issuedAtMs,
  expiresAtMs,
  reason,
  playerMessage,
  issuedById,
  issuedByName,
]: SanctionJson): SanctionFact => ({
  id,
  kind,
  scope,
  scopeId,
  characterId,
  accountId,
  issuedAtMs: Number(issuedAtMs),
  expiresAtMs: expiresAtMs === null ? null : Number(expiresAtMs),
  reason,
  playerMessage,
  issuedById,
  issuedByName,
});

export function createChatStore(db: Db) {
  // The statements of the send path and of opening streams are built once and prepared (named statements on
  // PostgreSQL: parsed and planned once per connection, not per call). Building them with drizzle on every call
  // cost more CPU than the rest of a send's handler.
  //
  // Many characters' standing on their channels in one statement: the streams that open together (thousands after
  // a node restarts) check their access in batches (Batcher). The authorization is a scalar subquery, as in the
  // guarded INSERT below: written as EXISTS, the planner may hash the whole authorization table instead.
  const channelAccessQuery = db
    .select({
      i: sql<number>`v.i`,
      ownerId: sql<string>`c.owner_id`,
      characterDimensionId: sql<string>`c.dimension_id`,
      characterName: sql<string>`c.name`,
      channel: sql<ChannelRow | null>`(SELECT json_build_object('id', ch.id, 'name', ch.name, 'dimensionId', ch.dimension_id, 'public', ch.public)
          FROM ${chatChannels} ch WHERE ch.id = v.channel_id AND ch.deleted_at IS NULL)`,
      authorized: sql<boolean>`coalesce((SELECT true FROM ${chatChannelAuthorizations} a
          WHERE a.character_id = v.character_id AND a.channel_id = v.channel_id
            AND (SELECT true FROM ${chatChannels} ch WHERE ch.id = v.channel_id AND ch.deleted_at IS NULL)), false)`,
      sanctions: sql<SanctionJson[]>`${liveSanctionsJson(sql`v.character_id`, sql`c.owner_id`, sql`v.now`)}`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder("lookups")}::jsonb) AS v(i int, character_id uuid, channel_id uuid, now timestamptz)
        JOIN ${characters} c ON c.id = v.character_id AND c.deleted_at IS NULL`,
    )
    .prepare("chat_channel_access");
  const channelAccessReads = new Batcher({
    run: async (lookups: AccessLookup[]) => {
      const json = JSON.stringify(lookups.map((l, i) => ({ i, character_id: l.characterId, channel_id: l.channelId, now: new Date(l.nowMs).toISOString() })));
      const found: (ChannelAccess | undefined)[] = lookups.map(() => undefined);
      for (const row of await channelAccessQuery.execute({ lookups: json })) {
        found[row.i] = {
          character: { id: lookups[row.i]!.characterId, ownerId: row.ownerId, dimensionId: row.characterDimensionId, name: row.characterName },
          channel: row.channel ?? undefined,
          authorized: row.authorized,
          sanctions: row.sanctions.map(toSanctionFact),
        };
      }
      return found;
    },
  });

  // A character's send facts and the channel, in one round trip (the channel row is null when it is missing or
  // deleted). Rows travel as json: the same parsing on PGlite and PostgreSQL.
  const sendFactsQuery = db
    .select({
      ownerId: characters.ownerId,
      dimensionId: characters.dimensionId,
      name: characters.name,
      authorized: sql<string[]>`(SELECT coalesce(json_agg(a.channel_id), '[]'::json)
          FROM (SELECT channel_id FROM ${chatChannelAuthorizations} WHERE character_id = ${characters.id} LIMIT ${SEND_FACTS_ROWS + 1}) a)`,
      sanctions: sql<SanctionJson[]>`${liveSanctionsJson(characters.id, characters.ownerId)}`,
      channel: channelColumns,
    })
    .from(characters)
    .leftJoin(chatChannels, and(eq(chatChannels.id, sql.placeholder("channelId")), isNull(chatChannels.deletedAt)))
    .where(and(eq(characters.id, sql.placeholder("characterId")), isNull(characters.deletedAt)))
    .prepare("chat_send_facts");

  // Every stream reads its channel's history when it opens: thousands at once after a node restarts. The reads that
  // arrive while the database is busy go out as one statement (Batcher), each channel read once for all who asked.
  // A batch starts after each of its callers asked, so no stream gets a history older than its subscription.
  const recentChannelQuery = db
    .select({
      read: sql<number>`v.i`,
      id: sql`m.id`.mapWith(chatMessages.id),
      channelId: sql`m.channel_id`.mapWith(chatMessages.channelId),
      senderCharacterId: sql`m.sender_character_id`.mapWith(chatMessages.senderCharacterId),
      content: sql`m.content`.mapWith(chatMessages.content),
      sentAt: sql`m.sent_at`.mapWith(chatMessages.sentAt),
      senderName: sql<string | null>`(SELECT c.name FROM ${characters} c WHERE c.id::text = m.sender_character_id AND c.deleted_at IS NULL)`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder("reads")}::jsonb) AS v(i int, channel_id uuid, lim int)
        CROSS JOIN LATERAL (SELECT * FROM ${chatMessages} x WHERE x.channel_id = v.channel_id AND x.deleted_at IS NULL
          ORDER BY x.sent_at DESC, x.id DESC LIMIT v.lim) m`,
    )
    .orderBy(sql`m.sent_at`, sql`m.id`)
    .prepare("chat_recent_channel_messages");
  const recentChannelReads = new Batcher({
    run: async (reads: { channelId: string; limit: number }[]) => {
      // Each (channel, limit) once, however many streams asked for it.
      const distinct = new Map<string, { i: number; channel_id: string; lim: number }>();
      const readOf = reads.map((r) => {
        const key = `${r.channelId}/${r.limit}`;
        let read = distinct.get(key);
        if (!read) distinct.set(key, (read = { i: distinct.size, channel_id: r.channelId, lim: r.limit }));
        return read.i;
      });
      const histories = Array.from(distinct.values(), (): StoredMessage[] => []);
      for (const row of await recentChannelQuery.execute({ reads: JSON.stringify([...distinct.values()]) })) histories[row.read]!.push(toStored(row));
      return readOf.map((i) => histories[i]!);
    },
  });
  const recentDirectQuery = db
    .select({
      ...storedMessageColumns,
      senderName: sql<string | null>`(SELECT c.name FROM ${characters} c WHERE c.id::text = ${chatMessages.senderCharacterId} AND c.deleted_at IS NULL)`,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.recipientCharacterId, sql.placeholder("characterId")), isNull(chatMessages.deletedAt)))
    .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
    .limit(sql.placeholder("limit"))
    .prepare("chat_recent_direct_messages");

  const liveSanctionsQuery = db
    .select({ sanctions: sql<SanctionJson[]>`${liveSanctionsJson(characters.id, characters.ownerId)}` })
    .from(characters)
    .where(eq(characters.id, sql.placeholder("characterId")))
    .prepare("chat_live_sanctions");

  // The WHERE re-checks the facts the send was decided on (they still hold) and applies chat-rules.ts sendDenial to
  // them (no active mute or ban covering the channel, on the character or its account; staff, an authorization, or a
  // public channel of no or the character's dimension), so a wrong decision upstream can never store a message the
  // rules refuse (chat-send-rules-parity.test.ts holds both equal).
  // Column order of chat_messages: id, channel_id, recipient_character_id, sender_character_id, content, sent_at,
  // deleted_at (drizzle lists every column of the table in the INSERT).
  // Volatile nextval() runs after ORDER BY, so ids follow the order of the sends. The checks are scalar subqueries
  // on primary keys on purpose: written as EXISTS, the planner turned them into joins that compared every row of
  // the batch with every character (or hashed the whole authorization table): 300 rows took 120 ms, not 20.
  const insertGuardedQuery = db
    .insert(chatMessages)
    .select(
      sql`SELECT nextval('chat_messages_id_seq'), v.channel_id, NULL::uuid, v.sender::text, v.content, v.sent_at, NULL::timestamptz
        FROM jsonb_to_recordset(${sql.placeholder("rows")}::jsonb) AS v(ord int, channel_id uuid, sender uuid, content text,
          sent_at timestamptz, owner_id text, character_dimension_id uuid, channel_public boolean, channel_dimension_id uuid,
          authorized boolean, staff boolean)
        WHERE (SELECT c.owner_id = v.owner_id AND c.dimension_id = v.character_dimension_id
                 FROM ${characters} c WHERE c.id = v.sender AND c.deleted_at IS NULL)
          AND (SELECT ch.public = v.channel_public AND ch.dimension_id IS NOT DISTINCT FROM v.channel_dimension_id
                 FROM ${chatChannels} ch WHERE ch.id = v.channel_id AND ch.deleted_at IS NULL)
          AND coalesce((SELECT true FROM ${chatChannelAuthorizations} a WHERE a.character_id = v.sender AND a.channel_id = v.channel_id), false)
              = v.authorized
          AND (SELECT true FROM ${sanctions} s
                 WHERE s.character_id = v.sender AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > v.sent_at)
                   AND (s.scope = 'everywhere' OR (s.scope = 'channel' AND s.scope_id = v.channel_id)
                        OR (s.scope = 'dimension' AND s.scope_id = v.channel_dimension_id))
                 LIMIT 1) IS NULL
          AND (SELECT true FROM ${sanctions} s
                 WHERE s.character_id IS NULL AND s.account_id = v.owner_id AND s.revoked_at IS NULL
                   AND (s.expires_at IS NULL OR s.expires_at > v.sent_at)
                   AND (s.scope = 'everywhere' OR (s.scope = 'channel' AND s.scope_id = v.channel_id)
                        OR (s.scope = 'dimension' AND s.scope_id = v.channel_dimension_id))
                 LIMIT 1) IS NULL
          AND (v.staff OR v.authorized
               OR (v.channel_public AND (v.channel_dimension_id IS NULL OR v.channel_dimension_id = v.character_dimension_id)))
        ORDER BY v.ord`,
    )
    .returning(storedMessageColumns)
    .prepare("chat_insert_guarded_messages");

  return {
    async channel(id: string): Promise<ChannelRow | undefined> {
      const [row] = await db.select(channelColumns).from(chatChannels).where(liveChannel(id));
      return row;
    },

    listChannels(): Promise<ChannelRow[]> {
      return db.select(channelColumns).from(chatChannels).where(isNull(chatChannels.deletedAt)).orderBy(chatChannels.name, chatChannels.id);
    },

    /**
     * A player's channel list: the public channels one of their live characters could join (every dimension, or that
     * character's dimension) plus the channels one of them is authorized for.
     */
    channelsVisibleTo(ownerId: string): Promise<ChannelRow[]> {
      const own = db
        .select({ id: characters.id, dimensionId: characters.dimensionId })
        .from(characters)
        .where(and(eq(characters.ownerId, ownerId), isNull(characters.deletedAt)));
      return db
        .select(channelColumns)
        .from(chatChannels)
        .where(
          and(
            isNull(chatChannels.deletedAt),
            sql`((${chatChannels.public}
                AND (${chatChannels.dimensionId} IS NULL OR ${chatChannels.dimensionId} IN (SELECT dimension_id FROM (${own}) own)))
              OR ${chatChannels.id} IN (SELECT ${chatChannelAuthorizations.channelId} FROM ${chatChannelAuthorizations}
                WHERE ${chatChannelAuthorizations.characterId} IN (SELECT id FROM (${own}) own)))`,
          ),
        )
        .orderBy(chatChannels.name, chatChannels.id);
    },

    createChannel(actor: AuditActor, input: { name: string; dimensionId: string | null; public: boolean }): Promise<ChannelRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatChannels)
          .values({ id: randomUUID(), ...input })
          .returning(channelColumns);
        await appendAudit(tx, actor, { action: "chat-channel.create", targetType: "chat-channel", targetId: row!.id, after: row });
        return row!;
      });
    },

    updateChannel(actor: AuditActor, id: string, changes: Partial<Omit<ChannelRow, "id">>): Promise<ChannelRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(channelColumns).from(chatChannels).where(liveChannel(id)).for("update");
        if (!before) return undefined;
        const [row] = await tx
          .update(chatChannels)
          .set({ ...changes, updatedAt: new Date() })
          .where(liveChannel(id))
          .returning(channelColumns);
        await appendAudit(tx, actor, { action: "chat-channel.edit", targetType: "chat-channel", targetId: id, before, after: row });
        return row;
      });
    },

    deleteChannel(actor: AuditActor, id: string): Promise<ChannelRow | undefined> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx.update(chatChannels).set({ deletedAt: now, updatedAt: now }).where(liveChannel(id)).returning(channelColumns);
        if (row) await appendAudit(tx, actor, { action: "chat-channel.delete", targetType: "chat-channel", targetId: id, before: row });
        return row;
      });
    },

    /** The ids among `ids` that are live channels. */
    async existingChannelIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: chatChannels.id })
        .from(chatChannels)
        .where(and(inArray(chatChannels.id, ids), isNull(chatChannels.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    async dimensionExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: dimensions.id })
        .from(dimensions)
        .where(and(eq(dimensions.id, id), isNull(dimensions.deletedAt)));
      return row !== undefined;
    },

    /** A live character's owner and dimension (the character service owns the table; we only read it). */
    async character(id: string): Promise<CharacterFacts | undefined> {
      const [row] = await db
        .select({ id: characters.id, ownerId: characters.ownerId, dimensionId: characters.dimensionId, name: characters.name })
        .from(characters)
        .where(and(eq(characters.id, id), isNull(characters.deletedAt)));
      return row;
    },

    /**
     * A live character, and the live channel with the character's authorization and ban on it, in one round trip:
     * every send asks. undefined: no such character; channel undefined: no such channel.
     */
    channelAccess(characterId: string, channelId: string, nowMs: number): Promise<ChannelAccess | undefined> {
      return channelAccessReads.submit({ characterId, channelId, nowMs });
    },

    /** The live sanctions on a character or its account (direct messages read the "everywhere" ones). */
    async liveSanctions(characterId: string, nowMs: number): Promise<SanctionFact[]> {
      const [row] = await liveSanctionsQuery.execute({ characterId, now: new Date(nowMs).toISOString() });
      return row ? row.sanctions.map(toSanctionFact) : [];
    },

    /** A live character's send facts (undefined: no such character) and the live channel (undefined: none). */
    async sendFacts(
      characterId: string,
      channelId: string,
      nowMs: number,
    ): Promise<{ facts: CharacterSendFacts; channel: ChannelRow | undefined } | undefined> {
      const [row] = await sendFactsQuery.execute({ characterId, channelId, now: new Date(nowMs).toISOString() });
      if (!row) return undefined;
      return {
        facts: {
          character: { id: characterId, ownerId: row.ownerId, dimensionId: row.dimensionId, name: row.name },
          authorizedChannelIds: new Set(row.authorized),
          sanctions: row.sanctions.map(toSanctionFact),
          complete: row.authorized.length <= SEND_FACTS_ROWS && row.sanctions.length <= SEND_FACTS_ROWS,
        },
        channel: row.channel ?? undefined,
      };
    },

    /** Live channels with an authorization row for the character. */
    authorizedChannels(characterId: string): Promise<ChannelRow[]> {
      return db
        .select(channelColumns)
        .from(chatChannelAuthorizations)
        .innerJoin(chatChannels, eq(chatChannels.id, chatChannelAuthorizations.channelId))
        .where(and(eq(chatChannelAuthorizations.characterId, characterId), isNull(chatChannels.deletedAt)))
        .orderBy(chatChannels.name, chatChannels.id);
    },

    /** Replaces the character's authorizations; returns the channel ids it lost. */
    replaceAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<string[]> {
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        const byCharacter = eq(chatChannelAuthorizations.characterId, characterId);
        const removed = await tx
          .delete(chatChannelAuthorizations)
          .where(channelIds.length > 0 ? and(byCharacter, notInArray(chatChannelAuthorizations.channelId, channelIds)) : byCharacter)
          .returning({ channelId: chatChannelAuthorizations.channelId });
        if (channelIds.length > 0) {
          await tx
            .insert(chatChannelAuthorizations)
            .values(channelIds.map((channelId) => ({ characterId, channelId })))
            .onConflictDoNothing();
        }
        await auditAuthorizations(tx, actor, "chat-channel.authorizations.set", characterId, before, channelIds);
        return removed.map((r) => r.channelId);
      });
    },

    addAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<void> {
      if (channelIds.length === 0) return Promise.resolve();
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        await tx
          .insert(chatChannelAuthorizations)
          .values(channelIds.map((channelId) => ({ characterId, channelId })))
          .onConflictDoNothing();
        await auditAuthorizations(tx, actor, "chat-channel.authorizations.update", characterId, before, [...before, ...channelIds]);
      });
    },

    /** Returns the channel ids that actually lost a row. */
    removeAuthorizations(actor: AuditActor, characterId: string, channelIds: string[]): Promise<string[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return db.transaction(async (tx) => {
        const before = await authorizationsIn(tx, characterId);
        const removed = (
          await tx
            .delete(chatChannelAuthorizations)
            .where(and(eq(chatChannelAuthorizations.characterId, characterId), inArray(chatChannelAuthorizations.channelId, channelIds)))
            .returning({ channelId: chatChannelAuthorizations.channelId })
        ).map((r) => r.channelId);
        const gone = new Set(removed);
        await auditAuthorizations(
          tx,
          actor,
          "chat-channel.authorizations.update",
          characterId,
          before,
          before.filter((id) => !gone.has(id)),
        );
        return removed;
      });
    },

    async insertMessage(input: {
      channelId?: string;
      recipientCharacterId?: string;
      senderCharacterId: string;
      content: string;
      sentAtMs: number;
    }): Promise<StoredMessage> {
      const [row] = await db
        .insert(chatMessages)
        .values({
          channelId: input.channelId ?? null,
          recipientCharacterId: input.recipientCharacterId ?? null,
          senderCharacterId: input.senderCharacterId,
          content: input.content,
          sentAt: new Date(input.sentAtMs),
        })
        .returning(storedMessageColumns);
      return toStored(row!);
    },

    /**
     * Stores channel messages in one statement (group commit), each only if what its send was decided on still holds
     * in the database when the statement runs: the character is live with the same owner and dimension, the channel is
     * live with the same visibility, the authorization row is there or not as before, and no ban is active at the
     * message's time. The decision may come from an in-memory copy of those facts (chat-access.ts); this re-check in
     * the same round trip as the write means a stale copy can never let a message through. Returns, per input, the
     * stored message, or undefined when the facts changed (decide again on fresh ones).
     */
    async insertGuardedChannelMessages(batch: GuardedChannelMessage[]): Promise<(StoredMessage | undefined)[]> {
      if (batch.length === 0) return [];
      // The batch as one JSON parameter (jsonb_to_recordset): no SQL text or parameter list to build per row, and the
      // same statement text for every batch. (Content cannot hold NUL, which jsonb would refuse.)
      const rowsJson = JSON.stringify(
        batch.map((m, i) => ({
          ord: i,
          channel_id: m.channelId,
          sender: m.senderCharacterId,
          content: m.content,
          sent_at: new Date(m.sentAtMs).toISOString(),
          owner_id: m.facts.character.ownerId,
          character_dimension_id: m.facts.character.dimensionId,
          channel_public: m.facts.channel.public,
          channel_dimension_id: m.facts.channel.dimensionId,
          authorized: m.facts.authorized,
          staff: m.facts.staff,
        })),
      );
      const rows = await insertGuardedQuery.execute({ rows: rowsJson });
      // Match rows to inputs by what they hold (identical messages are interchangeable).
      const key = (channelId: string | null, sender: string, content: string, sentAtMs: number) =>
        `${channelId}\u0000${sender}\u0000${sentAtMs}\u0000${content}`;
      const stored = new Map<string, StoredMessage[]>();
      for (const row of rows) {
        const message = toStored(row);
        const k = key(message.channelId, message.senderCharacterId, message.content, message.sentAtMs);
        const list = stored.get(k);
        if (list) list.push(message);
        else stored.set(k, [message]);
      }
      return batch.map((m) => stored.get(key(m.channelId, m.senderCharacterId, m.content, m.sentAtMs))?.shift());
    },

    /** The newest `limit` messages of a channel that were not deleted, oldest first. */
    recentChannelMessages(channelId: string, limit: number): Promise<readonly StoredMessage[]> {
      return recentChannelReads.submit({ channelId, limit });
    },

    ...createResumeReads(db),

    /** The newest `limit` direct messages to a character, oldest first. */
    async recentDirectMessages(characterId: string, limit: number): Promise<StoredMessage[]> {
      const rows = await recentDirectQuery.execute({ characterId, limit });
      return rows.map(toStored).reverse();
    },

    /** Names of the characters among `senderIds` that still exist. */
    senderNames: (senderIds: readonly string[]) => senderNames(db, senderIds),

    /**
     * A page of a channel's messages, newest first, with the number of all matches. PostgreSQL stops each statement
     * after `timeoutMs` (the count over a busy channel with a text filter can be long).
     */
    async chatLogs(channelId: string, query: LogQuery, timeoutMs: number): Promise<{ total: number; logs: StoredMessage[] }> {
      if (query.empty) return { total: 0, logs: [] };
      const where = and(
        eq(chatMessages.channelId, channelId),
        query.senderId === undefined ? undefined : eq(chatMessages.senderCharacterId, query.senderId),
        // Deleted messages (tombstones) are not listed; text, sender and the window as in the history browser.
        ...filterConditions(query),
      );
      return withStatementTimeout(db, timeoutMs, async (tx) => {
        const [totalRow] = await tx.select({ total: count() }).from(chatMessages).where(where);
        const total = Number(totalRow?.total ?? 0);
        if (query.limit === 0 || query.offset >= total) return { total, logs: [] };
        const rows = await tx
          .select(storedMessageColumns)
          .from(chatMessages)
          .where(where)
          .orderBy(desc(chatMessages.sentAt), desc(chatMessages.id))
          .limit(query.limit)
          .offset(query.offset);
        return { total, logs: rows.map(toStored) };
      });
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;

/** The channel ids a character is authorized for, sorted (locked until the transaction ends). */
async function authorizationsIn(tx: Db, characterId: string): Promise<string[]> {
  const rows = await tx
    .select({ channelId: chatChannelAuthorizations.channelId })
    .from(chatChannelAuthorizations)
    .where(eq(chatChannelAuthorizations.characterId, characterId))
    .orderBy(chatChannelAuthorizations.channelId)
    .for("update");
  return rows.map((r) => r.channelId);
}

/**
 * One record per call that changed a character's authorization list: its target is the character (the list is
 * the character's), before and after are the sorted channel id lists. A call that changed nothing wrote nothing.
 */
async function auditAuthorizations(tx: Db, actor: AuditActor, action: string, characterId: string, before: string[], after: string[]): Promise<void> {
  const next = [...new Set(after)].sort();
  if (next.length === before.length && next.every((id, i) => id === before[i])) return;
  await appendAudit(tx, actor, { action, targetType: "character", targetId: characterId, before: { channelIds: before }, after: { channelIds: next } });
}
