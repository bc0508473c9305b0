import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { NotificationViewport } from './notification-viewport';
import type { AppNotification } from './notification-types';

// The chunk cannot be fetched, as when the notification says the server is gone.
vi.mock('./notification-stacks', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const note = (id: number, message: string): AppNotification => ({
  id,
  message,
  type: 'warning',
  persist: false,
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
});
