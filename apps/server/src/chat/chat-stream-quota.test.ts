import { Code } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { credentials, Client, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientName } from "../compat/client-versions.js";
import { ChatMessage, ConnectChatChannelRequest } from "../compat/protobuf-ts-gen/sro/chat/chat.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, insertMessage, StreamReader } from "../test/chat-fixtures.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * One account could open chat streams by the thousands on one node, each with its subscription, queue and history
 * read. CHAT_STREAMS_PER_ACCOUNT caps them (here 3): the next is refused with RESOURCE_EXHAUSTED on every transport
 * until one closes; other accounts are not affected.
 */
describe("open chat streams per account", () => {
  let t: TestServer;
  let channel: string;
  let character: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { CHAT_STREAMS_PER_ACCOUNT: "3" } });
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    channel = await insertChannel(db, { public: true });
    character = await insertCharacter(db, t.users.player.sub, dimension);
    // Each stream starts with this message (its history): an admitted stream shows it.
    await insertMessage(db, channel, character, Date.now(), "history");
  });
  afterAll(() => t?.close());

  const open = (token: string, signal?: AbortSignal, grpc = false) => {
    const client = chatClient(t.url, token, grpc ? (interceptors) => createGrpcTransport({ baseUrl: t.url, interceptors }) : undefined);
    return new StreamReader(client.connectChatChannel({ channelId: channel, characterId: character, history: true }, { signal }));
  };

  /** grpc-js, a client we did not write, on the lean gRPC stream path: the refusal's status and text. */
  function refusedOverGrpcJs(): Promise<ServiceError> {
    const client = new Client(new URL(t.url).host, credentials.createInsecure());
    const metadata = new Metadata();
    metadata.set("authorization", `Bearer ${t.users.player.token}`);
    const stream = client.makeServerStreamRequest(
      "/sro.chat.ChatService/ConnectChatChannel",
      (m: ConnectChatChannelRequest) => Buffer.from(ConnectChatChannelRequest.toBinary(m)),
      (b: Buffer) => ChatMessage.fromBinary(b),
      { channelId: channel, characterId: character, notices: false, history: true, afterMessageId: "" },
      metadata,
    );
    stream.on("data", () => {});
    return new Promise<ServiceError>((resolve) => stream.on("error", resolve)).finally(() => client.close());
  }

  it(`refuses the stream past the cap on Connect, gRPC and ${clientName("@grpc/grpc-js")}, admits again once one closes`, async () => {
    // Refused streams (no access to a private channel) give their slot back at once.
    const secret = await insertChannel(t.server.database.db);
    for (let i = 0; i < 4; i++) {
      const denied = chatClient(t.url, t.users.player.token).connectChatChannel({ channelId: secret, characterId: character });
      expect((await new StreamReader(denied).ended)?.code).toBe(Code.PermissionDenied);
    }
    const first = new AbortController();
    const held = [open(t.users.player.token, first.signal), open(t.users.player.token, undefined, true), open(t.users.player.token)];
    await Promise.all(held.map((r) => r.waitFor(1)));

    for (const grpc of [false, true]) {
      const refused = await open(t.users.player.token, undefined, grpc).ended;
      expect(refused?.code).toBe(Code.ResourceExhausted);
      expect(refused?.rawMessage).toBe("too many open chat streams for this account: at most 3 at once; close one first");
    }
    // REST (the gateway's streaming binding): HTTP 429 with the same message.
    const viaRest = await fetch(`${t.url}/v1/message/channel/id/${channel}?characterId=${character}&history=true`, {
      headers: { authorization: `Bearer ${t.users.player.token}` },
    });
    expect(viaRest.status).toBe(429);
    expect(((await viaRest.json()) as { message: string }).message).toBe("too many open chat streams for this account: at most 3 at once; close one first");
    const viaGrpcJs = await refusedOverGrpcJs();
    expect({ code: viaGrpcJs.code, details: viaGrpcJs.details }).toEqual({
      code: status.RESOURCE_EXHAUSTED,
      details: "too many open chat streams for this account: at most 3 at once; close one first",
    });

    // Another account has its own count (a moderator may read the public channel as the player's character).
    const moderator = open(t.users.admin.token);
    await moderator.waitFor(1);

    // The held streams were not disturbed by the refusals.
    for (const r of held) expect(r.messages.map((m) => m.content)).toEqual(["history"]);

    first.abort();
    expect((await held[0]!.ended)?.code).toBe(Code.Canceled);
    // The server lets the slot go when it sees the stream end: poll on that, the refusal is immediate.
    let admitted: StreamReader | undefined;
    for (let attempt = 0; attempt < 200 && !admitted; attempt++) {
      const next = open(t.users.player.token);
      const outcome = await Promise.race([
        next.waitFor(1).then(
          () => "open" as const,
          () => "ended" as const,
        ),
        next.ended.then(() => "ended" as const),
      ]);
      if (outcome === "open") admitted = next;
      else expect((await next.ended)?.code).toBe(Code.ResourceExhausted);
    }
    expect(admitted?.messages.map((m) => m.content)).toEqual(["history"]);
  });
});
