import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

// Hostile bytes on every transport get clean errors, and the server stays up.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { BODY_LIMIT_BYTES: "4096" } });
});
afterAll(() => t?.close());

const rpcPath = "/sro.gameserver.MapService/CreateMap";
const post = (contentType: string, body: Uint8Array | string, extra: Record<string, string> = {}) =>
  fetch(t.url + rpcPath, { method: "POST", headers: { "content-type": contentType, authorization: `Bearer ${t.users.admin.token}`, ...extra }, body });

describe("malformed and oversized requests", () => {
  // Connect-ES (like grpc-go) reports undecodable protobuf as INTERNAL "parse binary: …" before any handler runs;
  // the point here is a clean status with no stack, and a server that keeps serving.
  it("malformed protobuf over Connect → invalid_argument with a parse message", async () => {
    const res = await post("application/proto", new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("invalid_argument");
    expect(body.message).toMatch(/^invalid request message: /);
    expect(body.message).not.toMatch(/\bat \w+ \(/);
  });

  it("malformed protobuf over gRPC-web → grpc-status with a parse message", async () => {
    const frame = new Uint8Array([0, 0, 0, 0, 3, 0x0a, 0xff, 0xff]);
    const res = await post("application/grpc-web+proto", frame);
    const text = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(res.headers.get("grpc-status") ?? /grpc-status:\s*(\d+)/.exec(text)?.[1]).toBe("3");
    expect(decodeURIComponent(res.headers.get("grpc-message") ?? /grpc-message:\s*([^\r\n]*)/.exec(text)?.[1] ?? "")).toMatch(/^invalid request message: /);
  });

  it("malformed JSON over Connect → invalid_argument", async () => {
    const res = await post("application/json", "{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_argument" });
  });

  it("oversized bodies are refused on Connect and REST", async () => {
    const big = JSON.stringify({ name: "x".repeat(10_000), mapPath: "a" });
    const connect = await post("application/json", big);
    expect(connect.status).toBe(429);
    expect(await connect.json()).toMatchObject({ code: "resource_exhausted" });
    const viaRest = await rest(t.url, "POST", "/v1/maps", { token: t.users.admin.token, rawBody: big, headers: { "content-type": "application/json" } });
    expect(viaRest.status).toBe(413);
  });

  it("unknown rpc paths answer Connect's unimplemented (HTTP 501), and the server is still healthy afterwards", async () => {
    const res = await fetch(`${t.url}/sro.gameserver.MapService/Nope`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ code: "unimplemented" });
    expect(await rest(t.url, "GET", "/healthz")).toMatchObject({ status: 200, json: { status: "ok" } });
    expect(await rest(t.url, "GET", "/readyz")).toMatchObject({ status: 200, json: { status: "ready", checks: { database: "ok" } } });
  });

  it("every response carries a request id, and a valid incoming one is kept", async () => {
    const res = await fetch(`${t.url}/v1/maps`, { headers: { "x-request-id": "trace-abc.1" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc.1");
    const fresh = await fetch(`${t.url}/v1/maps`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("security headers on the site", () => {
  it("a strict CSP, without upgrade-insecure-requests on plain http", async () => {
    const res = await fetch(`${t.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
