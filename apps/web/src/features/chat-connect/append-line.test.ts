import { describe, expect, it } from 'vitest';
import type { ChatLine } from './chat-line';
import { appendLine, MAX_CHAT_LINES } from './use-chat-session';

const line = (key: string, sentTimeMs: number): ChatLine => ({ key, id: key, senderId: 's', senderName: '', content: key, sentTimeMs });
const keys = (lines: readonly ChatLine[]) => lines.map((l) => l.key);

describe('appendLine', () => {
  it('appends in time order: an allowed held message lands among the lines of its time, not at the bottom', () => {
    let lines = [line('a', 1000), line('b', 2000), line('c', 3000)];
    lines = appendLine(lines, line('allowed', 1500));
    expect(keys(lines)).toEqual(['a', 'allowed', 'b', 'c']);
    lines = appendLine(lines, line('live', 4000));
    expect(keys(lines)).toEqual(['a', 'allowed', 'b', 'c', 'live']);
    // Same time: arrival order.
    lines = appendLine(lines, line('same', 2000));
    expect(keys(lines)).toEqual(['a', 'allowed', 'b', 'same', 'c', 'live']);
  });

  it('keeps only the newest lines', () => {
    let lines: ChatLine[] = [];
    for (let i = 0; i < MAX_CHAT_LINES + 5; i++) lines = appendLine(lines, line(`m${i}`, i));
    expect(lines).toHaveLength(MAX_CHAT_LINES);
    expect(lines[0]!.key).toBe('m5');
  });
});
