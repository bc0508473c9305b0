import { request as http1Request } from "node:http";
import { connect as http2Connect, type ClientHttp2Session, type IncomingHttpHeaders as Http2Headers } from "node:http2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCharacter, insertDimension } from "../../test/chat-fixtures.js";
import { kinds, sanctionClient, scopes } from "../../test/sanction-clients.js";
import { metricsText, startTestServer, type TestServer } from "../../test/test-server.js";

/**
 * A call without a valid bearer token is refused without its body being parsed: each request below sends, in 1 KiB
 * pieces, a body that does not decode or whose envelope announces a message over BODY_LIMIT_BYTES (4096 here). A
 * server that parsed it would answer INVALID_ARGUMENT or RESOURCE_EXHAUSTED; the answer must be the auth
 * interceptor's, as for any anonymous call, on every transport and encoding. (Bodies over the limit:
 * security/slow-connections.test.ts.)
 */
let t: TestServer;
let h2: ClientHttp2Session;
beforeAll(async () => {
  t = await startTestServer({ env: { BODY_LIMIT_BYTES: "4096" } });
  h2 = http2Connect(t.url);
});
afterAll(async () => {
  h2?.close();
  await t?.close();
});

const MESSAGE = "authentication required: send a bearer token";
const CREATE_MAP = "/sro.gameserver.MapService/CreateMap";
const CONNECT_CHANNEL = "/sro.chat.ChatService/ConnectChatChannel";

const GARBAGE = Buffer.alloc(3000, 0xff);
/** An envelope announcing a 1,000,000-byte message, then bytes that do not decode. */
const oversizedEnvelope = () => Buffer.concat([Buffer.from([0, 0, 0x0f, 0x42, 0x40]), GARBAGE]);
const unparseableJson = () => '{"name":' + "[".repeat(3000);

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  trailers: Record<string, unknown>;
}

/** HTTP/1.1, the body in 1 KiB chunks (no length declared unless `headers` do). */
function http1(path: string, headers: Record<string, string>, body: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http1Request(`${t.url}${path}`, { method: "POST", headers });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("latin1"),
          trailers: res.trailers,
        });
      });
    });
    writeInPieces(req, body);
  });
}

/** HTTP/2, the body in 1 KiB DATA frames (no length declared unless `headers` do). */
function http2(path: string, headers: Record<string, string>, body: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = h2.request({ ":method": "POST", ":path": path, ...headers });
    let head: Http2Headers = {};
    let trailers: Http2Headers = {};
    const chunks: Buffer[] = [];
    stream.on("error", reject);
    stream.on("response", (h) => (head = h));
    stream.on("trailers", (tr) => (trailers = tr));
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      resolve({ status: Number(head[":status"]), headers: head, body: Buffer.concat(chunks).toString("latin1"), trailers });
      stream.close();
    });
    writeInPieces(stream, body);
  });
}

function writeInPieces(target: { write(chunk: Buffer): boolean; end(): void }, body: Buffer | string): void {
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += 1024) target.write(bytes.subarray(at, at + 1024));
  target.end();
}

/** A gRPC answer's field from its headers (trailers-only), its trailers, or gRPC-web's trailers frame. */
const grpcField = (a: Answer, name: string) =>
  [a.headers[name], a.trailers[name], new RegExp(`${name}:\\s*([^\\r\\n]*)`).exec(a.body)?.[1]].find((v) => typeof v === "string");
const grpcStatus = (a: Answer) => grpcField(a, "grpc-status");
const grpcMessage = (a: Answer) => decodeURIComponent(grpcField(a, "grpc-message") ?? "");

