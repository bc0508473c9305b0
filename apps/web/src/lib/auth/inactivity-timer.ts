// Pure inactivity logic: the caller feeds activity and supplies the clock, so tests
// (and Playwright's fake clock) control time completely.

export const INACTIVITY_LIMIT_MS = 60 * 60 * 1000;
/** docs/product.md#states-and-transitions: the warning appears at 90 % of the limit (54 minutes). */
export const INACTIVITY_WARNING_MS = INACTIVITY_LIMIT_MS * 0.9;

export interface Clock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

export interface InactivityTimerOptions {
  clock: Clock;
  limitMs?: number;
  warnAtMs?: number;
  onWarn: () => void;
  /** Activity after the warning: the warning no longer applies. */
  onResume?: () => void;
  onTimeout: () => void;
}

export interface InactivityTimer {
  start(): void;
  /** Records user activity; cheap enough to call on every mousemove. */
  activity(): void;
  stop(): void;
}

export function createInactivityTimer(options: InactivityTimerOptions): InactivityTimer {
  const { clock, limitMs = INACTIVITY_LIMIT_MS, warnAtMs = INACTIVITY_WARNING_MS } = options;
  let lastActivity = 0;
  let handle: unknown = null;
  let warned = false;
  let running = false;

  function clear() {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  }

  // One pending timeout at a time. Activity only moves `lastActivity`; when the
  // timeout fires it re-measures, so a reset never needs to touch the timer.
  function check() {
    clear();
    if (!running) return;
    const idle = clock.now() - lastActivity;
    if (idle >= limitMs) {
      running = false;
      options.onTimeout();
      return;
    }
    if (idle >= warnAtMs && !warned) {
      warned = true;
      options.onWarn();
    }
    const next = (warned ? limitMs : warnAtMs) - idle;
    handle = clock.setTimeout(check, Math.max(0, next));
  }

  return {
    start() {
      running = true;
      warned = false;
      lastActivity = clock.now();
      check();
    },
    activity() {
      if (!running) return;
      lastActivity = clock.now();
      if (warned) {
        warned = false;
        options.onResume?.();
        check();
      }
    },
    stop() {
      running = false;
      clear();
    },
  };
}
