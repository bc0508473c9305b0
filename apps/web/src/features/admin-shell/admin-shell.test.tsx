import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router';
import { GlobalSearchProvider, useTableSearch } from '../../components/table/global-search';
import { renderApp, signedIn } from '../../test/render';
import AdminShell from './admin-shell';
import type { CapabilitySet } from '../../lib/access/capabilities';
import { CapabilitiesStateContext, type CapabilitiesState } from '../../lib/access/use-my-capabilities';
import { ApiTransportContext } from '../../lib/rpc/transport-context';
import { ADMIN_CAPABILITIES, MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { queueCountsServer } from '../../test/queue-counts-server';

function Page({ name }: { name: string }) {
  const query = useTableSearch();
  return (
    <div>
      <p>page {name}</p>
      <p>search: {query}</p>
      <Link to="/admin/maps">go to maps</Link>
    </div>
  );
}

const ready = (set: CapabilitySet): CapabilitiesState => ({ status: 'ready', set });

function renderShell(route = '/admin', capabilities: CapabilitiesState = ready(ADMIN_CAPABILITIES)) {
  // No queue has open items: the links read as their titles (queue-counts.test.tsx has the counts).
  return renderApp(
    <ApiTransportContext value={{ rpc: queueCountsServer().transport }}>
      <QueryClientProvider client={new QueryClient()}>
        <CapabilitiesStateContext value={capabilities}>
          <GlobalSearchProvider>
            <Routes>
              <Route path="/admin" element={<AdminShell />}>
                <Route index element={<Page name="dashboard" />} />
                <Route path="maps" element={<Page name="maps" />} />
                <Route path="maps/:id" element={<Page name="map" />} />
                <Route path="audit" element={<Link to="/admin/maps">no table here</Link>} />
              </Route>
            </Routes>
          </GlobalSearchProvider>
        </CapabilitiesStateContext>
      </QueryClientProvider>
    </ApiTransportContext>,
    { route, session: signedIn({ firstName: 'Ada', lastName: 'Admin', username: 'admin', groups: ['/Moderator/Admin'] }) },
  );
}

describe('AdminShell', () => {
  it("shows the sidebar links, 'First Last (username)' and a dark body while mounted", () => {
    const { unmount } = renderShell('/admin/maps');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Dimensions',
      'Maps',
      'Characters',
      'Live players',
      'Chats',
      'Messages',
      'Sanctions',
      'Moderation',
      'Reports',
      'Appeals',
      'Approvals',
      'Audit log',
      'Webhooks',
      'Roles',
      'Settings',
      'Exit Dashboard',
    ]);
    expect(within(nav).getByRole('link', { name: 'Maps' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('sidebar-user').textContent).toBe('Ada Admin (admin)');
    expect(document.body.classList.contains('admin-shell-active')).toBe(true);
    unmount();
    expect(document.body.classList.contains('admin-shell-active')).toBe(false);
  });

  it("links only the screens the caller's capabilities open, and none of them before those are known", () => {
    const linkNames = () =>
      within(screen.getByRole('navigation', { name: 'Admin' }))
        .getAllByRole('link')
        .map((l) => l.textContent);
    const { unmount } = renderShell(
      '/admin',
      ready({
        role: 'custom',
        scopes: new Map([
          ['maps.read', 'all'],
          ['audit.read', 'own'],
        ]),
      }),
    );
    expect(linkNames()).toEqual(['Dashboard', 'Maps', 'Audit log', 'Settings', 'Exit Dashboard']);
    unmount();
    const moderator = renderShell('/admin', ready(MODERATOR_CAPABILITIES));
    expect(linkNames()).not.toContain('Roles');
    moderator.unmount();
    renderShell('/admin', { status: 'loading' });
    expect(linkNames()).toEqual(['Dashboard', 'Settings', 'Exit Dashboard']);
  });

  it("titles the mobile header by the exact link and falls back to 'Admin Dashboard'", () => {
    renderShell('/admin/maps/m-1');
    expect(screen.getByTestId('mobile-title').textContent).toBe('Admin Dashboard');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' }))
        .getByRole('link', { name: 'Maps' })
        .getAttribute('aria-current'),
    ).toBeNull();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['Dashboard', 'Maps', 'm-1']);
  });

  // The first opening loads the overlay's code: the time that takes is the machine's, not the verdict.
  it('opens the slide-over with focus inside, and navigating closes it', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderShell('/admin');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The slide-over's code loads on the first opening.
    const dialog = await screen.findByRole('dialog', { name: 'Admin menu' }, { timeout: 10_000 });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('link', { name: 'Maps' }));
    expect(screen.getByText('page maps')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // The first opening loads the overlay's code: the time that takes is the machine's, not the verdict.
  it('the profile panel takes focus when it opens; Escape closes it and focus goes back', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderShell('/admin');
    const button = screen.getByRole('button', { name: 'Open profile panel' });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Profile' }, { timeout: 10_000 });
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  // The first opening loads the overlay's code: the time that takes is the machine's, not the verdict.
  it('Escape closes the slide-over and returns focus to the menu button', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderShell('/admin');
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Admin menu' }, { timeout: 10_000 });
    await user.keyboard('{Escape}');
    // The slide-over leaves with an exit transition: wait for it to be gone, not for a guessed duration.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shares the header search with the page and clears it on navigation', async () => {
    const user = userEvent.setup();
    renderShell('/admin');
    await user.type(screen.getAllByRole('searchbox', { name: 'Search the table' })[0]!, 'nova');
    expect(screen.getByText('search: nova')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'go to maps' }));
    expect(screen.getByText('search:')).toBeTruthy();
  });

  it('offers the header search only on pages with a table that filters by it', async () => {
    const user = userEvent.setup();
    renderShell('/admin/audit');
    expect(screen.getByText('no table here')).toBeTruthy();
    expect(screen.queryAllByRole('searchbox')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'no table here' }));
    expect(await screen.findAllByRole('searchbox', { name: 'Search the table' })).toHaveLength(2);
  });
});
