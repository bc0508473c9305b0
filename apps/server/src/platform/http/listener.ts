import http, { type IncomingMessage, type ServerResponse } from "node:http";
import http2, { type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import net from "node:net";

export type AnyRequest = IncomingMessage | Http2ServerRequest;
export type AnyResponse = ServerResponse | Http2ServerResponse;
export type RequestHandler = (req: AnyRequest, res: AnyResponse) => void;

export interface Listener {
  readonly port: number;
  /** Stops accepting connections and closes idle ones; open requests finish. */
  close(): Promise<void>;
  /** Destroys every remaining connection. */
  closeAllConnections(): void;
}

const H2_PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
/**
 * An idle server stream (a quiet chat channel) sends no bytes for minutes. HTTP/2 connections get a PING and every
 * connection TCP keep-alive probes this often, so NATs and L4 balancers keep them; docs/chat.md has the details.
 */
const CONNECTION_KEEPALIVE_MS = 30_000;

/** Time limits and the connection cap (README: HTTP_* settings); all in milliseconds here. */
export interface ConnectionLimits {
  /** From accept to the first bytes that decide the protocol (the whole HTTP/2 preface). */
  firstBytesMs: number;
  /** HTTP/1.1: the request head must be complete within this. */
  headersMs: number;
  /** HTTP/1.1 head and body, HTTP/2 request body: must be complete within this (responses may stream for hours). */
  requestMs: number;
  /** HTTP/1.1: an idle keep-alive connection closes after this. */
  keepAliveMs: number;
  /** HTTP/2: a session without open streams closes (GOAWAY) after this. */
  http2IdleMs: number;
  /** Open TCP connections at most; more are refused at accept. */
  maxConnections: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  firstBytesMs: 10_000,
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 65_000,
  http2IdleMs: 65_000,
  maxConnections: 20_000,
};

/**
 * One port for HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge, as gRPC clients use): the first bytes of
 * each connection decide which server gets it. Node's http2 `allowHTTP1` only works with TLS.
 */
export async function listen(handler: RequestHandler, port: number, host: string, limits: ConnectionLimits = defaultConnectionLimits): Promise<Listener> {
  const http1Server = http.createServer(
    {
      keepAliveTimeout: limits.keepAliveMs,
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      // Node enforces the two limits above on this tick; its default (30 s) would stretch them.
      connectionsCheckingInterval: Math.min(1000, limits.headersMs),
    },
    (req, res) => {
      closeUnreadRequests(req, res);
      handler(req, res);
    },
  );
  const http2Server = http2.createServer({}, (req, res) => {
    bodyDeadline(req, limits.requestMs);
    handler(req, res);
  });
  const sockets = new Set<net.Socket>();
  const sessions = new Set<http2.ServerHttp2Session>();
  http2Server.on("session", (session) => {
    sessions.add(session);
    const ping = setInterval(() => {
      if (!session.closed && !session.destroyed) session.ping(() => {});
    }, CONNECTION_KEEPALIVE_MS);
    ping.unref();
    // Our PINGs count as traffic, so "idle" means no open stream, not no bytes: a chat stream keeps its session.
    let open = 0;
    let idle: NodeJS.Timeout | undefined;
    const watchIdle = () => {
      clearTimeout(idle);
      idle = open === 0 ? setTimeout(() => session.close(), limits.http2IdleMs) : undefined;
      idle?.unref();
    };
    watchIdle();
    session.on("stream", (stream) => {
      open++;
      watchIdle();
      stream.once("close", () => {
        open--;
        watchIdle();
      });
    });
    session.once("close", () => {
      clearInterval(ping);
      clearTimeout(idle);
      sessions.delete(session);
    });
  });
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.setKeepAlive(true, CONNECTION_KEEPALIVE_MS);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    // Nothing, or half an HTTP/2 preface, within the limit: the connection is dropped.
    const firstBytes = setTimeout(() => socket.destroy(), limits.firstBytesMs);
    socket.once("close", () => clearTimeout(firstBytes));
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const n = Math.min(received.length, H2_PREFACE.length);
      const isH2 = received.subarray(0, n).equals(H2_PREFACE.subarray(0, n));
      if (isH2 && received.length < H2_PREFACE.length) return; // wait for the whole preface
      clearTimeout(firstBytes);
      socket.off("data", onData);
      socket.pause();
      socket.unshift(received);
      if (isH2) {
        // The http2 session drains what is buffered in the socket itself (on the next tick); resuming here
        // would hand those bytes to nobody.
        http2Server.emit("connection", socket);
      } else {
        http1Server.emit("connection", socket);
        socket.resume();
      }
    };
    socket.on("data", onData);
  });
  tcp.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    tcp.once("error", reject);
    tcp.listen(port, host, () => resolve());
  });
  // The http server never listens itself; "listening" turns on its connection tracking, without which
  // closeIdleConnections() finds nothing to close.
  http1Server.emit("listening");
  const address = tcp.address() as net.AddressInfo;
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections become idle as their last request finishes: close each one as soon as it does.
        const sweep = setInterval(() => http1Server.closeIdleConnections(), 50);
        tcp.close(() => {
          clearInterval(sweep);
          resolve();
        });
        http1Server.closeIdleConnections();
        for (const session of sessions) session.close();
      }),
    closeAllConnections: () => {
      http1Server.closeAllConnections();
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * An answer sent before the request body was read (413, 429, 401 …) closes the connection: otherwise Node keeps
 * reading (and discarding) the rest of the body to reuse the connection, for as long as the client cares to send it.
 * Its headers say so (`Connection: close`): decided when they are written, while the body is still arriving.
 */
function closeUnreadRequests(req: http.IncomingMessage, res: http.ServerResponse): void {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
  if (hasBody) {
    // Node writes implicit headers through writeHead too, so this sees every answer.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = (...args: unknown[]) => {
      if (!req.complete) res.shouldKeepAlive = false;
      return writeHead(...args);
    };
  }
  res.once("finish", () => {
    // The socket is gone (null) once the response has detached from an already closed connection.
    const socket = req.socket as net.Socket | null;
    if (req.complete || !socket) return;
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  });
}

/** HTTP/2: the request body must have ended within the limit (the answer may then stream as long as it likes). */
function bodyDeadline(req: Http2ServerRequest, ms: number): void {
  const stream = req.stream;
  if (stream.endAfterHeaders) return;
  const timer = setTimeout(() => {
    // remoteClose: the client has sent all of it (whether or not the handler read it).
    if (!stream.destroyed && !stream.state.remoteClose) stream.close(http2.constants.NGHTTP2_CANCEL);
  }, ms);
  timer.unref();
  stream.once("close", () => clearTimeout(timer));
}
