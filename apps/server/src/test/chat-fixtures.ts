import { randomUUID } from "node:crypto";
import { Code, ConnectError, createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { characters } from "../character/schema.js";
import { chatChannels, chatMessages } from "../chat/schema.js";
import { ChatService, type ChatMessage } from "../gen/sro/chat/chat_pb.js";
import { dimensions } from "../gameserver/schema.js";
import type { Db } from "../platform/db/database.js";

/** Rows and clients the chat suites build on. Characters and dimensions are written straight to their tables. */

export async function insertDimension(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(dimensions).values({ id, name: `dim-${id.slice(0, 8)}`, version: "1.0", location: "test" });
  return id;
}

export async function insertCharacter(db: Db, ownerId: string, dimensionId: string): Promise<string> {
  const id = randomUUID();
  await db.insert(characters).values({ id, ownerId, name: `c-${id.slice(0, 12)}`, gender: "male", realm: "human", dimensionId });
  return id;
}

export async function insertChannel(db: Db, options: { public?: boolean; dimensionId?: string | null } = {}): Promise<string> {
  const id = randomUUID();
  await db.insert(chatChannels).values({ id, name: `chan-${id.slice(0, 8)}`, public: options.public ?? false, dimensionId: options.dimensionId ?? null });
  return id;
}

/** Stores a channel message; returns its id as on the wire (ChatMessage.id). */
export async function insertMessage(db: Db, channelId: string, senderCharacterId: string, sentAtMs: number, content = "hello"): Promise<string> {
  const [row] = await db
    .insert(chatMessages)
    .values({ channelId, senderCharacterId, content, sentAt: new Date(sentAtMs) })
    .returning({ id: chatMessages.id });
  return String(row!.id);
}

const bearer =
  (token: string): Interceptor =>
  (next) =>
  (req) => {
    req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };

export type ChatClient = Client<typeof ChatService>;

/** A ChatService client that sends `token`; Connect over HTTP/2 unless another transport is given. */
export function chatClient(baseUrl: string, token: string, transport?: (interceptors: Interceptor[]) => Transport): ChatClient {
  const interceptors = [bearer(token)];
  return createClient(ChatService, transport ? transport(interceptors) : createConnectTransport({ baseUrl, httpVersion: "2", interceptors }));
}

/** The status code a promise fails with, or "ok". */
export async function codeOf(promise: Promise<unknown>): Promise<Code | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    return ConnectError.from(error).code;
  }
}

/** Reads a server stream in the background: messages arrive in `messages`, the end in `ended`. */
export class StreamReader {
  readonly messages: ChatMessage[] = [];
  readonly ended: Promise<ConnectError | undefined>;
  private waiters: (() => void)[] = [];

  constructor(stream: AsyncIterable<ChatMessage>) {
    this.ended = (async () => {
      try {
        for await (const message of stream) {
          this.messages.push(message);
          this.notify();
        }
        return undefined;
      } catch (error) {
        return ConnectError.from(error);
      } finally {
        this.notify();
      }
    })();
  }

  /** Resolves once `count` messages have arrived; rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ChatMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} messages, got ${this.messages.length}: ${this.messages.map((m) => m.content).join(" | ")}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages;
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
