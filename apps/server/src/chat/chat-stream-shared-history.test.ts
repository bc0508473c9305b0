import { createContextValues, type HandlerContext } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import type { ChatAccess } from "./chat-access.js";
import type { ChatStore, StoredMessage } from "./chat-store.js";
import { connectChatChannel, sharedChannelHistory, type StreamDeps } from "./chat-streams.js";
import { createInProcessChatBus } from "./in-process-chat-bus.js";

const CHANNEL = "00000000-0000-4000-8000-000000000001";
const CHARACTER = "00000000-0000-4000-8000-000000000002";
const stored = (id: number): StoredMessage => ({ id, channelId: CHANNEL, senderCharacterId: CHARACTER, content: `m${id}`, sentAtMs: 1_000 + id });

/** A channel whose history reads see the messages stored when they start and return when the test releases them. */
function channel() {
  const messages: StoredMessage[] = [stored(1)];
  const held: (() => void)[] = [];
  const store = {
    recentChannelMessages: () => {
      const snapshot = [...messages];
      return new Promise<StoredMessage[]>((resolve) => held.push(() => resolve(snapshot)));
    },
  } as unknown as ChatStore;
  const bus = createInProcessChatBus((error) => {
    throw error;
  });
  const access = { requireRead: async () => ({}) } as unknown as ChatAccess;
  const deps: StreamDeps = { store, bus, access, channelHistory: sharedChannelHistory(store) };
  const aborts: AbortController[] = [];
  const open = () => {
    const abort = new AbortController();
    aborts.push(abort);
    const ctx = { signal: abort.signal, values: createContextValues() } as unknown as HandlerContext;
    const got: string[] = [];
    const stream = connectChatChannel(deps, { channelId: CHANNEL, characterId: CHARACTER } as never, ctx);
    void (async () => {
      for await (const m of stream) got.push(m.content);
    })().catch(() => {});
    return got;
  };
  const storeAndPublish = async (id: number) => {
    messages.push(stored(id));
    await bus.publish({ kind: "channel", id: CHANNEL }, { type: "message", message: stored(id) });
  };
  return { open, held, storeAndPublish, close: () => aborts.forEach((a) => a.abort()) };
}

describe("channel streams opening together share the history read", () => {
  it("a stream opening while a read runs gets the next read, so a message stored meanwhile is not lost", async () => {
    const c = channel();
    const first = c.open();
    await expect.poll(() => c.held.length).toBe(1);
    // Stored after the first read started (not in it) and before the second stream subscribed (not live for it).
    await c.storeAndPublish(2);
    const second = c.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(c.held).toHaveLength(1);
    c.held[0]!();
    await expect.poll(() => c.held.length).toBe(2);
    c.held[1]!();
    await expect.poll(() => first).toEqual(["m1", "m2"]);
    await expect.poll(() => second).toEqual(["m1", "m2"]);
    c.close();
  });

  it("a storm of streams on one channel reads its history twice, not once per stream", async () => {
    const c = channel();
    const streams = Array.from({ length: 100 }, () => c.open());
    await expect.poll(() => c.held.length).toBe(1);
    c.held[0]!();
    await expect.poll(() => c.held.length).toBe(2);
    c.held[1]!();
    for (const got of streams) await expect.poll(() => got).toEqual(["m1"]);
    expect(c.held).toHaveLength(2);
    c.close();
  });
});
