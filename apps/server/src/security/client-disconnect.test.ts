import http from "node:http";
import http2 from "node:http2";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../platform/logger.js";
import { chatClient, insertChannel, insertCharacter, insertDimension, insertMessage } from "../test/chat-fixtures.js";
import { metricsText, startTestServer, type TestServer } from "../test/test-server.js";

/**
 * Black-box finding: clients that open many Connect server streams and drop the connection mid-stream were logged
 * as INTERNAL errors with a stack ("Premature close", "The iterator does not provide a 'throw' method"), and a
 * slow-body client going away as "request failed: aborted". A client going away is CANCELED, logged at info.
 */
const STREAMS = Number(process.env.STREAMS ?? 40);

function envelope(json: unknown): Buffer {
  const data = Buffer.from(JSON.stringify(json));
  const head = Buffer.alloc(5);
  head.writeUInt32BE(data.length, 1);
  return Buffer.concat([head, data]);
}

describe("a client going away mid-stream is CANCELED, not an error", () => {
  let t: TestServer;
  const log: { level: number; msg: string; code?: string; err?: unknown }[] = [];
  let channelId: string;
  let characterId: string;
  let sender: string;
  let dim: string;

  beforeAll(async () => {
    const sink = new Writable({ write: (c, _e, done) => (log.push(JSON.parse(String(c)) as (typeof log)[number]), done()) });
    t = await startTestServer({ logger: createLogger("info", sink) });
    dim = await insertDimension(t.server.database.db);
    channelId = await insertChannel(t.server.database.db, { public: true });
    characterId = await insertCharacter(t.server.database.db, t.users.player.sub, dim);
    sender = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
    await insertMessage(t.server.database.db, channelId, sender, Date.now(), "history");
  });
  afterAll(() => t?.close());

  const rpc = "sro.chat.ChatService/ConnectChatChannel";
  const openStreams = async () => Number(/sro_open_streams\{rpc="sro\.chat\.ChatService\/ConnectChatChannel"\} (\d+)/.exec(await metricsText(t.url))?.[1] ?? 0);
  const errorLines = () => log.filter((l) => l.level >= 50);
  const internal = async () => (await metricsText(t.url)).split("\n").filter((l) => l.startsWith("sro_rpc_total") && /code="Internal"/.test(l));

  /** Live messages keep the server writing to streams whose client is gone. */
  async function keepTalking(until: () => Promise<boolean>): Promise<void> {
    const admin = chatClient(t.url, t.users.admin.token);
    await vi.waitFor(
      async () => {
        const from = await insertCharacter(t.server.database.db, t.users.admin.sub, dim);
        await admin.sendChatChannelMessage({ channelId, chatMessage: { senderCharacterId: from, content: "x".repeat(900) } });
        if (!(await until())) throw new Error("streams still open");
      },
      { timeout: 15_000, interval: 20 },
    );
  }

  it("Connect over HTTP/1.1: many streams, connections dropped mid-stream", async () => {
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const requests = await Promise.all(
      Array.from(
        { length: STREAMS },
        () =>
          new Promise<http.ClientRequest>((resolve, reject) => {
            const req = http.request(`${t.url}/${rpc}`, {
              method: "POST",
              agent,
              headers: { "content-type": "application/connect+json", authorization: `Bearer ${t.users.player.token}` },
            });
            req.on("error", () => {});
            req.on("response", (res) => res.once("data", () => (res.pause(), resolve(req))));
            req.once("error", reject);
            req.end(envelope({ channelId, characterId, history: true }));
          }),
      ),
    );
    expect(await openStreams()).toBe(STREAMS);
    for (const req of requests) req.destroy();
    await keepTalking(async () => (await openStreams()) === 0);
    agent.destroy();
    expect(errorLines()).toEqual([]);
    expect(await internal()).toEqual([]);
    expect(log.filter((l) => l.msg === "rpc" && l.code === "Canceled").length).toBeGreaterThanOrEqual(STREAMS);
  });

  it("Connect over HTTP/1.1: connections dropped while the streams open", async () => {
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const requests = Array.from({ length: STREAMS }, () => {
      const req = http.request(`${t.url}/${rpc}`, {
        method: "POST",
        agent,
        headers: { "content-type": "application/connect+json", authorization: `Bearer ${t.users.player.token}` },
      });
      req.on("error", () => {});
      req.on("response", (res) => res.pause());
      req.end(envelope({ channelId, characterId, history: true }));
      return req;
    });
    await vi.waitFor(async () => expect(await openStreams()).toBeGreaterThanOrEqual(STREAMS / 4), { timeout: 15_000, interval: 5 });
    for (const req of requests) req.destroy();
    await keepTalking(async () => (await openStreams()) === 0);
    agent.destroy();
    expect(errorLines()).toEqual([]);
    expect(await internal()).toEqual([]);
  });

  it("Connect over HTTP/2: many streams on one session, the session dropped mid-stream", async () => {
    const session = http2.connect(t.url);
    session.on("error", () => {});
    await Promise.all(
      Array.from(
        { length: STREAMS },
        () =>
          new Promise<void>((resolve) => {
            const stream = session.request({
              ":method": "POST",
              ":path": `/${rpc}`,
              "content-type": "application/connect+json",
              authorization: `Bearer ${t.users.player.token}`,
            });
            stream.on("error", () => {});
            stream.once("data", () => resolve());
            stream.end(envelope({ channelId, characterId, history: true }));
          }),
      ),
    );
    expect(await openStreams()).toBe(STREAMS);
    session.destroy();
    await keepTalking(async () => (await openStreams()) === 0);
    expect(errorLines()).toEqual([]);
    expect(await internal()).toEqual([]);
  });

  it("a client going away while sending a REST body is logged below error", async () => {
    const path = "/v1/reports";
    const before = log.length;
    await new Promise<void>((resolve) => {
      const req = http.request(`${t.url}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": "1000",
          authorization: `Bearer ${t.users.player.token}`,
        },
      });
      req.on("error", () => {});
      req.on("close", resolve);
      req.write(Buffer.alloc(10), () => req.destroy());
    });
    await vi.waitFor(() => expect(log.slice(before).some((l) => l.msg === "client went away" || l.code === "Canceled")).toBe(true), { timeout: 15_000 });
    expect(errorLines()).toEqual([]);
  });
});
