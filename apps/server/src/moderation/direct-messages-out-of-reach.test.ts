import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatMessages } from "../chat/schema.js";
import { AuditService } from "../gen/sro/moderation/audit_pb.js";
import { ReportOutcome, ReportReason } from "../gen/sro/moderation/reports_pb.js";
import { bearer } from "../test/bearer.js";
import { chatClient, codeOf, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { historyClient } from "../test/history-clients.js";
import { reportClient } from "../test/report-fixtures.js";
import { rest } from "../test/rest-client.js";
import { Code } from "../test/sanction-clients.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/**
 * Direct messages belong to their two characters: every moderation path (delete, purge, search, reports, the
 * audit trail) acts on channel messages only, and a DM's id is NOT_FOUND there, for moderators and admins alike.
 */
describe.each(storageBackends)("direct messages are out of every moderation path's reach (%s)", (backend) => {
  let t: TestServer;
  let sender: string, recipient: string, dmId: string;
  const TEXT = "private words between friends";

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    const dim = await insertDimension(db);
    sender = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    recipient = await insertCharacter(db, t.users.player.sub, dim);
    // The DM is sent and received the way players do: its id is the one the recipient's stream shows.
    const inbox = new StreamReader(chatClient(t.url, t.users.player.token).connectDirectMessages({ id: recipient }));
    await chatClient(t.url, t.users.otherPlayer.token).sendDirectMessage({ characterId: recipient, chatMessage: { senderCharacterId: sender, content: TEXT } });
    const [received] = await inbox.waitFor(1);
    expect(received).toMatchObject({ content: TEXT, senderCharacterId: sender });
    dmId = received!.id;
    expect(dmId).toMatch(/^[1-9]\d*$/);
  });
  afterAll(() => t?.close());

  const stored = async () =>
    (
      await t.server.database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, Number(dmId)))
    )[0]!;

  it("DeleteChatMessage with a DM's id is NOT_FOUND (Connect and REST, moderator and admin) and the DM stays", async () => {
    for (const user of [t.users.moderator, t.users.admin]) {
      expect(await codeOf(historyClient(t.url, user.token).deleteChatMessage({ id: dmId, reason: "Insults" }))).toBe(Code.NotFound);
      const res = await rest(t.url, "POST", `/v1/chat-messages/id/${dmId}/delete`, { token: user.token, body: { reason: "Insults" } });
      expect(res.status).toBe(404);
    }
    expect(await stored()).toMatchObject({ content: TEXT, deletedAt: null });
  });

  it("a purge of the sender, or of the sender's account, leaves the DM; search never lists it", async () => {
    const admin = historyClient(t.url, t.users.admin.token);
    expect(await admin.purgeChatMessages({ characterId: sender, reason: "Spam" })).toMatchObject({ count: 0n, messageIds: [] });
    expect(await admin.purgeChatMessages({ accountId: t.users.otherPlayer.sub, reason: "Spam" })).toMatchObject({ count: 0n, messageIds: [] });
    expect((await admin.searchChatMessages({ text: "private words" })).messages).toEqual([]);
    expect((await admin.searchChatMessages({ sender })).messages).toEqual([]);
    expect(await stored()).toMatchObject({ content: TEXT, deletedAt: null });
  });

  it("reports: the recipient cannot report it, staff cannot open or resolve it", async () => {
    const player = reportClient(t.url, t.users.player.token);
    expect(await codeOf(player.reportChatMessage({ messageId: dmId, characterId: recipient, reason: ReportReason.HARASSMENT }))).toBe(Code.NotFound);
    const moderator = reportClient(t.url, t.users.moderator.token);
    expect(await codeOf(moderator.getReportedMessage({ id: dmId }))).toBe(Code.NotFound);
    expect(await codeOf(moderator.resolveReportedMessage({ messageId: dmId, outcome: ReportOutcome.DELETED, note: "Insults" }))).toBe(Code.NotFound);
    expect((await moderator.listReportedMessages({ includeResolved: true })).messages.map((m) => m.message?.id)).not.toContain(dmId);
    expect(await stored()).toMatchObject({ content: TEXT, deletedAt: null });
  });

  it("no audit record holds the DM's text, and the recipient still reads it", async () => {
    const audit = createClient(AuditService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));
    const { records } = await audit.listAuditRecords({ limit: 500 });
    for (const { id } of records) {
      const one = await audit.getAuditRecord({ id });
      expect(one.beforeJson + one.afterJson).not.toContain("private words");
    }
    const rows = await t.server.database.db.select().from(auditRecords);
    expect(rows.filter((r) => JSON.stringify([r.before, r.after]).includes("private words"))).toEqual([]);
    const replay = new StreamReader(chatClient(t.url, t.users.player.token).connectDirectMessages({ id: recipient }));
    expect((await replay.waitFor(1)).map((m) => m.content)).toEqual([TEXT]);
  });
});
