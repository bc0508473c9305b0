import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { MapService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { closedLoop, fmt } from "./load.js";
import { startServerProcess } from "../apps/server/src/test/server-process.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = [1, 16, 64, 256];

/**
 * Issue 2: a read rpc (GetMaps) with token verification on and the embedded store (PGlite), over Connect on
 * HTTP/1.1 and gRPC on h2c. The server runs in its own process; this process is the load generator.
 */
export async function run() {
  const issuer = await startTestIssuer();
  const server = await startServerProcess({ OIDC_ISSUER: issuer.issuer, SEED_DEMO: "false", LOG_LEVEL: "warn" }, "dist");
  const token = await issuer.mint({ sub: "bench-admin", preferred_username: "bench", groups: ["/Moderator/Admin"] }, { lifetimeSeconds: 3600 });
  const headers = { authorization: `Bearer ${token}` };
  const rows: string[] = [];
  try {
    const admin = createClient(MapService, createConnectTransport({ baseUrl: server.url, httpVersion: "1.1" }));
    for (let i = 0; i < 5; i++) await admin.createMap({ name: `Bench map ${i}`, mapPath: `/maps/bench-${i}.umap` }, { headers });
    const transports = {
      "Connect / HTTP 1.1": createConnectTransport({ baseUrl: server.url, httpVersion: "1.1" }),
      "gRPC / h2c": createGrpcTransport({ baseUrl: server.url }),
    };
    rows.push("| transport | concurrency | req/s | p50 ms | p99 ms | errors |", "|---|---|---|---|---|---|");
    for (const [name, transport] of Object.entries(transports)) {
      const client = createClient(MapService, transport);
      await closedLoop(() => client.getMaps({}, { headers }), 8, 1); // warm-up
      for (const concurrency of LEVELS) {
        const r = await closedLoop(() => client.getMaps({}, { headers }), concurrency, SECONDS);
        rows.push(`| ${name} | ${concurrency} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} |`);
      }
    }
  } catch (error) {
    if (error instanceof ConnectError && error.code === Code.Unimplemented) rows.push(`skipped: ${error.message}`);
    else throw error;
  } finally {
    await server.stop();
    await issuer.close();
  }
  console.log(`\n## RPC throughput: GetMaps, token verification on, PGlite (${SECONDS} s per level)\n`);
  console.log(rows.join("\n"));
  return rows;
}
