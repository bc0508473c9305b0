import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Prometheus metrics of one node, served at /metrics. One registry per server instance so tests that start
 * several servers in one process do not share counters.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly rpcTotal: Counter<"rpc" | "code">;
  readonly rpcSeconds: Histogram<"rpc">;
  readonly openStreams: Gauge<"rpc">;
  readonly chatDeliveries: Counter;
  /** Publish → last stream write on this node, once per message and node (chat/chat-figures.ts). */
  readonly chatDeliverySeconds: Histogram;
  /** Reports a database pool's state on each scrape (PostgreSQL only). */
  trackPool(pool: { totalCount: number; idleCount: number; waitingCount: number }): void;
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "sro_" });
  let pool: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  const poolGauge = (name: string, help: string, read: (p: NonNullable<typeof pool>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (pool) this.set(read(pool));
      },
    });
  poolGauge("sro_db_pool_connections", "Open PostgreSQL connections in the pool", (p) => p.totalCount);
  poolGauge("sro_db_pool_idle_connections", "Idle PostgreSQL connections in the pool", (p) => p.idleCount);
  poolGauge("sro_db_pool_waiting_requests", "Queries waiting for a PostgreSQL connection", (p) => p.waitingCount);
  return {
    registry,
    rpcTotal: new Counter({ name: "sro_rpc_total", help: "Finished rpcs by method and status code", labelNames: ["rpc", "code"], registers: [registry] }),
    rpcSeconds: new Histogram({
      name: "sro_rpc_duration_seconds",
      help: "Unary rpc latency by method (streams: time to the end of the stream is not recorded)",
      labelNames: ["rpc"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    openStreams: new Gauge({ name: "sro_open_streams", help: "Server streams currently open, by method", labelNames: ["rpc"], registers: [registry] }),
    chatDeliveries: new Counter({ name: "sro_chat_deliveries_total", help: "Chat messages written to open streams", registers: [registry] }),
    chatDeliverySeconds: new Histogram({
      name: "sro_chat_delivery_seconds",
      help: "Chat message publish to its last stream write on this node, once per message and node",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    trackPool(p) {
      pool = p;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
