import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createConnectRouter, createContextValues } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CharacterSchema, CharacterService, CharactersSchema } from "../../gen/sro/character/character_pb.js";
import { ChatMessageSchema, ChatService } from "../../gen/sro/chat/chat_pb.js";
import { rest } from "../../test/rest-client.js";
import { createRestGateway } from "./rest-gateway.js";

// The gateway over a router with recording implementations: binding and status mapping without any storage.
let seen: unknown;
let failWith: Code | undefined;
let server: Server;
let base: string;

beforeAll(async () => {
  const router = createConnectRouter();
  const record = (req: unknown) => {
    seen = req;
    if (failWith !== undefined) throw new ConnectError(`failing with ${Code[failWith]}`, failWith);
  };
  router.service(CharacterService, {
    getCharacters: (req) => (record(req), create(CharactersSchema, { total: 7n })),
    createCharacter: (req) => (record(req), create(CharacterSchema, { name: req.name })),
    editCharacter: (req) => (record(req), create(CharacterSchema, req.character)),
    addCharacterPlayTime: (req) => (record(req), {}),
    getCharacter: (req) => (record(req), create(CharacterSchema, { id: req.id })),
  });
  router.service(ChatService, {
    async *connectChatChannel(req) {
      record(req);
      yield create(ChatMessageSchema, { content: "one", sentTimeMs: 1n });
      yield create(ChatMessageSchema, { content: "two", sentTimeMs: 2n });
      throw new ConnectError("channel deleted", Code.NotFound);
    },
    // eslint-disable-next-line require-yield -- a stream that fails before its first message
    async *connectDirectMessages() {
      throw new ConnectError("not yours", Code.PermissionDenied);
    },
  });
  const gateway = createRestGateway(router.handlers, 4096);
  server = createServer((req, res) => void gateway(req, res, createContextValues()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("REST binding", () => {
  it("binds path params, a bare body field and answers the response as JSON", async () => {
    failWith = undefined;
    const res = await rest(base, "PATCH", "/v1/characters/id/c-1/playtime", { rawBody: "42", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect(seen).toMatchObject({ id: "c-1", time: 42 });
  });

  it("binds body '*' with both snake_case and lowerCamelCase names", async () => {
    const res = await rest(base, "POST", "/v1/characters", { body: { ownerId: "o-1", dimension_id: "d-1", name: "Neo" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: "Neo" });
    expect(seen).toMatchObject({ ownerId: "o-1", dimensionId: "d-1", name: "Neo" });
  });

  it("lets the path win over the body for nested path fields and reads field masks", async () => {
    const res = await rest(base, "PATCH", "/v1/characters/id/c-9", {
      body: { mask: "name,dimensionId", character: { id: "other", name: "Trinity", dimension_id: "d-2" } },
    });
    expect(res.status).toBe(200);
    expect(seen).toMatchObject({ mask: { paths: ["name", "dimension_id"] }, character: { id: "c-9", name: "Trinity", dimensionId: "d-2" } });
  });

  it("binds the remaining fields from the query string, nested, enums and booleans included", async () => {
    const res = await rest(
      base,
      "GET",
      "/v1/characters?filters.limit=5&filters.offset=10&sort_by=CHARACTER_SORT_FIELD_NAME&sortDescending=true&search=ab%20c&mask=name",
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ total: "7" });
    expect(seen).toMatchObject({ filters: { limit: 5, offset: 10 }, sortBy: 1, sortDescending: true, search: "ab c", mask: { paths: ["name"] } });
  });

  it("answers 400 naming the field for unknown or badly typed query parameters", async () => {
    const unknown = await rest(base, "GET", "/v1/characters?bogus=1");
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ code: 3, message: 'unknown field "bogus"' });
    const typed = await rest(base, "GET", "/v1/characters?filters.limit=ten");
    expect(typed.json).toEqual({ code: 3, message: 'field "filters.limit" must be an integer' });
    const flag = await rest(base, "GET", "/v1/characters?sort_descending=maybe");
    expect(flag.json.message).toBe('field "sort_descending" must be true or false');
  });

  it("answers 400 for malformed or non-object JSON bodies and unknown body fields", async () => {
    const broken = await rest(base, "POST", "/v1/characters", { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(broken).toMatchObject({ status: 400, json: { code: 3, message: "request body is not valid JSON" } });
    const array = await rest(base, "POST", "/v1/characters", { body: [1] });
    expect(array.json).toEqual({ code: 3, message: "request body must be a JSON object" });
    const unknown = await rest(base, "POST", "/v1/characters", { body: { nickname: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/nickname/);
  });

  it("refuses a compressed body with 415 naming the encoding, and calls nothing", async () => {
    seen = undefined;
    const body = gzipSync(JSON.stringify({ name: "Gzip Nova" }));
    const headers = { "content-type": "application/json", "content-encoding": "gzip" };
    const res = await fetch(`${base}/v1/characters`, { method: "POST", headers, body });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: 3, message: 'content-encoding "gzip" is not supported: send the body uncompressed' });
    expect(seen).toBeUndefined();
    const identity = await rest(base, "POST", "/v1/characters", { body: { name: "Plain Nova" }, headers: { "content-encoding": "identity" } });
    expect(identity).toMatchObject({ status: 200, json: { name: "Plain Nova" } });
  });

  it("refuses bodies over the limit with 413", async () => {
    const res = await rest(base, "POST", "/v1/characters", { body: { name: "x".repeat(5000) } });
    expect(res).toMatchObject({ status: 413, json: { code: 8, message: "request body exceeds the limit of 4096 bytes" } });
  });

  it("answers 404 for unknown paths and 405 for other methods on a known path", async () => {
    expect(await rest(base, "GET", "/v1/nowhere")).toMatchObject({ status: 404, json: { code: 5 } });
    const wrong = await rest(base, "DELETE", "/v1/characters");
    expect(wrong.status).toBe(405);
  });
});

describe("REST status mapping", () => {
  const expected: [Code, number][] = [
    [Code.InvalidArgument, 400],
    [Code.Unauthenticated, 401],
    [Code.PermissionDenied, 403],
    [Code.NotFound, 404],
    [Code.Aborted, 409],
    [Code.AlreadyExists, 409],
    [Code.FailedPrecondition, 412],
    [Code.ResourceExhausted, 429],
    [Code.Canceled, 499],
    [Code.Unknown, 500],
    [Code.Internal, 500],
    [Code.Unimplemented, 501],
    [Code.Unavailable, 503],
    [Code.DeadlineExceeded, 504],
  ];
  it.each(expected)("code %i → HTTP %i with {code, message}", async (code, status) => {
    failWith = code;
    const res = await rest(base, "GET", "/v1/characters/id/x");
    failWith = undefined;
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ code, message: `failing with ${Code[code]}` });
  });

  it("answers 501 for an rpc without an implementation", async () => {
    const res = await rest(base, "DELETE", "/v1/characters/id/x");
    expect(res).toMatchObject({ status: 501, json: { code: 12 } });
  });
});

describe("REST server streams", () => {
  it("stream messages as newline-delimited JSON and end with the error line", async () => {
    const res = await fetch(`${base}/v1/message/channel/id/ch-1?character_id=me`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = (await res.text())
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { result: { content: "one", sentTimeMs: "1" } },
      { result: { content: "two", sentTimeMs: "2" } },
      { error: { code: 5, message: "channel deleted" } },
    ]);
    expect(seen).toMatchObject({ channelId: "ch-1", characterId: "me" });
  });

  it("answer a proper HTTP error when the stream fails before its first message", async () => {
    const res = await rest(base, "GET", "/v1/message/character/id/c-1");
    expect(res).toMatchObject({ status: 403, json: { code: 7, message: "not yours" } });
  });
});
