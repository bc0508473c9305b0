import { Code } from '@connectrpc/connect';
import { codeName, isNetworkFailure, rpcErrorParts } from '../../lib/rpc/rpc-error';
import { deletedIdsOf } from '../../lib/chat/deleted-messages';
import { refusingSanction, sanctionRefusalText } from '../../lib/sanctions/sanction-refusal';
import type { SanctionRecord } from '../../lib/sanctions/sanction-records';
import type { ChatLine } from './chat-line';
import type { IncomingHeldNotice } from './held-notices';
import {
  CHAT_CONNECTION_LOST,
  CHAT_DISCONNECTED,
  CHAT_SERVER_UNREACHABLE,
  connectingFailedText,
  connectionFailedText,
  PERMISSION_DENIED_TEXT,
  RECONNECTING,
  statusCodeText,
  UNAUTHENTICATED_TEXT,
} from './chat-texts';

/** docs/product.md#constants-and-limits: the pause before a dropped chat stream is opened again. */
export const RECONNECT_DELAY_MS = 1000;

/** A message as the stream delivers it (the generated ChatMessage fits). */
export interface IncomingChatMessage {
  senderCharacterId: string;
  content: string;
  sentTimeMs: bigint | number;
  /** The stored message's id (reports, deletion); empty on a notice and from older servers. */
  id?: string;
  /** The sender's name at send time; empty for the system and from older servers. */
  senderCharacterName?: string;
  /** Set on notices only (streams that asked): then this is no chat line. */
  notice?: { held?: IncomingHeldNotice; deletedMessageIds?: readonly string[] };
}

export interface ChatStreamRequest {
  channelId: string;
  characterId: string;
  /** Ask for notices (deleted messages, held messages) besides messages. */
  notices?: boolean;
  /** Replay the channel's recent messages first (the session asks on its first connect). */
  history?: boolean;
  /** Resume: replay the messages after this id first (the session asks on a reconnect, with its newest id). */
  afterMessageId?: string;
}

/** Opens ConnectChatChannel; `onHeader` fires once the server has accepted the stream. */
export type OpenChatStream = (request: ChatStreamRequest, options: { signal: AbortSignal; onHeader: () => void }) => AsyncIterable<IncomingChatMessage>;

/** Injectable so tests control the reconnect delay. */
export interface ReconnectTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
export const browserTimer: ReconnectTimer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** 'retrying': waiting to try again without ever having been connected; 'reconnecting': after a lost connection. */
export type ChatSessionStatus = 'connecting' | 'connected' | 'retrying' | 'reconnecting' | 'stopped' | 'closed';

/** A notification the view should show; the key lets a repeat replace the previous one instead of stacking. */
export interface ChatNotice {
  type: 'info' | 'warning' | 'error';
  message: string;
  key: string;
  persist?: boolean;
  /** The sanction that ended the stream (a ban): the view shows it where the player writes. */
  sanction?: SanctionRecord;
}

export interface ChatSessionListener {
  onMessage(line: ChatLine): void;
  /** A held message's notice (only on sessions that asked for notices): held-notices.ts applies it to the lines. */
  onHeldNotice?(notice: IncomingHeldNotice): void;
  /** Moderators deleted these messages: drop them from the view. */
  onDeleted?(ids: readonly string[]): void;
  onStatus(status: ChatSessionStatus): void;
  onNotice: (notice: ChatNotice) => void;
}

export interface ChatSessionDeps {
  openStream: OpenChatStream;
  listener: ChatSessionListener;
  timer?: ReconnectTimer;
  autoReconnect?: boolean;
  reconnectDelayMs?: number;
}

// Retrying cannot help these: the caller lacks the right (docs/product.md#states-and-transitions), or the channel or character is gone or malformed.
const FINAL_CODES = new Set<number>([Code.PermissionDenied, Code.Unauthenticated, Code.NotFound, Code.InvalidArgument]);
const FINAL_TEXTS = new Map<number, string>([
  [Code.PermissionDenied, PERMISSION_DENIED_TEXT],
  [Code.Unauthenticated, UNAUTHENTICATED_TEXT],
]);
// Remembered keys of shown lines; a replay is far shorter (50 recent, 500 resumed), so older keys can go.
const SEEN_KEYS_MAX = 5000;

/** The gRPC code of a failure (ConnectError carries one; a failed fetch is UNAVAILABLE; anything else is UNKNOWN). */
function codeOf(error: unknown): number {
  if (isNetworkFailure(error)) return Code.Unavailable;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : Code.Unknown;
}

/** What went wrong, for people: the server's message, or what a failed fetch means instead of 'Failed to fetch'. */
function failureDetail(error: unknown, opened: boolean): string {
  if (isNetworkFailure(error)) return opened ? CHAT_CONNECTION_LOST : CHAT_SERVER_UNREACHABLE;
  return rpcErrorParts(error).message;
}
const OK_CODE = 0;

/** The key of the one notice about a sanction, whether a send or the stream met it: a newer one replaces it. */
export const SANCTION_NOTICE_KEY = 'chat-sanction';

/**
 * One admin connected to one channel as one character: streams the messages, and when the stream ends reports
 * why and opens it again after a pause, until the session is closed (removed) or the server refuses for good.
 */
