import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertChannel, insertCharacter, insertDimension } from "../../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe("server streams", () => {
  it("send their response headers before the first message (a quiet channel still connects)", async () => {
    const db = t.server.database.db;
    const dimensionId = await insertDimension(db);
    const channelId = await insertChannel(db, { public: true });
    const characterId = await insertCharacter(db, t.users.admin.sub, dimensionId);
    const request = Buffer.from(JSON.stringify({ channelId, characterId }));
    const envelope = Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), request]);
    envelope.writeUInt32BE(request.length, 1);
    const abort = new AbortController();
    const started = Date.now();
    const res = await fetch(`${t.url}/sro.chat.ChatService/ConnectChatChannel`, {
      method: "POST",
      headers: { "content-type": "application/grpc-web+json", authorization: `Bearer ${t.users.admin.token}` },
      body: envelope,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/grpc-web+json");
    expect(Date.now() - started).toBeLessThan(1_000);
    abort.abort();
  });
});
