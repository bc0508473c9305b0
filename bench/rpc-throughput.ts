import http2 from "node:http2";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import autocannon from "autocannon";
import { MapService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { startServerProcess } from "../apps/server/src/test/server-process.js";
import { startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { fmt, percentiles } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = [1, 16, 64, 256];
const PATH = process.env.BENCH_RPC_PATH ?? "/sro.gameserver.MapService/GetMaps";

/**
 * Issue 2: a read rpc (GetMaps: 5 maps from PGlite) with token verification on, over Connect on HTTP/1.1 and
 * gRPC on h2c. The server runs in its own process; the load comes from lean clients (autocannon; raw HTTP/2
 * streams with a pre-encoded request), because a Connect-ES client costs about as much CPU per call as the server.
 */
export async function run() {
  const issuer = await startTestIssuer();
  const server = await startServerProcess({ OIDC_ISSUER: issuer.issuer, SEED_DEMO: "false", LOG_LEVEL: "warn" }, "dist");
  const token = await issuer.mint({ sub: "bench-admin", preferred_username: "bench", groups: ["/Moderator/Admin"] }, { lifetimeSeconds: 3600 });
  const rows = ["| transport | concurrency | req/s | p50 ms | p99 ms | errors |", "|---|---|---|---|---|---|"];
  try {
    const admin = createClient(MapService, createConnectTransport({ baseUrl: server.url, httpVersion: "1.1" }));
    for (let i = 0; i < 5; i++) await admin.createMap({ name: `Bench map ${i}`, mapPath: `/maps/bench-${i}.umap` }, { headers: { authorization: `Bearer ${token}` } });
    await connectHttp1(server.url, token, 8, 1); // warm-up
    for (const c of LEVELS) {
      const r = await connectHttp1(server.url, token, c, SECONDS);
      rows.push(`| Connect / HTTP 1.1 | ${c} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} |`);
    }
    await grpcH2c(server.url, token, 8, 1);
    for (const c of LEVELS) {
      const r = await grpcH2c(server.url, token, c, SECONDS);
      rows.push(`| gRPC / h2c | ${c} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} |`);
    }
  } finally {
    await server.stop();
    await issuer.close();
  }
  console.log(`\n## RPC throughput: GetMaps, token verification on, PGlite (${SECONDS} s per level)\n`);
  console.log(rows.join("\n"));
  return rows;
}

async function connectHttp1(baseUrl: string, token: string, connections: number, seconds: number) {
  const result = await autocannon({
    url: baseUrl + PATH,
    method: "POST",
    headers: { "content-type": "application/json", "connect-protocol-version": "1", authorization: `Bearer ${token}` },
    body: "{}",
    connections,
    duration: seconds,
  });
  return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** `concurrency` gRPC calls in flight on one HTTP/2 connection, each a pre-encoded empty request. */
async function grpcH2c(baseUrl: string, token: string, concurrency: number, seconds: number) {
  const session = http2.connect(baseUrl);
  const frame = Buffer.from([0, 0, 0, 0, 0]);
  const headers = { ":method": "POST", ":path": PATH, "content-type": "application/grpc", te: "trailers", authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const stream = session.request(headers);
      let status: string | undefined;
      stream.on("trailers", (t) => (status = String(t["grpc-status"])));
      stream.on("response", (h) => h["grpc-status"] !== undefined && (status = String(h["grpc-status"])));
      stream.on("data", () => {});
      stream.on("close", () => {
        if (status === "0") latencies.push(performance.now() - started);
        else errors++;
        resolve();
      });
      stream.end(frame);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  session.close();
  return { perSecond: latencies.length / elapsed, errors, ...percentiles(latencies) };
}
