import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../character/schema.js";
import type { Database } from "../platform/db/database.js";
import { insertDimension } from "../test/chat-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { sendDenial } from "./chat-rules.js";
import { createChatStore, type ChatStore } from "./chat-store.js";
import type { SendFacts } from "./send-store.js";
import { sanctions } from "../moderation/schema.js";
import { chatChannelAuthorizations, chatChannels, chatMessages } from "./schema.js";

/**
 * The send rule exists twice: in TypeScript (chat-rules.ts sendDenial, which decides) and in the guarded INSERT of
 * chat-store.ts (which stores a message only if the rule still allows it in the database). Every case below is a
 * database state plus who sends; the facts are read by the real query (channelAccess) the way a send reads them,
 * then the case may delete the character or channel (a send decided just before). Both must give the same verdict.
 * Sanctions: every kind × subject (character, its account) × scope × expiry (and revoked), on public and private
 * channels of no or the character's dimension; the channel-ban cases are also crossed with every other axis.
 */

type Expiry = "expired" | "ends now" | "active" | "permanent" | "revoked";
type ScopeCase = "this channel" | "other channel" | "channel's dimension" | "other dimension" | "everywhere";
interface SanctionCase {
  kind: "mute" | "ban";
  subject: "character" | "account";
  scope: ScopeCase;
  expiry: Expiry;
}
type Gone = "nothing" | "character" | "channel";

interface Case {
  public: boolean;
  channelDimension: "none" | "same" | "other";
  authorized: boolean;
  sanction: SanctionCase | undefined;
  staff: boolean;
  gone: Gone;
}

const cases: Case[] = [];
const channelBans = [
  undefined,
  ...(["expired", "ends now", "active", "permanent"] as const).map((expiry) => ({ kind: "ban", subject: "character", scope: "this channel", expiry }) as const),
];
for (const isPublic of [true, false])
  for (const channelDimension of ["none", "same", "other"] as const)
    for (const authorized of [false, true])
      for (const sanction of channelBans)
        for (const staff of [false, true])
          for (const gone of ["nothing", "character", "channel"] as const)
            cases.push({ public: isPublic, channelDimension, authorized, sanction, staff, gone });
for (const kind of ["mute", "ban"] as const)
  for (const subject of ["character", "account"] as const)
    for (const scope of ["this channel", "other channel", "channel's dimension", "other dimension", "everywhere"] as const)
      for (const expiry of ["expired", "ends now", "active", "permanent", "revoked"] as const)
        for (const isPublic of [true, false])
          for (const channelDimension of ["none", "same"] as const)
            cases.push({ public: isPublic, channelDimension, authorized: false, sanction: { kind, subject, scope, expiry }, staff: false, gone: "nothing" });

const describeSanction = (s: SanctionCase | undefined) => (s ? `${s.kind} of the ${s.subject} (${s.scope}, ${s.expiry})` : "no sanction");
const label = (c: Case) =>
  `${c.public ? "public" : "private"} channel (dimension ${c.channelDimension}), ${c.authorized ? "" : "not "}authorized, ${describeSanction(c.sanction)}, ${c.staff ? "staff" : "player"}, deleted: ${c.gone}`;

