import http from "node:http";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../test/test-server.js";

describe("graceful shutdown", () => {
  it("lets a unary call that is in flight finish, refuses new connections, then closes", async () => {
    const t = await startTestServer();
    const body = JSON.stringify({ name: "Late map", mapPath: "/maps/late.umap" });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${t.url}/v1/maps`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${t.users.admin.token}` },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      req.on("error", reject);
      // Half the body now: the call is in flight when the shutdown starts.
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 500);
    });
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.close();
    await new Promise((r) => setTimeout(r, 100));
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow(); // no new connections
    const finished = await response;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toMatchObject({ name: "Late map", mapPath: "/maps/late.umap" });
    await closing;
  });
});
