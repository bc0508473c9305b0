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

/**
 * One port for HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge, as gRPC clients use): the first bytes of
 * each connection decide which server gets it. Node's http2 `allowHTTP1` only works with TLS.
 */
export async function listen(handler: RequestHandler, port: number, host: string): Promise<Listener> {
  const http1Server = http.createServer({ keepAliveTimeout: 65_000, requestTimeout: 0 }, handler);
  const http2Server = http2.createServer({}, handler);
  const sockets = new Set<net.Socket>();
  const sessions = new Set<http2.ServerHttp2Session>();
  http2Server.on("session", (session) => {
    sessions.add(session);
    const ping = setInterval(() => {
      if (!session.closed && !session.destroyed) session.ping(() => {});
    }, CONNECTION_KEEPALIVE_MS);
    ping.unref();
    session.once("close", () => {
      clearInterval(ping);
      sessions.delete(session);
    });
  });
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.setKeepAlive(true, CONNECTION_KEEPALIVE_MS);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const n = Math.min(received.length, H2_PREFACE.length);
      const isH2 = received.subarray(0, n).equals(H2_PREFACE.subarray(0, n));
      if (isH2 && received.length < H2_PREFACE.length) return; // wait for the whole preface
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
