import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from '../../test/render';
import UserMenuButton from './user-menu-button';

// The menu's module is imported on intent; on a busy machine that takes a while. Only a hang guard.
const LOADED = { timeout: 30_000 };

describe('UserMenuButton (the menu loads on intent)', () => {
  it('a press before the menu has loaded opens it once it has', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenuButton />, { session: signedIn() });
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Nova Reyes, open user menu/ }));
    const menu = await screen.findByRole('menu', {}, LOADED);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    // The open menu hides the rest of the page from assistive technology.
    expect(screen.getByRole('button', { name: /Nova Reyes/, hidden: true }).getAttribute('aria-expanded')).toBe('true');
  });

  it('ArrowUp opens on the last item; Escape closes and focus is back on the button', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenuButton />, { session: signedIn() });
    screen.getByRole('button', { name: /Nova Reyes/ }).focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' })), LOADED);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Nova Reyes/ })));
    // From here on it is React Aria's menu button.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' })));
  });

  it('the arriving menu button holds focus from the moment it is in the page, so no key pressed then is lost', async () => {
    const { container } = renderApp(<UserMenuButton />, { session: signedIn() });
    const placeholder = screen.getByRole('button', { name: /Nova Reyes/ });
    // A mutation observer runs before any effect React defers: it sees the page as a key pressed right then would.
    const focusedOnArrival = new Promise<Element | null>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!container.querySelector('button[data-rac]')) return;
        observer.disconnect();
        resolve(document.activeElement);
      });
      observer.observe(container, { childList: true, subtree: true });
    });
    placeholder.focus();
    const focused = await focusedOnArrival;
    expect(focused).toBe(container.querySelector('button[data-rac]'));
  });

  it('focus alone brings the menu button in, still focused and closed', async () => {
    renderApp(<UserMenuButton />, { session: signedIn() });
    const placeholder = screen.getByRole('button', { name: /Nova Reyes/ });
    placeholder.focus();
    await waitFor(() => expect(screen.getByRole('button', { name: /Nova Reyes/ })).not.toBe(placeholder), LOADED);
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).not.toBe('true');
  });
});
