import { Code, ConnectError } from "@connectrpc/connect";
import { isStatementTimeout } from "./statement-timeout.js";

/**
 * A staff search of stored messages (SearchChatMessages, GetChatLogs) gets the server's limit, or the caller's own
 * deadline when that comes sooner. A read the database stopped is DEADLINE_EXCEEDED saying how to narrow it.
 */
export async function withinSearchTime<T>(limitMs: number, callerDeadlineMs: number | undefined, read: (timeoutMs: number) => Promise<T>): Promise<T> {
  const callerFirst = callerDeadlineMs !== undefined && callerDeadlineMs < limitMs;
  try {
    return await read(callerFirst ? callerDeadlineMs : limitMs);
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    const when = callerFirst ? "at the call's deadline" : `after ${duration(limitMs)}`;
    throw new ConnectError(`search stopped ${when}: narrow it with a channel, a sender or a time window`, Code.DeadlineExceeded);
  }
}

const duration = (ms: number) => (ms < 1000 ? `${Math.ceil(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`);
