import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { WhenNearView } from './when-near-view';

/** A stand-in IntersectionObserver the test drives: what it observes, and a way to report an intersection. */
function fakeObserver() {
  const observed: Element[] = [];
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  let disconnected = 0;
  class FakeIntersectionObserver {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      report = callback;
    }
    observe(element: Element) {
      observed.push(element);
    }
    disconnect() {
      disconnected += 1;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return { observed, intersect: (isIntersecting: boolean) => act(() => report!([{ isIntersecting }])), disconnected: () => disconnected };
}

describe('WhenNearView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until its place nears the viewport, then the block, and stops observing', () => {
    const observer = fakeObserver();
    render(<WhenNearView placeholder={<p>placeholder</p>}>{<p>the block</p>}</WhenNearView>);
    expect(screen.queryByText('placeholder')).not.toBeNull();
    expect(observer.observed).toHaveLength(1);
    observer.intersect(false);
    expect(screen.queryByText('the block')).toBeNull();
    observer.intersect(true);
    expect(screen.queryByText('the block')).not.toBeNull();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(observer.disconnected()).toBe(1);
  });

  it('renders the block at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<WhenNearView placeholder={<p>placeholder</p>}>{<p>the block</p>}</WhenNearView>);
    expect(screen.queryByText('the block')).not.toBeNull();
  });
});
