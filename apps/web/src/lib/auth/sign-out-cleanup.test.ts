import { describe, expect, it, vi } from 'vitest';
import { onSignOut, runSignOutCleanups } from './sign-out-cleanup';

describe('sign-out cleanups', () => {
  it('runs every registered cleanup, survives a failing one, and can unregister', () => {
    const a = vi.fn();
    const b = vi.fn(() => {
      throw new Error('boom');
    });
    const c = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offA = onSignOut(a);
    const offB = onSignOut(b);
    const offC = onSignOut(c);
    runSignOutCleanups();
    expect([a, b, c].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    offA();
    offB();
    runSignOutCleanups();
    expect([a, c].map((f) => f.mock.calls.length)).toEqual([1, 2]);
    offC();
  });
});
