import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.js";

/** CORS of the game API for a front end on another origin (CORS_ORIGINS), on every transport's paths. */
describe("API CORS", () => {
  const front = "http://front.example:4200";
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { CORS_ORIGINS: `${front},https://other.example`, PUBLIC_URL: "https://sro.example" } });
  });
  afterAll(() => t?.close());

  const preflight = (path: string, origin: string, method = "POST", headers = "authorization,content-type,x-grpc-web,x-user-agent,grpc-timeout") =>
    fetch(t.url + path, { method: "OPTIONS", headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers } });

  it.each([
    ["gRPC-web / Connect", "/sro.gameserver.MapService/GetMaps", "POST"],
    ["REST", "/v1/maps", "GET"],
    ["REST with a body", "/v1/characters/id/x/channels/y/ban", "POST"],
    ["REST delete", "/v1/maps/id/x", "DELETE"],
  ])("a preflight for %s from a listed origin: 204 with the methods and the headers clients send", async (_, path, method) => {
    const res = await preflight(
      path,
      front,
      method,
      "authorization,content-type,x-grpc-web,x-user-agent,grpc-timeout,connect-protocol-version,connect-timeout-ms",
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(front);
    expect(res.headers.get("access-control-allow-methods")).toContain(method);
    const allowed = res.headers.get("access-control-allow-headers")!.split(/, */);
    for (const header of ["authorization", "content-type", "x-grpc-web", "x-user-agent", "grpc-timeout", "connect-protocol-version", "connect-timeout-ms"])
      expect(allowed).toContain(header);
    expect(res.headers.get("vary")).toMatch(/Origin/);
  });

  it("an actual call from a listed origin exposes the gRPC status headers", async () => {
    const res = await fetch(`${t.url}/sro.gameserver.MapService/GetMaps`, {
      method: "POST",
      headers: { origin: front, "content-type": "application/json", "connect-protocol-version": "1", authorization: `Bearer ${t.users.admin.token}` },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(front);
    const exposed = res.headers.get("access-control-expose-headers")!.split(/, */);
    for (const header of ["grpc-status", "grpc-message", "grpc-status-details-bin"]) expect(exposed).toContain(header);
    const rest = await fetch(`${t.url}/v1/maps`, { headers: { origin: "https://other.example", authorization: `Bearer ${t.users.admin.token}` } });
    expect(rest.headers.get("access-control-allow-origin")).toBe("https://other.example");
  });

  it("PUBLIC_URL's own origin is allowed without listing it", async () => {
    const res = await preflight("/v1/maps", "https://sro.example", "GET");
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://sro.example");
  });

  it.each(["http://evil.example", "http://front.example:4201", "https://front.example:4200", "null"])(
    "origin %s gets no CORS header at all",
    async (origin) => {
      const res = await preflight("/sro.gameserver.MapService/GetMaps", origin);
      expect(res.status).toBe(403);
      expect([...res.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
      const call = await fetch(`${t.url}/v1/maps`, { headers: { origin, authorization: `Bearer ${t.users.admin.token}` } });
      expect(call.status).toBe(200);
      expect([...call.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    },
  );
});
