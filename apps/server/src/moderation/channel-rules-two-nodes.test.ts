import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HeldMessageState } from "../gen/sro/chat/chat_pb.js";
import { ChannelRulesService, ContentRuleAction, ContentRuleKind } from "../gen/sro/moderation/channel_rules_pb.js";
import { bearer } from "../test/bearer.js";
import { chatClient, codeOf, insertChannel, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import type { TestServer } from "../test/test-server.js";
import { startTwoNodes, twoNodesAvailable, type TwoNodes } from "../test/two-nodes.js";

/** How long a change through one node may take to reach the other (over the bus: milliseconds), polled often. */
const ACROSS_NODES = { timeout: 15_000, interval: 20 };

/**
 * Channel rules on two nodes sharing PostgreSQL and NATS: a change through A applies to the next send through B
 * (B had the old rules cached), slow mode holds across nodes, and an allow through A reaches the sender's stream
 * on B. Runs when NATS_URL and DATABASE_URL are set.
 */
describe.skipIf(!twoNodesAvailable)("channel rules across two nodes (NATS + PostgreSQL)", () => {
  let nodes: TwoNodes;
  let a: TestServer, b: TestServer;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  const rulesOn = (node: TestServer) =>
    createClient(ChannelRulesService, createConnectTransport({ baseUrl: node.url, httpVersion: "2", interceptors: [bearer(node.users.moderator.token)] }));

  async function fixture() {
    const dim = await insertDimension(a.server.database.db);
    const channel = await insertChannel(a.server.database.db, { public: true, dimensionId: dim });
    // One player on both nodes: B's player, with a token A's issuer signs for the same subject.
    const sub = b.users.player.sub;
    const me = await insertCharacter(a.server.database.db, sub, dim);
    const tokenOnA = await a.issuer.mint({ sub, preferred_username: "player", groups: ["/Player", "/Player/Member"] });
    return { channel, me, playerOnB: chatClient(b.url, b.users.player.token), playerOnA: chatClient(a.url, tokenOnA) };
  }
  const send = (client: ReturnType<typeof chatClient>, channelId: string, characterId: string, content: string) =>
    client.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });

  it("a rule set through A refuses the next send through B, which had cached the old rules", async () => {
    const { channel, me, playerOnB } = await fixture();
    await send(playerOnB, channel, me, "cached: no rules");
    await rulesOn(a).setChannelRules({
      channelId: channel,
      rules: [{ kind: ContentRuleKind.WORD, pattern: "forbidden", action: ContentRuleAction.BLOCK, message: "" }],
    });
    // The bus event reaches B within milliseconds: retry until B refuses (a send B still allows is simply stored).
    await vi.waitFor(async () => expect(await codeOf(send(playerOnB, channel, me, "forbidden words"))).toBe(Code.PermissionDenied), ACROSS_NODES);
  });

  it("slow mode holds across nodes", async () => {
    const { channel, me, playerOnA, playerOnB } = await fixture();
    await rulesOn(a).setChannelRules({ channelId: channel, slowModeSeconds: 3600 });
    await vi.waitFor(async () => expect((await rulesOn(b).getChannelRules({ id: channel })).slowModeSeconds).toBe(3600), ACROSS_NODES);
    expect(await codeOf(send(playerOnA, channel, me, "one"))).toBe("ok");
    expect(await codeOf(send(playerOnB, channel, me, "two, on the other node"))).toBe(Code.ResourceExhausted);
  });

  it("held on B, allowed through A: the sender's stream on B hears HELD, the message, and ALLOWED", async () => {
    const { channel, me, playerOnB } = await fixture();
    await rulesOn(a).setChannelRules({
      channelId: channel,
      rules: [{ kind: ContentRuleKind.WORD, pattern: "gold", action: ContentRuleAction.HOLD, message: "" }],
    });
    const before = b.server.bus.subscriberCount();
    const reader = new StreamReader(playerOnB.connectChatChannel({ channelId: channel, characterId: me, notices: true, history: true }));
    await vi.waitFor(() => expect(b.server.bus.subscriberCount(), "stream on B").toBe(before + 1), { timeout: 15_000 });
    await vi.waitFor(async () => {
      await send(playerOnB, channel, me, "gold please");
      expect(reader.messages.some((m) => m.notice?.held?.state === HeldMessageState.HELD)).toBe(true);
    }, ACROSS_NODES);
    const held = reader.messages.find((m) => m.notice?.held)!.notice!.held!;
    await rulesOn(a).reviewHeldMessage({ id: held.id, allow: true });
    await vi.waitFor(
      () =>
        expect(
          reader.messages.some((m) => m.notice?.held?.state === HeldMessageState.ALLOWED),
          "ALLOWED on B",
        ).toBe(true),
      { timeout: 15_000 },
    );
    expect(reader.messages.find((m) => m.content === "gold please")).toMatchObject({ senderCharacterId: me, sentTimeMs: held.sentTimeMs });
  });
});
