import net from "node:net";

/**
 * A minimal HTTP/2 client (RFC 9113, cleartext with prior knowledge) for the chat bench: it reads frames off the
 * socket itself, one JS callback per socket read, instead of Node's http2 client, which calls into JS and through a
 * Readable once per DATA frame and builds a stream object with events per request (~3 µs per received message and
 * ~100-200 µs per unary call of the bench's CPU — CPU the server then lacks on a 2-core machine). Header blocks are
 * fully decoded (HPACK with Huffman and the dynamic table), so the gRPC status in trailers is read as before.
 * Flow control: huge receive windows (refilled as data is read); requests respect the server's connection window.
 */

const FRAME_DATA = 0x0;
const FRAME_HEADERS = 0x1;
const FRAME_RST_STREAM = 0x3;
const FRAME_SETTINGS = 0x4;
const FRAME_PING = 0x6;
const FRAME_GOAWAY = 0x7;
const FRAME_WINDOW_UPDATE = 0x8;
const FRAME_CONTINUATION = 0x9;
const FLAG_END_STREAM = 0x1;
const FLAG_ACK = 0x1;
const FLAG_END_HEADERS = 0x4;
const FLAG_PADDED = 0x8;
const FLAG_PRIORITY = 0x20;
const MAX_WINDOW = 2 ** 31 - 1;
/** Connection-level receive window handed back to the server once this many DATA bytes were read. */
const WINDOW_REFILL_BYTES = 16 << 20;
const EMPTY = Buffer.alloc(0);
const CANCEL = 0x8;

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const bytes = Buffer.allocUnsafe(9 + payload.length);
  bytes.writeUIntBE(payload.length, 0, 3);
  bytes[3] = type;
  bytes[4] = flags;
  bytes.writeUInt32BE(streamId, 5);
  payload.copy(bytes, 9);
  return bytes;
}

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
};

/** HPACK integer (RFC 7541 5.1) with `prefixBits` bits in a first byte that already holds `first`. */
function encodeInteger(prefixBits: number, first: number, value: number): number[] {
  const max = (1 << prefixBits) - 1;
  if (value < max) return [first | value];
  const bytes = [first | max];
  for (value -= max; value >= 128; value = Math.floor(value / 128)) bytes.push((value % 128) | 128);
  bytes.push(value);
  return bytes;
}

const encodeString = (value: string) => {
  const bytes = Buffer.from(value, "latin1");
  return [...encodeInteger(7, 0, bytes.length), ...bytes];
};

/** A request's header block: static-table names and literals without indexing or Huffman (RFC 7541 6.2.2). */
export function requestHeaderBlock(authority: string, path: string, token: string): Buffer {
  return Buffer.from([
    0x83, // :method POST
    0x86, // :scheme http
    ...encodeInteger(4, 0, 4), // :path
    ...encodeString(path),
    ...encodeInteger(4, 0, 1), // :authority
    ...encodeString(authority),
    ...encodeInteger(4, 0, 31), // content-type
    ...encodeString("application/grpc"),
    ...encodeInteger(4, 0, 23), // authorization
    ...encodeString(`Bearer ${token}`),
    0x00, // te (a new name)
    ...encodeString("te"),
    ...encodeString("trailers"),
  ]);
}

/** RFC 7541 Appendix A: the static table (index 1 is the first entry). */
const STATIC_TABLE: [string, string][] = [
  [":authority", ""],
  [":method", "GET"],
  [":method", "POST"],
  [":path", "/"],
  [":path", "/index.html"],
  [":scheme", "http"],
  [":scheme", "https"],
  [":status", "200"],
  [":status", "204"],
  [":status", "206"],
  [":status", "304"],
  [":status", "400"],
  [":status", "404"],
  [":status", "500"],
  ["accept-charset", ""],
  ["accept-encoding", "gzip, deflate"],
  ["accept-language", ""],
  ["accept-ranges", ""],
  ["accept", ""],
  ["access-control-allow-origin", ""],
  ["age", ""],
  ["allow", ""],
  ["authorization", ""],
  ["cache-control", ""],
  ["content-disposition", ""],
  ["content-encoding", ""],
  ["content-language", ""],
  ["content-length", ""],
  ["content-location", ""],
  ["content-range", ""],
  ["content-type", ""],
  ["cookie", ""],
  ["date", ""],
  ["etag", ""],
  ["expect", ""],
  ["expires", ""],
  ["from", ""],
  ["host", ""],
  ["if-match", ""],
  ["if-modified-since", ""],
  ["if-none-match", ""],
  ["if-range", ""],
  ["if-unmodified-since", ""],
  ["last-modified", ""],
  ["link", ""],
  ["location", ""],
  ["max-forwards", ""],
  ["proxy-authenticate", ""],
  ["proxy-authorization", ""],
  ["range", ""],
  ["referer", ""],
  ["refresh", ""],
  ["retry-after", ""],
  ["server", ""],
  ["set-cookie", ""],
  ["strict-transport-security", ""],
  ["transfer-encoding", ""],
  ["user-agent", ""],
  ["vary", ""],
  ["via", ""],
  ["www-authenticate", ""],
];

