import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { createChatStore } from "./chat-store.js";
import { chatMessages } from "./schema.js";

/**
 * Channel histories are read in batches (the reads that arrive together go out as one statement): every caller must
 * still get exactly its own channel's newest messages, oldest first, whatever else shares the batch.
 */
describe.each(storageBackends)("channel history reads asked together (%s)", (backend) => {
  let opened: { database: Database; close: () => Promise<void> } | undefined;
  // A fresh database is a server start's worth of work: the hook's time limit, not the test's.
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
  });
  afterAll(() => opened?.close());

  it("answers each caller with its channel's newest messages, up to its limit, deleted ones left out", async () => {
    const db = opened!.database.db;
    const store = createChatStore(db);
    const dimension = await insertDimension(db);
    const sender = await insertCharacter(db, randomUUID(), dimension);
    const [busy, quiet, empty] = [await insertChannel(db), await insertChannel(db), await insertChannel(db)];
    const base = Date.UTC(2026, 10, 27, 12);
    // Two messages in the same millisecond: the id orders them.
    const rows = [
      { channelId: busy, content: "b1", at: base },
      { channelId: busy, content: "b2", at: base + 1 },
      { channelId: busy, content: "b3 deleted", at: base + 2, deleted: true },
      { channelId: busy, content: "b4", at: base + 3 },
      { channelId: busy, content: "b5", at: base + 3 },
      { channelId: quiet, content: "q1", at: base + 1 },
    ];
    for (const r of rows)
      await db.insert(chatMessages).values({
        channelId: r.channelId,
        senderCharacterId: sender,
        content: r.content,
        sentAt: new Date(r.at),
        deletedAt: r.deleted ? new Date(r.at) : null,
      });
    const contents = (history: readonly { content: string }[]) => history.map((m) => m.content);

    const [busyAll, busyTwo, busyAgain, quietAll, emptyAll, unknown] = await Promise.all([
      store.recentChannelMessages(busy, 50),
      store.recentChannelMessages(busy, 2),
      store.recentChannelMessages(busy, 50),
      store.recentChannelMessages(quiet, 50),
      store.recentChannelMessages(empty, 50),
      store.recentChannelMessages(randomUUID(), 50),
    ]);
    expect(contents(busyAll)).toEqual(["b1", "b2", "b4", "b5"]);
    expect(contents(busyTwo)).toEqual(["b4", "b5"]);
    expect(busyAgain).toEqual(busyAll);
    expect(contents(quietAll)).toEqual(["q1"]);
    expect(emptyAll).toEqual([]);
    expect(unknown).toEqual([]);
    // The same answer as a read on its own.
    expect(await store.recentChannelMessages(busy, 50)).toEqual(busyAll);
  });
});
