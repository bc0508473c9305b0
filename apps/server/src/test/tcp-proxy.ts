import net from "node:net";

export interface TcpProxy {
  readonly port: number;
  /** Drops every open connection and refuses new ones, like a database server that went down. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay to a real service, so tests can make it "go away" without touching the shared server. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let down = false;
  const open = new Set<net.Socket>();
  const dropAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      dropAll();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
