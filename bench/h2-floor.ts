import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { serverNode, serverNodeVersion } from "../apps/server/src/test/server-process.js";
import { cpuSecondsOf, FrameReadingChatClient, LatencyRecorder, openStreams } from "./chat-fanout-clients.js";
import { epochMs, type FloorOrder, type FloorReport } from "./h2-floor-server.js";
import { fmt } from "./load.js";

/**
 * What Node's http2 itself costs per message written, on this machine and runtime: a bare `node:http2` server (no
 * code of ours: h2-floor-server.ts) writes to 10,000 streams on 10 connections as the chat bench's 10,000 × 100
 * scenario delivers (100 streams per send, 110,000 writes/s, the same client and layout). Chat's server CPU per
 * delivery minus this floor is what the app adds.
 * SERVER_NODE=/path/to/node measures another runtime (server-process.ts).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITES_PER_SECOND = Number(process.env.BENCH_CHAT_DELIVERIES ?? 110_000);
const STREAMS = 10_000;
const CONNECTIONS = 10;
const GROUP_SIZE = 100;

export async function run() {
  const load = loadavg()[0]!;
  const runtime = serverNodeVersion();
  const server = fork(fileURLToPath(new URL("./h2-floor-server.ts", import.meta.url)), {
    execPath: serverNode(),
    execArgv: ["--import", "tsx"],
  });
  const next = <T>() => new Promise<T>((resolve, reject) => server.once("message", (m) => resolve(m as T)).once("exit", reject));
  try {
    const { port } = await next<{ port: number }>();
    const clients = Array.from({ length: CONNECTIONS }, () => new FrameReadingChatClient(`http://127.0.0.1:${port}`, "none"));
    const latencies = new LatencyRecorder();
    const streams = await openStreams({
      count: STREAMS,
      open: (i, signal, onMessage) => clients[i % CONNECTIONS]!.connectChatChannel("floor", "floor", signal, onMessage),
      onMessage: (content) => {
        if (content === "warm-up") return;
        const now = epochMs();
        latencies.record(now - Number(content), now);
      },
    });
    const clientCpu = cpuSecondsOf(process.pid);
    const order: FloorOrder = { writesPerSecond: WRITES_PER_SECOND, seconds: SECONDS, groupSize: GROUP_SIZE };
    server.send(order);
    const report = await next<FloorReport>();
    const deadline = performance.now() + 10_000;
    while (latencies.count < report.writes && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const clientMicros = (cpuSecondsOf(process.pid) - clientCpu) * 1e6;
    const stats = latencies.summary();
    const perWrite = (report.userMicros + report.systemMicros) / report.writes;
    console.log(
      `\n## HTTP/2 write floor: a bare node:http2 server on Node.js ${runtime}, ${STREAMS.toLocaleString("en")} streams on ${CONNECTIONS} connections, ${GROUP_SIZE} per send, ${SECONDS} s (load average ${fmt(load, 1)} → ${fmt(loadavg()[0]!, 1)})\n`,
    );
    console.log(
      "| writes/s offered | writes | received | p50 ms | p99 ms | server CPU µs/write (user + sys) | main thread share at the offered rate | client CPU µs/write |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    console.log(
      `| ${WRITES_PER_SECOND.toLocaleString("en")} | ${report.writes} | ${latencies.count} | ${fmt(stats.p50, 1)} | ${fmt(stats.p99, 1)} | ${fmt(perWrite, 2)} (${fmt(report.userMicros / report.writes, 2)} + ${fmt(report.systemMicros / report.writes, 2)}) | ${fmt((perWrite * WRITES_PER_SECOND) / 1e4, 0)} % | ${fmt(clientMicros / Math.max(1, latencies.count), 2)} |`,
    );
    if (streams.errors() > 0) throw new Error(`${streams.errors()} streams ended early`);
    await streams.close();
    for (const client of clients) client.close();
  } finally {
    server.kill();
  }
}
