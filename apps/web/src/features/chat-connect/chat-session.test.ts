import { afterEach, describe, expect, it, vi } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { SanctionKind, SanctionSchema, SanctionScope } from '../../gen/sro/moderation/moderation_pb';
import type { ChatLine } from './chat-line';
import { ChatSession, type ChatNotice, type ChatSessionStatus, type IncomingChatMessage, type ReconnectTimer } from './chat-session';

/** A server stream the test drives: push messages, then end it with OK or an error. */
class ScriptedStream {
  private queue: IncomingChatMessage[] = [];
  private end: { error: ConnectError | null } | null = null;
  private wake: () => void = () => {};
  signal: AbortSignal | null = null;
  onHeader: () => void = () => {};

  push(...messages: IncomingChatMessage[]) {
    this.queue.push(...messages);
    this.wake();
  }
  finish(error: ConnectError | null = null) {
    this.end = { error };
    this.wake();
  }
  async *iterate(signal: AbortSignal): AsyncGenerator<IncomingChatMessage> {
    this.signal = signal;
    signal.addEventListener('abort', () => this.finish(new ConnectError('aborted', Code.Canceled)));
    for (;;) {
      const next = this.queue.shift();
      if (next) yield next;
      else if (this.end) {
        if (this.end.error) throw this.end.error;
        return;
      } else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

class ManualTimer implements ReconnectTimer {
  pending = new Map<number, { run: () => void; ms: number }>();
  private next = 1;
  set(run: () => void, ms: number) {
    this.pending.set(this.next, { run, ms });
    return this.next++;
  }
  clear(handle: unknown) {
    this.pending.delete(handle as number);
  }
  fireAll() {
    const due = [...this.pending.values()];
    this.pending.clear();
    due.forEach((t) => t.run());
  }
}

const msg = (content: string, sentTimeMs = 1000, senderCharacterId = 'c-1'): IncomingChatMessage => ({
  senderCharacterId,
  content,
  sentTimeMs: BigInt(sentTimeMs),
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { timer?: ReconnectTimer; autoReconnect?: boolean } = {}) {
  const streams: ScriptedStream[] = [];
  const lines: ChatLine[] = [];
  const notices: ChatNotice[] = [];
  const statuses: ChatSessionStatus[] = [];
  const deleted: string[][] = [];
  const timer = options.timer ?? new ManualTimer();
  const openStream = vi.fn((_request: unknown, { signal, onHeader }: { signal: AbortSignal; onHeader: () => void }) => {
    const stream = new ScriptedStream();
    stream.onHeader = onHeader;
    streams.push(stream);
    return stream.iterate(signal);
  });
  const session = new ChatSession(
    {
      openStream,
      timer,
      autoReconnect: options.autoReconnect,
      listener: {
        onMessage: (l) => lines.push(l),
        onDeleted: (ids) => deleted.push([...ids]),
        onNotice: (n) => notices.push(n),
        onStatus: (s) => statuses.push(s),
      },
    },
    { channelId: 'ch-1', characterId: 'c-9' },
  );
  const current = () => streams.at(-1)!;
  return { session, streams, current, lines, deleted, notices, statuses, timer, openStream, texts: () => notices.map((n) => `${n.type}: ${n.message}`) };
}

afterEach(() => vi.useRealTimers());

describe('ChatSession', () => {
  it('keeps message ids, and turns a deletion notice into onDeleted, never into a line', async () => {
    const t = setup();
    t.session.start();
    t.current().onHeader();
    t.current().push({ ...msg('spam', 1000), id: '41' }, { senderCharacterId: '', content: '', sentTimeMs: 0n, notice: { deletedMessageIds: ['41'] } });
    t.current().push({ senderCharacterId: '', content: '', sentTimeMs: 0n, notice: { deletedMessageIds: [] } }, msg('after', 2000));
    await flush();
    expect(t.lines.map((l) => [l.id, l.content])).toEqual([
      ['41', 'spam'],
      ['', 'after'],
    ]);
    expect(t.deleted).toEqual([['41']]);
  });

  it('streams messages for the channel and character, and is connected once the server answers', async () => {
    const t = setup();
    t.session.start();
    expect(t.openStream.mock.calls[0]![0]).toEqual({ channelId: 'ch-1', characterId: 'c-9', history: true });
    expect(t.statuses).toEqual(['connecting']);
    t.current().onHeader();
    expect(t.statuses).toEqual(['connecting', 'connected']);
    t.current().push(msg('hello', 1000), msg('world', 2000, ''));
    await flush();
    expect(t.lines.map((l) => [l.senderId, l.content, l.sentTimeMs])).toEqual([
      ['c-1', 'hello', 1000],
      ['', 'world', 2000],
    ]);
  });

  it('on a dropped stream warns, reports the status code and the error, and retries after exactly 1000 ms', async () => {
    vi.useFakeTimers();
    const t = setup({ timer: undefined });
    // The real timer path: browserTimer with faked setTimeout.
    const session = new ChatSession(
      { openStream: t.openStream, listener: { onMessage: () => {}, onStatus: () => {}, onNotice: (n) => t.notices.push(n) } },
      t.session.request,
    );
    session.start();
    t.current().onHeader();
    t.current().finish(new ConnectError('server going away', Code.Unavailable));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.texts()).toEqual([
      'warning: Chat disconnected',
      'info: Status code: UNAVAILABLE (14)',
      'error: Chat connection: server going away',
      'info: Reconnecting...',
    ]);
    expect(t.openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.openStream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.openStream).toHaveBeenCalledTimes(2);
    session.close();
  });

  it("says 'Connecting to chat: …' when the stream never opened, and keeps retrying", async () => {
    const t = setup();
    t.session.start();
    t.current().finish(new ConnectError('channel store busy', Code.Unknown));
    await flush();
    expect(t.texts()).toContain('error: Connecting to chat: channel store busy');
    // Never connected: the view says it could not connect, not that a connection was lost.
    expect(t.statuses.at(-1)).toBe('retrying');
    (t.timer as ManualTimer).fireAll();
    expect(t.openStream).toHaveBeenCalledTimes(2);
  });

  it("explains a failed fetch in words (UNAVAILABLE), not as 'UNKNOWN' and 'Failed to fetch'", async () => {
    const t = setup();
    t.session.start();
    // What connect-web throws when the browser cannot reach the server.
    t.current().finish(ConnectError.from(new TypeError('Failed to fetch')));
    await flush();
    expect(t.texts()).toEqual([
      'warning: Chat disconnected',
      'info: Status code: UNAVAILABLE (14)',
      'error: Connecting to chat: The chat server could not be reached. Check your network connection.',
      'info: Reconnecting...',
    ]);
    expect(t.statuses.at(-1)).toBe('retrying');
    (t.timer as ManualTimer).fireAll();
    t.current().onHeader();
    t.current().finish(ConnectError.from(new TypeError('network error')));
    await flush();
    expect(t.texts()).toContain('error: Chat connection: The connection to the chat server was lost.');
    expect(t.statuses.at(-1)).toBe('reconnecting');
    // A retry that fails to open after a lost connection is still part of reconnecting.
    (t.timer as ManualTimer).fireAll();
    t.current().finish(ConnectError.from(new TypeError('Failed to fetch')));
    await flush();
    expect(t.statuses.at(-1)).toBe('reconnecting');
    (t.timer as ManualTimer).fireAll();
    expect(t.openStream).toHaveBeenCalledTimes(4);
  });

  it('a stream that ends with OK is reported without an error and reconnects', async () => {
    const t = setup();
    t.session.start();
    t.current().finish();
    await flush();
    expect(t.texts()).toEqual(['warning: Chat disconnected', 'info: Status code: OK (0)', 'info: Reconnecting...']);
    expect((t.timer as ManualTimer).pending.size).toBe(1);
    expect([...(t.timer as ManualTimer).pending.values()][0]!.ms).toBe(1000);
  });

  it.each([
    [Code.PermissionDenied, 'You do not have permission to access this chat'],
    [Code.Unauthenticated, 'You are not authenticated'],
  ])('code %i stops reconnecting with its own message', async (code, text) => {
    const t = setup();
    t.session.start();
    t.current().finish(new ConnectError('nope', code));
    await flush();
    expect(t.notices.filter((n) => n.type === 'error')).toEqual([{ type: 'error', message: text, key: 'chat-error', persist: true }]);
    expect(t.texts()).not.toContain('info: Reconnecting...');
    expect((t.timer as ManualTimer).pending.size).toBe(0);
    expect(t.statuses.at(-1)).toBe('stopped');
  });

  it('a sanction that ends the stream is one notice carrying the sanction, and stops', async () => {
    const t = setup();
    t.session.start();
    const ban = create(SanctionSchema, { id: 's-1', kind: SanctionKind.BAN, scope: SanctionScope.EVERYWHERE, expiresAtMs: 0n, playerMessage: 'Bye.' });
    t.current().finish(new ConnectError('banned', Code.PermissionDenied, undefined, [{ desc: SanctionSchema, value: ban }]));
    await flush();
    expect(t.texts()).toEqual(['error: You are banned everywhere permanently. Message from the moderators: Bye.']);
    expect(t.notices[0]).toMatchObject({ key: 'chat-sanction', persist: true, sanction: { id: 's-1', kind: 'ban', scope: 'everywhere' } });
    expect((t.timer as ManualTimer).pending.size).toBe(0);
    expect(t.statuses.at(-1)).toBe('stopped');
  });

  it('a removed session aborts its stream, cancels a pending retry and reports nothing more', async () => {
    const t = setup();
    t.session.start();
    t.current().finish(new ConnectError('down', Code.Unavailable));
    await flush();
    const before = t.notices.length;
    t.session.close();
    expect((t.timer as ManualTimer).pending.size).toBe(0);
    expect(t.openStream).toHaveBeenCalledTimes(1);

    const u = setup();
    u.session.start();
    u.current().onHeader();
    u.session.close();
    expect(u.current().signal!.aborted).toBe(true);
    await flush();
    expect(u.notices).toEqual([]);
    expect(u.statuses).toEqual(['connecting', 'connected', 'closed']);
    expect(t.notices.length).toBe(before);
  });

  it('a retry that fires after removal does not reconnect', async () => {
    // A timer that cannot be cancelled (the worst case): the session itself must refuse.
    const stubborn = new ManualTimer();
    stubborn.clear = () => {};
    const t = setup({ timer: stubborn });
    t.session.start();
    t.current().finish(new ConnectError('down', Code.Unavailable));
    await flush();
    t.session.close();
    stubborn.fireAll();
    expect(t.openStream).toHaveBeenCalledTimes(1);
  });

  it('skips the history the server resends after a reconnect', async () => {
    const t = setup();
    t.session.start();
    t.current().push(msg('one', 1), msg('two', 2));
    t.current().finish(new ConnectError('restart', Code.Unavailable));
    await flush();
    (t.timer as ManualTimer).fireAll();
    t.current().push(msg('one', 1), msg('two', 2), msg('three', 3));
    await flush();
    expect(t.lines.map((l) => l.content)).toEqual(['one', 'two', 'three']);
  });

  it('asks for the history first, then resumes after its newest id, showing each id once', async () => {
    const t = setup();
    t.session.start();
    t.current().push({ ...msg('one', 1), id: '7' }, { ...msg('two', 2), id: '9' });
    t.current().finish(new ConnectError('chat bus connection lost', Code.Unavailable));
    await flush();
    (t.timer as ManualTimer).fireAll();
    expect(t.openStream.mock.calls.map((call) => call[0])).toEqual([
      { channelId: 'ch-1', characterId: 'c-9', history: true },
      { channelId: 'ch-1', characterId: 'c-9', afterMessageId: '9' },
    ]);
    // The same text at the same time under another id is another message; a repeated id is not.
    t.current().push({ ...msg('two', 2), id: '9' }, { ...msg('two', 2), id: '10' }, { ...msg('three', 3), id: '11' });
    t.current().finish(new ConnectError('restart', Code.Unavailable));
    await flush();
    (t.timer as ManualTimer).fireAll();
    expect(t.openStream.mock.calls[2]![0]).toEqual({ channelId: 'ch-1', characterId: 'c-9', afterMessageId: '11' });
    expect(t.lines.map((l) => [l.id, l.content])).toEqual([
      ['7', 'one'],
      ['9', 'two'],
      ['10', 'two'],
      ['11', 'three'],
    ]);
  });

  it('without auto-reconnect it stops after reporting the end', async () => {
    const t = setup({ autoReconnect: false });
    t.session.start();
    t.current().finish(new ConnectError('down', Code.Unavailable));
    await flush();
    expect(t.texts()).not.toContain('info: Reconnecting...');
    expect(t.statuses.at(-1)).toBe('stopped');
  });
});

describe('ChatSession notices', () => {
  it('hands a held notice to onHeldNotice, never to the lines', async () => {
    const t = setup();
    const held: unknown[] = [];
    const session = new ChatSession(
      {
        openStream: t.openStream,
        timer: t.timer,
        listener: { onMessage: (l) => t.lines.push(l), onHeldNotice: (n) => held.push(n), onStatus: () => {}, onNotice: () => {} },
      },
      { channelId: 'ch-1', characterId: 'c-9', notices: true },
    );
    session.start();
    expect(t.openStream.mock.calls[0]![0]).toEqual({ channelId: 'ch-1', characterId: 'c-9', notices: true, history: true });
    const notice = { id: 'h1', content: 'gold', sentTimeMs: 5n, state: 1, reason: '' };
    t.current().push({ senderCharacterId: '', content: '', sentTimeMs: 0n, notice: { held: notice } }, msg('after'));
    await flush();
    expect(held).toEqual([notice]);
    expect(t.lines.map((l) => l.content)).toEqual(['after']);
    session.close();
  });
});
