import http2 from "node:http2";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, type ConnectionLimits, type Listener } from "../platform/http/listener.js";
import type { AnyRequest, AnyResponse } from "../platform/http/listener.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

/**
 * Findings 4 and 10: idle and slow connections were never closed (300 silent sockets, headers a line per 5 s, a body a
 * byte per 5 s, half an HTTP/2 preface: all open after 70 s), and a body over the limit was answered but left open.
 * The limits here are short so the test waits for each close instead of a clock; the defaults are in the README.
 */
const limits: ConnectionLimits = { firstBytesMs: 400, headersMs: 400, requestMs: 800, keepAliveMs: 400, http2IdleMs: 400, maxConnections: 8 };
const GRACE_MS = 2500;

function handler(req: AnyRequest, res: AnyResponse): void {
  if (req.url === "/stream") {
    // A chat stream: a keep-alive write every 100 ms, for as long as the client stays.
    res.writeHead(200, { "content-type": "text/plain" });
    const write = res.write.bind(res) as (chunk: string) => boolean;
    const timer = setInterval(() => write("."), 100);
    res.on("close", () => clearInterval(timer));
    return;
  }
  if (req.url === "/too-large") {
    res.writeHead(413, { "content-type": "text/plain" });
    res.end("request body exceeds the limit");
    return;
  }
  req.resume();
  req.on("end", () => {
    res.writeHead(200);
    res.end("ok");
  });
}

/** Resolves with the ms from now until the server closes the socket. */
function closedAfter(socket: net.Socket): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.once("close", () => resolve(performance.now() - started));
  });
}

describe("connection time limits and cap", () => {
  let listener: Listener;
  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(listener.port, "127.0.0.1", () => resolve(socket));
      socket.once("error", reject);
    });
  beforeAll(async () => {
    listener = await listen(handler, 0, "127.0.0.1", limits);
  });
  afterAll(async () => {
    listener.closeAllConnections();
    await listener.close();
  });

  it("drops a connection that sends nothing, or half an HTTP/2 preface", async () => {
    const silent = await connect();
    const half = await connect();
    half.write("PRI * HTTP/2.0\r\n");
    const [a, b] = await Promise.all([closedAfter(silent), closedAfter(half)]);
    expect(a).toBeLessThan(GRACE_MS);
    expect(b).toBeLessThan(GRACE_MS);
  });

  it("drops headers sent a line at a time and a body sent a byte at a time", async () => {
    const headers = await connect();
    headers.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const drip = setInterval(() => headers.writable && headers.write("X-Slow: 1\r\n"), 100);
    const body = await connect();
    body.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n");
    const drop = setInterval(() => body.writable && body.write("a"), 100);
    const [h, b] = await Promise.all([closedAfter(headers), closedAfter(body)]);
    clearInterval(drip);
    clearInterval(drop);
    expect(h).toBeLessThan(limits.headersMs + GRACE_MS);
    expect(b).toBeLessThan(limits.requestMs + GRACE_MS);
  });

  it("cancels an HTTP/2 request whose body drips in past the request limit", async () => {
    const session = http2.connect(`http://127.0.0.1:${listener.port}`);
    session.on("error", () => {});
    const stream = session.request({ ":method": "POST", ":path": "/" });
    stream.on("error", () => {});
    stream.on("data", () => {});
    const drip = setInterval(() => stream.writable && stream.write("a"), 100);
    const started = performance.now();
    await new Promise<void>((resolve) => stream.once("close", () => resolve()));
    clearInterval(drip);
    expect(performance.now() - started).toBeLessThan(limits.requestMs + GRACE_MS);
    expect(stream.rstCode).toBe(http2.constants.NGHTTP2_CANCEL);
    session.close();
  });

  it("answers a body over the limit and closes the connection", async () => {
    const socket = await connect();
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.write("POST /too-large HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc");
    const drip = setInterval(() => socket.writable && socket.write("a"), 100);
    const ms = await closedAfter(socket);
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(ms).toBeLessThan(GRACE_MS);
  });

  it("closes idle keep-alive connections and idle HTTP/2 sessions; streams with keep-alives live on", async () => {
    // A streaming answer over HTTP/1.1 and one over HTTP/2, opened before the idle connections.
    const h1 = await connect();
    let h1Bytes = 0;
    h1.on("data", (chunk: Buffer) => (h1Bytes += chunk.length));
    h1.write("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
    const streaming = http2.connect(`http://127.0.0.1:${listener.port}`);
    const stream = streaming.request({ ":path": "/stream" });
    stream.end();
    let h2Bytes = 0;
    stream.on("data", (chunk: Buffer) => (h2Bytes += chunk.length));

    const keepAlive = await connect();
    keepAlive.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    const idleSession = http2.connect(`http://127.0.0.1:${listener.port}`);
    const idleClosed = new Promise<void>((resolve) => idleSession.once("close", () => resolve()));
    idleSession.on("error", () => {});
    expect(await closedAfter(keepAlive)).toBeLessThan(limits.keepAliveMs + GRACE_MS);
    await idleClosed;
    // Wait until well past every limit (the request limit included), counted in the stream's own writes.
    const before = [h1Bytes, h2Bytes];
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (h1Bytes - before[0]! > 15 && h2Bytes - before[1]! > 15) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    expect(h1.destroyed).toBe(false);
    expect(stream.closed).toBe(false);
    expect(streaming.closed).toBe(false);
    h1.destroy();
    stream.close();
    streaming.close();
  });

  it("refuses connections over the cap", async () => {
    const open = await Promise.all(Array.from({ length: limits.maxConnections }, () => connect()));
    for (const socket of open) socket.write("GET / HTTP/1.1\r\n"); // held open while their headers arrive
    const extra = net.connect(listener.port, "127.0.0.1");
    extra.on("error", () => {});
    const ms = await closedAfter(extra);
    expect(ms).toBeLessThan(limits.firstBytesMs);
    for (const socket of open) socket.destroy();
  });
});

describe("a body over BODY_LIMIT_BYTES on the real server", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });

  it("is answered and the connection closed, on Connect and REST", async () => {
    try {
      const port = Number(new URL(t.url).port);
      // Without a token the body is never read (credentials-first.ts): 401 at once; with one, the limit's answer.
      for (const [path, authorization, status] of [
        ["/sro.gameserver.MapService/GetMaps", "", /^HTTP\/1\.1 401/],
        ["/v1/maps", "", /^HTTP\/1\.1 401/],
        ["/sro.gameserver.MapService/GetMaps", `Authorization: Bearer ${t.users.admin.token}\r\n`, /^HTTP\/1\.1 429/],
        ["/v1/maps", `Authorization: Bearer ${t.users.admin.token}\r\n`, /^HTTP\/1\.1 413/],
      ] as const) {
        const socket = net.connect(port, "127.0.0.1");
        let answer = "";
        socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
        socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\n${authorization}Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"a":`);
        const drip = setInterval(() => socket.writable && socket.write("1"), 100);
        const ms = await closedAfter(socket);
        clearInterval(drip);
        expect(answer, path).toMatch(status);
        // The answer says what happens next: the connection closes (no client waits to reuse it).
        expect(answer.split("\r\n\r\n")[0], path).toMatch(/\r\nConnection: close$/im);
        expect(answer, path).not.toMatch(/keep-alive/i);
        expect(ms, path).toBeLessThan(GRACE_MS);
      }
    } finally {
      await t.close();
    }
  });
});
