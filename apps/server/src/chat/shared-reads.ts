/**
 * One read per key for the callers that ask together: a reconnect storm (a node restarts, its streams come back)
 * opens thousands of streams at once, a hundred per channel, and each wants the same channel history.
 *
 * A caller never gets a read that started before it asked: a stream subscribes to its channel before it asks for
 * the history, so a message published while an older read ran could be missing from that read and, published
 * before the subscription, missed live too. So a caller that asks while its key's read runs waits for the next read,
 * started when the running one returns, and shares it with everyone else who asked meanwhile.
 */
export class SharedReads<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly next = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    const queued = this.next.get(key);
    if (queued) return queued;
    const running = this.running.get(key);
    if (!running) return this.start(key);
    const settled = () => {
      this.next.delete(key);
      return this.start(key);
    };
    const next = running.then(settled, settled);
    this.next.set(key, next);
    return next;
  }

  private start(key: K): Promise<V> {
    const read = this.read(key);
    this.running.set(key, read);
    const done = () => {
      if (this.running.get(key) === read) this.running.delete(key);
    };
    read.then(done, done);
    return read;
  }
}
