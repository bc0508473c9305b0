import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { Code, ConnectError, createContextValues, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { compressionGzip, connectNodeAdapter } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MapService } from "../../gen/sro/gameserver/gameserver_pb.js";
import { createConnectUnaryFastPath } from "./connect-unary-fast-path.js";
import { fastUnaryRoute } from "./fast-call.js";

/**
 * The lean Connect path must answer byte for byte what Connect's own handler answers. Two servers with the same
 * service, interceptors and options: one takes the lean path first, the other is Connect alone.
 */
const READ_MAX_BYTES = 2_048;
const BIG = Array.from({ length: 40 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Map ${i}`,
  mapPath: `/maps/${i}.umap`,
}));

const service = {
  getMaps: () => ({ maps: BIG }),
  getMap: async ({ id }: { id: string }, context: { signal: AbortSignal; responseHeader: Headers; responseTrailer: Headers }) => {
    if (id === "missing") throw new ConnectError("map not found", Code.NotFound, { "x-why": "gone" });
    if (id === "crash") throw new Error("secret SQL detail");
    if (id === "slow") {
      // Works until the deadline stops it.
      await new Promise((_resolve, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason as Error)));
    }
    if (id === "late") {
      // Does not act on the abort: it only reads the signal once the deadline has passed (the event says when), and
      // must find it aborted with the deadline's reason.
      await new Promise((resolve) => context.signal.addEventListener("abort", resolve, { once: true }));
      if (context.signal.aborted) throw context.signal.reason;
    }
    context.responseHeader.set("x-served", "yes");
    context.responseTrailer.set("x-trailer", "t");
    return { id, name: "One", mapPath: "/maps/one.umap" };
  },
};

describe("Connect's unary protocol on the lean path", () => {
  const seen: string[] = [];
  const interceptors: Interceptor[] = [
    (next) => async (req) => {
      seen.push(`${req.method.name} ${req.header.get("authorization") ?? "-"}`);
      if (req.header.get("authorization") === "deny") throw new ConnectError("no", Code.PermissionDenied);
      return next(req);
    },
  ];
  const options = { interceptors, readMaxBytes: READ_MAX_BYTES, acceptCompression: [compressionGzip], shutdownSignal: new AbortController().signal };
  const routes = (router: ConnectRouter) => router.service(MapService, service);
  let lean: { url: string; server: http.Server; taken: number };
  let reference: { url: string; server: http.Server };

  beforeAll(async () => {
    const connect = connectNodeAdapter({ ...options, routes });
    const fast = createConnectUnaryFastPath({
      ...options,
      routes: [fastUnaryRoute(MapService.method.getMaps, service.getMaps), fastUnaryRoute(MapService.method.getMap, service.getMap as never)],
      contextValues: () => createContextValues(),
    });
    const leanServer = http.createServer((req, res) => {
      if (fast(req, res)) lean.taken++;
      else connect(req, res);
    });
    lean = { server: leanServer, url: await listen(leanServer), taken: 0 };
    const referenceServer = http.createServer(connect);
    reference = { server: referenceServer, url: await listen(referenceServer) };
  });
  afterAll(() => {
    lean?.server.close();
    reference?.server.close();
  });

  const post = async (url: string, path: string, body: string | Uint8Array, headers: Record<string, string>) => {
    const response = await fetch(url + path, { method: "POST", body, headers });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const head = Object.fromEntries([...response.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));
    return { status: response.status, head, bytes };
  };
  const json = { "content-type": "application/json" };
  const cases: Array<[string, string, string | Uint8Array, Record<string, string>]> = [
    ["JSON", "GetMap", '{"id":"one"}', json],
    ["JSON with charset", "GetMap", '{"id":"one"}', { "content-type": "application/json; charset=utf-8" }],
    ["protobuf", "GetMap", new Uint8Array([10, 3, 111, 110, 101]), { "content-type": "application/proto" }],
    ["empty request", "GetMaps", "{}", json],
    ["compressed answer", "GetMaps", "{}", { ...json, "accept-encoding": "gzip" }],
    ["not found, with metadata", "GetMap", '{"id":"missing"}', json],
    ["a thrown Error", "GetMap", '{"id":"crash"}', json],
    ["an interceptor's refusal", "GetMap", '{"id":"one"}', { ...json, authorization: "deny" }],
    ["malformed JSON", "GetMap", "{", json],
    ["unknown field", "GetMap", '{"nope":1}', json],
    ["too large", "GetMap", JSON.stringify({ id: "x".repeat(READ_MAX_BYTES) }), json],
    ["bad timeout", "GetMap", '{"id":"one"}', { ...json, "connect-timeout-ms": "soon" }],
    ["deadline passes", "GetMap", '{"id":"slow"}', { ...json, "connect-timeout-ms": "50" }],
    ["deadline passed before the signal was read", "GetMap", '{"id":"late"}', { ...json, "connect-timeout-ms": "50" }],
  ];

  it.each(cases)("%s: the same status, headers and body as Connect's handler", async (_what, rpc, body, headers) => {
    const path = `/sro.gameserver.MapService/${rpc}`;
    const before = lean.taken;
    const [ours, theirs] = [await post(lean.url, path, body, headers), await post(reference.url, path, body, headers)];
    expect(lean.taken).toBe(before + 1);
    expect(ours.status).toBe(theirs.status);
    expect(ours.head).toEqual(theirs.head);
    expect(Buffer.from(ours.bytes).toString("base64")).toBe(Buffer.from(theirs.bytes).toString("base64"));
  });

  it("answers malformed protobuf with invalid_argument (Connect's handler says internal)", async () => {
    const ours = await post(lean.url, "/sro.gameserver.MapService/GetMap", new Uint8Array([10, 99]), { "content-type": "application/proto" });
    expect(ours.status).toBe(400);
    expect(JSON.parse(Buffer.from(ours.bytes).toString())).toMatchObject({ code: "invalid_argument" });
  });

  it("answers the messages themselves (not just the same as Connect)", async () => {
    const one = await post(lean.url, "/sro.gameserver.MapService/GetMap", '{"id":"one"}', json);
    expect(one.status).toBe(200);
    expect(one.head).toMatchObject({ "content-type": "application/json", "x-served": "yes", "trailer-x-trailer": "t" });
    expect(JSON.parse(Buffer.from(one.bytes).toString())).toEqual({ id: "one", name: "One", mapPath: "/maps/one.umap" });
    const missing = await post(lean.url, "/sro.gameserver.MapService/GetMap", '{"id":"missing"}', json);
    expect([missing.status, JSON.parse(Buffer.from(missing.bytes).toString())]).toEqual([404, { code: "not_found", message: "map not found" }]);
    const late = await post(lean.url, "/sro.gameserver.MapService/GetMap", '{"id":"late"}', { ...json, "connect-timeout-ms": "50" });
    expect([late.status, JSON.parse(Buffer.from(late.bytes).toString())]).toEqual([504, { code: "deadline_exceeded", message: "the operation timed out" }]);
    const crash = await post(lean.url, "/sro.gameserver.MapService/GetMap", '{"id":"crash"}', json);
    expect(Buffer.from(crash.bytes).toString()).not.toContain("secret");
    const zipped = await fetch(`${lean.url}/sro.gameserver.MapService/GetMaps`, {
      method: "POST",
      body: "{}",
      headers: { ...json, "accept-encoding": "gzip" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(await zipped.json()).toEqual({ maps: BIG });
  });

  it("leaves what it does not serve to Connect: GET, compressed requests, streams, other rpcs", async () => {
    const before = lean.taken;
    const viaGet = await fetch(`${lean.url}/sro.gameserver.MapService/GetMaps?connect=v1&encoding=json&message=%7B%7D`);
    const compressed = await post(lean.url, "/sro.gameserver.MapService/GetMap", gzipSync('{"id":"one"}'), { ...json, "content-encoding": "gzip" });
    const streamType = await post(lean.url, "/sro.gameserver.MapService/GetMap", "{}", { "content-type": "application/connect+json" });
    const other = await post(lean.url, "/sro.gameserver.MapService/CreateMap", "{}", json);
    expect(lean.taken).toBe(before);
    expect(viaGet.status).toBe(405); // GetMaps is not marked free of side effects: Connect refuses GET
    expect(compressed.status).toBe(200);
    expect(JSON.parse(gunzipIfNeeded(compressed))).toMatchObject({ id: "one" });
    expect(streamType.status).toBe(415);
    expect(other.status).toBe(501);
    expect(seen.length).toBeGreaterThan(0);
  });
});

function gunzipIfNeeded(response: { head: Record<string, string>; bytes: Uint8Array }): string {
  return (response.head["content-encoding"] === "gzip" ? gunzipSync(response.bytes) : Buffer.from(response.bytes)).toString();
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