export class ChatSession {
  private controller: AbortController | null = null;
  private retry: unknown = null;
  private removed = false;
  /** Some attempt of this session opened its stream: a later failure is a lost connection, not a failed start. */
  private wasConnected = false;
  private readonly seen = new Set<string>();
  /** The newest message id this session has shown: a reconnect resumes after it. */
  private newestId: string | null = null;
  private readonly timer: ReconnectTimer;

  constructor(
    private readonly deps: ChatSessionDeps,
    readonly request: ChatStreamRequest,
  ) {
    this.timer = deps.timer ?? browserTimer;
  }

  start(): void {
    this.deps.listener.onStatus('connecting');
    void this.connect();
  }

  /** The session is removed (character changed or cleared, page left): abort the stream, cancel a retry, stay quiet. */
  close(): void {
    if (this.removed) return;
    this.removed = true;
    if (this.retry !== null) this.timer.clear(this.retry);
    this.retry = null;
    this.controller?.abort();
    this.deps.listener.onStatus('closed');
  }

  get isClosed(): boolean {
    return this.removed;
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.removed) return;
    const controller = new AbortController();
    this.controller = controller;
    let opened = false;
    const markOpen = () => {
      if (opened || this.removed) return;
      opened = true;
      this.wasConnected = true;
      this.deps.listener.onStatus('connected');
    };
    let failure: unknown = null;
    try {
      for await (const message of this.deps.openStream(this.requestNow(), { signal: controller.signal, onHeader: markOpen })) {
        if (this.removed) return;
        markOpen();
        this.deliver(message);
      }
    } catch (error) {
      failure = error;
    }
    // Our own abort: nothing to report.
    if (!this.removed) this.ended(failure, opened);
  }

  /**
   * The first connect asks for the recent history; a reconnect asks for what came after the newest message shown
   * (so nothing sent while the stream was down is missing), or for the history again if none was shown yet.
   */
  private requestNow(): ChatStreamRequest {
    const request: ChatStreamRequest = { ...this.request };
    delete request.history;
    delete request.afterMessageId;
    return this.newestId === null ? { ...request, history: true } : { ...request, afterMessageId: this.newestId };
  }

  private deliver(message: IncomingChatMessage): void {
    if (this.deliverNotice(message)) return;
    const sentTimeMs = Number(message.sentTimeMs);
    const id = message.id ?? '';
    const key = id !== '' ? `id:${id}` : `${message.senderCharacterId}|${sentTimeMs}|${message.content}`;
    if (this.seen.has(key)) return;
    if (/^[0-9]{1,19}$/.test(id) && (this.newestId === null || BigInt(id) > BigInt(this.newestId))) this.newestId = id;
    this.seen.add(key);
    if (this.seen.size > SEEN_KEYS_MAX) this.seen.delete(this.seen.values().next().value!);
    const senderName = message.senderCharacterName ?? '';
    this.deps.listener.onMessage({ key, id: message.id ?? '', senderId: message.senderCharacterId, senderName, content: message.content, sentTimeMs });
  }

  /** A notice is no chat line: each kind goes to its own listener (true when the event was a notice). */
  private deliverNotice(message: IncomingChatMessage): boolean {
    if (!message.notice) return false;
    const deleted = deletedIdsOf(message);
    if (deleted) this.deps.listener.onDeleted?.(deleted);
    if (message.notice.held) this.deps.listener.onHeldNotice?.(message.notice.held);
    return true;
  }

  private ended(error: unknown, opened: boolean): void {
    const notice = this.deps.listener.onNotice;
    const code = error === null ? OK_CODE : codeOf(error);
    // A sanction says it all (what, where, until when): one notice, not three stacked ones, and no retry.
    const sanction = refusingSanction(error);
    if (sanction) {
      notice({ type: 'error', message: sanctionRefusalText(sanction), key: SANCTION_NOTICE_KEY, persist: true, sanction });
      this.deps.listener.onStatus('stopped');
      return;
    }
    notice({ type: 'warning', message: CHAT_DISCONNECTED, key: 'chat-disconnected' });
    notice({ type: 'info', message: statusCodeText(error === null ? 'OK' : codeName(code), code), key: 'chat-status' });
    if (error !== null) {
      // A sanction (PERMISSION_DENIED with the Sanction in its details) says why, where and until when.
      const final = FINAL_TEXTS.get(code);
      const detail = failureDetail(error, opened);
      if (final) notice({ type: 'error', message: final, key: 'chat-error', persist: true });
      else notice({ type: 'error', message: (opened ? connectionFailedText : connectingFailedText)(detail), key: 'chat-error' });
    }
    if ((error !== null && FINAL_CODES.has(code)) || this.deps.autoReconnect === false) {
      this.deps.listener.onStatus('stopped');
      return;
    }
    notice({ type: 'info', message: RECONNECTING, key: 'chat-reconnecting' });
    this.deps.listener.onStatus(this.wasConnected ? 'reconnecting' : 'retrying');
    this.retry = this.timer.set(() => void this.connect(), this.deps.reconnectDelayMs ?? RECONNECT_DELAY_MS);
  }
}
