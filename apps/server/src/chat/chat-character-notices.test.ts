import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CharacterService } from "../gen/sro/character/character_pb.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, StreamReader, type ChatClient } from "../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { bearer } from "../test/bearer.js";

/** A character deleted or edited through the character service: its open chat streams end or re-check access. */
describe("chat streams of a deleted or edited character", () => {
  let t: TestServer;
  let admin: ChatClient, player: ChatClient, grpcPlayer: ChatClient;
  let dim: string, otherDim: string;

  beforeAll(async () => {
    t = await startTestServer();
    admin = chatClient(t.url, t.users.admin.token);
    player = chatClient(t.url, t.users.player.token);
    grpcPlayer = chatClient(t.url, t.users.player.token, (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors }));
    dim = await insertDimension(t.server.database.db);
    otherDim = await insertDimension(t.server.database.db);
  });
  afterAll(() => t?.close());

  const characters = (token: string) =>
    createClient(CharacterService, createConnectTransport({ baseUrl: t.url, httpVersion: "2", interceptors: [bearer(token)] }));
  const db = () => t.server.database.db;
  async function say(channelId: string, content: string) {
    const senderCharacterId = await insertCharacter(db(), t.users.admin.sub, dim);
    await admin.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId, content } });
  }
  /** A stream that has received its first message (so it is subscribed). */
  async function open(client: ChatClient, channelId: string, characterId: string) {
    const reader = new StreamReader(client.connectChatChannel({ channelId, characterId, history: true }));
    await say(channelId, "first");
    await reader.waitFor(1);
    return reader;
  }

  it("deleting a character ends its channel streams (gRPC and Connect) and its direct-message stream with NOT_FOUND; others stay", async () => {
    const channel = await insertChannel(db(), { public: true });
    const doomed = await insertCharacter(db(), t.users.player.sub, dim);
    const survivor = await insertCharacter(db(), t.users.player.sub, dim);
    const before = t.server.bus.subscriberCount();
    const overGrpc = await open(grpcPlayer, channel, doomed);
    const overConnect = await open(player, channel, doomed);
    const other = await open(player, channel, survivor);
    const direct = new StreamReader(grpcPlayer.connectDirectMessages({ id: doomed }));
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "four streams open").toBe(before + 4), { timeout: 15_000 });

    await characters(t.users.player.token).deleteCharacter({ id: doomed });
    for (const reader of [overGrpc, overConnect, direct]) {
      const end = await reader.ended;
      expect(end?.code).toBe(Code.NotFound);
      expect(end?.rawMessage).toBe(`character ${doomed} was deleted`);
    }
    const seen = other.messages.length;
    await say(channel, "still here");
    expect((await other.waitFor(seen + 1)).at(-1)?.content).toBe("still here");
    await vi.waitFor(() => expect(t.server.bus.subscriberCount(), "the deleted character's streams released").toBe(before + 1), {
      timeout: 15_000,
    });
  });

  it("moving a character to another dimension ends its stream on a channel of the old dimension; a channel of every dimension stays", async () => {
    const local = await insertChannel(db(), { public: true, dimensionId: dim });
    const global = await insertChannel(db(), { public: true });
    const traveller = await insertCharacter(db(), t.users.player.sub, dim);
    const onLocal = await open(grpcPlayer, local, traveller);
    const onGlobal = await open(grpcPlayer, global, traveller);
    await characters(t.users.admin.token).editCharacter({ mask: { paths: ["dimension_id"] }, character: { id: traveller, dimensionId: otherDim } });
    expect((await onLocal.ended)?.code).toBe(Code.PermissionDenied);
    await say(global, "welcome");
    expect((await onGlobal.waitFor(2)).at(-1)?.content).toBe("welcome");
  });
});
