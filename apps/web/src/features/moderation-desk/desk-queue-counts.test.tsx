import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { queueCountsServer, renderWithCounts } from '../../test/queue-counts-server';
import DeskShell from './desk-shell';
import { deskSectionsFor } from './desk-sections';

describe("the moderation desk's queue counts", () => {
  it('shows the open counts beside the Review lane, Reports and Appeals links', async () => {
    const server = queueCountsServer({
      reports: { open: 12, oldestAgeMs: 1 },
      heldMessages: { open: 2, oldestAgeMs: 1 },
      appeals: { open: 0, oldestAgeMs: 0 },
    });
    const set = MODERATOR_CAPABILITIES;
    renderWithCounts(<DeskShell sections={deskSectionsFor(set)} set={set} ownAuditOnly />, server, set, '/moderation');
    const nav = within(screen.getByRole('navigation', { name: 'Moderation desk' }));
    expect(await nav.findByRole('link', { name: 'Reports, 12 open' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Review lane, 2 waiting' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Appeals' })).toBeTruthy();
  });
});
