import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { bearer } from "../test/bearer.js";
import { insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { historyClient } from "../test/history-clients.js";
import { rest } from "../test/rest-client.js";
import { Code, errorOf } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/** 10000-01-01T00:00:00.000Z: the first millisecond that has no four-digit year. */
const YEAR_10000 = 253_402_300_800_000n;
const END_OF_9999 = YEAR_10000 - 1n;
/** The end of JavaScript dates (year 275760). */
const END_OF_DATES = 8_640_000_000_000_000n;

/**
 * Every rpc that takes a time bound (chat search, purge, audit list) refuses one past year 9999 with
 * INVALID_ARGUMENT naming the field; the last millisecond of 9999 is a valid bound. Never INTERNAL.
 */
describe.each(storageBackends)("far dates (%s)", (backend) => {
  let t: TestServer;
  let character: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    character = await insertCharacter(t.server.database.db, t.users.otherPlayer.sub, await insertDimension(t.server.database.db));
  });
  afterAll(() => t?.close());

  const audit = () => createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));
  const history = () => historyClient(t.url, t.users.admin.token);

  const calls: [string, "from_ms" | "to_ms", (ms: bigint) => Promise<unknown>][] = [
    ["SearchChatMessages", "from_ms", (ms) => history().searchChatMessages({ fromMs: ms })],
    ["SearchChatMessages", "to_ms", (ms) => history().searchChatMessages({ toMs: ms })],
    ["PurgeChatMessages", "from_ms", (ms) => history().purgeChatMessages({ characterId: character, fromMs: ms, reason: "Spam" })],
    ["PurgeChatMessages", "to_ms", (ms) => history().purgeChatMessages({ characterId: character, toMs: ms, reason: "Spam" })],
    ["ListAuditRecords", "from_ms", (ms) => audit().listAuditRecords({ fromMs: ms })],
    ["ListAuditRecords", "to_ms", (ms) => audit().listAuditRecords({ toMs: ms })],
  ];

  it.each(calls)("%s %s: year 10000 and later is INVALID_ARGUMENT naming the field", async (_rpc, field, call) => {
    for (const ms of [YEAR_10000, END_OF_DATES - 1n, END_OF_DATES, 9_223_372_036_854_775_807n]) {
      const error = await errorOf(call(ms));
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(new RegExp(`^${field}: must be at most ${END_OF_9999}`))]);
    }
  });

  it.each(calls)("%s %s: the last millisecond of year 9999 is a valid bound", async (_rpc, _field, call) => {
    await expect(call(END_OF_9999)).resolves.toBeDefined();
  });

  it("REST answers 400, and a forged page token far in time is INVALID_ARGUMENT", async () => {
    for (const path of [`/v1/chat-messages?toMs=${YEAR_10000}`, `/v1/chat-messages?fromMs=${YEAR_10000}`]) {
      const res = await rest(t.url, "GET", path, { token: t.users.admin.token });
      expect([res.status, res.json?.message]).toEqual([400, expect.stringMatching(/ms: must be at most/)]);
    }
    const res = await rest(t.url, "POST", "/v1/chat-messages/purge", {
      token: t.users.admin.token,
      body: { characterId: character, toMs: String(YEAR_10000), reason: "x" },
    });
    expect([res.status, res.json?.message]).toEqual([400, expect.stringMatching(/^to_ms: must be at most/)]);
    for (const sentAt of [YEAR_10000, 9_999_999_999_999_999n]) {
      const pageToken = Buffer.from(`${sentAt}.1`).toString("base64url");
      const error = await errorOf(history().searchChatMessages({ pageToken }));
      expect([error.code, error.rawMessage]).toEqual([Code.InvalidArgument, expect.stringMatching(/^page_token: /)]);
    }
  });
});