/** RFC 7541 Appendix B: Huffman code (value, bit length) of each symbol 0..256 (256 = EOS). */
const HUFFMAN_CODES = [
  8184, 8388568, 268435426, 268435427, 268435428, 268435429, 268435430, 268435431, 268435432, 16777194, 1073741820, 268435433, 268435434, 1073741821, 268435435,
  268435436, 268435437, 268435438, 268435439, 268435440, 268435441, 268435442, 1073741822, 268435443, 268435444, 268435445, 268435446, 268435447, 268435448,
  268435449, 268435450, 268435451, 20, 1016, 1017, 4090, 8185, 21, 248, 2042, 1018, 1019, 249, 2043, 250, 22, 23, 24, 0, 1, 2, 25, 26, 27, 28, 29, 30, 31, 92,
  251, 32764, 32, 4091, 1020, 8186, 33, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 252, 115, 253,
  8187, 524272, 8188, 16380, 34, 32765, 3, 35, 4, 36, 5, 37, 38, 39, 6, 116, 117, 40, 41, 42, 7, 43, 118, 44, 8, 9, 45, 119, 120, 121, 122, 123, 32766, 2044,
  16381, 8189, 268435452, 1048550, 4194258, 1048551, 1048552, 4194259, 4194260, 4194261, 8388569, 4194262, 8388570, 8388571, 8388572, 8388573, 8388574,
  16777195, 8388575, 16777196, 16777197, 4194263, 8388576, 16777198, 8388577, 8388578, 8388579, 8388580, 2097116, 4194264, 8388581, 4194265, 8388582, 8388583,
  16777199, 4194266, 2097117, 1048553, 4194267, 4194268, 8388584, 8388585, 2097118, 8388586, 4194269, 4194270, 16777200, 2097119, 4194271, 8388587, 8388588,
  2097120, 2097121, 4194272, 2097122, 8388589, 4194273, 8388590, 8388591, 1048554, 4194274, 4194275, 4194276, 8388592, 4194277, 4194278, 8388593, 67108832,
  67108833, 1048555, 524273, 4194279, 8388594, 4194280, 33554412, 67108834, 67108835, 67108836, 134217694, 134217695, 67108837, 16777201, 33554413, 524274,
  2097123, 67108838, 134217696, 134217697, 67108839, 134217698, 16777202, 2097124, 2097125, 67108840, 67108841, 268435453, 134217699, 134217700, 134217701,
  1048556, 16777203, 1048557, 2097126, 4194281, 2097127, 2097128, 8388595, 4194282, 4194283, 33554414, 33554415, 16777204, 16777205, 67108842, 8388596,
  67108843, 134217702, 67108844, 67108845, 134217703, 134217704, 134217705, 134217706, 134217707, 268435454, 134217708, 134217709, 134217710, 134217711,
  134217712, 67108846, 1073741823,
];
const HUFFMAN_LENGTHS = [
  13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28, 6, 10, 10, 12, 13, 6, 8, 11,
  10, 10, 8, 11, 8, 6, 6, 6, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, 13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 7,
  8, 13, 19, 13, 14, 6, 15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28, 20, 22, 20, 20, 22, 22, 22, 23,
  22, 23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, 22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23,
  23, 21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, 26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, 19, 21, 26, 27, 27, 26,
  27, 24, 21, 21, 26, 26, 28, 27, 27, 27, 20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27,
  27, 27, 26, 30,
];

/** Huffman decoding tree: node n's children at 2n and 2n+1; a negative entry is a leaf holding -(symbol + 1). */
const HUFFMAN_TREE = (() => {
  const tree: number[] = [0, 0];
  for (let symbol = 0; symbol < 257; symbol++) {
    let node = 0;
    for (let bit = HUFFMAN_LENGTHS[symbol]! - 1; bit >= 0; bit--) {
      const slot = 2 * node + ((HUFFMAN_CODES[symbol]! / 2 ** bit) & 1);
      if (bit === 0) tree[slot] = -(symbol + 1);
      else {
        if (!tree[slot]) {
          tree[slot] = tree.length / 2;
          tree.push(0, 0);
        }
        node = tree[slot]!;
      }
    }
  }
  return Int32Array.from(tree);
})();

