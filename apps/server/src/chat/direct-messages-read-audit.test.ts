import { Code } from "@connectrpc/connect";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditRecords } from "../audit/schema.js";
import { chatClient, insertCharacter, insertDimension, StreamReader } from "../test/chat-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";
import { HISTORY_MESSAGES } from "./chat-rules.js";

/**
 * Reading someone else's direct messages (staff with ConnectDirectMessages' "all") leaves one
 * `direct-messages.read` record per stream, written before the history is sent; a player reading their own leaves
 * none, and the messages never enter the record (docs/moderation.md "Audit log").
 */
describe.each(storageBackends)("audit records of direct-message reads (%s)", (backend) => {
  let t: TestServer;
  let sender: string, recipient: string;
  const TEXT = "a private word";
  const reads = () => t.server.database.db.select().from(auditRecords).where(eq(auditRecords.action, "direct-messages.read")).orderBy(asc(auditRecords.id));

  beforeAll(async () => {
    t = await startTestServer({ backend });
    const db = t.server.database.db;
    const dim = await insertDimension(db);
    sender = await insertCharacter(db, t.users.otherPlayer.sub, dim);
    recipient = await insertCharacter(db, t.users.player.sub, dim);
    const inbox = new StreamReader(chatClient(t.url, t.users.player.token).connectDirectMessages({ id: recipient }));
    await chatClient(t.url, t.users.otherPlayer.token).sendDirectMessage({ characterId: recipient, chatMessage: { senderCharacterId: sender, content: TEXT } });
    await inbox.waitFor(1);
  });
  afterAll(() => t?.close());

  it("a player reading their own direct messages is not recorded", async () => {
    const own = new StreamReader(chatClient(t.url, t.users.player.token).connectDirectMessages({ id: recipient }));
    expect((await own.waitFor(1)).map((m) => m.content)).toEqual([TEXT]);
    expect(await reads()).toEqual([]);
  });

  it("an admin reading a player's direct messages: one record with the admin, the character and its owner, no text", async () => {
    const stream = new StreamReader(chatClient(t.url, t.users.admin.token).connectDirectMessages({ id: recipient }));
    expect((await stream.waitFor(1)).map((m) => m.content)).toEqual([TEXT]);
    const records = await reads();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorId: t.users.admin.sub,
      actorName: t.users.admin.username,
      targetType: "character",
      targetId: recipient,
      before: null,
      after: { ownerId: t.users.player.sub, history: HISTORY_MESSAGES },
    });
    expect(records[0]!.requestId).not.toBe("");
    expect(JSON.stringify(records[0])).not.toContain(TEXT);

    // Each stream opened is one record (written once the stream listens); the live messages it carries add none.
    const again = new StreamReader(chatClient(t.url, t.users.admin.token).connectDirectMessages({ id: sender }));
    await vi.waitFor(async () => expect(await reads()).toHaveLength(2));
    await chatClient(t.url, t.users.player.token).sendDirectMessage({ characterId: sender, chatMessage: { senderCharacterId: recipient, content: "reply" } });
    expect((await again.waitFor(1)).map((m) => m.content)).toEqual(["reply"]);
    expect((await reads()).map((r) => [r.actorId, r.targetId])).toEqual([
      [t.users.admin.sub, recipient],
      [t.users.admin.sub, sender],
    ]);
  });

  it("a refused stream (a moderator may not read direct messages) writes nothing", async () => {
    const before = (await reads()).length;
    const refused = new StreamReader(chatClient(t.url, t.users.moderator.token).connectDirectMessages({ id: recipient }));
    expect((await refused.ended)?.code).toBe(Code.PermissionDenied);
    expect(await reads()).toHaveLength(before);
  });
});
