import { createContextValues, type HandlerContext } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { directStreamSinkKey } from "../platform/direct-stream-sink.js";
import type { ChatAccess } from "./chat-access.js";

import type { ChatStore, StoredMessage } from "./chat-store.js";
import { connectChatChannel } from "./chat-streams.js";
import { createInProcessBus } from "../platform/bus/in-process-bus.js";
import type { AppBus, ClusterEvent } from "../cluster-events.js";

const CHANNEL = "00000000-0000-4000-8000-000000000001";
const CHARACTER = "00000000-0000-4000-8000-000000000002";
const stored = (id: number, content: string): StoredMessage => ({ id, channelId: CHANNEL, senderCharacterId: CHARACTER, content, sentAtMs: 1_000 + id });
const publish = (bus: AppBus, m: StoredMessage) => bus.publish({ kind: "channel", id: CHANNEL }, { type: "message", message: m });

/**
 * A stream subscribes before it reads the history, so a message published in between arrives twice: in the history
 * and live. The live copy is skipped by its id; newer messages are not (with or without the lean path's sink).
 */
describe.each([
  ["the lean path's direct sink", true],
  ["the handler's own iteration", false],
])("a live message the history already held is skipped (%s)", (_, withSink) => {
  it("delivers the history, then only messages newer than it", async () => {
    const bus = createInProcessBus<ClusterEvent>((error) => {
      throw error;
    });
    // Published while the stream reads its history: queued in the subscription, and in the history too.
    const overlap = stored(7, "in both");
    const store = {
      recentChannelMessages: async () => {
        await publish(bus, overlap);
        return [stored(6, "older"), overlap];
      },
    } as unknown as ChatStore;
    const access = { requireRead: async () => ({}) } as unknown as ChatAccess;
    const written: string[] = [];
    const abort = new AbortController();
    const values = createContextValues();
    if (withSink) values.set(directStreamSinkKey, { write: (m: unknown) => (written.push((m as { content: string }).content), true), unreadBytes: 0 });
    const ctx = { signal: abort.signal, values } as unknown as HandlerContext;
    const stream = connectChatChannel({ store, bus, access }, { channelId: CHANNEL, characterId: CHARACTER, history: true } as never, ctx);
    const yielded: string[] = [];
    const reading = (async () => {
      for await (const m of stream) yielded.push(m.content);
    })().catch(() => {});
    await vi.waitFor(() => expect([...yielded, ...written]).toEqual(["older", "in both"]));
    await publish(bus, stored(8, "newer"));
    await vi.waitFor(() => expect([...yielded, ...written]).toEqual(["older", "in both", "newer"]));
    abort.abort();
    await reading;
  });
});
