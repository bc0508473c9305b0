import { fileURLToPath } from "node:url";
import { credentials, loadPackageDefinition, Metadata, status, type ServiceError } from "@grpc/grpc-js";
import { loadSync } from "@grpc/proto-loader";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatChannelRules } from "../chat/schema.js";
import { auditRecords } from "../audit/schema.js";
import { ContentRuleAction, ContentRuleKind, ChannelRulesService } from "../gen/sro/moderation/channel_rules_pb.js";
import { chatClient, insertChannel, insertCharacter, insertDimension } from "../test/chat-fixtures.js";
import { bearer } from "../test/bearer.js";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

type ResetCall = (request: { type: string }, metadata: Metadata, done: (error: ServiceError | null, response?: { message: string }) => void) => void;
interface BusClient {
  ResetReaderBus: ResetCall;
  ResetWriterBus: ResetCall;
  close(): void;
}

/**
 * sro.BusService as the original admin client calls it: grpc-js with the .proto loaded at run time (proto-loader, no
 * generated code of ours), and the REST bindings. A reset drops every node's cached copies: channel rules written
 * behind the server's back (no bus event) apply only after a reset of sro.chat.
 */
describe("sro.BusService (cache reset)", () => {
  let t: TestServer;
  let client: BusClient;
  beforeAll(async () => {
    t = await startTestServer();
    const definition = loadSync("sro/bus.proto", { includeDirs: [fileURLToPath(new URL("../../../../proto", import.meta.url))] });
    const sro = loadPackageDefinition(definition).sro as unknown as { BusService: new (address: string, creds: unknown) => BusClient };
    client = new sro.BusService(new URL(t.url).host, credentials.createInsecure());
  });
  afterAll(async () => {
    client?.close();
    await t?.close();
  });

  const call = (method: "ResetReaderBus" | "ResetWriterBus", type: string, token: string) =>
    new Promise<{ message: string } | ServiceError>((resolve) => {
      const metadata = new Metadata();
      metadata.set("authorization", `Bearer ${token}`);
      client[method]({ type }, metadata, (error, response) => resolve(error ?? response!));
    });

  it("grpc-js: resetting sro.chat makes every cached copy of the channel rules go; admins only; audited", async () => {
    const db = t.server.database.db;
    const dimension = await insertDimension(db);
    const channelId = await insertChannel(db, { public: true, dimensionId: dimension });
    const me = await insertCharacter(db, t.users.player.sub, dimension);
    const rules = createClient(
      ChannelRulesService,
      createConnectTransport({ baseUrl: t.url, httpVersion: "1.1", interceptors: [bearer(t.users.moderator.token)] }),
    );
    await rules.setChannelRules({ channelId, rules: [{ kind: ContentRuleKind.WORD, pattern: "forbidden", action: ContentRuleAction.BLOCK, message: "" }] });
    const send = () =>
      chatClient(t.url, t.users.player.token)
        .sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: me, content: "a forbidden word" } })
        .then(
          () => "ok",
          (error: { code: number }) => error.code,
        );
    expect(await send()).not.toBe("ok");
    // A write no node hears of (a script, or a node that had lost the bus): this node still judges by its copy.
    await db.update(chatChannelRules).set({ rules: [] }).where(eq(chatChannelRules.channelId, channelId));
    expect(await send()).not.toBe("ok");

    const denied = await call("ResetReaderBus", "sro.chat", t.users.moderator.token);
    expect("code" in denied && denied.code).toBe(status.PERMISSION_DENIED);
    expect(await send()).not.toBe("ok");

    expect(await call("ResetReaderBus", "sro.chat", t.users.admin.token)).toEqual({ message: "Reset 1 bus: sro.chat" });
    expect(await send()).toBe("ok");

    const audited = await db.select().from(auditRecords).where(eq(auditRecords.action, "bus.reset-reader"));
    expect(audited.map((r) => ({ actor: r.actorId, target: [r.targetType, r.targetId], after: r.after }))).toEqual([
      { actor: t.users.admin.sub, target: ["bus", "sro.chat"], after: { targets: ["sro.chat"] } },
    ]);
  });

  it("grpc-js: an unknown type is INVALID_ARGUMENT naming the field; empty resets every kind", async () => {
    const bad = await call("ResetWriterBus", "sro.nothing", t.users.admin.token);
    expect("code" in bad && { code: bad.code, details: bad.details }).toEqual({
      code: status.INVALID_ARGUMENT,
      details: "type: must be one of sro.character, sro.chat, sro.gameserver.dimension, sro.gameserver.map, or empty for all",
    });
    expect(await call("ResetWriterBus", "", t.users.admin.token)).toEqual({
      message: "Reset 4 buses: sro.character, sro.chat, sro.gameserver.dimension, sro.gameserver.map",
    });
  });

  it("REST: GET /v1/bus/reset/reader and /v1/bus/reset/writer with the type in the query", async () => {
    const admin = { token: t.users.admin.token };
    expect(await rest(t.url, "GET", "/v1/bus/reset/reader?type=sro.gameserver.map", admin)).toMatchObject({
      status: 200,
      json: { message: "Reset 1 bus: sro.gameserver.map" },
    });
    expect(await rest(t.url, "GET", "/v1/bus/reset/writer?type=sro.character", admin)).toMatchObject({
      status: 200,
      json: { message: "Reset 1 bus: sro.character" },
    });
    expect(await rest(t.url, "GET", "/v1/bus/reset/reader?type=x", admin)).toMatchObject({ status: 400, json: { code: 3 } });
    expect(await rest(t.url, "GET", "/v1/bus/reset/writer", { token: t.users.player.token })).toMatchObject({ status: 403 });
  });
});
