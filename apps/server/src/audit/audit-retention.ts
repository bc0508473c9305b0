import type { Logger } from "../platform/logger.js";
import type { AuditStore } from "./audit-store.js";

const DAY_MS = 86_400_000;
export const PRUNE_INTERVAL_MS = 3_600_000;

export interface RetentionClock {
  now(): number;
  setInterval(run: () => void, ms: number): { unref?(): void };
  clearInterval(handle: unknown): void;
}

const systemClock: RetentionClock = {
  now: () => Date.now(),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface AuditRetention {
  /** The first pruning (at start); resolves when it is done. */
  readonly started: Promise<void>;
  /** One pruning now: records older than AUDIT_RETENTION_DAYS go. */
  prune(): Promise<number>;
  /** Clears the timer and waits for a pruning under way (the database closes after it). */
  stop(): Promise<void>;
}

/**
 * AUDIT_RETENTION_DAYS: records older than that many days are deleted at start and then hourly, on every node
 * (the deletes are idempotent, so nodes need not agree on who prunes). The timer never keeps the process alive.
 */
export function startAuditRetention(deps: { store: Pick<AuditStore, "pruneOlderThan">; days: number; logger: Logger; clock?: RetentionClock }): AuditRetention {
  const clock = deps.clock ?? systemClock;
  let running: Promise<number> | undefined;
  const prune = () =>
    (running ??= deps.store
      .pruneOlderThan(clock.now() - deps.days * DAY_MS)
      .then((removed) => {
        if (removed > 0) deps.logger.info({ removed, retentionDays: deps.days }, "audit records past retention deleted");
        return removed;
      })
      .finally(() => {
        running = undefined;
      }));
  const safely = () =>
    prune().catch((error: unknown) => {
      deps.logger.error({ err: error }, "audit retention pruning failed; retrying at the next hour");
      return 0;
    });
  const started = safely().then(() => undefined);
  const timer = clock.setInterval(() => void safely(), PRUNE_INTERVAL_MS);
  timer.unref?.();
  return {
    started,
    prune,
    stop: async () => {
      clock.clearInterval(timer);
      await started;
      await running?.catch(() => 0);
    },
  };
}
