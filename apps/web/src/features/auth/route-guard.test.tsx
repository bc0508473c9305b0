import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { makeSession, renderApp, signedIn } from '../../test/render';
import RouteGuard from './route-guard';
import type { Session } from '../../lib/auth/session-context';

function renderGuarded(session: Session, props: { requiredGroups?: string[]; requiredRoles?: string[] } = {}) {
  return renderApp(
    <Routes>
      <Route
        path="/admin/*"
        element={
          <RouteGuard {...props}>
            <p>secret console</p>
          </RouteGuard>
        }
      />
    </Routes>,
    { session, route: '/admin/maps?page=2#top' },
  );
}

describe('RouteGuard', () => {
  it('sends visitors to login with the current URL to come back to', async () => {
    const login = vi.fn(() => new Promise<void>(() => {}));
    renderGuarded(makeSession({ login }), { requiredGroups: ['/Moderator/Admin'] });
    await waitFor(() => expect(login).toHaveBeenCalledWith({ returnTo: '/admin/maps?page=2#top' }));
    expect(login).toHaveBeenCalledOnce();
    expect(screen.getByText('Redirecting to sign in…')).toBeTruthy();
    expect(screen.queryByText('secret console')).toBeNull();
  });

  it('explains when the redirect could not start', async () => {
    const login = vi.fn(async () => {});
    renderGuarded(makeSession({ login }));
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeTruthy();
  });

  it('waits while the session is checked', () => {
    const login = vi.fn(async () => {});
    renderGuarded(makeSession({ status: 'loading', login }));
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('lets members of the required group in', () => {
    renderGuarded(signedIn({ groups: ['/Moderator/Admin'] }), { requiredGroups: ['/Moderator/Admin'] });
    expect(screen.getByText('secret console')).toBeTruthy();
  });

  it('shows an access-denied page (never a blank one) to others', async () => {
    renderGuarded(signedIn({ groups: ['/Player/Member'] }), { requiredGroups: ['/Moderator/Admin'] });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.queryByText('secret console')).toBeNull();
  });

  it('needs both a listed group and a listed role when both are configured', async () => {
    const requirement = { requiredGroups: ['/Moderator/Admin'], requiredRoles: ['admin'] };
    const { unmount } = renderGuarded(signedIn({ groups: ['/Moderator/Admin'], roles: [] }), requirement);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    unmount();
    renderGuarded(signedIn({ groups: ['/Moderator/Admin'], roles: ['admin'] }), requirement);
    expect(screen.getByText('secret console')).toBeTruthy();
  });
});
