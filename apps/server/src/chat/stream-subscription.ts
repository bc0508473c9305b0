import { Code, ConnectError } from "@connectrpc/connect";
import type { ChatBus, ChatEvent, ChatTopic } from "./chat-bus.js";

/** Events a stream may hold back while its client reads slowly; past this the stream ends and the client reconnects. */
export const MAX_PENDING_EVENTS = 1_000;

/**
 * One stream's view of a bus topic: events queue up until the handler takes them. The subscription leaves the bus
 * when the handler closes it, and a pending `next()` fails as soon as the handler's signal aborts (client gone,
 * server shutting down), so a stream that nobody reads never keeps its subscription.
 */
export class StreamSubscription {
  private readonly pending: ChatEvent[] = [];
  private waiter: { resolve: (event: ChatEvent) => void; reject: (error: unknown) => void } | undefined;
  private failure: Error | undefined;
  private leave: (() => void) | undefined;
  /** Direct mode: events go to this handler as they arrive, nothing queues. */
  private direct: ((event: ChatEvent) => void) | undefined;
  private ended: { reject: (error: unknown) => void } | undefined;
  private readonly onAbort = () =>
    this.fail(this.signal.reason instanceof ConnectError ? this.signal.reason : new ConnectError("stream cancelled", Code.Canceled));

  private constructor(private readonly signal: AbortSignal) {}

  static async open(bus: ChatBus, topic: ChatTopic, signal: AbortSignal): Promise<StreamSubscription> {
    signal.throwIfAborted();
    const subscription = new StreamSubscription(signal);
    signal.addEventListener("abort", subscription.onAbort, { once: true });
    try {
      subscription.leave = await bus.subscribe(topic, subscription);
    } catch (error) {
      subscription.close();
      throw error;
    }
    // The signal may have fired while we subscribed.
    if (signal.aborted) {
      subscription.close();
      signal.throwIfAborted();
    }
    return subscription;
  }

  /** A queued event without waiting (a stream behind on a busy channel skips a promise per event). */
  take(): ChatEvent | undefined {
    return this.failure === undefined ? this.pending.shift() : undefined;
  }

  /** The next event; rejects once the stream must end. */
  next(): Promise<ChatEvent> {
    const event = this.pending.shift();
    if (event) return Promise.resolve(event);
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  /**
   * From now on hand every event to `handle` synchronously as it arrives (what was queued first, in order) instead of
   * queueing it for `next()`. Resolves never; rejects once the stream must end (`fail`, abort).
   */
  deliverDirectly(handle: (event: ChatEvent) => void): Promise<never> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const ended = new Promise<never>((_, reject) => (this.ended = { reject }));
    this.direct = handle;
    for (let event = this.pending.shift(); event && this.failure === undefined; event = this.pending.shift()) handle(event);
    return ended;
  }

  /** Ends the stream with `error` (the first failure wins). */
  fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    // Nothing queued matters once the stream is ending.
    this.pending.length = 0;
    this.direct = undefined;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
    this.ended?.reject(error);
  }

  close(): void {
    // A sliced delivery may still call the listener once; it must find nothing to do.
    this.failure ??= new ConnectError("stream closed", Code.Canceled);
    this.direct = undefined;
    this.pending.length = 0;
    this.signal.removeEventListener("abort", this.onAbort);
    this.leave?.();
    this.leave = undefined;
  }

  /** Hands the stream an event that did not come through its bus topic (e.g. about its character). */
  inject(event: ChatEvent): void {
    this.push(event);
  }

  /** The bus hands this stream an event (the subscription is its own bus listener). */
  push(event: ChatEvent): void {
    if (this.failure !== undefined) return;
    if (this.direct) return this.direct(event);
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve(event);
      return;
    }
    if (this.pending.length >= MAX_PENDING_EVENTS) {
      this.fail(new ConnectError(`client reads too slowly: more than ${MAX_PENDING_EVENTS} messages waiting; reconnect`, Code.ResourceExhausted));
      return;
    }
    this.pending.push(event);
  }
}
