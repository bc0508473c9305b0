import { describe, expect, it } from 'vitest';
import { pageItems, showingText, type PageItem } from './pagination';

const render = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.index + 1) : '…')).join(' ');

describe('pageItems', () => {
  it('shows every page button below 6 pages', () => {
    expect(render(pageItems(0, 1))).toBe('1');
    expect(render(pageItems(2, 5))).toBe('1 2 3 4 5');
    expect(pageItems(0, 0)).toEqual([]);
  });

  it('abbreviates from 6 pages on, keeping first, last and the current neighbourhood', () => {
    expect(render(pageItems(0, 20))).toBe('1 2 3 4 … 20');
    expect(render(pageItems(9, 20))).toBe('1 … 9 10 11 … 20');
    expect(render(pageItems(19, 20))).toBe('1 … 17 18 19 20');
  });

  it('never hides a single page behind an ellipsis', () => {
    expect(render(pageItems(0, 6))).toBe('1 2 3 4 5 6');
    expect(render(pageItems(3, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('ellipses jump into the middle of the pages they hide', () => {
    const items = pageItems(9, 20);
    expect(items[1]).toEqual({ kind: 'gap', from: 1, to: 7, target: 4 });
    expect(items[5]).toEqual({ kind: 'gap', from: 11, to: 18, target: 14 });
  });

  it('clamps an out-of-range current page', () => {
    expect(render(pageItems(50, 10))).toBe('1 … 7 8 9 10');
  });
});

describe('showingText', () => {
  it('uses 1-based bounds over a zero-based page index', () => {
    expect(showingText(0, 10, 42)).toBe('Showing 1 to 10 of 42 results');
    expect(showingText(4, 10, 42)).toBe('Showing 41 to 42 of 42 results');
    expect(showingText(0, 10, 0)).toBe('Showing 0 to 0 of 0 results');
  });
});