describe("a call without a token is refused without parsing its body", () => {
  it("Connect unary, JSON over HTTP/1.1", async () => {
    const answer = await http1(CREATE_MAP, { "content-type": "application/json" }, unparseableJson());
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ code: "unauthenticated", message: MESSAGE });
  });

  it("Connect unary, gzip-declared protobuf over HTTP/2", async () => {
    const answer = await http2(
      CREATE_MAP,
      { "content-type": "application/proto", "content-encoding": "gzip" },
      Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), GARBAGE]),
    );
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ code: "unauthenticated", message: MESSAGE });
  });

  it("gRPC over h2c, on a call the lean path serves with a token", async () => {
    const answer = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/grpc", te: "trailers" }, oversizedEnvelope());
    expect(answer.status).toBe(200);
    expect(grpcStatus(answer)).toBe("16");
    expect(grpcMessage(answer)).toBe(MESSAGE);
  });

  it("gRPC with a compressed encoding declared", async () => {
    const answer = await http2(CREATE_MAP, { "content-type": "application/grpc+proto", "grpc-encoding": "gzip", te: "trailers" }, oversizedEnvelope());
    expect([grpcStatus(answer), grpcMessage(answer)]).toEqual(["16", MESSAGE]);
  });

  it("gRPC-web text mode over HTTP/1.1", async () => {
    const answer = await http1(CREATE_MAP, { "content-type": "application/grpc-web-text" }, oversizedEnvelope().toString("base64"));
    expect(answer.status).toBe(200);
    // Text mode answers in base64, the trailers frame too.
    const decoded = { ...answer, body: Buffer.from(answer.body, "base64").toString("latin1") };
    expect([grpcStatus(decoded), grpcMessage(decoded)]).toEqual(["16", MESSAGE]);
  });

  // Connect already runs a server stream's interceptors before it reads the request; this case keeps it so.
  it("a Connect server stream, JSON over HTTP/2", async () => {
    const answer = await http2(CONNECT_CHANNEL, { "content-type": "application/connect+json" }, oversizedEnvelope());
    expect(answer.status).toBe(200);
    // The end-stream envelope (flag 2) carries the error.
    expect(answer.body.charCodeAt(0)).toBe(2);
    expect(JSON.parse(answer.body.slice(5))).toEqual({ error: { code: "unauthenticated", message: MESSAGE } });
  });

  it("REST, a JSON body over HTTP/1.1", async () => {
    const answer = await http1("/v1/maps", { "content-type": "application/json" }, unparseableJson());
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ code: 16, message: MESSAGE });
  });

  it("is logged and counted like any refused call, and the server keeps serving", async () => {
    const before = countOf(await metricsText(t.url));
    await http1(CREATE_MAP, { "content-type": "application/json" }, "{");
    expect(countOf(await metricsText(t.url))).toBe(before + 1);
    const maps = await fetch(`${t.url}/sro.gameserver.MapService/GetMaps`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${t.users.admin.token}` },
      body: "{}",
    });
    expect(maps.status).toBe(200);
  });
});

describe("a call with a token that does not verify is refused without parsing its body", () => {
  const forged = async () => {
    const { generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("RS256");
    return t.issuer.mint({ sub: "intruder", groups: ["/Moderator", "/Moderator/Admin"] }, { privateKey });
  };
  const cases: [string, () => Promise<string>, RegExp][] = [
    ["signed with another key", forged, /^token signature is not valid$/],
    ["expired", () => t.issuer.mint({ sub: "late", groups: ["/Player"] }, { lifetimeSeconds: -120 }), /^token expired$/],
    ["not a JWT", () => Promise.resolve("not-a-jwt"), /^token is malformed$/],
  ];

  it.each(cases)("%s: Connect, gRPC (the lean path), REST", async (_, token, message) => {
    const authorization = `Bearer ${await token()}`;
    const connect = await http1(CREATE_MAP, { "content-type": "application/json", authorization }, unparseableJson());
    expect(connect.status).toBe(401);
    expect(JSON.parse(connect.body)).toMatchObject({ code: "unauthenticated", message: expect.stringMatching(message) });
    const grpc = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/grpc", te: "trailers", authorization }, oversizedEnvelope());
    expect(grpcStatus(grpc)).toBe("16");
    expect(grpcMessage(grpc)).toMatch(message);
    const connectLean = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/json", authorization }, unparseableJson());
    expect([connectLean.status, JSON.parse(connectLean.body).code]).toEqual([401, "unauthenticated"]);
    const viaRest = await http1("/v1/maps", { "content-type": "application/json", authorization }, unparseableJson());
    expect([viaRest.status, JSON.parse(viaRest.body).code]).toEqual([401, 16]);
  });

  it("a valid token's body is read and parsed as before", async () => {
    const authorization = `Bearer ${t.users.admin.token}`;
    const answer = await http1(CREATE_MAP, { "content-type": "application/json", authorization }, unparseableJson());
    expect([answer.status, JSON.parse(answer.body).code]).toEqual([400, "invalid_argument"]);
    const lean = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/json", authorization }, unparseableJson());
    expect([lean.status, JSON.parse(lean.body).code]).toEqual([400, "invalid_argument"]);
    const grpc = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/grpc", te: "trailers", authorization }, oversizedEnvelope());
    expect(grpcStatus(grpc)).toBe("8");
  });
});

describe("a caller whose role the rpc denies is refused without parsing its body", () => {
  it("a player's CreateMap on Connect (HTTP/1.1 and HTTP/2), gRPC, gRPC-web and REST; an admin's body is parsed", async () => {
    const authorization = `Bearer ${t.users.player.token}`;
    const denied = "permission denied: players may not call CreateMap";
    const connect = await http1(CREATE_MAP, { "content-type": "application/json", authorization }, unparseableJson());
    expect([connect.status, JSON.parse(connect.body)]).toEqual([403, { code: "permission_denied", message: denied }]);
    const connectH2 = await http2(CREATE_MAP, { "content-type": "application/json", authorization }, unparseableJson());
    expect([connectH2.status, JSON.parse(connectH2.body).message]).toEqual([403, denied]);
    const grpc = await http2(CREATE_MAP, { "content-type": "application/grpc", te: "trailers", authorization }, oversizedEnvelope());
    expect([grpcStatus(grpc), grpcMessage(grpc)]).toEqual(["7", denied]);
    const grpcWeb = await http1(CREATE_MAP, { "content-type": "application/grpc-web+proto", authorization }, oversizedEnvelope());
    expect([grpcStatus(grpcWeb), grpcMessage(grpcWeb)]).toEqual(["7", denied]);
    const viaRest = await http1("/v1/maps", { "content-type": "application/json", authorization }, unparseableJson());
    expect([viaRest.status, JSON.parse(viaRest.body)]).toEqual([403, { code: 7, message: denied }]);
    const admin = await http1(CREATE_MAP, { "content-type": "application/json", authorization: `Bearer ${t.users.admin.token}` }, unparseableJson());
    expect([admin.status, JSON.parse(admin.body).code]).toEqual([400, "invalid_argument"]);
    const adminViaRest = await http1("/v1/maps", { "content-type": "application/json", authorization: `Bearer ${t.users.admin.token}` }, unparseableJson());
    expect([adminViaRest.status, JSON.parse(adminViaRest.body).code]).toEqual([400, 3]);
  });
});

/** Tokens that verify but no longer count are refused on every rpc: their bodies are not worth parsing either. */
describe("a revoked token or a banned account is refused without parsing its body", () => {
  /** Connect over HTTP/1.1, the lean gRPC path and REST: the answer, never the parser's INVALID_ARGUMENT. */
  async function refusedEverywhere(token: string): Promise<{ code: string; message: string }> {
    const authorization = `Bearer ${token}`;
    const connect = await http1(CREATE_MAP, { "content-type": "application/json", authorization }, unparseableJson());
    const grpc = await http2("/sro.gameserver.MapService/GetMaps", { "content-type": "application/grpc", te: "trailers", authorization }, oversizedEnvelope());
    const viaRest = await http1("/v1/maps", { "content-type": "application/json", authorization }, unparseableJson());
    const { code, message } = JSON.parse(connect.body) as { code: string; message: string };
    expect(grpcMessage(grpc)).toBe(message);
    expect((JSON.parse(viaRest.body) as { message: string }).message).toBe(message);
    return { code, message };
  }

  it("a token issued before its user's access changed", async () => {
    const player = await t.newPlayer();
    await t.server.bus.publish({ kind: "user", id: player.sub }, { type: "user-changed", atMs: Date.now() });
    expect(await refusedEverywhere(player.token)).toEqual({ code: "unauthenticated", message: expect.stringMatching(/^access revoked: /) });
  });

  it("a fresh token of a banned account", async () => {
    const player = await t.newPlayer();
    await insertCharacter(t.server.database.db, player.sub, await insertDimension(t.server.database.db));
    await sanctionClient(t.url, t.users.admin.token).issueSanction({
      kind: kinds.ban,
      scope: scopes.everywhere,
      accountId: player.sub,
      durationSeconds: 3600n,
      reason: "Cheating",
    });
    const fresh = await t.issuer.mint({
      sub: player.sub,
      preferred_username: player.username,
      groups: ["/Player/Member"],
      iat: Math.ceil(Date.now() / 1000) + 2,
    });
    expect(await refusedEverywhere(fresh)).toEqual({ code: "permission_denied", message: expect.stringMatching(/^permission denied: this account is banned/) });
  });
});

function countOf(metrics: string): number {
  const line = metrics.split("\n").find((l) => l.startsWith(`sro_rpc_total{rpc="sro.gameserver.MapService/CreateMap",code="Unauthenticated"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}
