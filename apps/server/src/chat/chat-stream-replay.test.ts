import { Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatClient, insertChannel, insertCharacter, insertDimension, insertMessage, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * What a channel stream sends before live messages (docs/chat.md "Replay and resume"): nothing unless asked, the
 * recent history when asked, the missed messages when resuming after an id. The same over Connect and over the lean
 * gRPC path, and over REST.
 */
describe("channel stream replay and resume", () => {
  let t: TestServer;
  let clients: Record<"connect" | "grpc", ChatClient>;
  let admin: ChatClient;
  let dimension: string;

  beforeAll(async () => {
    t = await startTestServer();
    clients = {
      connect: chatClient(t.url, t.users.player.token),
      grpc: chatClient(t.url, t.users.player.token, (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors })),
    };
    admin = chatClient(t.url, t.users.admin.token);
    dimension = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  /** A public channel with stored messages "old 1" … "old n" (ids in that order), and a reader and a speaker. */
  async function channelWith(n: number) {
    const db = t.server.database.db;
    const channelId = await insertChannel(db, { public: true });
    const me = await insertCharacter(db, t.users.player.sub, dimension);
    const speaker = await insertCharacter(db, t.users.admin.sub, dimension);
    const ids: string[] = [];
    for (let i = 1; i <= n; i++) ids.push(await insertMessage(db, channelId, speaker, Date.now() - 60_000 + i, `old ${i}`));
    const say = (content: string) => admin.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: speaker, content } });
    return { channelId, me, ids, say };
  }

  describe.each(["connect", "grpc"] as const)("over %s", (transport) => {
    it("a request that does not ask gets live messages only, as the original service sent", async () => {
      const { channelId, me, say } = await channelWith(3);
      const before = t.server.bus.subscriberCount();
      const reader = new StreamReader(clients[transport].connectChatChannel({ channelId, characterId: me }));
      // Once the stream listens on the bus, a message sent reaches it (it waits behind the access check).
      await vi.waitFor(() => expect(t.server.bus.subscriberCount()).toBe(before + 1));
      await say("live");
      expect((await reader.waitFor(1)).map((m) => m.content)).toEqual(["live"]);
    });

    it("history: the recent messages first, oldest first, then live ones", async () => {
      const { channelId, me, say } = await channelWith(3);
      const reader = new StreamReader(clients[transport].connectChatChannel({ channelId, characterId: me, history: true }));
      await reader.waitFor(3);
      await say("live");
      expect((await reader.waitFor(4)).map((m) => m.content)).toEqual(["old 1", "old 2", "old 3", "live"]);
    });

    it("after_message_id: exactly the messages after that id, then live ones (history is not added)", async () => {
      const { channelId, me, ids, say } = await channelWith(5);
      const reader = new StreamReader(clients[transport].connectChatChannel({ channelId, characterId: me, history: true, afterMessageId: ids[1] }));
      await reader.waitFor(3);
      await say("live");
      const got = await reader.waitFor(4);
      expect(got.map((m) => m.content)).toEqual(["old 3", "old 4", "old 5", "live"]);
      expect(got.slice(0, 3).map((m) => m.id)).toEqual(ids.slice(2));
    });

    it("a bad after_message_id is INVALID_ARGUMENT naming the field", async () => {
      const { channelId, me } = await channelWith(0);
      for (const afterMessageId of ["abc", "-1", "0", "99999999999999999999"]) {
        const end = await new StreamReader(clients[transport].connectChatChannel({ channelId, characterId: me, afterMessageId })).ended;
        expect({ code: end && Code[end.code], message: end?.rawMessage }).toEqual({
          code: "InvalidArgument",
          message: "after_message_id: must be a chat message id (a positive integer)",
        });
      }
    });
  });

  it("over REST: history and after_message_id as query parameters", async () => {
    const { channelId, me, ids } = await channelWith(4);
    const read = async (query: string) => {
      const abort = new AbortController();
      const res = await fetch(`${t.url}/v1/message/channel/id/${channelId}?character_id=${me}&${query}`, {
        headers: { authorization: `Bearer ${t.users.player.token}` },
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = "";
      while (text.split("\n").filter(Boolean).length < 2) text += new TextDecoder().decode((await reader.read()).value);
      abort.abort();
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { result: { content: string } }).result.content);
    };
    expect((await read(`after_message_id=${ids[1]}`)).slice(0, 2)).toEqual(["old 3", "old 4"]);
    expect((await read("history=true")).slice(0, 2)).toEqual(["old 1", "old 2"]);
  });
});