function huffmanDecode(bytes: Buffer, start: number, end: number): string {
  const out: number[] = [];
  let node = 0;
  for (let i = start; i < end; i++) {
    for (let bit = 7; bit >= 0; bit--) {
      const next = HUFFMAN_TREE[2 * node + ((bytes[i]! >> bit) & 1)]!;
      if (next < 0) {
        out.push(-next - 1);
        node = 0;
      } else node = next;
    }
  }
  // What is left is padding (the most significant bits of EOS): nothing to emit.
  return Buffer.from(out).toString("latin1");
}

/** HPACK decoder (RFC 7541): static and dynamic table, Huffman strings. One per connection, fed every header block in order. */
export class HpackDecoder {
  /** Newest entry first. */
  private readonly dynamic: [string, string][] = [];
  private size = 0;
  private maxSize = 4096;
  private at = 0;
  private block: Buffer = EMPTY;

  decode(block: Buffer): [string, string][] {
    this.block = block;
    this.at = 0;
    const headers: [string, string][] = [];
    while (this.at < block.length) {
      const first = block[this.at]!;
      if (first & 0x80) {
        headers.push(this.entry(this.integer(7)));
      } else if (first & 0x40) {
        const header = this.literal(6);
        headers.push(header);
        this.insert(header);
      } else if (first & 0x20) {
        this.maxSize = this.integer(5);
        this.evict();
      } else {
        headers.push(this.literal(4));
      }
    }
    return headers;
  }

