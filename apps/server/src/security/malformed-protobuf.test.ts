import http2 from "node:http2";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../platform/logger.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * Finding 7: malformed protobuf answered INTERNAL / HTTP 500 on gRPC, gRPC-web and Connect binary (authenticated or
 * not) and was logged at error level. It is the client's fault: INVALID_ARGUMENT (HTTP 400), logged below error.
 * Without a valid token the body is not parsed at all: UNAUTHENTICATED (platform/http/credentials-first.ts); nor for a
 * role the rpc denies (PERMISSION_DENIED).
 */
const MALFORMED = [
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), // a tag varint over 64 bits
  Buffer.from([0x0a, 0x05, 0x61]), // field 1, length 5, 1 byte follows
  Buffer.from([0x0f]), // wire type 7 does not exist
];
const RPCS = [
  "/sro.character.CharacterService/GetCharacter",
  "/sro.gameserver.MapService/GetMap",
  "/sro.chat.ChatService/ConnectChatChannel",
  "/sro.chat.ChatService/SendChatChannelMessage",
];
/** One uncompressed message frame (gRPC, gRPC-web and Connect streaming share it). */
function envelope(data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(data.length, 1);
  return Buffer.concat([head, data]);
}

describe("malformed protobuf is INVALID_ARGUMENT on every binary transport", () => {
  let t: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    t = await startTestServer({ logger: createLogger("info", new Writable({ write: (c, _e, done) => (log.push(String(c)), done()) })) });
  });
  afterAll(() => t.close());

  // An admin may call every rpc here: a caller whose role an rpc denies is refused before its body is read too.
  const auths = (): Record<string, string>[] => [{}, { authorization: `Bearer ${t.users.admin.token}` }];

  it("Connect unary binary: HTTP 400, code invalid_argument", async () => {
    for (const rpc of RPCS.filter((r) => !r.includes("Connect"))) {
      for (const auth of auths()) {
        for (const body of MALFORMED) {
          const res = await fetch(`${t.url}${rpc}`, { method: "POST", body, headers: { "content-type": "application/proto", ...auth } });
          expect(res.status, rpc).toBe(auth.authorization ? 400 : 401);
          expect(((await res.json()) as { code: string }).code, rpc).toBe(auth.authorization ? "invalid_argument" : "unauthenticated");
        }
      }
    }
  });

  it("Connect streaming and gRPC-web: status invalid_argument / grpc-status 3", async () => {
    for (const auth of auths()) {
      for (const body of MALFORMED) {
        const stream = await fetch(`${t.url}/sro.chat.ChatService/ConnectChatChannel`, {
          method: "POST",
          body: envelope(body),
          headers: { "content-type": "application/connect+proto", ...auth },
        });
        const streamText = Buffer.from(await stream.arrayBuffer()).toString("latin1");
        expect(streamText, streamText).toMatch(auth.authorization ? /"code":"invalid_argument"/ : /"code":"unauthenticated"/);
        for (const rpc of RPCS) {
          const web = await fetch(`${t.url}${rpc}`, {
            method: "POST",
            body: envelope(body),
            headers: { "content-type": "application/grpc-web+proto", "x-grpc-web": "1", ...auth },
          });
          const text = (web.headers.get("grpc-status") ?? "") + Buffer.from(await web.arrayBuffer()).toString("latin1");
          expect(text, rpc).toMatch(auth.authorization ? /^3|grpc-status: ?3\b/ : /^16|grpc-status: ?16\b/);
        }
      }
    }
  });

  it("gRPC over HTTP/2: grpc-status 3", async () => {
    const session = http2.connect(t.url);
    try {
      for (const rpc of RPCS) {
        for (const auth of auths()) {
          for (const body of MALFORMED) {
            const status = await new Promise<string>((resolve, reject) => {
              const req = session.request({ ":method": "POST", ":path": rpc, "content-type": "application/grpc", te: "trailers", ...auth });
              let found = "";
              req.on("response", (headers) => (found = String(headers["grpc-status"] ?? found)));
              req.on("trailers", (trailers) => (found = String(trailers["grpc-status"] ?? found)));
              req.on("data", () => {});
              req.on("end", () => resolve(found));
              req.on("error", reject);
              req.end(envelope(body));
            });
            expect(status, rpc).toBe(auth.authorization ? "3" : "16");
          }
        }
      }
    } finally {
      session.close();
    }
  });

  it("logged them as client errors, never at error level", () => {
    const entries = log.map((line) => JSON.parse(line) as { level: number; msg: string; code?: string });
    expect(entries.filter((e) => e.code === "InvalidArgument").length).toBeGreaterThan(0);
    expect(entries.filter((e) => e.level >= 50).map((e) => JSON.stringify(e).slice(0, 300))).toEqual([]);
  });
});
