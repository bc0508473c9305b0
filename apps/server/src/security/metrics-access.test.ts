import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_METRICS_TOKEN, type TestServer } from "../test/test-server.js";

/** Finding 8: /metrics answered anyone. Now only METRICS_TOKEN's bearer, or METRICS_PORT on loopback. */
describe("/metrics access", () => {
  // Server starts run in hooks (the environment's time budget), not in the tests.
  let withToken: TestServer;
  let withPort: TestServer;
  beforeAll(async () => {
    withToken = await startTestServer();
  });
  beforeAll(async () => {
    withPort = await startTestServer({ env: { METRICS_TOKEN: "", METRICS_PORT: "0" } });
  });
  afterAll(() => Promise.all([withToken?.close(), withPort?.close()]));

  it("with METRICS_TOKEN: 401 without or with a wrong token, 200 with it", async () => {
    const t = withToken;
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`)).headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).status).toBe(200);
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it("without a token: not on the main port; METRICS_PORT serves it on loopback only", async () => {
    const t = withPort;
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    const port = t.server.metricsPort!;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("sro_rpc_total");
  });
});
