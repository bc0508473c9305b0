import { Code, ConnectError } from "@connectrpc/connect";

/**
 * Open chat streams per account on this node. Without a cap one account could hold streams by the thousands (each
 * with its subscription, queue and history read) on the connections the server allows; with it, reconnecting clients
 * and a few tabs fit, a flood does not (config CHAT_STREAMS_PER_ACCOUNT).
 */
export class StreamQuota {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one more stream of accountId, or throws RESOURCE_EXHAUSTED at the limit; returns its release (once). */
  take(accountId: string): () => void {
    const count = this.open.get(accountId) ?? 0;
    if (count >= this.limit)
      throw new ConnectError(`too many open chat streams for this account: at most ${this.limit} at once; close one first`, Code.ResourceExhausted);
    this.open.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(accountId) ?? 1) - 1;
      if (left === 0) this.open.delete(accountId);
      else this.open.set(accountId, left);
    };
  }

  /** Streams of accountId open now. */
  count(accountId: string): number {
    return this.open.get(accountId) ?? 0;
  }
}
