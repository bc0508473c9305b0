import type { AppBus } from "../cluster-events.js";
import type { Database } from "./db/database.js";

export interface ReadinessReport {
  ready: boolean;
  /** Each dependency: "ok" or "unavailable". */
  checks: Record<string, string>;
}

export type Readiness = () => Promise<ReadinessReport>;

/** The one set of checks behind /readyz and the health rpcs: the database answers, and NATS when the bus uses it. */
export function createReadiness(database: Pick<Database, "ping">, bus: Pick<AppBus, "kind" | "ping">): Readiness {
  const probe = (ping: () => Promise<unknown>) =>
    ping().then(
      () => "ok",
      () => "unavailable",
    );
  return async () => {
    const checks: Record<string, string> = { database: await probe(() => database.ping()) };
    if (bus.kind === "nats") checks.bus = await probe(() => bus.ping());
    return { ready: Object.values(checks).every((c) => c === "ok"), checks };
  };
}
