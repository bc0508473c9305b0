import { readFileSync } from "node:fs";
import http2 from "node:http2";
import net from "node:net";
import { create, toBinary } from "@bufbuild/protobuf";
import { ConnectChatChannelRequestSchema, SendChatChannelMessageRequestSchema } from "../apps/server/src/gen/sro/chat/chat_pb.js";

/** Send→receive latencies in ms, kept in a growable typed array (millions of samples, no GC churn). */
export class LatencyRecorder {
  private samples = new Float64Array(1 << 20);
  count = 0;
  lastAt = 0;

  record(ms: number): void {
    if (this.count === this.samples.length) {
      const bigger = new Float64Array(this.samples.length * 2);
      bigger.set(this.samples);
      this.samples = bigger;
    }
    this.samples[this.count++] = ms;
    this.lastAt = performance.now();
  }

  summary() {
    const sorted = this.samples.slice(0, this.count).sort();
    const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);
    return { deliveries: this.count, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1]! : NaN };
  }
}

/** One open stream: `ended` resolves with undefined when it closed cleanly or was aborted, or with the failure. */
export type StreamOpener = (index: number, signal: AbortSignal, onMessage: (content: string) => void) => Promise<Error | undefined>;

/**
 * Opens `count` streams and resolves once each has delivered its first message (the channel's history), i.e. is
 * subscribed on the server. Opening is paced in batches so the server's connect path (auth + a few queries) is
 * not flooded with thousands of concurrent calls.
 */
export async function openStreams(options: { count: number; open: StreamOpener; onMessage: (content: string) => void; batch?: number }) {
  const abort = new AbortController();
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

  constructor(baseUrl: string, private readonly token: string) {
    // Large receive windows, as gRPC clients use (grpc-go sizes them by bandwidth-delay): Node's 64 KiB default
    // makes the server wait for WINDOW_UPDATEs from a busy client process.
    this.session = http2.connect(baseUrl, { settings: { initialWindowSize: 1 << 20 } });
    this.session.on("connect", () => this.session.setLocalWindowSize(32 << 20));
    this.session.on("error", () => {});
  }

  /** Calls `onMessage` for each message (no async iteration per message); resolves when the stream ends. */
  connectChatChannel(channelId: string, characterId: string, signal: AbortSignal, onMessage: (content: string) => void): Promise<Error | undefined> {
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId }));
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
    stream.once("trailers", (trailers) => (status = String(trailers["grpc-status"] ?? "")));
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
    const body = toBinary(SendChatChannelMessageRequestSchema, create(SendChatChannelMessageRequestSchema, { channelId, chatMessage: { senderCharacterId, content } }));
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

const FRAME_DATA = 0x0;
const FRAME_HEADERS = 0x1;
const FRAME_RST_STREAM = 0x3;
const FRAME_SETTINGS = 0x4;
const FRAME_PING = 0x6;
const FRAME_GOAWAY = 0x7;
const FRAME_WINDOW_UPDATE = 0x8;
const FLAG_END_STREAM = 0x1;
const FLAG_ACK = 0x1;
const FLAG_END_HEADERS = 0x4;
const FLAG_PADDED = 0x8;
const MAX_WINDOW = 2 ** 31 - 1;
/** Connection-level receive window handed back to the server once this many DATA bytes were read. */
const WINDOW_REFILL_BYTES = 16 << 20;
const EMPTY = Buffer.alloc(0);

function h2Frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(9 + payload.length);
  frame.writeUIntBE(payload.length, 0, 3);
  frame[3] = type;
  frame[4] = flags;
  frame.writeUInt32BE(streamId, 5);
  payload.copy(frame, 9);
  return frame;
}

/** HPACK integer (RFC 7541 5.1) with `prefixBits` bits in a first byte that already holds `first`. */
function hpackInteger(prefixBits: number, first: number, value: number): number[] {
  const max = (1 << prefixBits) - 1;
  if (value < max) return [first | value];
  const bytes = [first | max];
  for (value -= max; value >= 128; value = Math.floor(value / 128)) bytes.push((value % 128) | 128);
  bytes.push(value);
  return bytes;
}

const hpackString = (value: string) => {
  const bytes = Buffer.from(value, "latin1");
  return [...hpackInteger(7, 0, bytes.length), ...bytes];
};

