import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../platform/config.js";
import type { Database } from "../platform/db/database.js";
import { createLogger } from "../platform/logger.js";
import { openTestDatabase, storageBackends } from "../test/test-server.js";
import { PRUNE_INTERVAL_MS, startAuditRetention, type RetentionClock } from "./audit-retention.js";
import { createAuditStore } from "./audit-store.js";
import { appendAudit, SYSTEM_ACTOR } from "./audit-trail.js";
import { auditRecords } from "./schema.js";

const DAY = 86_400_000;

/** A clock the test moves by hand; its one interval runs only when the test says so. */
function fakeClock(startMs: number) {
  let now = startMs;
  const timers = new Set<{ run: () => void; ms: number; unrefed: boolean }>();
  const clock: RetentionClock = {
    now: () => now,
    setInterval: (run, ms) => {
      const timer = { run, ms, unrefed: false };
      timers.add(timer);
      return Object.assign(timer, { unref: () => void (timer.unrefed = true) });
    },
    clearInterval: (handle) => void timers.delete(handle as never),
  };
  return {
    clock,
    timers,
    advance(ms: number) {
      now += ms;
      for (const timer of timers) timer.run();
    },
  };
}

describe.each(storageBackends)("audit retention (%s)", (backend) => {
  let database: Database;
  let close: () => Promise<void>;
  const logger = createLogger("silent");
  const T0 = Date.UTC(2026, 5, 1);

  beforeAll(async () => ({ database, close } = await openTestDatabase(backend)), 60_000);
  afterAll(() => close?.());

  const record = (atMs: number, targetId: string) =>
    database.db.transaction((tx) => appendAudit(tx, SYSTEM_ACTOR, { action: "map.edit", targetType: "map", targetId }, atMs));
  const remaining = async () =>
    (await database.db.select({ targetId: auditRecords.targetId }).from(auditRecords).orderBy(asc(auditRecords.id))).map((r) => r.targetId);

  it("prunes records older than the retention at start and then hourly; the timer is unref'd and cleared on stop", async () => {
    await database.db.delete(auditRecords);
    await record(T0 - 31 * DAY, "old");
    await record(T0 - 30 * DAY + 1_000, "just-inside");
    await record(T0 - 1_000, "recent");
    const time = fakeClock(T0);
    const retention = startAuditRetention({ store: createAuditStore(database.db), days: 30, logger, clock: time.clock });
    await retention.started;
    expect(await remaining()).toEqual(["just-inside", "recent"]);
    const [timer] = [...time.timers];
    expect(timer).toMatchObject({ ms: PRUNE_INTERVAL_MS, unrefed: true });

    time.advance(PRUNE_INTERVAL_MS);
    expect(await retention.prune()).toBe(1);
    expect(await remaining()).toEqual(["recent"]);

    await retention.stop();
    expect(time.timers.size).toBe(0);
  });

  it("a failed pruning is logged and retried at the next hour, never thrown", async () => {
    let calls = 0;
    const time = fakeClock(T0);
    const retention = startAuditRetention({
      store: {
        pruneOlderThan: () => (++calls === 1 ? Promise.reject(new Error("database away")) : Promise.resolve(0)),
      },
      days: 1,
      logger,
      clock: time.clock,
    });
    await retention.started;
    time.advance(PRUNE_INTERVAL_MS);
    await retention.stop();
    expect(calls).toBe(2);
  });
});

describe("AUDIT_RETENTION_DAYS", () => {
  it("defaults to 365 and accepts 1..36500", () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "1" }).auditRetentionDays).toBe(1);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: "36500" }).auditRetentionDays).toBe(36_500);
  });

  it.each(["0", "36501", "-3", "1.5", "a year"])("refuses %s with a message naming the variable", (value) => {
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS=/);
  });
});
