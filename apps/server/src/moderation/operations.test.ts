import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChannelRulesService, ContentRuleAction, ContentRuleKind } from "../gen/sro/moderation/channel_rules_pb.js";
import { bearer } from "../test/bearer.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { channelOf, operationsClient, type OperationsClient } from "../test/operations-fixtures.js";
import { insertSanction } from "../test/sanction-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { createOperationsService } from "./operations-service.js";
import { createOperationsStore } from "./operations-store.js";
import { createFiguresStore } from "./figures-store.js";
import { createQueueCountsStore } from "./queue-counts-store.js";

/** GetOperations on one node (PGlite): figures from streams opened and messages sent in the test. */
describe("operations wall (one node)", () => {
  let t: TestServer;
  let chat: ChatClient;
  let ops: OperationsClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer();
    chat = chatClient(t.url, t.users.admin.token);
    ops = operationsClient(t.url, t.users.moderator.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  it("shows open streams, messages per minute and delivery p99 of a channel, with its dimension", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true, dimensionId: dim });
    const speaker = await insertCharacter(db, t.users.admin.sub, dim);
    const before = channelOf(await ops.getOperations({}), channel)!;
    expect(before).toMatchObject({ openStreams: 0, messagesPerMinute: 0, heldWaiting: 0, deliveryP99Ms: 0 });
    expect(before.dimensionId).toBe(dim);
    expect(before.dimensionName).not.toBe("");

    const streams = t.server.bus.subscriberCount();
    const readers = [
      new StreamReader(chat.connectChatChannel({ channelId: channel, characterId: speaker, history: true })),
      new StreamReader(chat.connectChatChannel({ channelId: channel, characterId: speaker, history: true })),
    ];
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "two streams").toBe(streams + 2), { timeout: 15_000 });
    for (const content of ["one", "two", "three"])
      await chat.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content } });
    await Promise.all(readers.map((r) => r.waitFor(3)));

    const after = await ops.getOperations({});
    expect(after.nodes).toBe(1);
    expect(channelOf(after, channel)).toMatchObject({ openStreams: 2, messagesPerMinute: 3 });
    expect(channelOf(after, channel)!.deliveryP99Ms).toBeGreaterThan(0);
    expect(Number(after.timeMs)).toBeGreaterThan(0);
  });

  it("counts sanctions issued in the last hour per channel and in all", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true });
    const before = await ops.getOperations({});
    await insertSanction(db, { scope: "channel", scopeId: channel, accountId: t.users.player.sub });
    await insertSanction(db, { scope: "everywhere", accountId: t.users.player.sub });
    const old = await insertSanction(db, { scope: "channel", scopeId: channel, accountId: t.users.player.sub });
    await db.execute(sql`UPDATE sanctions SET issued_at = now() - interval '61 minutes' WHERE id = ${old}`);
    const after = await ops.getOperations({});
    expect(channelOf(after, channel)?.sanctionsLastHour).toBe(1);
    expect(after.sanctionsLastHour).toBe(before.sanctionsLastHour + 2);
    // A channel of every dimension has no dimension.
    expect(channelOf(after, channel)).toMatchObject({ dimensionId: "", dimensionName: "" });
  });

  it("shows held messages waiting and the oldest one's age from the injected reader", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true });
    const nowMs = 1_800_000_000_000;
    const service = createOperationsService({
      store: createOperationsStore(db),
      live: () => ({ nodes: 1, channels: new Map() }),
      heldWaiting: async () => new Map([[channel, { count: 4, oldestSentAtMs: nowMs - 90_000 }]]),
      history: { samples: () => [] },
      online: async () => ({ dimensions: [], unknown: "" }),
      queues: createQueueCountsStore(db),
      figures: createFiguresStore(db),
      now: () => nowMs,
    });
    const result = await service.getOperations();
    expect(channelOf(result, channel)).toMatchObject({ heldWaiting: 4, oldestHeldAgeMs: 90_000n });
    expect(result.timeMs).toBe(BigInt(nowMs));
  });

  it("counts a message a channel rule holds for review (the review lane's reader, as compose.ts wires it)", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true, dimensionId: dim });
    // Staff are held by word rules like everyone (an earlier test banned the player's account).
    const sender = await insertCharacter(db, t.users.admin.sub, dim);
    const rules = createClient(
      ChannelRulesService,
      createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors: [bearer(t.users.moderator.token)] }),
    );
    await rules.setChannelRules({
      channelId: channel,
      rules: [{ kind: ContentRuleKind.WORD, pattern: "refund", action: ContentRuleAction.HOLD, message: "" }],
    });
    await chat.sendChatChannelMessage({
      channelId: channel,
      chatMessage: { senderCharacterId: sender, content: "refund me" },
    });
    const wall = channelOf(await ops.getOperations({}), channel)!;
    expect(wall.heldWaiting).toBe(1);
    expect(wall.oldestHeldAgeMs).toBeGreaterThanOrEqual(0n);
  });

  it("answers the wall's sampled past: the channel's figures as the node sampled them", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true, dimensionId: dim });
    const speaker = await insertCharacter(db, t.users.admin.sub, dim);
    const streams = t.server.bus.subscriberCount();
    const reader = new StreamReader(chat.connectChatChannel({ channelId: channel, characterId: speaker, history: true }));
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "one stream").toBe(streams + 1), { timeout: 15_000 });
    await chat.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "sampled" } });
    await reader.waitFor(1);
    // The node samples every 3 s: wait for a sample taken after the send.
    const samples = await vi.waitFor(
      async () => {
        const { samples } = await ops.getOperationsHistory({});
        expect(samples.at(-1)?.channels.find((c) => c.channelId === channel)).toMatchObject({ openStreams: 1, messagesPerMinute: 1 });
        return samples;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(samples.map((s) => s.timeMs)).toEqual([...samples.map((s) => s.timeMs)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const rest = await fetch(`${t.url}/v1/operations/history`, { headers: { authorization: `Bearer ${t.users.moderator.token}` } });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { samples: unknown[] }).samples.length).toBeGreaterThan(0);
  });

  it("in local mode says who plays now is unknown, naming the setting, with no dimension counted", async () => {
    const wall = await ops.getOperations({});
    expect(wall.online).toEqual([]);
    expect(wall.onlineUnknown).toContain("GAMESERVER_MODE=local");
  });

  it("is also served over REST at GET /v1/operations", async () => {
    const res = await fetch(`${t.url}/v1/operations`, { headers: { authorization: `Bearer ${t.users.admin.token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { nodes: number; channels: unknown[] };
    expect(body.nodes).toBe(1);
    expect(body.channels.length).toBeGreaterThan(0);
  });
});
