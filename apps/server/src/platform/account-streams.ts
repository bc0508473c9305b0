import type { Interceptor } from "@connectrpc/connect";
import { callerKey } from "./auth/caller.js";

/** How long an account's last stream end is kept after its last stream here ended: a ban heard late still finds it. */
export const STREAM_END_KEPT_MS = 60_000;

interface AccountEntry {
  open: number;
  /** When the last of its streams here ended (ms, the registry's clock). */
  endedAtMs?: number;
  waiters: Set<(endedAtMs: number | undefined) => void>;
}

/**
 * This node's open server streams per caller (their `sub`), on every transport (an interceptor inside the logging one
 * and outside auth, so a stream counts from its start to the moment its end leaves the handler chain), and when each
 * caller's last one ended. Moderation times ban → disconnect with it (docs/moderation.md "Operations wall").
 */
export function createAccountStreams(now: () => number = Date.now) {
  const bySub = new Map<string, AccountEntry>();
  let prunedAtMs = now();

  const prune = (nowMs: number) => {
    if (nowMs - prunedAtMs < STREAM_END_KEPT_MS) return;
    prunedAtMs = nowMs;
    for (const [sub, e] of bySub) if (e.open === 0 && e.waiters.size === 0 && (e.endedAtMs ?? 0) < nowMs - STREAM_END_KEPT_MS) bySub.delete(sub);
  };
  const opened = (sub: string) => {
    let entry = bySub.get(sub);
    if (!entry) bySub.set(sub, (entry = { open: 0, waiters: new Set() }));
    entry.open++;
    return entry;
  };
  const ended = (entry: AccountEntry) => {
    const nowMs = now();
    entry.open--;
    entry.endedAtMs = nowMs;
    if (entry.open === 0) {
      for (const tell of [...entry.waiters]) tell(nowMs);
      entry.waiters.clear();
    }
    prune(nowMs);
  };

  return {
    /** Open streams of `sub` on this node now. */
    openOf: (sub: string) => bySub.get(sub)?.open ?? 0,

    /**
     * When the last open stream of `sub` here ended: at once if none is open (its last end, if at or after sinceMs,
     * else undefined: it had none), else once the last one ends, or undefined if some are still open after withinMs.
     */
    lastEnded(sub: string, sinceMs: number, withinMs = STREAM_END_KEPT_MS): Promise<number | undefined> {
      const entry = bySub.get(sub);
      if (!entry || entry.open === 0) {
        const at = entry?.endedAtMs;
        return Promise.resolve(at !== undefined && at >= sinceMs ? at : undefined);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          entry.waiters.delete(tell);
          resolve(undefined);
        }, withinMs);
        timer.unref();
        const tell = (at: number | undefined) => {
          clearTimeout(timer);
          resolve(at);
        };
        entry.waiters.add(tell);
      });
    },

    /** Counts every server stream of an authenticated caller; placed after observeInterceptor, before authInterceptor. */
    interceptor: ((next) => async (req) => {
      const res = await next(req);
      const caller = req.contextValues.get(callerKey);
      if (!res.stream || !caller) return res;
      return { ...res, message: counted(res.message, () => opened(caller.sub), ended) };
    }) satisfies Interceptor,
  };
}

export type AccountStreams = ReturnType<typeof createAccountStreams>;

/** `source`, counted open from its first iterator until it is done, fails or is returned. */
function counted<T>(source: AsyncIterable<T>, open: () => AccountEntry, end: (entry: AccountEntry) => void): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = source[Symbol.asyncIterator]();
      const entry = open();
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        end(entry);
      };
      return {
        next: () =>
          iterator.next().then(
            (result) => {
              if (result.done) finish();
              return result;
            },
            (error: unknown) => {
              finish();
              throw error;
            },
          ),
        return: async (value?: unknown) => {
          finish();
          return (await iterator.return?.(value)) ?? { done: true, value: value as T };
        },
      };
    },
  };
}
