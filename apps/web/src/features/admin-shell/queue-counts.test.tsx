import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_CAPABILITIES, MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { queueCountsServer, renderWithCounts } from '../../test/queue-counts-server';
import { queueCountsKeys } from '../../lib/api/queue-count-keys';
import { SidebarNav } from './sidebar-nav';

const adminNav = () => within(screen.getByRole('navigation', { name: 'Admin' }));

describe('queue counts beside the links', () => {
  it("names each open count in the link ('Reports, 3 open'), and shows none for an empty queue", async () => {
    const server = queueCountsServer({
      reports: { open: 3, oldestAgeMs: 60_000 },
      heldMessages: { open: 0, oldestAgeMs: 0 },
      appeals: { open: 1, oldestAgeMs: 5 },
    });
    renderWithCounts(<SidebarNav />, server, MODERATOR_CAPABILITIES);
    expect(await adminNav().findByRole('link', { name: 'Reports, 3 open' })).toBeTruthy();
    expect(adminNav().getByRole('link', { name: 'Appeals, 1 open' })).toBeTruthy();
    expect(adminNav().getByRole('link', { name: 'Moderation' })).toBeTruthy();
    // The number shows; the words after it are for assistive technology only.
    expect(adminNav().getByRole('link', { name: 'Reports, 3 open' }).textContent).toBe('Reports3Reports, 3 open');
    expect(adminNav().getByRole('link', { name: 'Moderation' }).textContent).toBe('Moderation');
  });

  it('asks again when the window regains focus, and when a queue item was acted on (invalidated)', async () => {
    const server = queueCountsServer({ reports: { open: 2, oldestAgeMs: 1 }, heldMessages: { open: 0, oldestAgeMs: 0 }, appeals: { open: 0, oldestAgeMs: 0 } });
    const client = renderWithCounts(<SidebarNav />, server, ADMIN_CAPABILITIES);
    await adminNav().findByRole('link', { name: 'Reports, 2 open' });

    server.state.counts = { ...server.state.counts, heldMessages: { open: 4, oldestAgeMs: 9 } };
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await adminNav().findByRole('link', { name: 'Moderation, 4 waiting' })).toBeTruthy();

    server.state.counts = { ...server.state.counts, reports: { open: 0, oldestAgeMs: 0 } };
    await act(() => client.invalidateQueries({ queryKey: queueCountsKeys.all }));
    await waitFor(() => expect(adminNav().getByRole('link', { name: 'Reports' })).toBeTruthy());
  });

  it('asks nothing of a caller whose capabilities open no queue', async () => {
    const server = queueCountsServer({ reports: { open: 3, oldestAgeMs: 1 } });
    renderWithCounts(<SidebarNav />, server, { role: 'support', scopes: new Map([['dimensions.read', 'all']]) });
    expect(await adminNav().findByRole('link', { name: 'Dimensions' })).toBeTruthy();
    expect(adminNav().queryByRole('link', { name: /Reports/ })).toBeNull();
    expect(server.state.calls).toBe(0);
  });
});
