import { describe, expect, it, vi } from 'vitest';
import { createInactivityTimer, INACTIVITY_LIMIT_MS, INACTIVITY_WARNING_MS, type Clock } from './inactivity-timer';

/** A hand-driven clock: time moves only when the test says so. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.length };
}

const MIN = 60_000;

function setup() {
  const { clock, advance, pending } = fakeClock();
  const onWarn = vi.fn();
  const onResume = vi.fn();
  const onTimeout = vi.fn();
  const timer = createInactivityTimer({ clock, onWarn, onResume, onTimeout });
  timer.start();
  return { timer, advance, pending, onWarn, onResume, onTimeout };
}

describe('inactivity timer', () => {
  it('uses 60 minutes with the warning at 90 % (54 minutes)', () => {
    expect(INACTIVITY_LIMIT_MS).toBe(60 * MIN);
    expect(INACTIVITY_WARNING_MS).toBe(54 * MIN);
  });

  it('warns at 54 minutes and times out at 60 without activity', () => {
    const { advance, onWarn, onTimeout } = setup();
    advance(54 * MIN - 1);
    expect(onWarn).not.toHaveBeenCalled();
    advance(1);
    expect(onWarn).toHaveBeenCalledOnce();
    advance(6 * MIN - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(1);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('activity really resets the countdown', () => {
    const { timer, advance, onWarn, onTimeout } = setup();
    advance(50 * MIN);
    timer.activity();
    advance(53 * MIN);
    expect(onWarn).not.toHaveBeenCalled();
    advance(1 * MIN);
    expect(onWarn).toHaveBeenCalledOnce();
    advance(6 * MIN);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('activity after the warning withdraws it and starts over', () => {
    const { timer, advance, onWarn, onResume, onTimeout } = setup();
    advance(55 * MIN);
    expect(onWarn).toHaveBeenCalledOnce();
    timer.activity();
    expect(onResume).toHaveBeenCalledOnce();
    advance(10 * MIN);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(44 * MIN);
    expect(onWarn).toHaveBeenCalledTimes(2);
    advance(6 * MIN);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('times out straight away after a long sleep (late timer)', () => {
    const { clock, advance } = fakeClock();
    const onTimeout = vi.fn();
    const onWarn = vi.fn();
    const realSet = clock.setTimeout;
    // A suspended laptop: the warning timer fires only at 70 minutes.
    clock.setTimeout = (fn, ms) => realSet(fn, ms === 54 * MIN ? 70 * MIN : ms);
    createInactivityTimer({ clock, onWarn, onTimeout }).start();
    advance(70 * MIN);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(onWarn).not.toHaveBeenCalled();
  });

  it('stop cancels everything and ignores later activity', () => {
    const { timer, advance, pending, onWarn, onTimeout } = setup();
    timer.stop();
    expect(pending()).toBe(0);
    timer.activity();
    advance(120 * MIN);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
