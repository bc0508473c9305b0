import { createClient, type Client } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { CharacterService } from "../apps/server/src/gen/sro/character/character_pb.js";
import { ChatService } from "../apps/server/src/gen/sro/chat/chat_pb.js";
import { DimensionService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { serverDistLabel, serverNodeVersion, startServerProcess, type ServerProcess } from "../apps/server/src/test/server-process.js";
import { STAFF_AMR, startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { createTestDatabase, metricsText, TEST_METRICS_TOKEN } from "../apps/server/src/test/test-server.js";
import { closedLoop, fmt } from "./load.js";
import { cpuSecondsOf, FrameReadingChatClient, LatencyRecorder, LeanGrpcChatClient, openStreams, pace } from "./chat-fanout-clients.js";
import { streamLayout } from "./stream-layout.js";
import { loadavg } from "node:os";
import { profileProcess, profileSelf } from "./server-profile.js";

/**
 * Chat fan-out. The server runs in its own process (one core, PGlite, in-process bus unless NATS_URL is
 * set); this process holds the streams over gRPC/h2c, many per HTTP/2 connection, and sends at a fixed rate.
 * Each message carries its send time, so every delivery yields a send→receive latency (same clock).
 * Targets on 2 cores: 10,000 streams held, ≥ 100,000 deliveries/s, p99 ≤ 100 ms.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The issue's targets for the 10,000-stream scenarios. */
const TARGET = { deliveriesPerSecond: 100_000, p99Ms: 100 };
/**
 * Offered load: enough sends per second for this many deliveries per second (10 % above the target, so a run that
 * meets it shows headroom instead of merely echoing the offered rate), but at most half the sends/s the server
 * sustains (measured first): every send is checked and stored before fan-out, and past that rate the backlog of
 * sends, not fan-out, would be measured.
 */
const OFFERED_DELIVERIES = Number(process.env.BENCH_CHAT_DELIVERIES ?? 110_000);
const MAX_SENDS_PER_SECOND = Number(process.env.BENCH_CHAT_MAX_SENDS ?? 1_100);
const STREAMS_PER_CONNECTION = 1_000;
/**
 * BENCH_CHAT_NODES=2: that many server processes on the same PostgreSQL database and NATS (both required), as a
 * deployment with a node per core runs: the stream connections and the sends are spread over them in turn, as a
 * load balancer would. CPU per delivery is then the nodes' together, and loop lag the worst node's.
 */
const NODES = Number(process.env.BENCH_CHAT_NODES ?? 1);
/**
 * BENCH_CHAT_READER: the bench's gRPC client for streams and sends. "frames" (default) reads HTTP/2 frames off the
 * socket itself (FrameReadingChatClient, bench/h2-frames.ts); "http2" uses Node's http2 client (LeanGrpcChatClient).
 * Both parse and time every delivery and read every send's grpc-status. A list ("frames,http2") runs every scenario
 * once per client, side by side on the same server. On 2026-11-24 the http2 client cost 1.8-3.5 µs of bench CPU per
 * delivery against 1.0-1.4 and fell behind the 110,000 deliveries/s offer in three of four rounds (p99 2-7 s), which
 * is why the hand-written reader stays (docs/perf-log/2026-11-24.md).
 */
const READERS = (process.env.BENCH_CHAT_READER ?? "frames").split(",") as ("frames" | "http2")[];
const clientFor = (reader: "frames" | "http2", url: string, token: string) =>
  reader === "http2" ? new LeanGrpcChatClient(url, token) : new FrameReadingChatClient(url, token);
const CALIBRATION_CONCURRENCY = 64;
/** The per-character send limit is 5/s: spread sends over enough characters to stay under it. */
const SENDS_PER_CHARACTER_PER_SECOND = 4;
/** The calibration's closed loop is sized for up to this many sends/s (above what 2 cores sustain). */
const CALIBRATION_MAX_SENDS_PER_SECOND = 8_000;
/** A drained bucket of the server's default send limit (burst 10 at 5/s) is full again after 2 s. */
const RATE_LIMIT_REFILL_MS = 2_000;
/** BENCH_CHAT_SCENARIOS=1000x1,10000x100 picks scenarios (streams x channels). */
/** BENCH_CHAT_PROFILE=dir: a CPU profile of the server during each scenario's send phase (see server-profile.ts). */
const PROFILE_DIR = process.env.BENCH_CHAT_PROFILE;
const SCENARIOS = (process.env.BENCH_CHAT_SCENARIOS ?? "1000x1,1000x100,10000x1,10000x100").split(",").map((s) => {
  const [streams, channels] = s.split("x").map(Number);
  return { streams: streams!, channels: channels! };
});

export async function run() {
  if (!Number.isInteger(NODES) || NODES < 1) throw new Error(`BENCH_CHAT_NODES must be a whole number ≥ 1, not ${process.env.BENCH_CHAT_NODES}`);
  if (NODES > 1 && (!process.env.NATS_URL || !process.env.DATABASE_URL)) {
    throw new Error("BENCH_CHAT_NODES > 1 needs NATS_URL and DATABASE_URL: the nodes share chat through NATS and rows through PostgreSQL");
  }
  const issuer = await startTestIssuer();
  // The senders are ~2,000 characters of one bench account, and its 10,000 readers stand for 10,000 players' streams:
  // past the default caps of 10 characters and 50 open streams per account.
  const env: Record<string, string> = {
    OIDC_ISSUER: issuer.issuer,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    MAX_CHARACTERS_PER_PLAYER: "100000",
    CHAT_STREAMS_PER_ACCOUNT: "100000",
  };
  if (process.env.NATS_URL) env.NATS_URL = process.env.NATS_URL;
  // With DATABASE_URL: a fresh PostgreSQL database next to it (dropped afterwards); otherwise PGlite in a temp dir.
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  env.DATABASE_URL = database?.url ?? "";
  const storage = database ? "PostgreSQL" : "PGlite";
  // One after the other: the first creates the schema.
  const servers: ServerProcess[] = [];
  for (let i = 0; i < NODES; i++) servers.push(await startServerProcess(env, "dist", { readyWithinMs: 240_000 }));
  const server = servers[0]!;
  const bus = env.NATS_URL ? "NATS" : "in-process";
  const token = (sub: string, groups: string[]) => issuer.mint({ sub, preferred_username: sub, groups, amr: STAFF_AMR }, { lifetimeSeconds: 3600 });
  const admin = { authorization: `Bearer ${await token("bench-admin", ["/Moderator/Admin"])}` };
  const player = { sub: "bench-player", token: await token("bench-player", ["/Player/Member"]) };
  const rows = [
    "| client | streams | channels | connections | sends/s | send p50/p99 ms | deliveries/s | p50 ms | p99 ms | max ms | lost | streams cut | server loop lag p99 ms | server CPU µs/delivery | client CPU µs/delivery | open s |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  const load = loadavg()[0]!;
  const verdicts: string[] = [];
  /** Per scenario: send→receive p50/p99 ms for each second of sends. */
  const series: string[] = [];
  let sendsNote = "";
  try {
    const setup = createGrpcTransport({ baseUrl: server.url });
    const chat = createClient(ChatService, setup);
    const characters = createClient(CharacterService, setup);
    const dimension = await createClient(DimensionService, setup).createDimension(
      { name: "Bench", version: "1", location: "bench", mapIds: [] },
      { headers: admin },
    );
    const newCharacter = async (ownerId: string, i: number) =>
      (
        await characters.createCharacter(
          { ownerId, name: `Bench${ownerId.slice(6, 9)}${i}`, gender: "male", realm: "human", dimensionId: dimension.id },
          { headers: admin },
        )
      ).id;
    const reader = await newCharacter(player.sub, 0);
    // Enough characters for the calibration's closed loop to stay under the per-character limit: a refused send is
    // cheaper than a stored one, so refusals would inflate the sustained rate and skew the CPU per send.
    const senderCount = Math.ceil(CALIBRATION_MAX_SENDS_PER_SECOND / SENDS_PER_CHARACTER_PER_SECOND);
    const senders: string[] = [];
    for (let i = 0; i < senderCount; i += 16) {
      const batch = Array.from({ length: Math.min(16, senderCount - i) }, (_, j) => newCharacter("bench-admin", i + j));
      senders.push(...(await Promise.all(batch)));
    }

    // How many sends per second does the server sustain (closed loop, no streams)?
    const adminToken = admin.authorization.slice("Bearer ".length);
    const sendersByReader = new Map(READERS.map((r) => [r, servers.map((node) => clientFor(r, node.url, adminToken))]));
    const sender = sendersByReader.get(READERS[0]!)![0]!;
    const calibration = await chat.createChatChannel({ name: "Bench calibration", public: true }, { headers: admin });
    let turn = 0;
    // A second of warm-up first: the JIT compiles the send path meanwhile (CPU that would otherwise count here).
    await closedLoop(() => sender.sendChatChannelMessage(calibration.id, senders[turn++ % senders.length]!, "x"), 8, 1);
    const cpuBefore = cpuSecondsOf(server.child.pid!);
    const stopProfile = PROFILE_DIR ? await profileProcess(server.child.pid!, PROFILE_DIR, `chat-sends-${Date.now()}`) : undefined;
    // 64 sends in flight: with fewer, the closed loop measures a send's latency (group commit, scheduling on a
    // busy machine) rather than what the server can take.
    const sustained = await closedLoop(() => sender.sendChatChannelMessage(calibration.id, senders[turn++ % senders.length]!, "x"), CALIBRATION_CONCURRENCY, 3);
    if (stopProfile) console.error(`server profile: ${await stopProfile()}`);
    const cpuPerSend = ((cpuSecondsOf(server.child.pid!) - cpuBefore) * 1e6) / Math.max(1, sustained.requests);
    const maxSends = Math.max(1, Math.min(MAX_SENDS_PER_SECOND, Math.floor(sustained.perSecond * 0.5)));
    // The calibration drew the senders' token buckets down: let them refill before the scenarios send.
    await new Promise((r) => setTimeout(r, RATE_LIMIT_REFILL_MS));
    sendsNote = `sustained ${fmt(sustained.perSecond, 0)} sends/s (p50 ${fmt(sustained.p50, 1)} ms, ${sustained.errors} failed, server CPU ${fmt(cpuPerSend, 0)} µs/send); offered at most ${maxSends}/s`;
    console.error(`Sends: ${sendsNote}`);
    for (const scenario of SCENARIOS)
      for (const client of READERS) {
        const result = await runScenario({
          urls: servers.map((node) => node.url),
          serverPids: servers.map((node) => node.child.pid!),
          chat,
          client,
          sendClients: sendersByReader.get(client)!,
          admin,
          playerToken: player.token,
          reader,
          senders,
          maxSends,
          ...scenario,
        });
        rows.push(
          `| ${client} | ${scenario.streams.toLocaleString("en")} | ${scenario.channels} | ${result.connections} | ${fmt(result.sendsPerSecond, 0)} | ${fmt(result.sendLatency.p50, 0)} / ${fmt(result.sendLatency.p99, 0)} | ${fmt(result.deliveriesPerSecond, 0)} | ${fmt(result.p50, 1)} | ${fmt(result.p99, 1)} | ${fmt(result.max, 0)} | ${result.lost} | ${result.streamErrors} | ${fmt(result.loopLagP99, 0)} | ${fmt(result.serverCpuPerDelivery, 1)} | ${fmt(result.clientCpuPerDelivery, 1)} | ${fmt(result.openSeconds, 1)} |`,
        );
        console.error(rows.at(-1));
        const seconds = result.bySecond.map((s) => `${fmt(s.p50, 0)}/${fmt(s.p99, 0)}`).join(" ");
        series.push(`${scenario.streams.toLocaleString("en")} × ${scenario.channels}, ${client}: ${seconds}`);
        if (scenario.streams >= 10_000) verdicts.push(verdict(scenario, result));
      }
    for (const clients of sendersByReader.values()) for (const s of clients) s.close();
  } finally {
    for (const node of servers) await node.stop();
    await issuer.close();
    await database?.drop();
  }
  console.log(
    `\n## Chat fan-out: gRPC/h2c streams (${READERS.join(" vs ")} client), ${NODES === 1 ? "one node" : `${NODES} nodes`} on Node.js ${serverNodeVersion()}${serverDistLabel()}, ${bus} bus, ${storage}, ${SECONDS} s per scenario (load average ${fmt(load, 1)} → ${fmt(loadavg()[0]!, 1)})\n`,
  );
  console.log(rows.join("\n"));
  console.log(`\nSend→receive p50/p99 ms, second by second of sending:\n${series.map((line) => `- ${line}`).join("\n")}`);
  console.log(`\nSends: ${sendsNote}.`);
  if (verdicts.length) console.log(`\n${verdicts.join("\n")}`);
  if (!database && verdicts.some((v) => v.includes("missed"))) {
    console.log(
      "PGlite's SQL costs 2-3× the CPU of PostgreSQL's on the same cores; a busy chat belongs on PostgreSQL: DATABASE_URL=postgres://… (docs/deploy.md).",
    );
  }
  return rows;
}

/** Whether a 10,000-stream scenario met every target: all streams held, nothing lost, the rate and the p99. */
function verdict(scenario: { streams: number; channels: number }, r: { deliveriesPerSecond: number; p99: number; lost: number; streamErrors: number }): string {
  const misses = [
    r.streamErrors > 0 ? `${r.streamErrors} streams cut` : "",
    r.lost > 0 ? `${r.lost} deliveries lost` : "",
    r.deliveriesPerSecond < TARGET.deliveriesPerSecond ? `${fmt(r.deliveriesPerSecond, 0)} deliveries/s < ${TARGET.deliveriesPerSecond}` : "",
    r.p99 > TARGET.p99Ms ? `p99 ${fmt(r.p99, 1)} ms > ${TARGET.p99Ms}` : "",
  ].filter(Boolean);
  const name = `${scenario.streams.toLocaleString("en")} streams x ${scenario.channels} channel${scenario.channels === 1 ? "" : "s"}`;
  return `Target (${name}: all held, ≥ ${TARGET.deliveriesPerSecond.toLocaleString("en")} deliveries/s, p99 ≤ ${TARGET.p99Ms} ms): ${misses.length ? `missed: ${misses.join(", ")}` : "met"}`;
}

interface ScenarioInput {
  /** Every node's: connections and sends go to each in turn. */
  urls: string[];
  serverPids: number[];
  chat: Client<typeof ChatService>;
  /** One per node. Sends go over a lean gRPC client: Connect-ES's would take CPU from the server on a 2-core machine. */
  sendClients: (LeanGrpcChatClient | FrameReadingChatClient)[];
  client: "frames" | "http2";
  admin: Record<string, string>;
  playerToken: string;
  reader: string;
  senders: string[];
  streams: number;
  channels: number;
  maxSends: number;
}

async function runScenario(input: ScenarioInput) {
  const { chat, admin } = input;
  // Fresh channels, each with one message: every stream's first delivery (history) proves it is subscribed.
  const channels: string[] = [];
  for (let i = 0; i < input.channels; i++) {
    const channel = await chat.createChatChannel({ name: `Bench ${input.client} ${input.streams} ${input.channels} ${i}`, public: true }, { headers: admin });
    channels.push(channel.id);
    await chat.sendChatChannelMessage(
      { channelId: channel.id, chatMessage: { senderCharacterId: input.senders[i % input.senders.length]!, content: "warm-up" } },
      { headers: admin },
    );
  }
  const layout = streamLayout({ streams: input.streams, channels: input.channels, nodes: input.urls.length, perConnection: STREAMS_PER_CONNECTION });
  const connections = layout.connections;
  const clients = Array.from({ length: connections }, (_, i) => clientFor(input.client, input.urls[layout.nodeOf(i)]!, input.playerToken));
  const latencies = new LatencyRecorder();
  const opened = performance.now();
  const streams = await openStreams({
    count: input.streams,
    open: (i, signal, onMessage) => clients[layout.connectionOf(i)]!.connectChatChannel(channels[layout.channelOf(i)]!, input.reader, signal, onMessage),
    onMessage: (content) => {
      if (content === "warm-up") return;
      const now = performance.now();
      latencies.record(now - Number(content), now);
    },
  });
  const openSeconds = (performance.now() - opened) / 1000;

  const perChannel = input.streams / input.channels;
  const sendsPerSecond = Math.min(input.maxSends, Math.ceil(OFFERED_DELIVERIES / perChannel));
  let next = 0;
  for (const url of input.urls) await serverMetrics(url); // resets each server's event-loop delay histogram
  const stopProfile = PROFILE_DIR
    ? await profileProcess(input.serverPids[0]!, PROFILE_DIR, `chat-${input.streams}x${input.channels}-${Date.now()}`)
    : undefined;
  // The bench's own CPU in the same window (its receive path competes with the server for the 2 cores).
  const stopSelfProfile = PROFILE_DIR ? await profileSelf(PROFILE_DIR, `chat-client-${input.streams}x${input.channels}-${Date.now()}`) : undefined;
  const serversCpu = () => input.serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  const cpuBefore = { server: serversCpu(), client: cpuSecondsOf(process.pid) };
  const sendsFrom = performance.now();
  const sent = await pace(sendsPerSecond, SECONDS, () => {
    const i = next++;
    return input.sendClients[i % input.sendClients.length]!.sendChatChannelMessage(
      channels[i % channels.length]!,
      input.senders[i % input.senders.length]!,
      String(performance.now()),
    );
  });
  const expected = sent.ok * perChannel;
  const deadline = performance.now() + 10_000;
  while (latencies.count < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const perDelivery = (seconds: number) => (seconds * 1e6) / Math.max(1, latencies.count);
  const serverCpuPerDelivery = perDelivery(serversCpu() - cpuBefore.server);
  const clientCpuPerDelivery = perDelivery(cpuSecondsOf(process.pid) - cpuBefore.client);
  if (stopProfile) console.error(`server profile: ${await stopProfile()}`);
  if (stopSelfProfile) console.error(`bench profile: ${await stopSelfProfile()}`);
  const stats = latencies.summary();
  const bySecond = latencies.bySendSecond(sendsFrom).slice(0, SECONDS);
  const streamErrors = streams.errors();
  const loops = [];
  for (const url of input.urls) loops.push(await serverMetrics(url));
  await streams.close();
  for (const client of clients) client.close();
  return {
    connections,
    sendsPerSecond: sent.ok / SECONDS,
    sendLatency: sent.latency,
    loopLagP99: Math.max(...loops.map((loop) => loop.eventLoopLagP99Ms)),
    gcSeconds: loops.reduce((sum, loop) => sum + loop.gcSeconds, 0),
    deliveriesPerSecond: latencies.count / ((latencies.lastAt - sent.startedAt) / 1000),
    ...stats,
    bySecond,
    lost: expected - latencies.count + sent.failed * perChannel,
    openSeconds,
    serverCpuPerDelivery,
    clientCpuPerDelivery,
    streamErrors,
  };
}

/** The server's own view (/metrics): event-loop delay p99 since the last scrape (prom-client resets it), GC time. */
async function serverMetrics(url: string) {
  const text = await metricsText(url);
  const value = (name: string) => Number(/^(\S+) (\S+)$/m.exec(text.split("\n").find((l) => l.startsWith(`${name} `)) ?? "")?.[2] ?? NaN);
  const gcSeconds = text
    .split("\n")
    .filter((l) => l.startsWith("sro_nodejs_gc_duration_seconds_sum"))
    .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
  return { eventLoopLagP99Ms: value("sro_nodejs_eventloop_lag_p99_seconds") * 1000, gcSeconds };
}
