import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { CharacterService } from "../apps/server/src/gen/sro/character/character_pb.js";
import { ChatService } from "../apps/server/src/gen/sro/chat/chat_pb.js";
import { DimensionService } from "../apps/server/src/gen/sro/gameserver/gameserver_pb.js";
import { serverDistLabel, serverNodeVersion, startServerProcess } from "../apps/server/src/test/server-process.js";
import { STAFF_AMR, startTestIssuer } from "../apps/server/src/test/test-issuer.js";
import { createTestDatabase, metricsText, TEST_METRICS_TOKEN } from "../apps/server/src/test/test-server.js";
import { summarizeAllocations, type AllocationSummary, type HeapProfileNode } from "./alloc-profile.js";
import { FrameReadingChatClient, LatencyRecorder, openStreams, pace } from "./chat-fanout-clients.js";
import { fmt } from "./load.js";

/**
 * Chat under a steady load for minutes, as a node in a container with a memory limit lives: the built server in its
 * own process under a V8 heap limit (`--max-old-space-size`, the limit the image documents), streams held over
 * gRPC/h2c with the chat bench's client, sends at a fixed rate. Every sample interval (a minute by default) it reads
 * the server's /metrics: resident memory, V8 heap used and reserved, external memory (Buffers), GC time and CPU.
 * The soak passes when the server lives to the end and no send failed, no stream was cut, no delivery is missing.
 * BENCH_SOAK_ALLOC_SECONDS=20 also samples what the server allocates in a 20 s window (V8's sampling heap profiler,
 * collected objects included): bytes per delivery and the functions that allocate them.
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const STREAMS = Number(process.env.BENCH_SOAK_STREAMS ?? 300);
const CHANNELS = Number(process.env.BENCH_SOAK_CHANNELS ?? 1);
const SENDS_PER_SECOND = Number(process.env.BENCH_SOAK_SENDS ?? 50);
/** Streams per HTTP/2 connection: 1 by default, a player each. */
const PER_CONNECTION = Number(process.env.BENCH_SOAK_PER_CONNECTION ?? 1);
/** The server's `--max-old-space-size` in MiB (0: V8's default, sized by the machine's memory). */
const HEAP_MB = Number(process.env.BENCH_SOAK_HEAP_MB ?? 512);
const SAMPLE_SECONDS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 60);
const ALLOC_SECONDS = Number(process.env.BENCH_SOAK_ALLOC_SECONDS ?? 0);
/** Characters per message (a time stamp, then filler): a chat line, not a bare number. */
const TEXT_LENGTH = 100;
/**
 * The per-character send limit is 5/s with a burst of 10: spread the sends over enough characters that a busy
 * machine holding them back for 20 s does not turn them into a refused burst.
 */
const SENDS_PER_CHARACTER_PER_SECOND = 0.5;

export interface SoakOptions {
  streams: number;
  channels: number;
  sendsPerSecond: number;
  /** How many messages to send in all (at sendsPerSecond): the run's length. */
  messages: number;
  perConnection: number;
  /** Characters the sends take turns on (enough to stay under the per-character send limit by default). */
  senders?: number;
  /** The server's --max-old-space-size in MiB; 0 for none. */
  heapMb: number;
  /** "dist": the built server (SERVER_DIST may name another); "source": through tsx, no build needed (tests). */
  entry: "dist" | "source";
  sampleSeconds: number;
  /** After the sends, how long to wait for the last deliveries. */
  drainSeconds: number;
  /** Seconds of allocation sampling, from 10 s after the sends start (0: none). */
  allocSeconds?: number;
  onSample?: (sample: SoakSample) => void;
}

export interface SoakSample {
  atSeconds: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  /** GC time in the interval (all kinds), seconds. */
  gcSeconds: number;
  /** Server CPU in the interval, share of one core. */
  cpuShare: number;
}

