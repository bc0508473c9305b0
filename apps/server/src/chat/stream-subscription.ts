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
  private failure: unknown;
  private leave: (() => void) | undefined;
  private readonly onAbort = () => this.fail(this.signal.reason instanceof ConnectError ? this.signal.reason : new ConnectError("stream cancelled", Code.Canceled));

  private constructor(private readonly signal: AbortSignal) {}

  static async open(bus: ChatBus, topic: ChatTopic, signal: AbortSignal): Promise<StreamSubscription> {
    signal.throwIfAborted();
    const subscription = new StreamSubscription(signal);
    signal.addEventListener("abort", subscription.onAbort, { once: true });
    try {
      subscription.leave = await bus.subscribe(topic, (event) => subscription.push(event));
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

  close(): void {
    this.signal.removeEventListener("abort", this.onAbort);
    this.leave?.();
    this.leave = undefined;
  }

  private push(event: ChatEvent): void {
    if (this.failure !== undefined) return;
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

  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    // Nothing queued matters once the stream is ending.
    this.pending.length = 0;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }
}
