import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { CharacterSchema, CharacterService, CharactersSchema } from '../gen/sro/character/character_pb';
import { ChatChannelSchema, ChatLogsSchema, ChatMessageSchema, ChatService, type ChatLogRequest, type ChatMessage } from '../gen/sro/chat/chat_pb';
import { ChatHistoryService } from '../gen/sro/moderation/chat_history_pb';

// An in-memory stand-in for the game API (Connect's router transport): real clients, real ConnectErrors,
// and streams the test opens, feeds and ends by hand.

export interface TestCharacter {
  id: string;
  name: string;
  /** Default 'owner-1'. */
  ownerId?: string;
}

export class TestChatStream {
  private queue: ChatMessage[] = [];
  private end: ConnectError | 'ok' | null = null;
  private wake: () => void = () => {};
  aborted = false;

  constructor(readonly request: { channelId: string; characterId: string }) {}

  push(senderCharacterId: string, content: string, sentTimeMs = Date.now(), extra: { id?: string; senderCharacterName?: string } = {}) {
    this.queue.push(create(ChatMessageSchema, { senderCharacterId, content, sentTimeMs: BigInt(sentTimeMs), ...extra }));
    this.wake();
  }

  finish(error: ConnectError | 'ok' = 'ok') {
    this.end = error;
    this.wake();
  }

  async *serve(signal: AbortSignal): AsyncGenerator<ChatMessage> {
    signal.addEventListener('abort', () => {
      this.aborted = true;
      this.wake();
    });
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.aborted) return;
      if (this.end === 'ok') return;
      if (this.end) throw this.end;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

export interface TestChatLog {
  /** The stored message's id; absent: an older server's log without ids. */
  id?: string;
  sentAt: number;
  senderId: string;
  content: string;
}

/** The server's per-call purge bound (docs/moderation.md). */
export const PURGE_PER_CALL = 5_000;

export function createChatTestServer(characters: TestCharacter[], initialLogs: TestChatLog[] = []) {
  // A copy: deletions change this server's logs, not the caller's fixture.
  const logs = [...initialLogs];
  const logRequests: ChatLogRequest[] = [];
  const streams: TestChatStream[] = [];
  const sent: { channelId: string; senderCharacterId: string; content: string }[] = [];
  const bans: { characterId: string; channelId: string; duration: bigint }[] = [];
  const failures: { send?: ConnectError; ban?: ConnectError } = {};
  const deletions: { id: string; reason: string }[] = [];
  // PurgeChatMessages as the server bounds it: at most PURGE_PER_CALL a call, more_remain while the backlog lasts.
  const purge = {
    backlog: 0,
    requests: [] as { characterId: string; accountId: string; fromMs: bigint; toMs: bigint; reason: string }[],
    /** The next call fails with this (once). */
    refusal: undefined as ConnectError | undefined,
  };
  const toCharacter = (c: TestCharacter) =>
    create(CharacterSchema, { id: c.id, name: c.name, ownerId: c.ownerId ?? 'owner-1', gender: 'female', realm: 'human' });

  const transport = createRouterTransport(({ service }) => {
    service(CharacterService, {
      getCharacter: (req) => {
        const hit = characters.find((c) => c.id === req.id);
        if (!hit) throw new ConnectError(`character ${req.id} not found`, Code.NotFound);
        return toCharacter(hit);
      },
      getCharacters: (req) => {
        const matches = characters.filter((c) => c.name.toLowerCase().includes(req.search.toLowerCase()));
        return create(CharactersSchema, { total: BigInt(matches.length), characters: matches.slice(0, req.filters?.limit || 20).map(toCharacter) });
      },
    });
    // DeleteChatMessage as a tombstone: the log leaves every later read.
    service(ChatHistoryService, {
      deleteChatMessage: (req) => {
        const index = logs.findIndex((l) => l.id === req.id);
        if (index < 0) throw new ConnectError(`chat message ${req.id} not found`, Code.NotFound);
        logs.splice(index, 1);
        deletions.push({ id: req.id, reason: req.reason });
        return { count: 1n, messageIds: [req.id] };
      },
      purgeChatMessages: (req) => {
        const refusal = purge.refusal;
        purge.refusal = undefined;
        if (refusal) throw refusal;
        purge.requests.push({ characterId: req.characterId, accountId: req.accountId, fromMs: req.fromMs, toMs: req.toMs, reason: req.reason });
        const count = Math.min(purge.backlog, PURGE_PER_CALL);
        purge.backlog -= count;
        return { count: BigInt(count), messageIds: [], moreRemain: purge.backlog > 0 };
      },
    });
    service(ChatService, {
      getChatChannel: (req) => create(ChatChannelSchema, { id: req.id, name: 'General', public: true }),
      connectChatChannel: (req, ctx) => {
        const stream = new TestChatStream({ channelId: req.channelId, characterId: req.characterId });
        streams.push(stream);
        return stream.serve(ctx.signal);
      },
      sendChatChannelMessage: (req) => {
        if (failures.send) throw failures.send;
        sent.push({ channelId: req.channelId, senderCharacterId: req.chatMessage?.senderCharacterId ?? '', content: req.chatMessage?.content ?? '' });
        return {};
      },
      // GetChatLogs as the server answers it: inclusive bounds, newest first, total of all matches.
      getChatLogs: (req) => {
        logRequests.push(req);
        const matches = logs
          .filter((l) => req.senderId === undefined || l.senderId === req.senderId)
          .filter((l) => (req.after === undefined || l.sentAt >= Number(req.after)) && (req.before === undefined || l.sentAt <= Number(req.before)))
          .sort((a, b) => b.sentAt - a.sentAt);
        const offset = Number(req.offset ?? 0n);
        const page = matches.slice(offset, offset + Number(req.limit ?? 100n));
        return create(ChatLogsSchema, { total: BigInt(matches.length), logs: page.map((l) => ({ ...l, sentAt: BigInt(l.sentAt), channelId: req.channelId })) });
      },
      banCharacterFromChatChannel: (req) => {
        if (failures.ban) throw failures.ban;
        bans.push({ characterId: req.characterId, channelId: req.channelId, duration: req.duration });
        return {};
      },
    });
  });

  return {
    transport,
    api: {
      characters: createClient(CharacterService, transport),
      chat: createClient(ChatService, transport),
      chatHistory: createClient(ChatHistoryService, transport),
    },
    deletions,
    purge,
    streams,
    sent,
    bans,
    failures,
    logRequests,
    lastStream: () => streams.at(-1)!,
  };
}
