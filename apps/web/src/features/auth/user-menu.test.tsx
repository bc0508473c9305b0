import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from '../../test/render';
import { Route, Routes } from 'react-router';
import UserMenu from './user-menu';

describe('UserMenu', () => {
  it("offers 'Your Profile' (account page), 'Your sanctions', 'Your reports' and 'Sign out', focus managed", async () => {
    const user = userEvent.setup();
    const logout = vi.fn(async () => {});
    renderApp(<UserMenu />, { session: signedIn({}, { logout }) });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    // ARIA: aria-haspopup="true" means a menu (React Aria writes "true").
    expect(['true', 'menu']).toContain(button.getAttribute('aria-haspopup'));
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const profile = screen.getByRole('menuitem', { name: 'Your Profile' });
    expect(profile.getAttribute('href')).toBe('http://idp.test/realms/default/account');
    // Opened by pointer, React Aria focuses the menu itself; the arrows reach the items.
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(profile));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your sanctions' })));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your reports' })));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' })));
    await user.keyboard('{Enter}');
    expect(logout).toHaveBeenCalledOnce();
  });

  it("'Your sanctions' opens /account/sanctions in the app", async () => {
    const user = userEvent.setup();
    renderApp(
      <Routes>
        <Route path="/" element={<UserMenu />} />
        <Route path="/account/sanctions" element={<p>sanctions page</p>} />
      </Routes>,
      { session: signedIn() },
    );
    await user.click(screen.getByRole('button', { name: /Nova Reyes/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Your sanctions' }));
    expect(await screen.findByText('sanctions page')).toBeTruthy();
  });

  it('closes on Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenu />, { session: signedIn() });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens from the keyboard on its first or last item (ArrowDown / ArrowUp); Home and End work inside; Tab stays inside (the popover contains focus), Escape leaves', async () => {
    const user = userEvent.setup();
    renderApp(<UserMenu />, { session: signedIn() });
    const button = screen.getByRole('button', { name: /Nova Reyes/ });
    button.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' })));
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' })));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' })));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' })));
    await user.keyboard('{Tab}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Your Profile' })));
  });
});
