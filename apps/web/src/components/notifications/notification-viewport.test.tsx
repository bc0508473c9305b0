import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { NotificationViewport } from './notification-viewport';
import type { AppNotification } from './notification-types';

// The chunk cannot be fetched, as when the notification says the server is gone.
vi.mock('./notification-stacks', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const note = (id: number, message: string, persist = false): AppNotification => ({
  id,
  message,
  type: 'warning',
  persist,
  position: 'top-right',
  autohideMs: 5000,
});

describe('NotificationViewport when its stacks cannot load', () => {
  it('shows the messages plainly, dismissable, instead of failing the app', async () => {
    const onDismiss = vi.fn();
    render(<NotificationViewport notifications={[note(1, 'Chat disconnected')]} onDismiss={onDismiss} />);
    const shown = await screen.findByTestId('notification');
    expect(shown.textContent).toContain('Chat disconnected');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledWith(1);
  });

  it('hides them after their time like the full stacks, and keeps persistent ones', async () => {
    vi.useFakeTimers();
    try {
      const onDismiss = vi.fn();
      const brief = { ...note(1, 'Chat disconnected'), autohideMs: 50 };
      const persistent = { ...note(2, 'You are not authenticated', true), autohideMs: 50 };
      render(<NotificationViewport notifications={[brief, persistent]} onDismiss={onDismiss} />);
      // The failed chunk and the fallback settle on promises, not timers.
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getAllByTestId('notification')).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(49));
      expect(onDismiss).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(onDismiss.mock.calls).toEqual([[1]]);
      // Long past the persistent one's autohide time too: it stays.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(onDismiss.mock.calls).toEqual([[1]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
