import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import http2 from "node:http2";
import { create, toBinary } from "@bufbuild/protobuf";
import { ConnectChatChannelRequestSchema, SendChatChannelMessageRequestSchema } from "../apps/server/src/gen/sro/chat/chat_pb.js";
import { H2FrameClient, requestHeaderBlock } from "./h2-frames.js";

/** Send→receive latencies in ms, kept in growable typed arrays (millions of samples, no GC churn). */
export class LatencyRecorder {
  private samples = new Float64Array(1 << 20);
  /** When each sample was received (performance.now()). */
  private receivedAt = new Float64Array(1 << 20);
  count = 0;
  lastAt = 0;

  /** `at`: when it was received (performance.now()), if the caller already read the clock. */
  record(ms: number, at = performance.now()): void {
    if (this.count === this.samples.length) {
      this.samples = grown(this.samples);
      this.receivedAt = grown(this.receivedAt);
    }
    this.samples[this.count] = ms;
    this.receivedAt[this.count++] = at;
    this.lastAt = at;
  }

  summary() {
    return percentiles(this.samples.slice(0, this.count));
  }

  /**
   * p50 / p99 per second of send time from `from` (performance.now()): shows whether a p99 comes from the whole run
   * or from a stretch of it (a server that falls behind and stays behind).
   */
  bySendSecond(from: number) {
    const seconds: number[][] = [];
    for (let i = 0; i < this.count; i++) {
      const second = Math.floor((this.receivedAt[i]! - this.samples[i]! - from) / 1000);
      if (second >= 0) (seconds[second] ??= []).push(this.samples[i]!);
    }
    return Array.from(seconds, (s) => percentiles(Float64Array.from(s ?? [])));
  }
}

function grown(array: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

function percentiles(samples: Float64Array) {
  const sorted = samples.sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
  return { deliveries: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1]! : NaN };
}

/** One open stream: `ended` resolves with undefined when it closed cleanly or was aborted, or with the failure. */
export type StreamOpener = (index: number, signal: AbortSignal, onMessage: (content: string) => void) => Promise<Error | undefined>;

/**
 * Opens `count` streams and resolves once each has delivered its first message (the channel's history, which the
 * clients ask for), i.e. is subscribed on the server. Opening is paced in batches so the server's connect path
 * (auth + a few queries) is not flooded with thousands of concurrent calls.
 */
export async function openStreams(options: { count: number; open: StreamOpener; onMessage: (content: string) => void; batch?: number }) {
  const abort = new AbortController();
  // One listener per client connection (FrameReadingChatClient): a soak holds hundreds.
  setMaxListeners(0, abort.signal);
  let errors = 0;
  const ended: Promise<void>[] = [];
  const batch = options.batch ?? 200;
  for (let start = 0; start < options.count; start += batch) {
    const ready: Promise<void>[] = [];
    for (let i = start; i < Math.min(options.count, start + batch); i++) {
      let markReady!: () => void;
      let first = true;
      ready.push(new Promise<void>((resolve) => (markReady = resolve)));
      const onMessage = (content: string) => {
        if (first) {
          first = false;
          markReady();
        }
        options.onMessage(content);
      };
      ended.push(
        options.open(i, abort.signal, onMessage).then((failure) => {
          if (failure && !abort.signal.aborted) errors++;
          markReady();
        }),
      );
    }
    await Promise.all(ready);
  }
  if (errors > 0) throw new Error(`${errors} streams failed to open`);
  return {
    errors: () => errors,
    async close() {
      abort.abort();
      await Promise.all(ended);
    },
  };
}