/** A header block of the request: static-table entries and literals without indexing or Huffman (RFC 7541). */
function requestHeaderBlock(authority: string, path: string, token: string): Buffer {
  return Buffer.from([
    0x83, // :method POST
    0x86, // :scheme http
    ...hpackInteger(4, 0, 4), // :path (static name 4), literal without indexing
    ...hpackString(path),
    ...hpackInteger(4, 0, 1), // :authority
    ...hpackString(authority),
    ...hpackInteger(4, 0, 31), // content-type
    ...hpackString("application/grpc"),
    ...hpackInteger(4, 0, 23), // authorization
    ...hpackString(`Bearer ${token}`),
    0x00, // te: trailers (new name)
    ...hpackString("te"),
    ...hpackString("trailers"),
  ]);
}

interface FrameStream {
  onMessage(content: string): void;
  signal: AbortSignal;
  /** Bytes of an envelope split over DATA frames. */
  partial: Buffer;
  end(failure: Error | undefined): void;
}

/**
 * The stream-holding side of the bench, reading HTTP/2 frames off the socket itself: one JS callback per socket read
 * (tens of frames) instead of Node's http2 client, which calls into JS and through a Readable once per DATA frame
 * (~3 µs per delivery on the bench's side — CPU the server then lacks on 2 cores). Every DATA frame is still
 * parsed, every gRPC envelope decoded (ChatMessage.content) and handed to `onMessage`; nothing is sampled.
 * Response headers are not decoded (no HPACK decoder): the server never ends a chat stream on its own, so any end
 * that the bench did not ask for — trailers, RST_STREAM, GOAWAY, a closed socket — counts as a failure, whatever its
 * grpc-status (stricter than reading the status). Flow control: huge receive windows (refilled as data is read);
 * the requests respect the server's connection window.
 */
export class FrameReadingChatClient {
  private readonly socket: net.Socket;
  private readonly streams = new Map<number, FrameStream>();
  private nextStreamId = 1;
  private readonly headerBlock: Buffer;
  private rest: Buffer = EMPTY;
  private unacknowledgedBytes = 0;
  /** What the server lets us send (connection window) and the DATA frames waiting for it. */
  private sendWindow = 65_535;
  private readonly waiting: Buffer[] = [];
  private closed = false;
  private readonly watched = new WeakSet<AbortSignal>();

