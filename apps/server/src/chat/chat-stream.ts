import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, type HandlerContext } from "@connectrpc/connect";
import { ChatMessageSchema, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import { directStreamSinkKey, type DirectStreamSink } from "../platform/direct-stream-sink.js";
import type { BusTopic } from "../platform/bus/cluster-bus.js";
import type { BusMessage } from "./chat-events.js";
import type { StoredMessage } from "./chat-store.js";
import type { StreamStep } from "./stream-steps.js";
import type { AppBus, ClusterEvent } from "../cluster-events.js";

/**
 * The slow-client rule, the same on every transport: a stream ends with RESOURCE_EXHAUSTED once its client has not
 * taken more than this many bytes — encoded messages the stream holds for it, plus what the transport has buffered
 * where it says so (the direct sink's `unreadBytes`; a transport that iterates takes one message at a time)
 * (docs/chat.md says why bytes and why this much).
 */
export const MAX_UNREAD_BYTES = 1 << 20;

export const tooSlow = () => new ConnectError(`client reads too slowly: more than ${MAX_UNREAD_BYTES >> 20} MiB not taken; reconnect`, Code.ResourceExhausted);

/**
 * A failure thrown back at one of our yields is the transport's (the client went away mid-write), not ours: report
 * it as CANCELLED rather than an internal error.
 */
const clientGone = (cause?: unknown) => new ConnectError("client went away", Code.Canceled, undefined, undefined, cause);

/** What a stream reads and how it treats each event; built when the stream starts (bad ids fail it then). */
export interface StreamPlan {
  topic: BusTopic;
  /** The character the stream reads as: events about it (deletion, edit) reach the stream. */
  characterId: string;
  /** Throws when the caller may not (or no longer) read the stream. */
  checkAccess: () => Promise<unknown>;
  /** Recent messages, oldest first. */
  history: () => Promise<readonly StoredMessage[]>;
  /** stream-steps.ts: deliver, notice, ignore, re-check, or end with this error. */
  stepOf: (event: ClusterEvent) => StreamStep;
  /** For "notice" steps: the notice to send (stream-notices.ts), or undefined when the stream did not ask for it. */
  noticeOf?: (event: ClusterEvent) => ChatMessage | undefined;
}

export interface ChatStreamDeps {
  bus: AppBus;
  /** Registers the stream under its character; returns the function that removes it. */
  addToCharacter?: (characterId: string, stream: ChatStream) => () => void;
  /** Counts the stream against its account's open streams, or throws; returns the release. */
  admit?: () => () => void;
  onDelivered?: () => void;
}

/** After this long any message published before our history query has arrived; the skip list can go. */
const HISTORY_OVERLAP_MS = 10_000;

const OPENING = 0;
const FLOWING = 1;
/** An access re-check is running: events wait behind it, in order. */
const HOLDING = 2;
const ENDED = 3;

/**
 * One chat server stream, as the handler returns it: an async iterable every transport can iterate. Order on
 * start: subscribe, check access, send the recent history, then live events. Subscribing first means nothing
 * published after the check can be missed; a live message the history already held is skipped by id.
 *
 * Every bus event goes through one queue and one decision (`stepOf`, stream-steps.ts), whichever way messages
 * leave: when the transport offers a DirectStreamSink (the lean gRPC path), the bus listener writes them to it as
 * they arrive and the iterator only settles when the stream ends; otherwise each is yielded when the transport asks
 * for the next. Either way a re-check holds delivery until it passes, and the slow-client rule counts bytes not
 * taken (MAX_UNREAD_BYTES).
 */
export class ChatStream implements AsyncIterable<ChatMessage> {
  private state = OPENING;
  private readonly pending: ClusterEvent[] = [];
  /** Encoded size of the messages in `pending`. */
  private pendingBytes = 0;
  private failure: Error | undefined;
  private readonly sink: DirectStreamSink | undefined;
  /** The consumer wants a message now (always, with a sink). */
  private wanted: boolean;
  /** Iterating without a sink: the message for the consumer's next step, or the consumer waiting for one. */
  private handoff: ChatMessage | undefined;
  private waiter: { resolve: (message: ChatMessage) => void; reject: (error: unknown) => void } | undefined;
  /** With a sink: ends the iterator's wait. */
  private endWait: ((error: Error) => void) | undefined;
  private started = false;
  private leave: (() => void)[] = [];
  // Plain fields: the check of every live message touches no other object (with 10,000 streams each per-stream
  // object a delivery touches is a likely cache miss).
  private newestInHistory = -1;
  private skip: HistorySkip | undefined;
  private stepOf: (event: ClusterEvent) => StreamStep = () => "ignore";
  private noticeOf: ((event: ClusterEvent) => ChatMessage | undefined) | undefined;
  private checkAccess: () => Promise<unknown> = () => Promise.resolve();
  private readonly signal: AbortSignal;

  constructor(
    private readonly deps: ChatStreamDeps,
    ctx: Pick<HandlerContext, "signal" | "values">,
    private readonly plan: () => StreamPlan,
  ) {
    this.signal = ctx.signal;
    this.sink = ctx.values.get(directStreamSinkKey);
    this.wanted = this.sink !== undefined;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ChatMessage> {
    if (this.started) throw new Error("a chat stream is read once");
    this.started = true;
    try {
      const plan = this.plan();
      this.stepOf = plan.stepOf;
      this.noticeOf = plan.noticeOf;
      this.checkAccess = plan.checkAccess;
      if (this.deps.admit) this.leave.push(this.deps.admit());
      await this.subscribe(plan);
      await plan.checkAccess();
      const history = await plan.history();
      this.skip = historySkip(history);
      this.newestInHistory = this.skip.newest;
      const sink = this.sink;
      if (sink) {
        for (const message of history) if (!this.write(sink, toChatMessage(message))) break;
        this.goLive();
        return await this.untilEnd();
      }
      try {
        for (const message of history) yield toChatMessage(message);
      } catch (error) {
        throw clientGone(error);
      }
      this.goLive();
      for (;;) {
        const message = this.take() ?? (await this.next());
        try {
          yield message;
        } catch (error) {
          throw clientGone(error);
        }
        this.deps.onDelivered?.();
      }
    } finally {
      this.close();
    }
  }

  /** The bus (or the node's character watcher) hands the stream an event. */
  push(event: ClusterEvent): void {
    // A lost bus ends the stream at once, whatever is queued or re-checking: the client resumes from what it has.
    if (event.type === "bus-lost") return this.handle(event);
    if (this.state === FLOWING && this.wanted && this.pending.length === 0) this.handle(event);
    else this.enqueue(event);
  }

  private handle(event: ClusterEvent): void {
    const step = this.stepOf(event);
    if (step === "deliver") {
      if (event.type === "message") this.deliver(event.message);
    } else if (step === "notice") {
      const notice = this.noticeOf?.(event);
      if (notice) this.send(notice);
    } else if (step === "recheck") {
      this.recheck();
    } else if (step !== "ignore") {
      this.fail(step);
    }
  }

  private deliver(m: BusMessage): void {
    if (m.id <= this.newestInHistory && this.skip?.has(m.id)) return;
    this.send(liveMessage(m));
  }

  /** Hands one message (or notice) to the transport. */
  private send(message: ChatMessage): void {
    const sink = this.sink;
    if (sink) {
      if (this.write(sink, message)) this.deps.onDelivered?.();
      return;
    }
    this.wanted = false;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve(message);
    } else {
      this.handoff = message;
    }
  }

  private write(sink: DirectStreamSink, message: ChatMessage): boolean {
    if (!sink.write(message)) this.fail(clientGone());
    else if (sink.unreadBytes + this.pendingBytes > MAX_UNREAD_BYTES) this.fail(tooSlow());
    else return true;
    return false;
  }

  private enqueue(event: ClusterEvent): void {
    if (this.state === ENDED) return;
    this.pending.push(event);
    if (event.type !== "message") return;
    this.pendingBytes += encodedSize(event.message);
    if (this.pendingBytes + (this.sink?.unreadBytes ?? 0) > MAX_UNREAD_BYTES) this.fail(tooSlow());
  }

  /** Handles queued events while the stream flows and its consumer wants messages. */
  private drain(): void {
    while (this.state === FLOWING && this.wanted && this.pending.length > 0) {
      const event = this.pending.shift()!;
      if (event.type === "message") this.pendingBytes -= encodedSize(event.message);
      this.handle(event);
    }
  }

  private recheck(): void {
    this.state = HOLDING;
    this.checkAccess().then(
      () => {
        if (this.state !== HOLDING) return;
        this.state = FLOWING;
        this.drain();
      },
      (error: unknown) => this.fail(error instanceof Error ? error : new Error("access re-check failed", { cause: error })),
    );
  }

  private goLive(): void {
    if (this.state !== OPENING) return;
    this.state = FLOWING;
    this.drain();
  }

  /** Without a sink: the next message if one can be had now (a stream behind on a busy channel skips a promise). */
  private take(): ChatMessage | undefined {
    if (this.failure) throw this.failure;
    this.wanted = true;
    this.drain();
    const message = this.handoff;
    this.handoff = undefined;
    return message;
  }

  /** With a sink: settles (rejects) once the stream ends. */
  private untilEnd(): Promise<never> {
    return new Promise((_, reject) => (this.failure ? reject(this.failure) : (this.endWait = reject)));
  }

  private next(): Promise<ChatMessage> {
    return new Promise((resolve, reject) => (this.failure ? reject(this.failure) : (this.waiter = { resolve, reject })));
  }

  /**
   * Ends the stream with `error` (the first failure wins): what was queued is dropped and the stream leaves the bus
   * at once, even if its consumer is still writing to a client that reads slowly.
   */
  private fail(error: Error): void {
    if (this.state === ENDED) return;
    this.state = ENDED;
    this.failure = error;
    this.pending.length = 0;
    this.pendingBytes = 0;
    this.handoff = undefined;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
    this.endWait?.(error);
    this.release();
  }

  private readonly onAbort = () =>
    this.fail(this.signal.reason instanceof ConnectError ? this.signal.reason : new ConnectError("stream cancelled", Code.Canceled));

  private async subscribe(plan: StreamPlan): Promise<void> {
    this.signal.throwIfAborted();
    this.signal.addEventListener("abort", this.onAbort, { once: true });
    this.leave.push(() => this.signal.removeEventListener("abort", this.onAbort));
    this.leave.push(await this.deps.bus.subscribe(plan.topic, this));
    // The signal may have fired while we subscribed.
    this.signal.throwIfAborted();
    if (this.failure) throw this.failure;
    const leaveCharacter = this.deps.addToCharacter?.(plan.characterId, this);
    if (leaveCharacter) this.leave.push(leaveCharacter);
  }

  private close(): void {
    // A sliced delivery may still call the listener once; it must find nothing to do.
    this.fail(new ConnectError("stream closed", Code.Canceled));
    this.release();
  }

  private release(): void {
    for (const leave of this.leave.splice(0)) leave();
  }
}

export const toChatMessage = (m: BusMessage | StoredMessage) =>
  create(ChatMessageSchema, {
    senderCharacterId: m.senderCharacterId,
    senderCharacterName: m.senderName ?? "",
    content: m.content,
    sentTimeMs: BigInt(m.sentAtMs),
    id: String(m.id),
  });

/**
 * Every stream of a channel gets the same bus event: build its ChatMessage (and size) once, not once per stream.
 * Frozen: the transport then encodes it once for all of them too.
 */
const liveMessages = new WeakMap<BusMessage, ChatMessage>();
function liveMessage(m: BusMessage): ChatMessage {
  let message = liveMessages.get(m);
  if (!message) liveMessages.set(m, (message = Object.freeze(toChatMessage(m))));
  return message;
}

/** A message's bytes on the wire: its protobuf encoding in a 5-byte envelope (gRPC, gRPC-web, Connect alike). */
const encodedSizes = new WeakMap<BusMessage, number>();
function encodedSize(m: BusMessage): number {
  let size = encodedSizes.get(m);
  if (size === undefined) encodedSizes.set(m, (size = 5 + toBinary(ChatMessageSchema, liveMessage(m)).length));
  return size;
}

type HistorySkip = { newest: number; has(id: number): boolean };

/**
 * The ids a live event must not repeat (for a short while only). `newest`: the newest id the history held (-1 when
 * empty); a live message with a higher id cannot be in it (no clock read, no lookup: the usual case).
 */
function historySkip(history: readonly StoredMessage[]): HistorySkip {
  const ids = new Set(history.map((m) => m.id));
  const until = Date.now() + HISTORY_OVERLAP_MS;
  let newest = -1;
  for (const m of history) newest = Math.max(newest, m.id);
  return {
    newest,
    has(id) {
      if (ids.size === 0 || id > newest) return false;
      if (Date.now() > until) {
        ids.clear();
        return false;
      }
      return ids.has(id);
    },
  };
}