  private integer(prefixBits: number): number {
    const max = (1 << prefixBits) - 1;
    let value = this.block[this.at++]! & max;
    if (value < max) return value;
    for (let shift = 0; ; shift += 7) {
      const byte = this.block[this.at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  }

  private string(): string {
    const huffman = (this.block[this.at]! & 0x80) !== 0;
    const length = this.integer(7);
    const start = this.at;
    this.at += length;
    return huffman ? huffmanDecode(this.block, start, this.at) : this.block.toString("latin1", start, this.at);
  }

  private literal(prefixBits: number): [string, string] {
    const index = this.integer(prefixBits);
    const name = index === 0 ? this.string() : this.entry(index)[0];
    return [name, this.string()];
  }

  private entry(index: number): [string, string] {
    const entry = index <= STATIC_TABLE.length ? STATIC_TABLE[index - 1] : this.dynamic[index - STATIC_TABLE.length - 1];
    if (!entry) throw new Error(`HPACK: no table entry ${index}`);
    return entry;
  }

  private insert(header: [string, string]): void {
    this.dynamic.unshift(header);
    this.size += header[0].length + header[1].length + 32;
    this.evict();
  }

  private evict(): void {
    while (this.size > this.maxSize && this.dynamic.length > 0) {
      const [name, value] = this.dynamic.pop()!;
      this.size -= name.length + value.length + 32;
    }
  }
}

/** How a request ended: the gRPC status from the trailers (or trailers-only response), or why there was none. */
export interface RequestEnd {
  grpcStatus?: string;
  grpcMessage?: string;
  /** RST_STREAM, GOAWAY, a closed socket, or END_STREAM without a grpc-status. */
  failure?: string;
}

interface OpenRequest {
  onData(bytes: Buffer, start: number, end: number): void;
  onEnd(end: RequestEnd): void;
  headersSeen: boolean;
}

/** One HTTP/2 connection; `request` sends a complete request body and reports DATA bytes and the end. */
export class H2FrameClient {
  private readonly socket: net.Socket;
  private readonly requests = new Map<number, OpenRequest>();
  private readonly decoder = new HpackDecoder();
  private nextStreamId = 1;
  private rest: Buffer = EMPTY;
  private unacknowledgedBytes = 0;
  /** What the server lets us send (connection window) and the DATA frames waiting for it. */
  private sendWindow = 65_535;
  private readonly waiting: Buffer[] = [];
  /** A header block spread over HEADERS and CONTINUATION frames. */
  private headerBlock: { id: number; endStream: boolean; parts: Buffer[] } | undefined;
  closed = false;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    const settings = Buffer.alloc(12);
    settings.writeUInt16BE(0x2, 0); // ENABLE_PUSH = 0
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(0x4, 6); // INITIAL_WINDOW_SIZE
    settings.writeUInt32BE(MAX_WINDOW, 8);
    this.socket.write(
      Buffer.concat([
        Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
        frame(FRAME_SETTINGS, 0, 0, settings),
        frame(FRAME_WINDOW_UPDATE, 0, 0, u32(MAX_WINDOW - 65_535)),
      ]),
    );
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", () => {});
    this.socket.on("close", () => this.endAll("connection closed"));
  }

  /** Sends HEADERS and one DATA frame with END_STREAM; returns the stream id (for `cancel`). */
  request(headerBlock: Buffer, body: Buffer, handlers: Pick<OpenRequest, "onData" | "onEnd">): number {
    const id = this.nextStreamId;
    this.nextStreamId += 2;
    if (this.closed) {
      handlers.onEnd({ failure: "connection closed" });
      return id;
    }
    this.requests.set(id, { ...handlers, headersSeen: false });
    this.socket.write(frame(FRAME_HEADERS, FLAG_END_HEADERS, id, headerBlock));
    this.sendData(frame(FRAME_DATA, FLAG_END_STREAM, id, body));
    return id;
  }

  /** RST_STREAM(CANCEL); the request ends at once with no failure. */
  cancel(id: number): void {
    const request = this.requests.get(id);
    if (!request) return;
    this.requests.delete(id);
    if (!this.closed) this.socket.write(frame(FRAME_RST_STREAM, 0, id, u32(CANCEL)));
    request.onEnd({});
  }

  close(): void {
    this.socket.destroy();
  }

  private sendData(bytes: Buffer): void {
    const size = bytes.length - 9;
    if (this.waiting.length === 0 && size <= this.sendWindow) {
      this.sendWindow -= size;
      this.socket.write(bytes);
    } else this.waiting.push(bytes);
  }

  private flushWaiting(): void {
    while (this.waiting.length > 0 && this.waiting[0]!.length - 9 <= this.sendWindow) {
      const bytes = this.waiting.shift()!;
      this.sendWindow -= bytes.length - 9;
      this.socket.write(bytes);
    }
  }

  private end(id: number, end: RequestEnd): void {
    const request = this.requests.get(id);
    if (!request) return;
    this.requests.delete(id);
    request.onEnd(end);
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
          const request = this.requests.get(id);
          if (!request) break;
          if (end > start) request.onData(buffer, start, end);
          if (flags & FLAG_END_STREAM) this.end(id, { failure: "DATA with END_STREAM: no trailers" });
          break;
        }
        case FRAME_HEADERS:
          if (flags & FLAG_PADDED) {
            end -= buffer[start]!;
            start++;
          }
          if (flags & FLAG_PRIORITY) start += 5;
          this.headerBlock = { id, endStream: (flags & FLAG_END_STREAM) !== 0, parts: [buffer.subarray(start, end)] };
          if (flags & FLAG_END_HEADERS) this.headersDone();
          break;
        case FRAME_CONTINUATION:
          this.headerBlock?.parts.push(buffer.subarray(start, end));
          if (flags & FLAG_END_HEADERS) this.headersDone();
          break;
        case FRAME_RST_STREAM:
          this.end(id, { failure: `reset by the server (code ${buffer.readUInt32BE(start)})` });
          break;
        case FRAME_SETTINGS:
          if (!(flags & FLAG_ACK)) this.socket.write(frame(FRAME_SETTINGS, FLAG_ACK, 0, EMPTY));
          break;
        case FRAME_PING:
          if (!(flags & FLAG_ACK)) this.socket.write(frame(FRAME_PING, FLAG_ACK, 0, buffer.subarray(start, end)));
          break;
        case FRAME_WINDOW_UPDATE:
          if (id === 0) {
            this.sendWindow += buffer.readUInt32BE(start) & 0x7fffffff;
            this.flushWaiting();
          }
          break;
        case FRAME_GOAWAY: {
          const lastStreamId = buffer.readUInt32BE(start) & 0x7fffffff;
          for (const open of [...this.requests.keys()]) if (open > lastStreamId) this.end(open, { failure: "refused by the server (GOAWAY)" });
          break;
        }
        default:
          break; // PRIORITY, unknown frame types
      }
    }
    this.rest = at === buffer.length ? EMPTY : buffer.subarray(at);
    if (this.unacknowledgedBytes >= WINDOW_REFILL_BYTES) {
      this.socket.write(frame(FRAME_WINDOW_UPDATE, 0, 0, u32(this.unacknowledgedBytes)));
      this.unacknowledgedBytes = 0;
    }
  }

  /** Every header block is decoded (the dynamic table must follow the server's); trailers end the request. */
  private headersDone(): void {
    const { id, endStream, parts } = this.headerBlock!;
    this.headerBlock = undefined;
    const headers = this.decoder.decode(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    const request = this.requests.get(id);
    if (!request) return;
    const get = (name: string) => headers.find(([n]) => n === name)?.[1];
    if (!request.headersSeen && !endStream) {
      request.headersSeen = true;
      const status = get(":status");
      if (status !== "200") this.end(id, { failure: `HTTP status ${status}` });
      return;
    }
    if (!endStream) return;
    const grpcStatus = get("grpc-status");
    const grpcMessage = get("grpc-message");
    this.end(
      id,
      grpcStatus === undefined ? { failure: "trailers without grpc-status" } : { grpcStatus, grpcMessage: grpcMessage && decodeURIComponent(grpcMessage) },
    );
  }

  private endAll(failure: string): void {
    this.closed = true;
    for (const id of [...this.requests.keys()]) this.end(id, { failure });
  }
}
