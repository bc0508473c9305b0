import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { makeSession, renderApp, signedIn } from '../../test/render';
import { isNavLinkActive } from './nav-links';
import { DefaultLayout } from './default-layout';

function renderLayout(session = makeSession(), route = '/') {
  return renderApp(
    <Routes>
      <Route element={<DefaultLayout />}>
        <Route path="*" element={<p>page</p>} />
      </Route>
    </Routes>,
    { session, route },
  );
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('isNavLinkActive', () => {
  it("activates Home only on '' or '/'", () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('', '/')).toBe(true);
    expect(isNavLinkActive('/blog', '/')).toBe(false);
  });

  it('activates other links by prefix', () => {
    expect(isNavLinkActive('/blog', '/blog')).toBe(true);
    expect(isNavLinkActive('/blog/7', '/blog')).toBe(true);
    expect(isNavLinkActive('/admin/maps/1', '/admin')).toBe(true);
    expect(isNavLinkActive('/', '/blog')).toBe(false);
  });
});

describe('top navigation', () => {
  it('shows Home, Dev Log and Login to visitors', () => {
    renderLayout();
    const links = within(mainNav())
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual(['SRO', 'Home', 'Dev Log']);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('marks the active link with aria-current', () => {
    renderLayout(makeSession(), '/blog/12');
    expect(within(mainNav()).getByRole('link', { name: 'Dev Log' }).getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it("shows Admin only to members of '/Moderator/Admin'", async () => {
    const { unmount } = renderLayout(signedIn({ groups: ['/Moderator'] }));
    expect(within(mainNav()).queryByRole('link', { name: 'Admin' })).toBeNull();
    unmount();
    renderLayout(signedIn({ groups: ['/Moderator/Admin'] }));
    expect(within(mainNav()).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('Login starts the sign-in redirect', async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => {});
    renderLayout(makeSession({ login }));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(login).toHaveBeenCalledOnce();
  });

  it('toggles the mobile menu with aria-expanded / aria-controls, Esc closes it', async () => {
    const user = userEvent.setup();
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open main menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Close main menu' })).toBe(toggle);
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open main menu' }));
    const panel = document.getElementById('mobile-menu')!;
    await user.click(within(panel).getByRole('link', { name: 'Dev Log' }));
    expect(panel.hidden).toBe(true);
  });

  it('has a footer with GitHub and YouTube links and a copyright line', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: /GitHub/ })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: /YouTube/ })).toBeTruthy();
    expect(within(footer).getByText(/©/)).toBeTruthy();
  });
});
