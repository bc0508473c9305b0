import type { ChatLine } from './chat-line';

/**
 * A held message's notice as the stream delivers it (ChatStreamNotice.held): only to the sender's own
 * streams that asked for notices. state: 1 HELD, 2 ALLOWED, 3 DENIED (HeldMessageState).
 */
export interface IncomingHeldNotice {
  id: string;
  content: string;
  sentTimeMs: bigint | number;
  state: number;
  reason: string;
}

export const HELD_STATE = { held: 1, allowed: 2, denied: 3 } as const;

export const HELD_FOR_REVIEW = 'held for review';
export const deniedText = (reason: string) => (reason ? `not delivered: ${reason}` : 'not delivered');

const heldKey = (id: string) => `held|${id}`;

/**
 * The chat view after a held notice from the sender's own stream: HELD shows the message as the sender's own line
 * marked "held for review"; ALLOWED removes that line (the real message arrives as a normal one, with its original
 * time); DENIED marks it denied with the moderator's reason. A notice for a line the view never had (it reconnected
 * since) is shown as a line of its own, except ALLOWED, whose message is enough.
 */
export function applyHeldNotice(lines: readonly ChatLine[], notice: IncomingHeldNotice, senderId: string): ChatLine[] {
  const key = heldKey(notice.id);
  const at = lines.findIndex((l) => l.key === key);
  if (notice.state === HELD_STATE.allowed) return at === -1 ? [...lines] : lines.filter((l) => l.key !== key);
  const state = notice.state === HELD_STATE.denied ? 'denied' : 'held';
  const line: ChatLine = {
    key,
    // Not a stored message until it is allowed: nothing to report or delete.
    id: '',
    senderId,
    // The sender's own line: views name it from their own characters.
    senderName: '',
    content: notice.content,
    sentTimeMs: Number(notice.sentTimeMs),
    held: { id: notice.id, state, reason: notice.reason },
  };
  if (at === -1) return [...lines, line];
  return lines.map((l, i) => (i === at ? line : l));
}
