import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rest } from "../test/rest-client.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { startTracing } from "./tracing.js";

describe("OpenTelemetry tracing", () => {
  const received: string[] = [];
  const collector = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push(`${req.url} ${body}`);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  afterAll(() => new Promise<void>((r) => collector.close(() => r())));

  it("is off without the OTLP variables", () => {
    expect(startTracing({})).toBeUndefined();
  });

  describe("with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
    let stop: () => Promise<void>;
    let t: TestServer;
    // Tracing starts before the server (as in main.ts); the server start is the environment, in a hook.
    beforeAll(async () => {
      await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
      stop = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "sro-test" })!;
      t = await startTestServer();
    });

    it("exports one server span per rpc, continuing the caller's trace, when OTEL_EXPORTER_OTLP_ENDPOINT is set", async () => {
      try {
        const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        await rest(t.url, "GET", "/v1/maps", { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
        await stop();
        const exported = received.join("\n");
        expect(exported).toContain("/v1/traces");
        expect(exported).toContain("sro.gameserver.MapService/GetMaps");
        expect(exported).toContain("sro-test");
        expect(exported).toContain(traceId);
      } finally {
        delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
        await t.close();
      }
    });
  });
});
