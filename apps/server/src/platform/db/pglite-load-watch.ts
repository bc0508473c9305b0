/**
 * PGlite runs every statement on one thread: past a certain load (on a 2-core machine, a few hundred chat sends per
 * second) calls queue behind it and every write waits. The watch notices the thread busy nearly all the time and
 * says, once in a while, how to move to PostgreSQL (docs/deploy.md), instead of leaving a slow server unexplained.
 */

/** The share of a window the database thread had calls pending, above which the load is past what it carries. */
export const BUSY_SHARE = 0.8;
export const WINDOW_MS = 30_000;
/** A warning at most this often. */
export const REPEAT_MS = 600_000;

export const switchHint = (busyShare: number, windowMs: number) =>
  `the embedded database (PGlite) had calls waiting ${Math.round(busyShare * 100)}% of the last ${Math.round(windowMs / 1000)} s: ` +
  "this load (chat sends above all) is past what it carries on its one thread. For more, run on PostgreSQL: " +
  "set DATABASE_URL=postgres://user:password@host:5432/sro and restart (docs/deploy.md)";

/** Decides, window by window, whether to warn: `busyMs` is the thread's busy time so far, `nowMs` the clock. */
export class LoadWatch {
  private windowStart: { at: number; busy: number } | undefined;
  private lastWarning = -Infinity;

  observe(nowMs: number, busyMs: number): { busyShare: number; windowMs: number } | undefined {
    const start = this.windowStart;
    if (!start || nowMs - start.at < WINDOW_MS) {
      if (!start) this.windowStart = { at: nowMs, busy: busyMs };
      return undefined;
    }
    this.windowStart = { at: nowMs, busy: busyMs };
    const windowMs = nowMs - start.at;
    const busyShare = (busyMs - start.busy) / windowMs;
    if (busyShare < BUSY_SHARE || nowMs - this.lastWarning < REPEAT_MS) return undefined;
    this.lastWarning = nowMs;
    return { busyShare, windowMs };
  }
}

/** Checks every few seconds (never keeping the process alive); returns the stop. */
export function watchPgliteLoad(busyMs: () => number, warn: (message: string) => void, now: () => number = () => performance.now()): () => void {
  const watch = new LoadWatch();
  const timer = setInterval(() => {
    const verdict = watch.observe(now(), busyMs());
    if (verdict) warn(switchHint(verdict.busyShare, verdict.windowMs));
  }, 5_000);
  timer.unref();
  return () => clearInterval(timer);
}
