import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rest } from "../test/rest-client.js";
import { metricsText, startTestServer, TEST_METRICS_TOKEN, type TestServer } from "../test/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe("/metrics", () => {
  it("counts rpcs by method and code in Prometheus text format", async () => {
    await rest(t.url, "GET", "/v1/maps");
    await rest(t.url, "GET", "/v1/maps");
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('sro_rpc_total{rpc="sro.gameserver.MapService/GetMaps",code="Unauthenticated"} 2');
    expect(text).toContain("sro_rpc_duration_seconds_bucket");
    expect(text).toContain("sro_open_streams");
    expect(text).toContain("sro_chat_deliveries_total");
    expect(text).toContain("sro_process_resident_memory_bytes");
    expect(await metricsText(t.url)).toContain("sro_rpc_total");
  });
});
