import { Code, createClient, type Client } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { ChannelRulesService, ContentRuleAction, ContentRuleKind } from "../gen/sro/moderation/channel_rules_pb.js";
import { bearer } from "../test/bearer.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, type ChatClient } from "../test/chat-fixtures.js";
import { errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { ATTACK_RULES, EXPANDING_TEXT, WORST_MEASURED, WORST_TEXTS, worstAcceptedChannel } from "../test/worst-channel-rules.js";
import type { ContentRuleFact } from "./channel-rules.js";

type RulesClient = Client<typeof ChannelRulesService>;
const toWire = (rule: ContentRuleFact) => ({
  kind: rule.kind === "word" ? ContentRuleKind.WORD : ContentRuleKind.PATTERN,
  pattern: rule.pattern,
  action: rule.action === "block" ? ContentRuleAction.BLOCK : ContentRuleAction.HOLD,
  message: rule.message,
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Concurrent senders, each its own character with a full send burst (10), so every send is judged and stored. */
const LANES = 4;
const SENDS_PER_LANE = 10;

/**
 * A channel's rules cannot stop the node (docs/moderation.md "What a rule set may cost"), from the outside: a real
 * server, a moderator's and a player's Connect clients, and plain HTTP probes of /healthz. The verdict compares
 * /healthz under the same sends with and without the rules, so it does not depend on the machine's speed: the
 * report's rule set made each probe wait for whole seconds of matching (hundreds of times the plain channel's wait).
 */
describe.each(storageBackends)("a channel's rules cannot stop the node (%s)", (backend) => {
  let t: TestServer;
  let moderator: RulesClient, playerChat: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    moderator = createClient(
      ChannelRulesService,
      createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors: [bearer(t.users.moderator.token)] }),
    );
    playerChat = chatClient(t.url, t.users.player.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  const send = (channelId: string, characterId: string, content: string) =>
    playerChat.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: characterId, content } });

  it("refuses the report's attack set, naming the rule, its size and the limit, and changes nothing", async () => {
    const channelId = await insertChannel(db(), { public: true, dimensionId: dim });
    await moderator.setChannelRules({ channelId, rules: [toWire({ kind: "word", pattern: "spoiler", action: "block", message: "" })] });
    const error = await errorOf(moderator.setChannelRules({ channelId, rules: ATTACK_RULES.map(toWire) }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(
      'rules[0].pattern: "(\\\\pL{1,20}\\\\s?){1,50}#1" compiles to 2203 RE2 instructions; at most 100 per pattern (bounded repeats such as {1,50} multiply a pattern\'s size)',
    );
    expect((await moderator.getChannelRules({ id: channelId })).rules.map((r) => r.pattern)).toEqual(["spoiler"]);
    const records = await db()
      .select({ id: auditRecords.id })
      .from(auditRecords)
      .where(and(eq(auditRecords.action, "chat-channel.rules.set"), eq(auditRecords.targetId, channelId)));
    expect(records).toHaveLength(1);
  });

  /** /healthz latencies (ms) probed one after another while LANES characters each send SENDS_PER_LANE messages. */
  async function healthWhileSending(channelId: string, content: string): Promise<number[]> {
    const senders = await Promise.all(Array.from({ length: LANES }, () => insertCharacter(db(), t.users.player.sub, dim)));
    let sending = true;
    const sends = Promise.all(
      senders.map(async (sender) => {
        for (let i = 0; i < SENDS_PER_LANE; i++) await send(channelId, sender, content);
      }),
    ).finally(() => (sending = false));
    const latencies: number[] = [];
    const probes = (async () => {
      while (sending) {
        const started = performance.now();
        const answer = await fetch(`${t.url}/healthz`);
        await answer.arrayBuffer();
        expect(answer.status).toBe(200);
        latencies.push(performance.now() - started);
      }
    })();
    await Promise.all([sends, probes]);
    expect(latencies.length).toBeGreaterThan(0);
    return latencies;
  }

  it("keeps /healthz answering as fast while the worst accepted rule set judges 1,000-character sends as without rules", async () => {
    const rules = worstAcceptedChannel();
    const ruled = await insertChannel(db(), { public: true, dimensionId: dim });
    const saved = await moderator.setChannelRules({ channelId: ruled, rules: rules.map(toWire) });
    expect(saved.rules).toHaveLength(rules.length);
    const plain = await insertChannel(db(), { public: true, dimensionId: dim });
    const content = WORST_TEXTS[WORST_MEASURED.text]!;

    const withRules: number[] = [];
    const withoutRules: number[] = [];
    // Interleaved, so a slow spell of the machine falls on both sides.
    for (let round = 0; round < 2; round++) {
      withoutRules.push(...(await healthWhileSending(plain, content)));
      withRules.push(...(await healthWhileSending(ruled, content)));
    }
    const ratio = median(withRules) / median(withoutRules);
    expect(
      ratio,
      `median /healthz ${median(withRules).toFixed(1)} ms (${withRules.length} probes) with the rules, ${median(withoutRules).toFixed(1)} ms (${withoutRules.length}) without`,
    ).toBeLessThan(10);

    // The longest text NFKC can make of a legal message is refused by the run-time budget, before any pattern runs.
    const sender = await insertCharacter(db(), t.users.player.sub, dim);
    const error = await errorOf(send(ruled, sender, EXPANDING_TEXT));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toMatch(
      /^content: is 18000 characters after Unicode normalisation \(NFKC\); this channel's patterns \(\d+ RE2 instructions\) can judge at most \d+$/,
    );
    // 80 sends on a busy machine: room to finish, not a verdict (the verdict is the ratio above).
  }, 120_000);
});