export interface SoakResult {
  samples: SoakSample[];
  sent: number;
  sendsFailed: number;
  expected: number;
  received: number;
  streamsCut: number;
  /** The server's exit code (or signal) if it died during the soak. */
  serverExit: string | undefined;
  failures: string[];
  allocation?: { seconds: number; deliveries: number; bytesPerDelivery: number; file: string; summary: AllocationSummary };
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function soak(o: SoakOptions): Promise<SoakResult> {
  const issuer = await startTestIssuer();
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const profileDir = o.allocSeconds ? mkdtempSync(join(tmpdir(), "sro-soak-alloc-")) : undefined;
  const nodeOptions = [
    o.heapMb > 0 ? `--max-old-space-size=${o.heapMb}` : "",
    profileDir ? `--import=${new URL("./alloc-sampler.mjs", import.meta.url).href}` : "",
  ];
  const env: Record<string, string> = {
    OIDC_ISSUER: issuer.issuer,
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    MAX_CHARACTERS_PER_PLAYER: "100000",
    CHAT_STREAMS_PER_ACCOUNT: "100000",
    DATABASE_URL: database?.url ?? "",
    NODE_OPTIONS: nodeOptions.filter(Boolean).join(" "),
    ...(profileDir ? { ALLOC_PROFILE_FILE: join(profileDir, "soak.heapprofile") } : {}),
  };
  if (process.env.NATS_URL) env.NATS_URL = process.env.NATS_URL;
  // Minutes, not seconds: a fresh PGlite migrates slowly on a machine that is already busy.
  const server = await startServerProcess(env, o.entry, { readyWithinMs: 300_000 });
  let serverExit: string | undefined;
  server.child.once("exit", (code, signal) => (serverExit = signal ?? String(code)));
  const failures: string[] = [];
  const clients: FrameReadingChatClient[] = [];
  try {
    const token = (sub: string, groups: string[]) => issuer.mint({ sub, preferred_username: sub, groups, amr: STAFF_AMR }, { lifetimeSeconds: 3600 * 24 });
    const adminToken = await token("soak-admin", ["/Moderator/Admin"]);
    const admin = { authorization: `Bearer ${adminToken}` };
    const playerToken = await token("soak-player", ["/Player/Member"]);
    const setup = createGrpcTransport({ baseUrl: server.url });
    const chat = createClient(ChatService, setup);
    const characters = createClient(CharacterService, setup);
    const dimension = await createClient(DimensionService, setup).createDimension(
      { name: "Soak", version: "1", location: "soak", mapIds: [] },
      { headers: admin },
    );
    const newCharacter = async (ownerId: string, i: number) =>
      (
        await characters.createCharacter(
          { ownerId, name: `Soak${ownerId.slice(5, 8)}${i}`, gender: "male", realm: "human", dimensionId: dimension.id },
          { headers: admin },
        )
      ).id;
    const reader = await newCharacter("soak-player", 0);
    const senders: string[] = [];
    const senderCount = o.senders ?? Math.max(1, Math.ceil(o.sendsPerSecond / SENDS_PER_CHARACTER_PER_SECOND));
    for (let i = 0; i < senderCount; i += 10) {
      senders.push(...(await Promise.all(Array.from({ length: Math.min(10, senderCount - i) }, (_, j) => newCharacter("soak-admin", i + j)))));
    }
    const channels: string[] = [];
    for (let i = 0; i < o.channels; i++) {
      const channel = await chat.createChatChannel({ name: `Soak ${i}`, public: true }, { headers: admin });
      channels.push(channel.id);
      // Every stream's first delivery (the history) then proves it is subscribed.
      await chat.sendChatChannelMessage({ channelId: channel.id, chatMessage: { senderCharacterId: senders[0]!, content: "warm-up" } }, { headers: admin });
    }

    let latencies = new LatencyRecorder();
    let received = 0;
    const connections = Math.ceil(o.streams / o.perConnection);
    for (let i = 0; i < connections; i++) clients.push(new FrameReadingChatClient(server.url, playerToken));
    const streams = await openStreams({
      count: o.streams,
      open: (i, signal, onMessage) => clients[i % connections]!.connectChatChannel(channels[i % o.channels]!, reader, signal, onMessage),
      onMessage: (content) => {
        if (content === "warm-up") return;
        received++;
        const now = performance.now();
        latencies.record(now - parseFloat(content), now);
      },
    });

    const sender = new FrameReadingChatClient(server.url, adminToken);
    clients.push(sender);
    const filler = " ".padEnd(TEXT_LENGTH - 20, "soak chat line ");
    let next = 0;
    const sending = pace(o.sendsPerSecond, o.messages / o.sendsPerSecond, () => {
      const i = next++;
      return sender.sendChatChannelMessage(channels[i % channels.length]!, senders[i % senders.length]!, `${performance.now().toFixed(3)}${filler}`);
    });
    let sendsDone = false;
    void sending.finally(() => (sendsDone = true));

    const samples: SoakSample[] = [];
    const started = performance.now();
    let last = { ...(await serverFigures(server.url)), at: started };
    const sample = async () => {
      const now = performance.now();
      const figures = await serverFigures(server.url);
      const seconds = (now - last.at) / 1000;
      const stats = latencies.summary();
      latencies = new LatencyRecorder();
      const row: SoakSample = {
        atSeconds: (now - started) / 1000,
        deliveriesPerSecond: stats.deliveries / seconds,
        p50: stats.p50,
        p99: stats.p99,
        rssMb: figures.rss / MB,
        heapUsedMb: figures.heapUsed / MB,
        heapTotalMb: figures.heapTotal / MB,
        externalMb: figures.external / MB,
        gcSeconds: figures.gcSeconds - last.gcSeconds,
        cpuShare: (figures.cpuSeconds - last.cpuSeconds) / seconds,
      };
      last = { ...figures, at: now };
      samples.push(row);
      o.onSample?.(row);
    };

    const allocation = profileDir ? measureAllocations(server, o.allocSeconds!, join(profileDir, "soak.heapprofile")) : undefined;
    let nextSample = started + o.sampleSeconds * 1000;
    while (!sendsDone && serverExit === undefined) {
      await Promise.race([sending, sleep(Math.max(0, nextSample - performance.now()))]);
      if (performance.now() >= nextSample && serverExit === undefined) {
        await sample();
        nextSample += o.sampleSeconds * 1000;
      }
    }
    const sent = await sending;
    const expected = sent.ok * (o.streams / o.channels);
    const deadline = performance.now() + o.drainSeconds * 1000;
    while (received < expected && performance.now() < deadline && serverExit === undefined) await sleep(50);
    if (serverExit === undefined) await sample();
    const streamsCut = streams.errors();
    const allocated = serverExit === undefined ? await allocation : undefined;
    await streams.close();

    if (serverExit !== undefined) failures.push(`the server exited (${serverExit})`);
    if (sent.failed > 0) failures.push(`${sent.failed} sends failed`);
    if (streamsCut > 0) failures.push(`${streamsCut} streams cut`);
    if (received < expected) failures.push(`${expected - received} deliveries missing`);
    return { samples, sent: sent.ok, sendsFailed: sent.failed, expected, received, streamsCut, serverExit, failures, allocation: allocated };
  } finally {
    for (const client of clients) client.close();
    await server.stop();
    await issuer.close();
    await database?.drop();
  }
}

/** Samples the server's allocations for `seconds`, from 10 s after the sends start; per delivery from /metrics. */
async function measureAllocations(server: { url: string; child: { kill(signal: NodeJS.Signals): boolean } }, seconds: number, file: string) {
  await sleep(10_000);
  const before = (await serverFigures(server.url)).deliveries;
  server.child.kill("SIGUSR2");
  await sleep(seconds * 1000);
  const deliveries = (await serverFigures(server.url)).deliveries - before;
  server.child.kill("SIGUSR2");
  while (!existsSync(file)) await sleep(100);
  const profile = JSON.parse(readFileSync(file, "utf8")) as { head?: HeapProfileNode; error?: string };
  if (!profile.head) throw new Error(`allocation profile failed: ${profile.error}`);
  const summary = summarizeAllocations(profile.head);
  return { seconds, deliveries, bytesPerDelivery: summary.totalBytes / Math.max(1, deliveries), file, summary };
}

/** What the soak reads from the server's /metrics (prom-client's process and Node.js figures, chat's counter). */
async function serverFigures(url: string) {
  const text = await metricsText(url);
  const sum = (name: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      .reduce((total, line) => total + Number(line.split(" ").at(-1)), 0);
  return {
    rss: sum("sro_process_resident_memory_bytes"),
    heapUsed: sum("sro_nodejs_heap_size_used_bytes"),
    heapTotal: sum("sro_nodejs_heap_size_total_bytes"),
    external: sum("sro_nodejs_external_memory_bytes"),
    gcSeconds: sum("sro_nodejs_gc_duration_seconds_sum"),
    cpuSeconds: sum("sro_process_cpu_seconds_total"),
    deliveries: sum("sro_chat_deliveries_total"),
  };
}

export async function run() {
  for (const [name, value] of Object.entries({ MINUTES, STREAMS, CHANNELS, SENDS_PER_SECOND, PER_CONNECTION, SAMPLE_SECONDS })) {
    if (!(value > 0)) throw new Error(`BENCH_SOAK_${name === "SENDS_PER_SECOND" ? "SENDS" : name} must be a positive number`);
  }
  if (!(HEAP_MB >= 0)) throw new Error("BENCH_SOAK_HEAP_MB must be 0 (no limit) or a number of MiB");
  const load = loadavg()[0]!;
  const limit = HEAP_MB > 0 ? `--max-old-space-size=${HEAP_MB}` : "no heap limit";
  console.error(`Soak: ${STREAMS} streams, ${SENDS_PER_SECOND} sends/s, ${MINUTES} min, ${limit}`);
  const result = await soak({
    streams: STREAMS,
    channels: CHANNELS,
    sendsPerSecond: SENDS_PER_SECOND,
    messages: Math.round(SENDS_PER_SECOND * MINUTES * 60),
    perConnection: PER_CONNECTION,
    heapMb: HEAP_MB,
    entry: "dist",
    sampleSeconds: SAMPLE_SECONDS,
    drainSeconds: 30,
    allocSeconds: ALLOC_SECONDS,
    onSample: (s) => console.error(row(s)),
  });
  const storage = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const bus = process.env.NATS_URL ? "NATS" : "in-process bus";
  console.log(
    `\n## Chat soak: ${STREAMS} streams (${PER_CONNECTION} per connection) on ${CHANNELS} channel${CHANNELS === 1 ? "" : "s"}, ${SENDS_PER_SECOND} sends/s for ${MINUTES} min, server on Node.js ${serverNodeVersion()}${serverDistLabel()} with ${limit}, ${bus}, ${storage} (load average ${fmt(load, 1)} → ${fmt(loadavg()[0]!, 1)})\n`,
  );
  console.log("| at min | deliveries/s | p50 / p99 ms | RSS MB | heap used MB | heap total MB | external MB | GC s | server CPU % |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const s of result.samples) console.log(row(s));
  const peak = (pick: (s: SoakSample) => number) => fmt(Math.max(...result.samples.map(pick)), 0);
  console.log(
    `\n${result.sent.toLocaleString("en")} messages sent, ${result.received.toLocaleString("en")} of ${result.expected.toLocaleString("en")} deliveries received; peak RSS ${peak((s) => s.rssMb)} MB, peak heap used ${peak((s) => s.heapUsedMb)} MB, heap reserved ${peak((s) => s.heapTotalMb)} MB.`,
  );
  const a = result.allocation;
  if (a) {
    console.log(
      `\nAllocated in ${a.seconds} s (V8 sampling heap profiler, collected objects included; ${a.file}): ${fmt(a.summary.totalBytes / MB, 0)} MB over ${a.deliveries.toLocaleString("en")} deliveries, ${fmt(a.bytesPerDelivery, 0)} bytes per delivery (the sends' share included).`,
    );
    const share = (bytes: number) => `${fmt((bytes / a.summary.totalBytes) * 100, 1)} %`;
    console.log(`By origin: ${a.summary.byOrigin.map((o) => `${o.origin} ${share(o.bytes)}`).join(", ")}.`);
    console.log(
      `Top sites:\n${a.summary.bySite.map((s) => `- ${s.site}: ${fmt(s.bytes / Math.max(1, a.deliveries), 0)} B/delivery (${share(s.bytes)})`).join("\n")}`,
    );
  }
  const verdict = result.failures.length ? `failed: ${result.failures.join(", ")}` : "passed, no error";
  console.log(`\nSoak (${limit}): ${verdict}.`);
  if (result.failures.length) throw new Error(`soak ${verdict}`);
  return result;
}

const row = (s: SoakSample) =>
  `| ${fmt(s.atSeconds / 60, 1)} | ${fmt(s.deliveriesPerSecond, 0)} | ${fmt(s.p50, 0)} / ${fmt(s.p99, 0)} | ${fmt(s.rssMb, 0)} | ${fmt(s.heapUsedMb, 0)} | ${fmt(s.heapTotalMb, 0)} | ${fmt(s.externalMb, 0)} | ${fmt(s.gcSeconds, 2)} | ${fmt(s.cpuShare * 100, 0)} |`;
