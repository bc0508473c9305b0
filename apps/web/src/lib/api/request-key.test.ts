import { describe, expect, it } from 'vitest';
import { requestKey } from './request-key';

describe('requestKey', () => {
  it('keeps a request as JSON can hash it: int64 fields as decimal strings, the rest as they are', () => {
    const key = requestKey({ channelId: 'ch-1', limit: 25n, offset: 50n, text: 'hi', after: 9007199254740993n });
    expect(key).toEqual({ channelId: 'ch-1', limit: '25', offset: '50', text: 'hi', after: '9007199254740993' });
    expect(JSON.stringify(key)).toBe('{"channelId":"ch-1","limit":"25","offset":"50","text":"hi","after":"9007199254740993"}');
  });
});
