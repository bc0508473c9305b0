import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { GrpcWebFetchTransport } from "@protobuf-ts/grpcweb-transport";
import { RpcError } from "@protobuf-ts/runtime-rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatService } from "../gen/sro/chat/chat_pb.js";
import { MapService } from "../gen/sro/gameserver/gameserver_pb.js";
import { bearer } from "../test/bearer.js";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { MISSING_ID } from "../test/game-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { clientName } from "./client-versions.js";
import { ChatServiceClient } from "./protobuf-ts-gen/sro/chat/chat.client.js";
import { MapServiceClient } from "./protobuf-ts-gen/sro/gameserver/gameserver.client.js";

/**
 * protobuf-ts's gRPC-web transport (what the original Angular front end uses), with clients generated from our
 * protos by protobuf-ts's own plugin (`npm run generate`), from Node's fetch against the real server. Text mode is
 * its default (and Google's grpc-web's); binary is the other. Both go through Connect-ES's gRPC-web handler, the
 * text mode translated around it (platform/http/grpc-web-text.ts).
 */
const client = clientName("@protobuf-ts/grpcweb-transport");

describe.each(["text", "binary"] as const)(`${client} in %s mode`, (format) => {
  let t: TestServer;
  const transport = (token: string) => new GrpcWebFetchTransport({ baseUrl: t.url, format, meta: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("unary: creates and reads maps (GetMaps takes the lean path's route)", async () => {
    const maps = new MapServiceClient(transport(t.users.admin.token));
    const { response: created } = await maps.createMap({ name: `Map ${format}`, mapPath: `/Game/Maps/${format}` });
    expect(created).toMatchObject({ name: `Map ${format}`, mapPath: `/Game/Maps/${format}` });
    const call = maps.getMaps({});
    const [{ maps: list }, status, headers] = await Promise.all([call.response, call.status, call.headers]);
    expect(list).toContainEqual(created);
    expect(status.code).toBe("OK");
    expect(headers).toBeDefined();
    // The same answer as Connect's own client gives.
    const connect = createClient(MapService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));
    expect((await connect.getMaps({})).maps.map((m) => m.id)).toEqual(list.map((m) => m.id));
  });

  it("an error arrives with its code and message (the trailers)", async () => {
    const maps = new MapServiceClient(transport(t.users.admin.token));
    const connect = createClient(MapService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));
    const expected = await connect.getMap({ id: MISSING_ID }).then(
      () => undefined,
      (e: unknown) => ConnectError.from(e),
    );
    expect(expected?.code).toBe(Code.NotFound);
    const error = await maps.getMap({ id: MISSING_ID }).response.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RpcError);
    expect({ code: (error as RpcError).code, message: (error as RpcError).message }).toEqual({ code: "NOT_FOUND", message: expected!.rawMessage });
  });

  it("a chat stream: history, then a live message, then the end", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const channel = await insertChannel(db, { public: true });
    const mine = await insertCharacter(db, t.users.player.sub, dimension);
    const speaker = await insertCharacter(db, t.users.admin.sub, dimension);
    const admin = createClient(ChatService, createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.admin.token)] }));
    await admin.sendChatChannelMessage({ channelId: channel, chatMessage: { senderCharacterId: speaker, content: "before" } });

    const chat = new ChatServiceClient(transport(t.users.player.token));
    const abort = new AbortController();
    const call = chat.connectChatChannel({ channelId: channel, characterId: mine, notices: false, history: true, afterMessageId: "" }, { abort: abort.signal });
    const received: string[] = [];
    const iterator = call.responses[Symbol.asyncIterator]();
    const next = async () => {
      const { value, done } = await iterator.next();
      if (!done) received.push(value.content);
      return value;
    };
    expect((await next())?.content).toBe("before");
    // Sent with protobuf-ts too: the stream shows it.
    await chat.sendChatChannelMessage({
      channelId: channel,
      chatMessage: { senderCharacterId: mine, content: `live ${format} ✓`, sentTimeMs: "0", id: "", senderCharacterName: "" },
    }).response;
    expect((await next())?.content).toBe(`live ${format} ✓`);
    expect(received).toEqual(["before", `live ${format} ✓`]);
    abort.abort();
    await expect(call.status).rejects.toMatchObject({ code: "CANCELLED" });
  });

  it("a stream's error (no access) arrives as the stream's status", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db);
    const mine = await insertCharacter(db, t.users.player.sub, await insertDimension(db));
    const call = new ChatServiceClient(transport(t.users.player.token)).connectChatChannel({
      channelId: channel,
      characterId: mine,
      notices: false,
      history: false,
      afterMessageId: "",
    });
    await expect(call.status).rejects.toMatchObject({ code: "PERMISSION_DENIED", message: expect.stringMatching(/may not use this channel/) });
  });
});
