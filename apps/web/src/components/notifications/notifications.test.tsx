import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { NotificationProvider, useNotify, type Notify } from './notification-context';
import { createNotification, notificationsReducer } from './notification-store';

let notify: Notify;
function Capture() {
  notify = useNotify();
  return null;
}

async function setup() {
  render(
    <NotificationProvider>
      <Capture />
    </NotificationProvider>,
  );
}

/** The stacks are a lazy chunk: let it resolve. */
async function flush() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

const toasts = () => screen.queryAllByTestId('notification');

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each type top-right by default and hides after 5000 ms', async () => {
    await setup();
    act(() => {
      notify.success('Saved');
      notify.info('FYI');
      notify.warning('Careful');
      notify.error('Broken');
      notify.notify('Plain');
    });
    await flush();
    expect(toasts().map((t) => t.dataset.type)).toEqual(['success', 'info', 'warning', 'error', 'default']);
    expect(screen.getByRole('region', { name: 'Notifications' }).dataset.position).toBe('top-right');
    act(() => void vi.advanceTimersByTime(4999));
    expect(toasts()).toHaveLength(5);
    act(() => void vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(0);
  });

  it('keeps persistent ones and places top-center on request', async () => {
    await setup();
    act(() => void notify.error('Error loading user info', { persist: true, position: 'top-center' }));
    await flush();
    act(() => void vi.advanceTimersByTime(60_000));
    const region = screen.getByRole('region', { name: 'Important notifications' });
    expect(region.dataset.position).toBe('top-center');
    expect(within(region).getByText('Error loading user info')).toBeTruthy();
  });

  it('pauses the countdown while hovered', async () => {
    await setup();
    act(() => void notify.info('Hover me'));
    await flush();
    act(() => void vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(toasts()[0]!);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(toasts()).toHaveLength(1);
    fireEvent.mouseLeave(toasts()[0]!);
    act(() => void vi.advanceTimersByTime(1900));
    expect(toasts()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(200));
    expect(toasts()).toHaveLength(0);
  });

  it('is dismissible and stacks with a 20 px offset', async () => {
    await setup();
    act(() => {
      notify.info('One');
      notify.info('Two');
    });
    await flush();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.style.padding).toBe('20px');
    expect(region.style.gap).toBe('20px');
    fireEvent.click(within(toasts()[0]!).getByRole('button', { name: 'Dismiss notification' }));
    expect(toasts().map((t) => t.textContent)).toEqual(['Info: Two']);
  });

  it('clears only non-persistent ones on navigation', async () => {
    await setup();
    act(() => {
      notify.info('Transient');
      notify.warning('Sticky', { persist: true });
    });
    await flush();
    act(() => notify.clearTransient());
    expect(toasts().map((t) => t.textContent)).toEqual(['Warning: Sticky']);
  });

  it('announces the newest message in polite or assertive live regions', async () => {
    await setup();
    act(() => void notify.success('Map created'));
    expect(screen.getByRole('status').textContent).toBe('Map created');
    act(() => void notify.error('Failed'));
    expect(screen.getByRole('alert').textContent).toBe('Failed');
  });
});

describe('notificationsReducer', () => {
  it('replaces a notification with the same key instead of stacking it', () => {
    const a = createNotification(1, 'first', { key: 'k' });
    const b = createNotification(2, 'second', { key: 'k' });
    const state = notificationsReducer(notificationsReducer([], { kind: 'add', notification: a }), { kind: 'add', notification: b });
    expect(state.map((n) => n.message)).toEqual(['second']);
    expect(notificationsReducer(state, { kind: 'dismiss-key', key: 'k' })).toEqual([]);
  });

  it('applies the documented defaults', () => {
    expect(createNotification(1, 'x')).toMatchObject({ type: 'default', persist: false, position: 'top-right', autohideMs: 5000 });
  });
});
