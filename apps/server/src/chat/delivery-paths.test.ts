import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError, createContextValues, type HandlerContext } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { ChatMessageSchema, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import { directStreamSinkKey } from "../platform/direct-stream-sink.js";
import type { ChatAccess } from "./chat-access.js";

import type { ChatStore } from "./chat-store.js";
import { MAX_UNREAD_BYTES } from "./chat-stream.js";
import { connectChatChannel } from "./chat-streams.js";
import { createInProcessBus } from "../platform/bus/in-process-bus.js";
import type { ClusterEvent } from "../cluster-events.js";

const CHANNEL = "00000000-0000-4000-8000-000000000001";
const ME = "00000000-0000-4000-8000-000000000002";
const topic = { kind: "channel", id: CHANNEL } as const;
// Seven-digit ids: every message has the same size on the wire (ChatMessage.id is a decimal string).
let nextId = 1_000_000;
const message = (content: string): ClusterEvent => ({ type: "message", message: { id: nextId++, senderCharacterId: ME, content, sentAtMs: 1 } });
/** What a message costs on the wire: a 5-byte envelope and its protobuf bytes (what the lean path's stream buffers). */
const wireBytes = (m: ChatMessage) => 5 + toBinary(ChatMessageSchema, m).length;

type Path = "sink" | "iteration";

/**
 * One chat stream opened on either delivery path, with everything around it in the test's hands: the access
 * re-checks (each a promise the test settles) and the client (reading, or taking nothing until `resume`).
 * "sink": the transport offers a DirectStreamSink, as the lean gRPC path does; "iteration": the transport iterates
 * the stream, as Connect, gRPC-web and REST do.
 */
function openStream(path: Path, options: { slowClient?: boolean } = {}) {
  const bus = createInProcessBus<ClusterEvent>((error) => {
    throw error;
  });
  const rechecks: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let accessChecks = 0;
  const access = {
    requireRead: () => {
      if (accessChecks++ === 0) return Promise.resolve({});
      return new Promise<void>((resolve, reject) => rechecks.push({ resolve, reject }));
    },
  } as unknown as ChatAccess;
  const store = { recentChannelMessages: () => Promise.resolve([{ id: 1, channelId: CHANNEL, senderCharacterId: ME, content: "history", sentAtMs: 1 }]) };
  const delivered: string[] = [];
  const abort = new AbortController();
  const values = createContextValues();
  let unread = 0;
  let resume = () => {};
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  if (path === "sink") {
    values.set(directStreamSinkKey, {
      write: (m: unknown) => {
        if (options.slowClient) unread += wireBytes(m as ChatMessage);
        else delivered.push((m as ChatMessage).content);
        return true;
      },
      get unreadBytes() {
        return unread;
      },
    });
  }
  const ctx = { signal: abort.signal, values } as unknown as HandlerContext;
  const stream = connectChatChannel(
    { store: store as unknown as ChatStore, bus, access },
    { channelId: CHANNEL, characterId: ME, history: true } as never,
    ctx,
  );
  let end: ConnectError | undefined;
  const ended = (async () => {
    try {
      for await (const m of stream) {
        // A slow client over an iterating transport: the transport holds this message for it and asks for no more.
        if (options.slowClient) await resumed;
        else delivered.push(m.content);
      }
    } catch (error) {
      end = ConnectError.from(error);
    }
  })();
  return {
    delivered,
    rechecks,
    /** Open on the bus, history read. */
    ready: () => vi.waitFor(() => expect(bus.subscriberCount() === 1 && accessChecks === 1 && (options.slowClient || delivered.length === 1)).toBe(true)),
    publish: (event: ClusterEvent) => bus.publish(topic, event),
    subscribed: () => bus.subscriberCount() > 0,
    recheckStarted: (count: number) => vi.waitFor(() => expect(rechecks.length).toBe(count)),
    /** How the stream ended, as its client sees it: code and message. */
    async outcome() {
      resume();
      if (!end) abort.abort(new ConnectError("test over", Code.Canceled));
      await ended;
      return { delivered, end: end && { code: Code[end.code], message: end.rawMessage } };
    },
  };
}

type Outcome = { delivered: string[]; end?: { code: string; message: string } };
type Scenario = { run: (path: Path) => Promise<Outcome>; expected: Outcome };

/** The same event sequence through both paths; each must end the same way. */
const scenarios: Record<string, Scenario> = {
  "a re-check that passes holds the messages that arrive during it, then delivers them in order": {
    expected: { delivered: ["history", "before", "during 1", "during 2", "after"], end: { code: "Canceled", message: "test over" } },
    run: async (path) => {
      const s = openStream(path);
      await s.ready();
      await s.publish(message("before"));
      await s.publish({ type: "access-changed" });
      await s.recheckStarted(1);
      await s.publish(message("during 1"));
      await s.publish(message("during 2"));
      expect(s.delivered).toEqual(["history", "before"]);
      s.rechecks[0]!.resolve();
      await vi.waitFor(() => expect(s.delivered.length).toBe(4));
      await s.publish(message("after"));
      await vi.waitFor(() => expect(s.delivered.length).toBe(5));
      return s.outcome();
    },
  },
  "a re-check that fails ends the stream and drops what arrived during it": {
    expected: { delivered: ["history", "before"], end: { code: "PermissionDenied", message: "permission denied: you may not use this channel" } },
    run: async (path) => {
      const s = openStream(path);
      await s.ready();
      await s.publish(message("before"));
      await s.publish({ type: "access-changed", characterId: ME });
      await s.recheckStarted(1);
      await s.publish(message("during"));
      s.rechecks[0]!.reject(new ConnectError("permission denied: you may not use this channel", Code.PermissionDenied));
      await vi.waitFor(() => expect(s.subscribed()).toBe(false));
      return s.outcome();
    },
  },
  "a mute leaves reading alone; a ban on the channel re-checks access, whose refusal ends the stream": {
    expected: {
      delivered: ["history", "still reading"],
      end: { code: "PermissionDenied", message: "banned from this channel permanently" },
    },
    run: async (path) => {
      const s = openStream(path);
      await s.ready();
      await s.publish({ type: "sanctioned", kind: "mute", scope: "channel", scopeId: CHANNEL });
      await s.publish({ type: "sanctioned", kind: "ban", scope: "channel", scopeId: "00000000-0000-4000-8000-00000000dead" });
      await s.publish(message("still reading"));
      await vi.waitFor(() => expect(s.delivered.length).toBe(2));
      expect(s.rechecks).toHaveLength(0);
      await s.publish({ type: "sanctioned", kind: "ban", scope: "channel", scopeId: CHANNEL });
      await s.recheckStarted(1);
      await s.publish(message("too late"));
      s.rechecks[0]!.reject(new ConnectError("banned from this channel permanently", Code.PermissionDenied));
      await vi.waitFor(() => expect(s.subscribed()).toBe(false));
      return s.outcome();
    },
  },
  "deleting the channel ends the stream": {
    expected: { delivered: ["history", "last"], end: { code: "NotFound", message: `chat channel ${CHANNEL} was deleted` } },
    run: async (path) => {
      const s = openStream(path);
      await s.ready();
      await s.publish(message("last"));
      await s.publish({ type: "deleted" });
      await vi.waitFor(() => expect(s.subscribed()).toBe(false));
      return s.outcome();
    },
  },
  "a lost bus ends the stream with UNAVAILABLE at once, even while a re-check holds messages": {
    expected: {
      delivered: ["history", "before"],
      end: { code: "Unavailable", message: "chat bus connection lost, messages may have been missed: reconnect (resume after your last message id)" },
    },
    run: async (path) => {
      const s = openStream(path);
      await s.ready();
      await s.publish(message("before"));
      await s.publish({ type: "access-changed" });
      await s.recheckStarted(1);
      await s.publish(message("held behind the re-check"));
      // What a bus hands every local listener when it loses its connection (platform/bus/nats-bus.ts).
      await s.publish({ type: "bus-lost" });
      await vi.waitFor(() => expect(s.subscribed()).toBe(false));
      s.rechecks[0]!.resolve();
      return s.outcome();
    },
  },
};

describe.each(Object.keys(scenarios))("both delivery paths: %s", (name) => {
  it("ends the same way on the sink path and the iterating path", async () => {
    const { run, expected } = scenarios[name]!;
    expect(await run("sink")).toEqual(expected);
    expect(await run("iteration")).toEqual(expected);
  });
});

describe("the slow-client rule", () => {
  const cutAfter = async (path: Path) => {
    const s = openStream(path, { slowClient: true });
    await s.ready();
    const content = "x".repeat(900);
    let published = 0;
    while (s.subscribed() && published < 10_000) {
      await s.publish(message(content));
      published++;
    }
    return { published, ...(await s.outcome()) };
  };

  it("cuts a client that takes nothing after the same number of bytes, with the same error, on both paths", async () => {
    const [viaSink, viaIteration] = [await cutAfter("sink"), await cutAfter("iteration")];
    const perMessage =
      5 + toBinary(ChatMessageSchema, create(ChatMessageSchema, { senderCharacterId: ME, content: "x".repeat(900), sentTimeMs: 1n, id: "1000000" })).length;
    const limit = Math.floor(MAX_UNREAD_BYTES / perMessage) + 1;
    // On the sink path the history message is unread bytes in the transport; on the iterating path the transport
    // holds it (it waits for the socket before asking for more): either way one message besides the live ones.
    expect(viaSink.published).toBe(limit);
    expect(viaIteration.published).toBe(limit);
    expect(viaSink.end).toEqual({ code: "ResourceExhausted", message: "client reads too slowly: more than 1 MiB not taken; reconnect" });
    expect(viaIteration.end).toEqual(viaSink.end);
  });
});
