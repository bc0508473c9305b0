import http from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server.js";

describe("graceful shutdown", () => {
  // A server start is the environment (a hook's budget); its close is what the test watches.
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });

  it("lets a unary call that is in flight finish, refuses new connections, then closes", async () => {
    const body = JSON.stringify({ name: "Late map", mapPath: "/maps/late.umap" });
    // Expect: 100-continue makes the server say when it has read the headers: from then on the call is in flight.
    const req = http.request(`${t.url}/v1/maps`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        authorization: `Bearer ${t.users.admin.token}`,
        expect: "100-continue",
      },
    });
    const inFlight = new Promise<void>((resolve) => req.on("continue", resolve));
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      req.on("error", reject);
    });
    req.flushHeaders();
    await inFlight;
    // Half the body now, the rest only once the shutdown has started and new connections are refused.
    req.write(body.slice(0, 10));
    const closing = t.close();
    await vi.waitFor(() => expect(fetch(`${t.url}/healthz`)).rejects.toThrow(), { timeout: 15_000, interval: 20 }); // no new connections
    req.end(body.slice(10));
    const finished = await response;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toMatchObject({ name: "Late map", mapPath: "/maps/late.umap" });
    await closing;
  });
});