  constructor(baseUrl: string, token: string) {
    const url = new URL(baseUrl);
    this.headerBlock = requestHeaderBlock(url.host, "/sro.chat.ChatService/ConnectChatChannel", token);
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    const settings = Buffer.alloc(12);
    settings.writeUInt16BE(0x2, 0); // ENABLE_PUSH
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(0x4, 6); // INITIAL_WINDOW_SIZE
    settings.writeUInt32BE(MAX_WINDOW, 8);
    const increment = Buffer.alloc(4);
    increment.writeUInt32BE(MAX_WINDOW - 65_535, 0);
    this.socket.write(Buffer.concat([Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), h2Frame(FRAME_SETTINGS, 0, 0, settings), h2Frame(FRAME_WINDOW_UPDATE, 0, 0, increment)]));
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", () => {});
    this.socket.on("close", () => this.endAll(new Error("connection closed")));
  }

  /** Same contract as LeanGrpcChatClient.connectChatChannel. */
  connectChatChannel(channelId: string, characterId: string, signal: AbortSignal, onMessage: (content: string) => void): Promise<Error | undefined> {
    const body = toBinary(ConnectChatChannelRequestSchema, create(ConnectChatChannelRequestSchema, { channelId, characterId }));
    const envelope = Buffer.alloc(5 + body.length);
    envelope.writeUInt32BE(body.length, 1);
    envelope.set(body, 5);
    const id = this.nextStreamId;
    this.nextStreamId += 2;
    return new Promise((resolve) => {
      if (this.closed) return resolve(new Error("connection closed"));
      const stream: FrameStream = {
        onMessage,
        partial: EMPTY,
        signal,
        end: (failure) => {
          this.streams.delete(id);
          resolve(signal.aborted ? undefined : failure);
        },
      };
      this.streams.set(id, stream);
      // One abort listener per signal and connection, not one per stream: an AbortSignal walks its whole listener
      // list on every add and remove (10,000 streams: quadratic).
      if (!this.watched.has(signal)) {
        this.watched.add(signal);
        signal.addEventListener("abort", () => this.cancel(signal), { once: true });
      }
      this.socket.write(h2Frame(FRAME_HEADERS, FLAG_END_HEADERS, id, this.headerBlock));
      this.sendData(h2Frame(FRAME_DATA, FLAG_END_STREAM, id, envelope));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Resets (CANCEL) every open stream of this signal. */
  private cancel(signal: AbortSignal): void {
    const code = Buffer.alloc(4);
    code.writeUInt32BE(0x8, 0);
    for (const [id, stream] of [...this.streams]) {
      if (stream.signal !== signal) continue;
      if (!this.closed) this.socket.write(h2Frame(FRAME_RST_STREAM, 0, id, code));
      stream.end(undefined);
    }
  }

  private sendData(frame: Buffer): void {
    const size = frame.length - 9;
    if (this.waiting.length === 0 && size <= this.sendWindow) {
      this.sendWindow -= size;
      this.socket.write(frame);
    } else this.waiting.push(frame);
  }

  private flushWaiting(): void {
    while (this.waiting.length > 0 && this.waiting[0]!.length - 9 <= this.sendWindow) {
      const frame = this.waiting.shift()!;
      this.sendWindow -= frame.length - 9;
      this.socket.write(frame);
    }
  }

  private read(chunk: Buffer): void {
    const buffer = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    let at = 0;
    while (buffer.length - at >= 9) {
      const length = buffer.readUIntBE(at, 3);
      if (buffer.length - at < 9 + length) break;
      const type = buffer[at + 3]!;
      const flags = buffer[at + 4]!;
      const id = buffer.readUInt32BE(at + 5) & 0x7fffffff;
      let start = at + 9;
      let end = start + length;
      at = end;
      switch (type) {
        case FRAME_DATA: {
          this.unacknowledgedBytes += length;
          if (flags & FLAG_PADDED) {
            end -= buffer[start]!;
            start++;
          }
          const stream = this.streams.get(id);
          if (!stream) break;
          this.envelopes(stream, buffer, start, end);
          if (flags & FLAG_END_STREAM) stream.end(new Error(`stream ${id} ended by the server (DATA with END_STREAM)`));
          break;
        }
        case FRAME_HEADERS:
          // Response headers (skipped: not decoded) or, with END_STREAM, trailers: the server ended the stream.
          if (flags & FLAG_END_STREAM) this.streams.get(id)?.end(new Error(`stream ${id} ended by the server (trailers)`));
          break;
        case FRAME_RST_STREAM:
          this.streams.get(id)?.end(new Error(`stream ${id} reset by the server (code ${buffer.readUInt32BE(start)})`));
          break;
        case FRAME_SETTINGS:
          if (!(flags & FLAG_ACK)) this.socket.write(h2Frame(FRAME_SETTINGS, FLAG_ACK, 0, EMPTY));
          break;
        case FRAME_PING:
          if (!(flags & FLAG_ACK)) this.socket.write(h2Frame(FRAME_PING, FLAG_ACK, 0, buffer.subarray(start, end)));
          break;
        case FRAME_WINDOW_UPDATE:
          if (id === 0) {
            this.sendWindow += buffer.readUInt32BE(start) & 0x7fffffff;
            this.flushWaiting();
          }
          break;
        case FRAME_GOAWAY:
          this.endAll(new Error(`connection closed by the server (GOAWAY code ${buffer.readUInt32BE(start + 4)})`));
          break;
        default:
          // PRIORITY, CONTINUATION of a skipped header block, unknown frames: nothing the bench needs.
          break;
      }
    }
    this.rest = at === buffer.length ? EMPTY : buffer.subarray(at);
    if (this.unacknowledgedBytes >= WINDOW_REFILL_BYTES) {
      const increment = Buffer.alloc(4);
      increment.writeUInt32BE(this.unacknowledgedBytes, 0);
      this.unacknowledgedBytes = 0;
      this.socket.write(h2Frame(FRAME_WINDOW_UPDATE, 0, 0, increment));
    }
  }

  /** Every complete gRPC envelope in the frame, plus what an earlier frame left incomplete. */
  private envelopes(stream: FrameStream, frame: Buffer, start: number, end: number): void {
    let buffer = frame;
    if (stream.partial.length > 0) {
      buffer = Buffer.concat([stream.partial, frame.subarray(start, end)]);
      start = 0;
      end = buffer.length;
    }
    while (end - start >= 5) {
      const length = buffer.readUInt32BE(start + 1);
      if (end - start < 5 + length) break;
      if (buffer[start] !== 0) return stream.end(new Error("compressed gRPC message: the bench does not ask for compression"));
      stream.onMessage(chatMessageContent(buffer, start + 5, start + 5 + length));
      start += 5 + length;
    }
    stream.partial = start === end ? EMPTY : Buffer.from(buffer.subarray(start, end));
  }

  private endAll(failure: Error): void {
    this.closed = true;
    for (const stream of [...this.streams.values()]) stream.end(failure);
  }
}
