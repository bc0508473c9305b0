import { describe, expect, it } from 'vitest';
import type { ChatLine } from './chat-line';
import { applyHeldNotice, deniedText, HELD_STATE } from './held-notices';

const me = 'c0ffee00-0000-4000-8000-000000000001';
const line = (content: string): ChatLine => ({ key: `x|${content}`, id: '', senderId: 'other', senderName: '', content, sentTimeMs: 1 });
const notice = (state: number, reason = '') => ({ id: 'h1', content: 'selling gold', sentTimeMs: 5000n, state, reason });

describe('applyHeldNotice', () => {
  it('HELD appends the sender’s own line, marked held with the rule’s message', () => {
    const lines = applyHeldNotice([line('hi')], notice(HELD_STATE.held, 'Trading is reviewed'), me);
    expect(lines).toEqual([
      line('hi'),
      {
        key: 'held|h1',
        id: '',
        senderId: me,
        senderName: '',
        content: 'selling gold',
        sentTimeMs: 5000,
        held: { id: 'h1', state: 'held', reason: 'Trading is reviewed' },
      },
    ]);
  });

  it('ALLOWED removes the held line (the real message arrives on its own)', () => {
    const held = applyHeldNotice([line('hi')], notice(HELD_STATE.held), me);
    expect(applyHeldNotice(held, notice(HELD_STATE.allowed), me)).toEqual([line('hi')]);
    expect(applyHeldNotice([line('hi')], notice(HELD_STATE.allowed), me)).toEqual([line('hi')]);
  });

  it('DENIED marks the held line in place with the reason, or shows it when the view never had it', () => {
    const held = applyHeldNotice([line('a')], notice(HELD_STATE.held), me);
    const after = applyHeldNotice([...held, line('b')], notice(HELD_STATE.denied, 'No trading'), me);
    expect(after.map((l) => l.held?.state ?? l.content)).toEqual(['a', 'denied', 'b']);
    expect(after[1]!.held?.reason).toBe('No trading');
    expect(applyHeldNotice([], notice(HELD_STATE.denied, 'No'), me)).toHaveLength(1);
  });

  it('says why a message was not delivered', () => {
    expect(deniedText('No trading')).toBe('not delivered: No trading');
    expect(deniedText('')).toBe('not delivered');
  });
});