describe.each(storageBackends)("chat send rule: TypeScript and the guarded INSERT agree (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  let store: ChatStore;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    store = createChatStore(database.db);
  });
  afterAll(() => close?.());

  it(`gives the same verdict in all ${cases.length} cases`, async () => {
    const db = database.db;
    const dimension = await insertDimension(db);
    const otherDimension = await insertDimension(db);
    const channelDimensionOf = (c: Case) => ({ none: null, same: dimension, other: otherDimension })[c.channelDimension];
    const nowMs = Date.now();
    const rows = cases.map((c) => ({ case: c, characterId: randomUUID(), channelId: randomUUID(), ownerId: randomUUID() }));

    await db.insert(characters).values(
      rows.map((r) => ({
        id: r.characterId,
        ownerId: r.ownerId,
        name: `c-${r.characterId.slice(0, 12)}`,
        gender: "male",
        realm: "human",
        dimensionId: dimension,
      })),
    );
    await db.insert(chatChannels).values(
      rows.map((r) => ({
        id: r.channelId,
        name: `chan-${r.channelId.slice(0, 8)}`,
        public: r.case.public,
        dimensionId: channelDimensionOf(r.case),
      })),
    );
    await db
      .insert(chatChannelAuthorizations)
      .values(rows.filter((r) => r.case.authorized).map((r) => ({ characterId: r.characterId, channelId: r.channelId })));
    const expiresOf: Record<Expiry, Date | null> = {
      expired: new Date(nowMs - 60_000),
      "ends now": new Date(nowMs),
      active: new Date(nowMs + 60_000),
      permanent: null,
      revoked: null,
    };
    const scopeOf = (r: (typeof rows)[number], scope: ScopeCase) =>
      ({
        "this channel": { scope: "channel", scopeId: r.channelId },
        "other channel": { scope: "channel", scopeId: randomUUID() },
        // A channel of every dimension: a ban of the character's dimension must not cover it.
        "channel's dimension": { scope: "dimension", scopeId: channelDimensionOf(r.case) ?? dimension },
        "other dimension": { scope: "dimension", scopeId: otherDimension },
        everywhere: { scope: "everywhere", scopeId: null },
      })[scope];
    await db.insert(sanctions).values(
      rows.flatMap((r) => {
        const s = r.case.sanction;
        if (!s) return [];
        return [
          {
            id: randomUUID(),
            kind: s.kind,
            ...scopeOf(r, s.scope),
            characterId: s.subject === "character" ? r.characterId : null,
            accountId: r.ownerId,
            issuedAt: new Date(nowMs - 120_000),
            expiresAt: expiresOf[s.expiry],
            reason: "parity",
            issuedById: "m",
            issuedByName: "mod",
            revokedAt: s.expiry === "revoked" ? new Date(nowMs - 1_000) : null,
          },
        ];
      }),
    );

    // The facts a send is decided on, read before the case's deletion happens.
    const decidedOn: SendFacts[] = await Promise.all(
      rows.map(async (r) => {
        const found = await store.channelAccess(r.characterId, r.channelId, nowMs);
        if (!found?.channel) throw new Error(`setup: no facts for ${label(r.case)}`);
        return { character: found.character, channel: found.channel, authorized: found.authorized, sanctions: found.sanctions, staff: r.case.staff };
      }),
    );
    const gone = (what: Gone) => rows.filter((r) => r.case.gone === what);
    await db
      .update(characters)
      .set({ deletedAt: new Date(nowMs) })
      .where(
        inArray(
          characters.id,
          gone("character").map((r) => r.characterId),
        ),
      );
    await db
      .update(chatChannels)
      .set({ deletedAt: new Date(nowMs) })
      .where(
        inArray(
          chatChannels.id,
          gone("channel").map((r) => r.channelId),
        ),
      );

    // TypeScript: the rule on the facts as they are in the database now (no character or channel: refused).
    const tsAllows = await Promise.all(
      rows.map(async (r) => {
        const now = await store.channelAccess(r.characterId, r.channelId, nowMs);
        return (
          now?.channel !== undefined &&
          sendDenial({ channel: now.channel, character: now.character, authorized: now.authorized, sanctions: now.sanctions, staff: r.case.staff, nowMs }) ===
            undefined
        );
      }),
    );

    // SQL: every case in one guarded batch, as the batcher sends them.
    const stored = await store.insertGuardedChannelMessages(
      rows.map((r, i) => ({ channelId: r.channelId, senderCharacterId: r.characterId, content: `case ${i}`, sentAtMs: nowMs, facts: decidedOn[i]! })),
    );

    const disagreements = rows
      .map((r, i) => ({ case: label(r.case), typescript: tsAllows[i] ? "allow" : "deny", sql: stored[i] ? "allow" : "deny" }))
      .filter((d) => d.typescript !== d.sql);
    expect(disagreements).toEqual([]);
    // The table exercises both verdicts, not one.
    expect(tsAllows.filter(Boolean).length).toBeGreaterThan(0);
    expect(tsAllows.filter((a) => !a).length).toBeGreaterThan(0);
    // A refused case left no row behind.
    const written = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.channelId,
          rows.map((r) => r.channelId),
        ),
      );
    expect(written.length).toBe(stored.filter(Boolean).length);
  });
});
