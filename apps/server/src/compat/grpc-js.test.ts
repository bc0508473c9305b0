import { credentials, Client, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import type { IMessageType } from "@protobuf-ts/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { MISSING_ID } from "../test/game-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { clientName } from "./client-versions.js";
import { Empty } from "./protobuf-ts-gen/google/protobuf/empty.js";
import { ChatMessage, ConnectChatChannelRequest, SendChatChannelMessageRequest } from "./protobuf-ts-gen/sro/chat/chat.js";
import { TargetId } from "./protobuf-ts-gen/sro/common.js";
import { CreateMapRequest, Map as GameMap, Maps } from "./protobuf-ts-gen/sro/gameserver/gameserver.js";

/**
 * Native gRPC with @grpc/grpc-js (what Node game servers and tools use) over cleartext HTTP/2 against the real
 * server: the calls the lean path takes (GetMaps, GetMap's error, chat streams and sends) and Connect's (CreateMap).
 * Messages are encoded with the protobuf-ts classes generated from our protos; the transport is grpc-js alone.
 */
describe(`${clientName("@grpc/grpc-js")} (native gRPC, h2c)`, () => {
  let t: TestServer;
  let client: Client;
  beforeAll(async () => {
    t = await startTestServer();
    client = new Client(new URL(t.url).host, credentials.createInsecure());
  });
  afterAll(async () => {
    client?.close();
    await t?.close();
  });

  const auth = (token: string) => {
    const metadata = new Metadata();
    metadata.set("authorization", `Bearer ${token}`);
    return metadata;
  };
  const codec = <T extends object>(type: IMessageType<T>) => ({
    serialize: (m: T) => Buffer.from(type.toBinary(m)),
    deserialize: (b: Buffer) => type.fromBinary(b),
  });

  function unary<I extends object, O extends object>(
    path: string,
    input: IMessageType<I>,
    output: IMessageType<O>,
    request: I,
    token: string,
    deadline?: Date,
  ): Promise<O> {
    const i = codec(input);
    const o = codec(output);
    return new Promise((resolve, reject) => {
      client.makeUnaryRequest(path, i.serialize, o.deserialize, request, auth(token), deadline ? { deadline } : {}, (error, value) =>
        error ? reject(error) : resolve(value!),
      );
    });
  }

  it("unary: creates a map (Connect's path), lists it (the lean path)", async () => {
    const created = await unary(
      "/sro.gameserver.MapService/CreateMap",
      CreateMapRequest,
      GameMap,
      { name: "Grpc Map", mapPath: "/Game/Maps/Grpc" },
      t.users.admin.token,
    );
    expect(created).toMatchObject({ name: "Grpc Map", mapPath: "/Game/Maps/Grpc" });
    const { maps } = await unary("/sro.gameserver.MapService/GetMaps", Empty, Maps, {}, t.users.admin.token);
    expect(maps).toContainEqual(created);
  });

  it("an error arrives as a status code and details", async () => {
    const error = (await unary("/sro.gameserver.MapService/GetMap", TargetId, GameMap, { id: MISSING_ID }, t.users.admin.token).catch(
      (e: unknown) => e,
    )) as ServiceError;
    expect({ code: error.code, details: error.details }).toEqual({ code: status.NOT_FOUND, details: "map not found" });
    // A message with reserved characters arrives readable (grpc-message is percent-encoded the gRPC spec's way).
    const invalid = (await unary(
      "/sro.gameserver.MapService/CreateMap",
      CreateMapRequest,
      GameMap,
      { name: "", mapPath: "/Game/Maps/X" },
      t.users.admin.token,
    ).catch((e: unknown) => e)) as ServiceError;
    expect(invalid.code).toBe(status.INVALID_ARGUMENT);
    expect(invalid.details).toMatch(/^name: /);
    expect(invalid.details).not.toMatch(/%[0-9A-F]{2}/);
    const anonymous = (await unary("/sro.gameserver.MapService/GetMaps", Empty, Maps, {}, "not-a-token").catch((e: unknown) => e)) as ServiceError;
    expect(anonymous.code).toBe(status.UNAUTHENTICATED);
  });

  it("an unknown method is UNIMPLEMENTED", async () => {
    const error = (await unary("/sro.gameserver.MapService/NoSuchMethod", Empty, Empty, {}, t.users.admin.token).catch((e: unknown) => e)) as ServiceError;
    expect({ code: error.code, details: error.details }).toEqual({
      code: status.UNIMPLEMENTED,
      details: "/sro.gameserver.MapService/NoSuchMethod is not implemented",
    });
  });

  it("a chat stream: history, then a message sent with grpc-js", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const channel = await insertChannel(db, { public: true });
    const me = await insertCharacter(db, t.users.player.sub, dimension);
    const speaker = await insertCharacter(db, t.users.admin.sub, dimension);
    const send = (content: string, characterId: string, token: string) =>
      unary(
        "/sro.chat.ChatService/SendChatChannelMessage",
        SendChatChannelMessageRequest,
        Empty,
        { channelId: channel, chatMessage: { senderCharacterId: characterId, content, sentTimeMs: "0", id: "", senderCharacterName: "" } },
        token,
      );
    await send("before", speaker, t.users.admin.token);
    const req = codec(ConnectChatChannelRequest);
    const res = codec(ChatMessage);
    const stream = client.makeServerStreamRequest(
      "/sro.chat.ChatService/ConnectChatChannel",
      req.serialize,
      res.deserialize,
      { channelId: channel, characterId: me, notices: false, history: true, afterMessageId: "" },
      auth(t.users.player.token),
    );
    const received: string[] = [];
    const second = new Promise<void>((resolve, reject) => {
      stream.on("data", (message: ChatMessage) => {
        received.push(message.content);
        if (received.length === 1) void send("live from grpc-js", me, t.users.player.token).catch(reject);
        if (received.length === 2) resolve();
      });
      stream.on("error", reject);
    });
    await second;
    expect(received).toEqual(["before", "live from grpc-js"]);
    const ended = new Promise<ServiceError>((resolve) => stream.on("error", resolve));
    stream.cancel();
    expect((await ended).code).toBe(status.CANCELLED);
  });

  it("a deadline ends a quiet stream with DEADLINE_EXCEEDED", async () => {
    const db = t.server.database.db;
    const channel = await insertChannel(db, { public: true });
    const me = await insertCharacter(db, t.users.player.sub, await insertDimension(db));
    const req = codec(ConnectChatChannelRequest);
    const res = codec(ChatMessage);
    const stream = client.makeServerStreamRequest(
      "/sro.chat.ChatService/ConnectChatChannel",
      req.serialize,
      res.deserialize,
      { channelId: channel, characterId: me, notices: false, history: false, afterMessageId: "" },
      auth(t.users.player.token),
      {
        deadline: new Date(Date.now() + 300),
      },
    );
    stream.on("data", () => {});
    const error = await new Promise<ServiceError>((resolve) => stream.on("error", resolve));
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
  });
});
