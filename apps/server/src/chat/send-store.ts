import { and, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { characters } from "../character/schema.js";
import type { Db } from "../platform/db/database.js";
import { sanctions } from "../moderation/schema.js";
import type { SanctionFact } from "./chat-rules.js";
import type { ChannelRow, StoredMessage } from "./chat-store.js";
import { Batcher } from "./batcher.js";
import { toStored } from "./message-reads.js";
import { chatChannelAuthorizations, chatChannels, chatMessages, storedMessageColumns } from "./schema.js";

/**
 * The statements a send is decided on and stored by: a character's standing on a channel, its sanctions, and the
 * insert that stores a message only if those facts still hold.
 */

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

export function createSendStore(db: Db) {
  // The statements of the send path (and of opening streams, message-reads.ts) are built once and prepared (named statements on
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

  // Characters' send facts and their channels, many in one round trip (the channel is null when it is missing or
  // deleted): the first sends of many characters arrive together and go out as one statement (Batcher). Rows travel
  // as json: the same parsing on PGlite and PostgreSQL.
  const sendFactsQuery = db
    .select({
      i: sql<number>`v.i`,
      ownerId: sql<string>`c.owner_id`,
      dimensionId: sql<string>`c.dimension_id`,
      name: sql<string>`c.name`,
      authorized: sql<string[]>`(SELECT coalesce(json_agg(a.channel_id), '[]'::json)
          FROM (SELECT channel_id FROM ${chatChannelAuthorizations} WHERE character_id = c.id LIMIT ${SEND_FACTS_ROWS + 1}) a)`,
      sanctions: sql<SanctionJson[]>`${liveSanctionsJson(sql`c.id`, sql`c.owner_id`, sql`v.now`)}`,
      channel: sql<ChannelRow | null>`(SELECT json_build_object('id', ch.id, 'name', ch.name, 'dimensionId', ch.dimension_id, 'public', ch.public)
          FROM ${chatChannels} ch WHERE ch.id = v.channel_id AND ch.deleted_at IS NULL)`,
    })
    .from(
      sql`jsonb_to_recordset(${sql.placeholder("lookups")}::jsonb) AS v(i int, character_id uuid, channel_id uuid, now timestamptz)
        JOIN ${characters} c ON c.id = v.character_id AND c.deleted_at IS NULL`,
    )
    .prepare("chat_send_facts");
  type SendFactsRead = { facts: CharacterSendFacts; channel: ChannelRow | undefined } | undefined;
  const sendFactsReads = new Batcher({
    run: async (lookups: AccessLookup[]) => {
      const json = JSON.stringify(lookups.map((l, i) => ({ i, character_id: l.characterId, channel_id: l.channelId, now: new Date(l.nowMs).toISOString() })));
      const found: SendFactsRead[] = lookups.map(() => undefined);
      for (const row of await sendFactsQuery.execute({ lookups: json })) {
        found[row.i] = {
          facts: {
            character: { id: lookups[row.i]!.characterId, ownerId: row.ownerId, dimensionId: row.dimensionId, name: row.name },
            authorizedChannelIds: new Set(row.authorized),
            sanctions: row.sanctions.map(toSanctionFact),
            complete: row.authorized.length <= SEND_FACTS_ROWS && row.sanctions.length <= SEND_FACTS_ROWS,
          },
          channel: row.channel ?? undefined,
        };
      }
      return found;
    },
  });

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
    sendFacts(characterId: string, channelId: string, nowMs: number): Promise<SendFactsRead> {
      return sendFactsReads.submit({ characterId, channelId, nowMs });
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
  };
}
