import type { BusEvent, BusListener, Delivered } from "./cluster-bus.js";

/**
 * A busy topic is delivered in slices of this many listeners, yielding to the event loop in between: the first
 * slices reach the sockets (and the clients) while later ones are still being written, and other requests are not
 * held up for the whole burst (10,000 streams take tens of milliseconds).
 */
export const DELIVERY_SLICE = 500;

/**
 * Listeners of this node, per topic. Both buses deliver through it; one throwing listener never starves others.
 * Events of one topic reach each listener in publish order, even when delivered in slices.
 */
/**
 * Told once per message and node, after its last local listener of the topic was handed it: the publisher's
 * wall-clock stamp, so publish → (last) stream write can be timed (chat-figures.ts). Not called per listener.
 */
export type DeliveryObserver = (key: string, publishedAtMs: number) => void;

export class LocalFanout<E extends BusEvent = BusEvent> {
  constructor(private readonly observer?: DeliveryObserver) {}

  private readonly listeners = new Map<string, Set<BusListener<E>>>();
  /** Topics with a sliced delivery under way, and the events waiting behind it. */
  private readonly backlogs = new Map<string, Delivered<E>[]>();
  private count = 0;

  /** Returns true when this is the topic's first local listener. */
  add(key: string, listener: BusListener<E>): boolean {
    let set = this.listeners.get(key);
    const first = set === undefined;
    if (!set) this.listeners.set(key, (set = new Set()));
    if (!set.has(listener)) {
      set.add(listener);
      this.count++;
    }
    return first;
  }

  /** Returns true when the topic has no local listener left. */
  remove(key: string, listener: BusListener<E>): boolean {
    const set = this.listeners.get(key);
    if (!set || !set.delete(listener)) return false;
    this.count--;
    if (set.size > 0) return false;
    this.listeners.delete(key);
    return true;
  }

  deliver(key: string, event: Delivered<E>, onError: (error: unknown) => void): void {
    const backlog = this.backlogs.get(key);
    if (backlog) {
      backlog.push(event);
      return;
    }
    const set = this.listeners.get(key);
    if (!set) return;
    if (set.size <= DELIVERY_SLICE) {
      callEach(set, event, onError);
      return this.observe(key, event);
    }
    const queued = [event];
    this.backlogs.set(key, queued);
    void this.deliverInSlices(key, queued, onError);
  }

  /** To every local listener of every topic at once (a lost bus: nothing may wait behind a sliced delivery). */
  deliverToAll(event: Delivered<E>, onError: (error: unknown) => void): void {
    for (const set of [...this.listeners.values()]) callEach([...set], event, onError);
  }

  private async deliverInSlices(key: string, queued: Delivered<E>[], onError: (error: unknown) => void): Promise<void> {
    try {
      for (let event = queued[0]; event; queued.shift(), event = queued[0]) {
        // Listeners that joined after the publish do not get it; ones that left meanwhile ignore it.
        const listeners = [...(this.listeners.get(key) ?? [])];
        for (let start = 0; start < listeners.length; start += DELIVERY_SLICE) {
          if (start > 0) await new Promise((resolve) => setImmediate(resolve));
          callEach(listeners.slice(start, start + DELIVERY_SLICE), event, onError);
        }
        this.observe(key, event);
      }
    } finally {
      this.backlogs.delete(key);
    }
  }

  private observe(key: string, event: Delivered<E>): void {
    if (this.observer && event.type === "message" && event.publishedAtMs !== undefined) this.observer(key, event.publishedAtMs);
  }

  /** Listeners per topic of one kind ("channel"), by topic id. */
  sizesOf(kind: string): Map<string, number> {
    const prefix = `${kind}:`;
    const sizes = new Map<string, number>();
    for (const [key, set] of this.listeners) if (key.startsWith(prefix)) sizes.set(key.slice(prefix.length), set.size);
    return sizes;
  }

  size(): number {
    return this.count;
  }

  topics(): number {
    return this.listeners.size;
  }
}

function callEach<E extends BusEvent>(listeners: Iterable<BusListener<E>>, event: Delivered<E>, onError: (error: unknown) => void): void {
  for (const listener of listeners) {
    try {
      if (typeof listener === "function") listener(event);
      else listener.push(event);
    } catch (error) {
      onError(error);
    }
  }
}
