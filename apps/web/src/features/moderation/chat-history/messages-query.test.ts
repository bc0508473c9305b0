import { describe, expect, it } from 'vitest';
import {
  contextPath,
  localInputToMs,
  msToLocalInput,
  MESSAGES_PAGE_SIZE,
  MESSAGES_RANGE_ERROR,
  messageFiltersFromSearch,
  messageFiltersToSearch,
  messageSearchOf,
  messagesRangeError,
  pagedRowCount,
} from './messages-query';

const empty = { text: '', sender: '', channelId: '', from: '', to: '' };

describe('messages query', () => {
  it("links a message to its channel's messages five minutes either side, in local time", () => {
    const sent = new Date('2025-03-01T18:30:40').getTime();
    expect(msToLocalInput(sent)).toBe('2025-03-01T18:30');
    expect(localInputToMs(msToLocalInput(sent), 'start')).toBe(new Date('2025-03-01T18:30').getTime());
    const params = new URLSearchParams(contextPath({ channelId: 'ch-1', sentAtMs: sent }).replace(/^messages\?/, ''));
    expect(messageFiltersFromSearch(params)).toEqual({ ...empty, channelId: 'ch-1', from: '2025-03-01T18:25', to: '2025-03-01T18:35' });
  });

  it('round-trips the filters through the URL, leaving out empty ones', () => {
    const f = { text: 'gold', sender: 'Neo', channelId: 'ch-1', from: '2025-03-01T18:30', to: '' };
    expect(messageFiltersToSearch(f).toString()).toBe('text=gold&sender=Neo&channel=ch-1&from=2025-03-01T18%3A30');
    expect(messageFiltersFromSearch(messageFiltersToSearch(f))).toEqual(f);
    expect(messageFiltersToSearch(empty).toString()).toBe('');
  });

  it('builds SearchChatMessages with inclusive milliseconds and the page token', () => {
    const from = new Date('2025-03-01T18:30').getTime();
    expect(messageSearchOf({ ...empty, from: '2025-03-01T18:30', to: '2025-03-01T18:30', sender: ' Neo ' }, 'tok')).toEqual({
      channelId: '',
      text: '',
      sender: 'Neo',
      fromMs: from,
      toMs: from + 59_999,
      limit: MESSAGES_PAGE_SIZE,
      pageToken: 'tok',
    });
    expect(localInputToMs('garbage', 'start')).toBe(0);
  });

  it('refuses a window whose start is after its end', () => {
    expect(messagesRangeError({ from: '2025-03-01T19:00', to: '2025-03-01T18:00' })).toBe(MESSAGES_RANGE_ERROR);
    expect(messagesRangeError({ from: '2025-03-01T18:00', to: '' })).toBeUndefined();
  });

  it('counts rows so Next is live only when the server has more', () => {
    expect(pagedRowCount(0, 50, true)).toBe(51);
    expect(pagedRowCount(2, 7, false)).toBe(2 * MESSAGES_PAGE_SIZE + 7);
  });
});
