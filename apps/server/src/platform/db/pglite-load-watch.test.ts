import { afterEach, describe, expect, it, vi } from "vitest";
import { BUSY_SHARE, LoadWatch, REPEAT_MS, switchHint, watchPgliteLoad, WINDOW_MS } from "./pglite-load-watch.js";

describe("PGlite's load watch", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("warns after a window in which the database thread was busy past the share, not before, and not again soon", () => {
    const watch = new LoadWatch();
    expect(watch.observe(0, 0)).toBeUndefined();
    // Mid-window: no verdict yet, however busy.
    expect(watch.observe(WINDOW_MS / 2, WINDOW_MS / 2)).toBeUndefined();
    expect(watch.observe(WINDOW_MS, WINDOW_MS * 0.9)).toEqual({ busyShare: 0.9, windowMs: WINDOW_MS });
    // Still saturated, but warned a moment ago.
    expect(watch.observe(2 * WINDOW_MS, WINDOW_MS * 1.9)).toBeUndefined();
    const later = REPEAT_MS + 2 * WINDOW_MS;
    expect(watch.observe(later, WINDOW_MS * 1.9 + (later - 2 * WINDOW_MS) * 0.95)).toEqual({ busyShare: 0.95, windowMs: later - 2 * WINDOW_MS });
  });

  it("stays quiet while the thread has time to spare", () => {
    const watch = new LoadWatch();
    watch.observe(0, 0);
    expect(watch.observe(WINDOW_MS, WINDOW_MS * (BUSY_SHARE - 0.05))).toBeUndefined();
  });

  it("prints how to switch to PostgreSQL once the load is past what PGlite carries", () => {
    vi.useFakeTimers();
    let clock = 0;
    let busy = 0;
    const warnings: string[] = [];
    const stop = watchPgliteLoad(
      () => busy,
      (message) => warnings.push(message),
      () => clock,
    );
    for (let second = 1; second <= 40; second++) {
      clock += 1_000;
      busy += 950;
      vi.advanceTimersByTime(1_000);
    }
    stop();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("DATABASE_URL=postgres://");
    expect(warnings[0]).toContain("95%");
    expect(switchHint(0.9, 30_000)).toContain("docs/deploy.md");
  });
});