/** Open-loop load: `perSecond` calls spread evenly over `seconds`, not waiting for earlier calls to finish. */
export async function pace(perSecond: number, seconds: number, call: () => Promise<unknown>) {
  const total = Math.round(perSecond * seconds);
  const startedAt = performance.now();
  let ok = 0;
  let failed = 0;
  let firstError: unknown;
  const inFlight: Promise<void>[] = [];
  const latencies = new LatencyRecorder();
  for (let i = 0; i < total; i++) {
    const due = startedAt + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const callStarted = performance.now();
    inFlight.push(
      call().then(
        () => {
          ok++;
          latencies.record(performance.now() - callStarted);
        },
        (error: unknown) => {
          failed++;
          firstError ??= error;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  if (firstError) console.error("bench: send failed:", firstError instanceof Error ? firstError.message : firstError);
  return { ok, failed, startedAt, latency: latencies.summary() };
}

/**
 * CPU seconds a process has used (Linux /proc; NaN elsewhere). CPU per delivery stays meaningful on a busy shared
 * machine, where wall-clock throughput does not.
 */
export function cpuSecondsOf(pid: number): number {
  if (pid === process.pid) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * ChatMessage.content (field 2) straight from the wire bytes: all the bench needs, at a fraction of a full decode's
 * CPU (which the server would otherwise lack on a 2-core machine).
 */
export function chatMessageContent(buffer: Buffer, start: number, end: number): string {
  // No closure per call: under tsx (esbuild keepNames) each nested function costs a defineProperty per message.
  let at = start;
  while (at < end) {
    let tag = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = buffer[at++]!;
      tag += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    const wireType = tag & 7;
    if (wireType === 2 || wireType === 0) {
      let value = 0;
      for (let shift = 0; ; shift += 7) {
        const byte = buffer[at++]!;
        value += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) break;
      }
      if (wireType === 0) continue;
      if (tag >>> 3 === 2) return buffer.toString("utf8", at, at + value);
      at += value;
    } else if (wireType === 1) at += 8;
    else if (wireType === 5) at += 4;
    else throw new Error(`unexpected wire type ${wireType}`);
  }
  return "";
}

/**
 * A minimal gRPC client for ConnectChatChannel over one HTTP/2 connection: the bench must measure the server, and
 * Connect-ES's client spends ~10 µs of CPU per received message (as much as the server). This one parses the
 * 5-byte envelopes itself and decodes with protobuf-es: a few µs.
 */
export class LeanGrpcChatClient {
  private readonly session: http2.ClientHttp2Session;

  constructor(
    baseUrl: string,
    private readonly token: string,
  ) {
    // Large receive windows, as gRPC clients use (grpc-go sizes them by bandwidth-delay): Node's 64 KiB default
    // makes the server wait for WINDOW_UPDATEs from a busy client process.
    this.session = http2.connect(baseUrl, { settings: { initialWindowSize: 1 << 20 } });
    this.session.on("connect", () => this.session.setLocalWindowSize(32 << 20));
    this.session.on("error", () => {});
  }

  /** Calls `onMessage` for each message (no async iteration per message); resolves when the stream ends. */
  connectChatChannel(channelId: string, characterId: string, signal: AbortSignal, onMessage: (content: string) => void): Promise<Error | undefined> {
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId, history: true }));
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const stream = this.session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/ConnectChatChannel",
      "content-type": "application/grpc",
      te: "trailers",
      authorization: `Bearer ${this.token}`,
    });
    stream.end(envelope);
    const cancel = () => stream.close(http2.constants.NGHTTP2_CANCEL);
    signal.addEventListener("abort", cancel, { once: true });
    let buffer: Buffer = Buffer.alloc(0);
    let status: string | undefined;
    stream.on("data", (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      let offset = 0;
      while (buffer.length - offset >= 5) {
        const length = buffer.readUInt32BE(offset + 1);
        if (buffer.length - offset < 5 + length) break;
        onMessage(chatMessageContent(buffer, offset + 5, offset + 5 + length));
        offset += 5 + length;
      }
      buffer = offset === buffer.length ? Buffer.alloc(0) : buffer.subarray(offset);
    });
    stream.once("trailers", (trailers: http2.IncomingHttpHeaders) => (status = String(trailers["grpc-status"] ?? "")));
    return new Promise((resolve) => {
      stream.once("close", () => {
        signal.removeEventListener("abort", cancel);
        resolve(signal.aborted || status === "0" ? undefined : new Error(`stream ended with grpc-status ${status ?? "(none)"}`));
      });
      stream.on("error", () => {});
    });
  }

  /**
   * SendChatChannelMessage as a unary gRPC call on this connection; resolves on grpc-status 0, rejects otherwise.
   * (Connect-ES's client costs the bench process ~100 µs of CPU per call, CPU the server then lacks on 2 cores.)
   */
  sendChatChannelMessage(channelId: string, senderCharacterId: string, content: string): Promise<void> {
    const body = toBinary(
      SendChatChannelMessageRequestSchema,
      create(SendChatChannelMessageRequestSchema, { channelId, chatMessage: { senderCharacterId, content } }),
    );
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const stream = this.session.request({
      ":method": "POST",
      ":path": "/sro.chat.ChatService/SendChatChannelMessage",
      "content-type": "application/grpc",
      te: "trailers",
      authorization: `Bearer ${this.token}`,
    });
    stream.end(envelope);
    return new Promise((resolve, reject) => {
      let status: string | undefined;
      let message = "";
      const read = (headers: http2.IncomingHttpHeaders) => {
        if (headers["grpc-status"] !== undefined) {
          status = String(headers["grpc-status"]);
          message = decodeURIComponent(String(headers["grpc-message"] ?? ""));
        }
      };
      stream.once("response", read);
      stream.once("trailers", read);
      stream.on("data", () => {});
      stream.on("error", () => {});
      stream.once("close", () => (status === "0" ? resolve() : reject(new Error(`send failed: grpc-status ${status ?? "(none)"} ${message}`))));
    });
  }

  close(): void {
    this.session.destroy();
  }
}

