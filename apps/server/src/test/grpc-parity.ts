import http2 from "node:http2";
import type { AddressInfo } from "node:net";

/**
 * What the lean gRPC path's parity tests share (platform/rpc/grpc-*-parity.test.ts): two HTTP/2 servers, one per
 * path, and a raw HTTP/2 call whose whole answer (headers, body bytes, trailers) is compared.
 */
export interface Answer {
  headers: Record<string, unknown>;
  body: string;
  trailers: Record<string, unknown> | undefined;
}

export async function serveHttp2(
  servers: http2.Http2Server[],
  handler: (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
): Promise<string> {
  const server = http2.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function closeAll(servers: http2.Http2Server[]): Promise<void> {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

/** One gRPC call over its own connection; the Date header is left out (it is the only part allowed to differ). */
export async function grpcCall(url: string, headers: http2.OutgoingHttpHeaders, body: Uint8Array): Promise<Answer> {
  const session = http2.connect(url);
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const stream = session.request({ ":method": "POST", "content-type": "application/grpc", te: "trailers", ...headers });
      let answerHeaders: Record<string, unknown> = {};
      let trailers: Record<string, unknown> | undefined;
      const chunks: Buffer[] = [];
      stream.on("response", (h) => {
        const { date: _date, ...rest } = h;
        answerHeaders = { ...rest };
      });
      stream.on("trailers", (t) => (trailers = { ...t }));
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", reject);
      stream.on("close", () => resolve({ headers: answerHeaders, body: Buffer.concat(chunks).toString("hex"), trailers }));
      stream.end(body);
    });
  } finally {
    session.close();
  }
}

/** A gRPC length-prefixed message. */
export function envelope(bytes: Uint8Array, flags = 0): Buffer {
  const out = Buffer.alloc(5 + bytes.length);
  out[0] = flags;
  out.writeUInt32BE(bytes.length, 1);
  out.set(bytes, 5);
  return out;
}

/** The call's gRPC status, from the trailers or (trailers-only) the headers. */
export const grpcStatus = (a: Answer) => String((a.trailers ?? a.headers)["grpc-status"]);
