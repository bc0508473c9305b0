import { Code } from "@connectrpc/connect";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../platform/config.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, type ChatClient } from "../test/chat-fixtures.js";
import { historyClient, type HistoryClient } from "../test/history-clients.js";
import { errorOf } from "../test/sanction-clients.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { withinSearchTime } from "../platform/db/search-time-limit.js";

/** What PostgreSQL raises when statement_timeout stops a statement (node-postgres and PGlite errors carry `code`). */
const queryCanceled = () => Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });

describe("a staff search's time limit", () => {
  it("is the server's limit, or the caller's deadline when that comes sooner", async () => {
    const asked: number[] = [];
    const read = async (timeoutMs: number) => asked.push(timeoutMs);
    await withinSearchTime(10_000, undefined, read);
    await withinSearchTime(10_000, 2_500, read);
    await withinSearchTime(10_000, 60_000, read);
    expect(asked).toEqual([10_000, 2_500, 10_000]);
  });

  it("turns a stopped read into DEADLINE_EXCEEDED saying how to narrow it, and passes other errors through", async () => {
    const stopped = await errorOf(withinSearchTime(10_000, undefined, () => Promise.reject(queryCanceled())));
    expect(stopped.code).toBe(Code.DeadlineExceeded);
    expect(stopped.rawMessage).toBe("search stopped after 10 s: narrow it with a channel, a sender or a time window");
    expect((await errorOf(withinSearchTime(1.5, undefined, () => Promise.reject(queryCanceled())))).rawMessage).toMatch(/^search stopped after 2 ms:/);
    expect((await errorOf(withinSearchTime(10_000, 13, () => Promise.reject(queryCanceled())))).rawMessage).toBe(
      "search stopped at the call's deadline: narrow it with a channel, a sender or a time window",
    );
    const other = new Error("disk full");
    await expect(withinSearchTime(10_000, undefined, () => Promise.reject(other))).rejects.toBe(other);
  });
});

describe("CHAT_SEARCH_TIMEOUT_SECONDS", () => {
  it("defaults to 10 s and takes fractions of a second", () => {
    expect(loadConfig({}).chatSearchTimeoutMs).toBe(10_000);
    expect(loadConfig({ CHAT_SEARCH_TIMEOUT_SECONDS: "2.5" }).chatSearchTimeoutMs).toBe(2_500);
  });

  it.each(["0", "-1", "ten", "86401"])("refuses %j, naming the variable", (value) => {
    expect(() => loadConfig({ CHAT_SEARCH_TIMEOUT_SECONDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_SEARCH_TIMEOUT_SECONDS: value })).toThrow(/CHAT_SEARCH_TIMEOUT_SECONDS=/);
  });
});

// PGlite has no statement timeout (docs/moderation.md): the limit is PostgreSQL's.
describe.runIf(Boolean(process.env.DATABASE_URL))("a staff search past CHAT_SEARCH_TIMEOUT_SECONDS (postgres)", () => {
  let t: TestServer;
  let moderator: HistoryClient, moderatorChat: ChatClient;
  let channel: string;

  beforeAll(async () => {
    t = await startTestServer({ backend: "postgres", env: { CHAT_SEARCH_TIMEOUT_SECONDS: "0.001" } });
    moderator = historyClient(t.url, t.users.moderator.token);
    moderatorChat = chatClient(t.url, t.users.moderator.token);
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const sender = await insertCharacter(db, t.users.otherPlayer.sub, dimension);
    channel = await insertChannel(db, { public: true });
    // 300,000 messages without a "q": a one-letter text has no trigram, so the read walks them all (far over 1 ms).
    await db.execute(sql`INSERT INTO chat_messages (channel_id, sender_character_id, content, sent_at)
      SELECT ${channel}::uuid, ${sender}, 'message number ' || i, now() - i * interval '1 second' FROM generate_series(1, 300000) AS i`);
    await db.execute(sql`ANALYZE chat_messages`);
  });
  afterAll(() => t?.close());

  it("SearchChatMessages answers DEADLINE_EXCEEDED, naming the limit and how to narrow the search", async () => {
    const error = await errorOf(moderator.searchChatMessages({ text: "q" }));
    expect([Code[error.code], error.rawMessage]).toEqual([
      "DeadlineExceeded",
      "search stopped after 1 ms: narrow it with a channel, a sender or a time window",
    ]);
  });

  it("GetChatLogs with a text filter does too", async () => {
    const error = await errorOf(moderatorChat.getChatLogs({ channelId: channel, text: "q" }));
    expect([Code[error.code], error.rawMessage]).toEqual([
      "DeadlineExceeded",
      "search stopped after 1 ms: narrow it with a channel, a sender or a time window",
    ]);
  });

  it("leaves no search running, and the server answers other calls", async () => {
    await errorOf(moderator.searchChatMessages({ text: "q" }));
    const running: unknown = await t.server.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query ILIKE '%chat_messages%' AND pid <> pg_backend_pid()`,
    );
    expect((running as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    expect((await moderatorChat.getChatChannels({})).channels.map((c) => c.id)).toContain(channel);
  });
});