/**
 * The same calls as LeanGrpcChatClient over H2FrameClient (bench/h2-frames.ts): frames read off the socket in one
 * callback per socket read. Every DATA frame is still parsed, every gRPC envelope decoded (ChatMessage.content) and
 * handed to `onMessage`, every send's grpc-status read from its trailers; nothing is sampled.
 */
export class FrameReadingChatClient {
  private readonly connection: H2FrameClient;
  private readonly connectBlock: Buffer;
  private readonly sendBlock: Buffer;
  /** Streams per abort signal: one abort listener per signal, not one per stream (an AbortSignal walks its whole list on every add and remove). */
  private readonly bySignal = new Map<AbortSignal, Set<number>>();

  constructor(baseUrl: string, token: string) {
    this.connection = new H2FrameClient(baseUrl);
    const authority = new URL(baseUrl).host;
    this.connectBlock = requestHeaderBlock(authority, "/sro.chat.ChatService/ConnectChatChannel", token);
    this.sendBlock = requestHeaderBlock(authority, "/sro.chat.ChatService/SendChatChannelMessage", token);
  }

  /** Same contract as LeanGrpcChatClient.connectChatChannel. */
  connectChatChannel(channelId: string, characterId: string, signal: AbortSignal, onMessage: (content: string) => void): Promise<Error | undefined> {
    const envelope = envelopeOf(toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId, history: true })));
    let streams = this.bySignal.get(signal);
    if (!streams) {
      const set = (streams = new Set());
      this.bySignal.set(signal, set);
      signal.addEventListener(
        "abort",
        () => {
          for (const id of [...set]) this.connection.cancel(id);
        },
        { once: true },
      );
    }
    const open = streams;
    return new Promise((resolve) => {
      // Bytes of an envelope split over DATA frames.
      let partial: Buffer = Buffer.alloc(0);
      const id = this.connection.request(this.connectBlock, envelope, {
        onData(frame, start, end) {
          let buffer = frame;
          if (partial.length > 0) {
            buffer = Buffer.concat([partial, frame.subarray(start, end)]);
            start = 0;
            end = buffer.length;
          }
          while (end - start >= 5) {
            const length = buffer.readUInt32BE(start + 1);
            if (end - start < 5 + length) break;
            onMessage(chatMessageContent(buffer, start + 5, start + 5 + length));
            start += 5 + length;
          }
          partial = start === end ? Buffer.alloc(0) : Buffer.from(buffer.subarray(start, end));
        },
        onEnd(end) {
          open.delete(id);
          resolve(
            signal.aborted || end.grpcStatus === "0"
              ? undefined
              : new Error(`stream ended with ${end.failure ?? `grpc-status ${end.grpcStatus} ${end.grpcMessage ?? ""}`}`),
          );
        },
      });
      open.add(id);
    });
  }

  /** Same contract as LeanGrpcChatClient.sendChatChannelMessage. */
  sendChatChannelMessage(channelId: string, senderCharacterId: string, content: string): Promise<void> {
    const envelope = envelopeOf(
      toBinary(SendChatChannelMessageRequestSchema, create(SendChatChannelMessageRequestSchema, { channelId, chatMessage: { senderCharacterId, content } })),
    );
    return new Promise((resolve, reject) => {
      this.connection.request(this.sendBlock, envelope, {
        onData() {},
        onEnd(end) {
          if (end.grpcStatus === "0") resolve();
          else reject(new Error(`send failed: ${end.failure ?? `grpc-status ${end.grpcStatus} ${end.grpcMessage ?? ""}`}`));
        },
      });
    });
  }

  close(): void {
    this.connection.close();
  }
}

export function envelopeOf(body: Uint8Array): Buffer {
  const envelope = Buffer.alloc(5 + body.length);
  envelope.writeUInt32BE(body.length, 1);
  envelope.set(body, 5);
  return envelope;
}
