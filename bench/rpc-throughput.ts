import http2 from "node:http2";
import { loadavg } from "node:os";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import autocannon from "autocannon";
import { MapService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { serverDistLabel, serverNodeVersion, startServerProcess, type ServerProcess } from "../apps/server/src/test/server-process.js";
import { metricsText, TEST_METRICS_TOKEN } from "../apps/server/src/test/test-server.js";
import { STAFF_AMR, startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { cpuSecondsOf } from "./chat-fanout-clients.js";
import { findH2load, h2load } from "./h2load.js";
import { fmt, percentiles } from "./load.js";
import { profileProcess } from "./server-profile.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_RPC_LEVELS ?? "1,16,64,256").split(",").map(Number);
const TRANSPORTS = (process.env.BENCH_RPC_TRANSPORTS ?? "connect,grpc").split(",");
const PATH = process.env.BENCH_RPC_PATH ?? "/sro.gameserver.MapService/GetMaps";
/** LEAN_PATHS of the two servers measured side by side. */
const VARIANTS = ["on", "off"] as const;
type Transport = "connect" | "grpc";
/** BENCH_RPC_PROFILE=dir: a CPU profile of the server during each measured level (see server-profile.ts). */
const PROFILE_DIR = process.env.BENCH_RPC_PROFILE;

/**
 * A read rpc (GetMaps: 5 maps, PGlite, served from the in-memory reference cache) with token verification
 * on, over Connect on HTTP/1.1 and gRPC on h2c, with the lean paths on and off (are they worth their code?).
 * Each server runs in its own process; the load comes from h2load
 * (native), or from lean Node clients (autocannon; raw HTTP/2 streams with a pre-encoded request) where h2load
 * cannot be had, because a Connect-ES client costs about as much CPU per call as the server.
 */
export async function run() {
  const issuer = await startTestIssuer();
  // BENCH_SERVER_LOG_LEVEL=info: the server's default, a log line per call (the bench runs at warn: no line per call).
  const env = { OIDC_ISSUER: issuer.issuer, SEED_DEMO: "false", METRICS_TOKEN: TEST_METRICS_TOKEN, LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? "warn" };
  // Two servers, lean paths on and off, loaded in turn level by level: both rows share the machine's load.
  const servers = await Promise.all(VARIANTS.map((lean) => startServerProcess({ ...env, LEAN_PATHS: lean }, "dist")));
  const token = await issuer.mint({ sub: "bench-admin", preferred_username: "bench", groups: ["/Moderator/Admin"], amr: STAFF_AMR }, { lifetimeSeconds: 3600 });
  // BENCH_CLIENT=node: the lean Node clients even where h2load is available (to compare).
  const native = process.env.BENCH_CLIENT === "node" ? undefined : findH2load();
  const client = native ? "h2load" : "lean Node clients (autocannon, raw HTTP/2)";
  // Server CPU per call holds on a busy machine, where req/s does not: one core / it = what one core can serve.
  const rows = [
    "| transport | lean paths | concurrency | req/s | p50 ms | p99 ms | errors | server CPU µs/call | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  try {
    for (const server of servers) {
      const admin = createClient(MapService, createConnectTransport({ baseUrl: server.url, httpVersion: "1.1" }));
      for (let i = 0; i < 5; i++)
        await admin.createMap({ name: `Bench map ${i}`, mapPath: `/maps/bench-${i}.umap` }, { headers: { authorization: `Bearer ${token}` } });
    }
    const level = async (server: ServerProcess, transport: Transport, concurrency: number, seconds: number, name: string) => {
      const before = await outcomes(server.url);
      const cpuBefore = cpuSecondsOf(server.child.pid!);
      const profiled = PROFILE_DIR && seconds === SECONDS ? await profileProcess(server.child.pid!, PROFILE_DIR, name) : undefined;
      const r = native
        ? await h2load(native, transport === "connect" ? connectRun(server.url, token, concurrency, seconds) : grpcRun(server.url, token, concurrency, seconds))
        : transport === "connect"
          ? await connectHttp1(server.url, token, concurrency, seconds)
          : await grpcH2c(server.url, token, concurrency, seconds);
      const cpuMicros = (cpuSecondsOf(server.child.pid!) - cpuBefore) * 1e6;
      if (profiled) console.log(`server profile: ${await profiled()}`);
      const after = await outcomes(server.url);
      // gRPC answers 200 with the status in trailers: count failures on the server's side too.
      // Which codes the server counted for the failures of this level (e.g. "16 DeadlineExceeded").
      const codes = [...after.byCode].map(([code, n]) => [code, n - (before.byCode.get(code) ?? 0)] as const).filter(([, n]) => n > 0);
      const errors = Math.max(r.errors, after.failed - before.failed);
      return {
        ...r,
        errors: codes.length ? `${errors} (${codes.map(([code, n]) => `${n} ${code}`).join(", ")})` : String(errors),
        cpuPerCall: cpuMicros / Math.max(1, after.ok - before.ok),
      };
    };
    const label = { connect: "Connect / HTTP 1.1", grpc: "gRPC / h2c" };
    for (const transport of (["connect", "grpc"] as const).filter((t) => TRANSPORTS.includes(t))) {
      for (const [i, server] of servers.entries()) await level(server, transport, 8, 2, `warm-${VARIANTS[i]}`);
      for (const [n, c] of LEVELS.entries()) {
        // Which variant goes first alternates by level, so neither always runs on the other's leftovers.
        const order = n % 2 === 0 ? [0, 1] : [1, 0];
        const measured = new Map<number, string>();
        for (const i of order) {
          const r = await level(servers[i]!, transport, c, SECONDS, `rpc-${transport}-${c}-lean-${VARIANTS[i]}`);
          const load = loadavg()[0]!.toFixed(2);
          measured.set(
            i,
            `| ${label[transport]} | ${VARIANTS[i]} | ${c} | ${fmt(r.perSecond, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.errors} | ${fmt(r.cpuPerCall, 0)} | ${load} |`,
          );
        }
        rows.push(measured.get(0)!, measured.get(1)!);
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await issuer.close();
  }
  console.log(
    `\n## RPC throughput: ${PATH}, token verification on, PGlite, server on Node.js ${serverNodeVersion()}${serverDistLabel()} (${SECONDS} s per level, load from ${client})\n`,
  );
  console.log(rows.join("\n"));
  return rows;
}

/**
 * Calls of the benchmarked rpc so far, from the server's /metrics: succeeded, and failed (not counting the calls
 * the client cancels when its time is up).
 */
async function outcomes(baseUrl: string): Promise<{ ok: number; failed: number; byCode: Map<string, number> }> {
  const text = await metricsText(baseUrl);
  const rpc = PATH.slice(1);
  const counts = { ok: 0, failed: 0, byCode: new Map<string, number>() };
  for (const line of text.split("\n")) {
    if (!line.startsWith("sro_rpc_total{") || !line.includes(`rpc="${rpc}"`) || line.includes('code="Canceled"')) continue;
    const n = Number(line.split(" ").at(-1));
    const code = /code="([^"]*)"/.exec(line)?.[1] ?? "?";
    counts[code === "ok" ? "ok" : "failed"] += n;
    if (code !== "ok") counts.byCode.set(code, n);
  }
  return counts;
}

/** HTTP/1.1 has one request in flight per connection: `concurrency` connections. */
const connectRun = (baseUrl: string, token: string, concurrency: number, seconds: number) => ({
  url: baseUrl + PATH,
  http1: true,
  connections: concurrency,
  streams: 1,
  seconds,
  headers: { "content-type": "application/json", "connect-protocol-version": "1", authorization: `Bearer ${token}` },
  body: "{}",
});

/** `concurrency` gRPC calls in flight on one HTTP/2 connection, as a gRPC client multiplexes them. */
const grpcRun = (baseUrl: string, token: string, concurrency: number, seconds: number) => ({
  url: baseUrl + PATH,
  http1: false,
  connections: 1,
  streams: concurrency,
  seconds,
  headers: { "content-type": "application/grpc", te: "trailers", authorization: `Bearer ${token}` },
  body: new Uint8Array([0, 0, 0, 0, 0]),
});

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
      stream.on("trailers", (t: http2.IncomingHttpHeaders) => (status = String(t["grpc-status"])));
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
