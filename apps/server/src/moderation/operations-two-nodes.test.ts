import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import type { TestServer } from "../test/test-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";
import { channelOf, operationsClient } from "../test/operations-fixtures.js";

/**
 * The operations wall across two nodes sharing PostgreSQL and NATS: each node publishes its figures on the bus every
 * few seconds and either node answers for both (streams and messages summed). Runs when NATS_URL and DATABASE_URL
 * are set. (A node that stops reporting drops out: chat-figures.test.ts, with a fake clock.)
 */
describe.skipIf(!twoNodesAvailable)("operations wall across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  let a: TestServer, b: TestServer;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  it("either node sums the streams and messages of both", async () => {
    const db = a.server.database.db;
    const dim = await insertDimension(db);
    const channel = await insertChannel(db, { public: true, dimensionId: dim });
    const speaker = await insertCharacter(db, a.users.admin.sub, dim);
    const [chatA, chatB] = [chatClient(a.url, a.users.admin.token), chatClient(b.url, b.users.admin.token)];
    const [beforeA, beforeB] = [a.server.bus.subscriberCount(), b.server.bus.subscriberCount()];
    const readers = [
      new StreamReader(chatA.connectChatChannel({ channelId: channel, characterId: speaker, history: true })),
      new StreamReader(chatB.connectChatChannel({ channelId: channel, characterId: speaker, history: true })),
      new StreamReader(chatB.connectChatChannel({ channelId: channel, characterId: speaker, history: true })),
    ];
    await vi.waitFor(() => expect([a.server.bus.subscriberCount(), b.server.bus.subscriberCount()], "streams").toEqual([beforeA + 1, beforeB + 2]), {
      timeout: 15_000,
    });
    await chatA.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "via A" } });
    await chatB.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "via B" } });
    await chatB.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "via B again" } });
    await Promise.all(readers.map((r) => r.waitFor(3)));

    // Each node reports every 3 s; wait (polling the rpc) until both nodes' latest reports hold the figures.
    for (const node of [a, b]) {
      const ops = operationsClient(node.url, node.users.moderator.token);
      const want = { nodes: 2, openStreams: 3, messagesPerMinute: 3 };
      const latest = await vi.waitFor(
        async () => {
          const operations = await ops.getOperations({});
          expect({ nodes: operations.nodes, ...channelOf(operations, channel) }).toMatchObject(want);
          return operations;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(channelOf(latest, channel)!.deliveryP99Ms).toBeGreaterThan(0);
    }
  }, 120_000);
});
