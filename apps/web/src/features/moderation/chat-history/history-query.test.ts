import { describe, expect, it } from 'vitest';
import { chatLogsRequest, filtersFromSearch, filtersToSearch, localInputToUnixSeconds, rangeError, RANGE_ERROR } from './history-query';

const base = { senderId: '', from: '', to: '', pageIndex: 0, pageSize: 10 };

describe('history query', () => {
  it('turns datetime-local values into unix seconds; To covers its whole minute', () => {
    const start = Math.floor(new Date('2025-03-01T18:30').getTime() / 1000);
    expect(localInputToUnixSeconds('2025-03-01T18:30', 'start')).toBe(start);
    expect(localInputToUnixSeconds('2025-03-01T18:30', 'end')).toBe(start + 59);
    expect(localInputToUnixSeconds('', 'start')).toBeUndefined();
    expect(localInputToUnixSeconds('garbage', 'end')).toBeUndefined();
  });

  it('builds GetChatLogs requests with only the filters that are set, and limit/offset from the page', () => {
    expect(chatLogsRequest('ch-1', base)).toEqual({ channelId: 'ch-1', limit: 10n, offset: 0n });
    const request = chatLogsRequest('ch-1', { senderId: 'c-1', from: '2025-03-01T18:30', to: '2025-03-01T19:00', pageIndex: 2, pageSize: 25 });
    expect(request.senderId).toBe('c-1');
    expect(request.after).toBe(BigInt(localInputToUnixSeconds('2025-03-01T18:30', 'start')!));
    expect(request.before).toBe(BigInt(localInputToUnixSeconds('2025-03-01T19:00', 'end')!));
    expect([request.limit, request.offset]).toEqual([25n, 50n]);
  });

  it('rejects a range that ends before it starts', () => {
    expect(rangeError({ from: '2025-03-02T00:00', to: '2025-03-01T00:00' })).toBe(RANGE_ERROR);
    expect(rangeError({ from: '2025-03-01T10:00', to: '2025-03-01T10:00' })).toBeUndefined();
    expect(rangeError({ from: '2025-03-01T10:00', to: '' })).toBeUndefined();
  });

  it('round-trips the filters through the URL with a one-based page and known page sizes only', () => {
    const filters = { senderId: 'c-1', from: '2025-03-01T18:30', to: '', pageIndex: 3, pageSize: 50 };
    expect(filtersToSearch(filters).toString()).toBe('sender=c-1&from=2025-03-01T18%3A30&page=4&size=50');
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams('page=-2&size=33'))).toEqual(base);
    expect(filtersToSearch(base).toString()).toBe('');
  });
});
