import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from '../../test/render';
import UserMenu from './user-menu';

describe('UserMenu', () => {
  it("offers 'Your Profile' (account page) and 'Sign out', focus managed", async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    renderApp(<UserMenu />, { session: signedIn({}, { logout }) });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const profile = screen.getByRole('menuitem', { name: 'Your Profile' });
    expect(profile.getAttribute('href')).toBe('http://idp.test/realms/default/account');
    expect(document.activeElement).toBe(profile);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledOnce();
  });

  it('closes on Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenu />, { session: signedIn() });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens from the keyboard on its first or last item (ArrowDown / ArrowUp); Home, End and Tab work inside', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenu />, { session: signedIn() });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' }));
    await user.keyboard('{Tab}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(document.body);
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' }));
  });
});
