import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatMessages } from "../chat/schema.js";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { bearer } from "../test/bearer.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { historyClient, type HistoryClient } from "../test/history-clients.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/** The per-call bound documented in docs/moderation.md. */
const PER_CALL = 5_000;
const T0 = 1_700_000_000_000;

/**
 * A purge is bounded per call (more_remain, and the same request again goes on), and its audit record stays small:
 * a count and a digest of the ids, never the texts. Audit lists carry no before/after; one record does.
 */
describe.each(storageBackends)("purge bounds and small audit records (%s)", (backend) => {
  let t: TestServer;
  let admin: HistoryClient;
  let dim: string, lobby: string, trade: string;

  beforeAll(async () => {
    // Bounds, not approvals: no purge here waits for a second pair of eyes (approvals.test.ts).
    t = await startTestServer({ backend, env: { PURGE_APPROVAL_THRESHOLD: "1000000" } });
    admin = historyClient(t.url, t.users.admin.token);
    const db = t.server.database.db;
    dim = await insertDimension(db);
    lobby = await insertChannel(db, { public: true });
    trade = await insertChannel(db, { public: true });
  });
  afterAll(() => t?.close());

  const audit = () => createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));

  /** `n` channel messages of `sender`, alternating between two channels, 1 ms apart; each text is 200 characters. */
  async function seed(sender: string, n: number, startMs = T0) {
    await t.server.database.db.execute(sql`INSERT INTO chat_messages (channel_id, sender_character_id, content, sent_at)
      SELECT CASE WHEN g % 2 = 0 THEN ${lobby}::uuid ELSE ${trade}::uuid END, ${sender}, rpad('spam ' || g, 200, '!'),
        to_timestamp((${startMs}::bigint + g) / 1000.0)
      FROM generate_series(1, ${n}) g`);
  }
  const live = async (sender: string) =>
    Number(
      (
        await t.server.database.db
          .select({ n: count() })
          .from(chatMessages)
          .where(and(eq(chatMessages.senderCharacterId, sender), sql`${chatMessages.deletedAt} IS NULL`, isNotNull(chatMessages.channelId)))
      )[0]!.n,
    );

  it("a large purge goes 5,000 per call with more_remain, until the same request finds nothing", async () => {
    const spammer = await insertCharacter(t.server.database.db, "spam-account", dim);
    await seed(spammer, 2 * PER_CALL + 345);
    const request = { characterId: spammer, reason: "Spam wave" };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await admin.purgeChatMessages(request));
    expect(answers.map((a) => [Number(a.count), a.messageIds.length, a.moreRemain])).toEqual([
      [PER_CALL, PER_CALL, true],
      [PER_CALL, PER_CALL, true],
      [345, 345, false],
      [0, 0, false],
    ]);
    // Oldest first, no id twice: the calls together deleted every message exactly once.
    const all = answers.flatMap((a) => a.messageIds);
    expect(new Set(all).size).toBe(2 * PER_CALL + 345);
    expect(await live(spammer)).toBe(0);

    const { records } = await audit().listAuditRecords({ action: "chat-message.purge", targetId: spammer });
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect([record.beforeJson, record.afterJson]).toEqual(["", ""]);
      const one = await audit().getAuditRecord({ id: record.id });
      expect(one.beforeJson).toBe("");
      // A count, the window and a digest: well under a kilobyte however many messages it covers, and no text.
      expect(one.afterJson.length).toBeLessThan(1_000);
      expect(one.afterJson).not.toContain("spam");
      expect(JSON.parse(one.afterJson)).toMatchObject({ reason: "Spam wave", count: expect.any(Number), idsSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
    const counts = await Promise.all(records.map(async (r) => JSON.parse((await audit().getAuditRecord({ id: r.id })).afterJson).count));
    expect(counts).toEqual([345, PER_CALL, PER_CALL]);
  });

  it("exactly the bound: one call, nothing remains; over REST more_remain reads as moreRemain", async () => {
    const exact = await insertCharacter(t.server.database.db, "exact-account", dim);
    await seed(exact, PER_CALL);
    const res = await rest(t.url, "POST", "/v1/chat-messages/purge", { token: t.users.admin.token, body: { characterId: exact, reason: "Spam" } });
    expect(res.status).toBe(200);
    expect([res.json.count, res.json.messageIds.length, res.json.moreRemain ?? false]).toEqual([String(PER_CALL), PER_CALL, false]);
    const over = await insertCharacter(t.server.database.db, "over-account", dim);
    await seed(over, PER_CALL + 1);
    const first = await rest(t.url, "POST", "/v1/chat-messages/purge", { token: t.users.admin.token, body: { characterId: over, reason: "Spam" } });
    expect([first.json.count, first.json.moreRemain]).toEqual([String(PER_CALL), true]);
    expect(await live(over)).toBe(1);
  });

  it("an account purge bounds the sum over its characters and goes on from where it stopped, inside the window", async () => {
    const account = "raid-account";
    const [a, b] = [await insertCharacter(t.server.database.db, account, dim), await insertCharacter(t.server.database.db, account, dim)];
    await seed(a, 3_000);
    await seed(b, 4_000);
    // Outside the window: never touched, never counted as remaining.
    await seed(a, 10, T0 + 1_000_000);
    const request = { accountId: account, fromMs: BigInt(T0), toMs: BigInt(T0 + 500_000), reason: "Raid" };
    const first = await admin.purgeChatMessages(request);
    expect([Number(first.count), first.moreRemain]).toEqual([PER_CALL, true]);
    const second = await admin.purgeChatMessages(request);
    expect([Number(second.count), second.moreRemain]).toEqual([2_000, false]);
    expect([await live(a), await live(b)]).toEqual([10, 0]);
  });
});
