import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "../audit/audit-trail.js";
import { auditRecords } from "../audit/schema.js";
import type { Database } from "../platform/db/database.js";
import { createLogger } from "../platform/logger.js";
import { insertChannel, insertCharacter, insertDimension, insertMessage } from "../test/chat-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import type { BusTopic } from "../platform/bus/cluster-bus.js";

import { createInProcessBus } from "../platform/bus/in-process-bus.js";
import { createMessageDeletion } from "./message-deletion.js";
import { chatMessages } from "../chat/schema.js";
import type { ClusterEvent } from "../cluster-events.js";

const ACTOR: AuditActor = { id: "mod-1", name: "moderator", requestId: "req-1", sourceAddress: "127.0.0.1" };
/** PostgreSQL refuses NUL in text: only the audit record holds this request id, so only it can fail. */
const BROKEN_ACTOR: AuditActor = { ...ACTOR, requestId: "bad\u0000id" };

/** The domain function the history service and reports share: tombstone + audit in one transaction, then the bus. */
describe.each(storageBackends)("message deletion (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  const published: [BusTopic, ClusterEvent][] = [];
  let deletion: ReturnType<typeof createMessageDeletion>;
  let channel: string, other: string, alice: string, bob: string;

  beforeAll(async () => {
    ({ database, close } = await openTestDatabase(backend));
    const bus = createInProcessBus<ClusterEvent>(() => {});
    bus.watchControl((topic, event) => published.push([topic, event]));
    deletion = createMessageDeletion({ db: database.db, bus, logger: createLogger("silent") });
    const dim = await insertDimension(database.db);
    alice = await insertCharacter(database.db, "account-a", dim);
    bob = await insertCharacter(database.db, "account-b", dim);
    channel = await insertChannel(database.db, { public: true });
    other = await insertChannel(database.db, { public: true });
  });
  afterAll(() => close?.());

  const row = async (id: string) =>
    (
      await database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, Number(id)))
    )[0]!;
  const auditOf = (action: string, targetId: string) =>
    database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, action), eq(auditRecords.targetId, targetId)));

  it("tombstones one message, records who, why and the old text, and tells the channel", async () => {
    const id = await insertMessage(database.db, channel, alice, 1_700_000_000_000, "rude words");
    published.length = 0;
    expect(await deletion.deleteMessage(ACTOR, id, "Insults")).toEqual({ ids: [id], byChannel: { [channel]: [id] } });
    expect(await row(id)).toMatchObject({ content: "", deletedAt: expect.any(Date) });
    const [record] = await auditOf("chat-message.delete", id);
    expect(record).toMatchObject({
      actorId: "mod-1",
      targetType: "chat-message",
      before: { id, channelId: channel, senderCharacterId: alice, content: "rude words" },
      after: { deleted: true, reason: "Insults" },
    });
    expect(published).toEqual([
      [
        { kind: "channel", id: channel },
        { type: "messages-deleted", ids: [id] },
      ],
    ]);
    // Deleting it again finds nothing and writes nothing.
    expect(await deletion.deleteMessage(ACTOR, id, "Again")).toBeUndefined();
    expect(await auditOf("chat-message.delete", id)).toHaveLength(1);
  });

  it("unknown or malformed ids find nothing", async () => {
    expect(await deletion.deleteMessage(ACTOR, "999999999", "x")).toBeUndefined();
    expect(await deletion.deleteMessage(ACTOR, "abc", "x")).toBeUndefined();
  });

  it("the caller's transaction carries it: a failure after it leaves no tombstone and no record", async () => {
    const id = await insertMessage(database.db, channel, alice, 1_700_000_001_000, "keep me");
    await expect(
      database.db.transaction(async (tx) => {
        expect(await deletion.deleteInTransaction(tx, ACTOR, id, "Spam")).toBeDefined();
        throw new Error("the caller's own write failed");
      }),
    ).rejects.toThrow(/caller's own write/);
    expect(await row(id)).toMatchObject({ content: "keep me", deletedAt: null });
    expect(await auditOf("chat-message.delete", id)).toHaveLength(0);
  });

  it("a record that cannot be written takes the tombstone with it", async () => {
    const id = await insertMessage(database.db, channel, alice, 1_700_000_002_000, "still here");
    await expect(deletion.deleteMessage(BROKEN_ACTOR, id, "Spam")).rejects.toThrow();
    expect(await row(id)).toMatchObject({ content: "still here", deletedAt: null });
  });

  it("purges one character's channel messages in a window across channels as one record", async () => {
    const inWindow = [
      await insertMessage(database.db, channel, bob, 1_700_000_010_000, "b1"),
      await insertMessage(database.db, other, bob, 1_700_000_011_000, "b2"),
    ];
    const outside = await insertMessage(database.db, channel, bob, 1_700_000_020_000, "b3");
    const someoneElse = await insertMessage(database.db, channel, alice, 1_700_000_010_500, "a1");
    published.length = 0;
    const result = await deletion.purge(ACTOR, { characterId: bob, accountId: null, fromMs: 1_700_000_010_000, toMs: 1_700_000_011_000 }, "Spam wave");
    expect(result.ids).toEqual(inWindow);
    expect(result.byChannel).toEqual({ [channel]: [inWindow[0]], [other]: [inWindow[1]] });
    expect((await row(outside)).content).toBe("b3");
    expect((await row(someoneElse)).content).toBe("a1");
    const records = await auditOf("chat-message.purge", bob);
    expect(records).toHaveLength(1);
    const sorted = [...inWindow].sort((a, b) => Number(a) - Number(b));
    expect(records[0]).toMatchObject({
      targetType: "character",
      before: null,
      after: {
        reason: "Spam wave",
        count: 2,
        firstId: sorted[0],
        lastId: sorted[1],
        idsSha256: createHash("sha256").update(sorted.join(",")).digest("hex"),
        moreRemain: false,
      },
    });
    // A count and a digest, never the texts.
    expect(JSON.stringify(records[0])).not.toMatch(/"b[12]"/);
    expect(published.map(([topic]) => topic.id).sort()).toEqual([channel, other].sort());
  });

  it("purges every character of an account; nothing matched writes nothing", async () => {
    const dim = await insertDimension(database.db);
    const c1 = await insertCharacter(database.db, "account-c", dim);
    const c2 = await insertCharacter(database.db, "account-c", dim);
    const ids = [await insertMessage(database.db, channel, c1, 1_700_000_030_000, "c1"), await insertMessage(database.db, other, c2, 1_700_000_031_000, "c2")];
    const result = await deletion.purge(ACTOR, { characterId: null, accountId: "account-c", fromMs: null, toMs: null }, "Raid");
    expect(result.ids).toEqual(ids);
    expect(await auditOf("chat-message.purge", "account-c")).toHaveLength(1);
    expect((await deletion.purge(ACTOR, { characterId: null, accountId: "account-c", fromMs: null, toMs: null }, "Raid")).ids).toEqual([]);
    expect(await auditOf("chat-message.purge", "account-c")).toHaveLength(1);
  });
});
