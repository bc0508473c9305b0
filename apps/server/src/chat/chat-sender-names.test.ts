import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { characters } from "../character/schema.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, storageBackends, type TestServer } from "../test/test-server.js";

/**
 * A player may not look other characters up, so every message carries its sender's name: in a stream's history, live,
 * and in direct messages. A deleted sender's old lines carry none.
 */
describe.each(storageBackends)("chat sender names (%s)", (backend) => {
  let t: TestServer;
  let player: ChatClient, other: ChatClient;
  let dim: string;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    player = chatClient(t.url, t.users.player.token);
    other = chatClient(t.url, t.users.otherPlayer.token);
    dim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  async function named(owner: "player" | "otherPlayer", name: string): Promise<string> {
    const id = await insertCharacter(t.server.database.db, t.users[owner].sub, dim);
    await t.server.database.db.update(characters).set({ name }).where(eq(characters.id, id));
    return id;
  }

  it("history and live channel messages carry the sender's character name; a deleted sender's carry none", async () => {
    const channel = await insertChannel(t.server.database.db, { public: true });
    const me = await named("player", "Pia Nightshade");
    const max = await named("otherPlayer", "Max Warden");
    const gone = await named("otherPlayer", "Gone Soon");
    await other.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: max, content: "before" } });
    await other.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: gone, content: "from the deleted" } });
    await t.server.database.db.update(characters).set({ deletedAt: new Date() }).where(eq(characters.id, gone));

    const abort = new AbortController();
    const reader = new StreamReader(player.connectChatChannel({ channelId: channel, characterId: me, history: true }, { signal: abort.signal }));
    await reader.waitFor(2);
    await other.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: max, content: "live" } });
    await player.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: me, content: "mine" } });
    const messages = await reader.waitFor(4);
    abort.abort();
    expect(messages.map((m) => [m.content, m.senderCharacterId, m.senderCharacterName])).toEqual([
      ["before", max, "Max Warden"],
      ["from the deleted", gone, ""],
      ["live", max, "Max Warden"],
      ["mine", me, "Pia Nightshade"],
    ]);

    // A stream resuming after the first message gets the rest, named the same way.
    const again = new AbortController();
    const resumed = new StreamReader(
      player.connectChatChannel({ channelId: channel, characterId: me, afterMessageId: messages[0]!.id }, { signal: again.signal }),
    );
    const rest = await resumed.waitFor(3);
    again.abort();
    expect(rest.map((m) => [m.content, m.senderCharacterName])).toEqual([
      ["from the deleted", ""],
      ["live", "Max Warden"],
      ["mine", "Pia Nightshade"],
    ]);
  });

  it("direct messages carry the sender's name, in history and live", async () => {
    const me = await named("player", "Pia Direct");
    const them = await named("otherPlayer", "Ada Overwatch");
    await other.sendDirectMessage({ characterId: me, chatMessage: { senderCharacterId: them, content: "earlier" } });
    const abort = new AbortController();
    const reader = new StreamReader(player.connectDirectMessages({ id: me }, { signal: abort.signal }));
    await reader.waitFor(1);
    await other.sendDirectMessage({ characterId: me, chatMessage: { senderCharacterId: them, content: "now" } });
    const messages = await reader.waitFor(2);
    abort.abort();
    expect(messages.map((m) => [m.content, m.senderCharacterName])).toEqual([
      ["earlier", "Ada Overwatch"],
      ["now", "Ada Overwatch"],
    ]);
  });
});
