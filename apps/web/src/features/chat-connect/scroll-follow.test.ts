import { describe, expect, it } from 'vitest';
import { isNearBottom, SCROLL_FOLLOW_THRESHOLD_PX } from './scroll-follow';

describe('isNearBottom', () => {
  const box = (distanceFromBottom: number) => ({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1500 - distanceFromBottom });

  it('follows at the bottom and up to 75 px above it', () => {
    expect(SCROLL_FOLLOW_THRESHOLD_PX).toBe(75);
    expect(isNearBottom(box(0))).toBe(true);
    expect(isNearBottom(box(75))).toBe(true);
  });

  it('pauses once the reader is more than 75 px up', () => {
    expect(isNearBottom(box(76))).toBe(false);
    expect(isNearBottom(box(1500))).toBe(false);
  });

  it('a list shorter than its box is always at the bottom', () => {
    expect(isNearBottom({ scrollHeight: 300, clientHeight: 500, scrollTop: 0 })).toBe(true);
  });
});
