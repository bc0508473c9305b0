import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { SanctionKind, SanctionScope, SanctionState } from '../../../gen/sro/moderation/moderation_pb';
import { BANNED_ACCOUNT_TEXT } from '../../../components/banned-account-notice';
import { signedIn } from '../../../test/render';
import { createSanctionTestServer, makeSanction, NOW_MS } from '../../../test/sanction-test-server';
import MySanctionsPage from './my-sanctions-page';
import SanctionDetailPage from './sanction-detail-page';
import SanctionsListPage from './sanctions-list-page';
import { ADMIN, renderScreen } from '../../../test/sanction-test-render';

let server: ReturnType<typeof createSanctionTestServer>;

const local = (ms: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

beforeEach(() => {
  server = createSanctionTestServer([
    makeSanction({
      id: 's-3',
      kind: SanctionKind.BAN,
      scope: SanctionScope.EVERYWHERE,
      scopeId: '',
      scopeName: '',
      characterId: '',
      characterName: '',
      expiresAtMs: 0n,
      reason: 'Cheating',
    }),
    makeSanction({ id: 's-2', active: false, revokedAtMs: BigInt(NOW_MS - 1000), revokedByName: 'admin', revokeReason: 'Appeal granted' }),
    makeSanction({ id: 's-1', active: false, issuedById: 'u-other', issuedByName: 'other' }),
  ]);
});

describe('/admin/sanctions', { timeout: 30_000 }, () => {
  it('lists newest first with subject, player, kind, scope, reason, issued by, issued, ends and state; a row opens its page', async () => {
    renderScreen(<SanctionsListPage />, { transports: server.transports, route: '/admin/sanctions', path: '/admin/sanctions' });
    const table = await screen.findByRole('table', { name: 'Sanctions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Subject', 'Player', 'Kind', 'Scope', 'Reason', 'Issued by', 'Issued', 'Ends', 'State']);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['player (account)', 'player', 'Account ban', 'Everywhere', 'Cheating', 'moderator', local(NOW_MS - 3_600_000), 'permanent', 'Active']);
    expect(within(second!).getAllByRole('cell').at(-1)!.textContent).toBe('Revoked');
    expect(within(third!).getAllByRole('cell').at(-1)!.textContent).toBe('Expired');
    expect(within(first!).getByRole('link', { name: 'player (account)' }).getAttribute('href')).toBe('/admin/sanctions/s-3');
    // The account the sanction falls on opens its player page.
    expect(within(first!).getByRole('link', { name: 'player' }).getAttribute('href')).toMatch(/^\/admin\/accounts\/./);
    expect(server.listRequests.at(-1)).toMatchObject({ limit: 10, offset: 0, kind: SanctionKind.UNSPECIFIED });
  });

  it('filters on the server by kind, scope, state and moderator, from the URL too', async () => {
    const user = userEvent.setup();
    renderScreen(<SanctionsListPage />, { transports: server.transports, route: '/admin/sanctions?state=ended', path: '/admin/sanctions' });
    const table = await screen.findByRole('table', { name: 'Sanctions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(server.listRequests.at(-1)).toMatchObject({ state: SanctionState.ENDED });

    await user.click(screen.getByRole('button', { name: /^Moderator/ }));
    await user.click(await screen.findByRole('option', { name: /moderator/ }));
    await waitFor(() => expect(server.listRequests.at(-1)).toMatchObject({ state: SanctionState.ENDED, issuedById: 'u-mod' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: /Ban/ }));
    await waitFor(() => expect(server.listRequests.at(-1)).toMatchObject({ kind: SanctionKind.BAN, state: SanctionState.ENDED, issuedById: 'u-mod' }));
    expect(await within(table).findByText('No sanction matches these filters.')).toBeTruthy();
  });

  it('a failed list says why and offers Retry', async () => {
    server.failures.list = new ConnectError('database down', Code.Unavailable);
    renderScreen(<SanctionsListPage />, { transports: server.transports, route: '/admin/sanctions', path: '/admin/sanctions' });
    expect(await screen.findByText('Failed to load sanctions: UNAVAILABLE database down')).toBeTruthy();
    delete server.failures.list;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Sanctions' })).toBeTruthy();
  });
});

describe('/admin/sanctions/:id', { timeout: 30_000 }, () => {
  const renderDetail = (id: string) =>
    renderScreen(<SanctionDetailPage />, { transports: server.transports, route: `/admin/sanctions/${id}`, path: '/admin/sanctions/:id' });

  it('shows the sanction, links its history, and revokes it after asking why', async () => {
    const user = userEvent.setup();
    server.sanctions.unshift(makeSanction({ id: 's-9' }));
    renderDetail('s-9');
    expect(await screen.findByRole('heading', { name: 'Mute of Pia Nightshade' })).toBeTruthy();
    expect(screen.getByText('Please stop posting links.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/admin/audit?target_type=sanction&target_id=s-9');
    expect(screen.getByRole('link', { name: 'Pia Nightshade' }).getAttribute('href')).toBe('/admin/characters/c-pia');
    // Its account opens the player page.
    expect(screen.getByRole('link', { name: 'player' }).getAttribute('href')).toBe('/admin/accounts/u-player');

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke sanction' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(within(dialog).getByText('Reason is required')).toBeTruthy();
    expect(server.revoked).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for revoking' }), 'Appeal granted');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.revoked).toEqual([expect.objectContaining({ id: 's-9', reason: 'Appeal granted' })]));
    expect((await screen.findAllByText('Sanction revoked for Pia Nightshade.')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Appeal granted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('offers a moderator no Revoke on an account ban (admins only), an admin does', async () => {
    renderDetail('s-3');
    expect(await screen.findByRole('heading', { name: /player \(account\)/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
    cleanup();
    renderScreen(<SanctionDetailPage />, { transports: server.transports, route: '/admin/sanctions/s-3', path: '/admin/sanctions/:id', session: ADMIN });
    expect(await screen.findByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it("shows the server's refusal in the revoke dialog", async () => {
    const user = userEvent.setup();
    server.failures.revoke = new ConnectError('the sanction is no longer active', Code.FailedPrecondition);
    server.sanctions.unshift(makeSanction({ id: 's-8' }));
    renderDetail('s-8');
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke sanction' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason for revoking' }), 'Mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Could not revoke the sanction. FAILED_PRECONDITION: the sanction is no longer active');
  });

  it("an unknown id says 'Item with ID … not found' with a way back", async () => {
    renderDetail('nope');
    expect(await screen.findByText('Item with ID nope not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sanctions' }).getAttribute('href')).toBe('/admin/sanctions');
  });
});

describe('/account/sanctions', { timeout: 30_000 }, () => {
  it("lists the player's active sanctions with the moderators' message and end, then the history", async () => {
    renderScreen(<MySanctionsPage />, { transports: server.transports, route: '/account/sanctions', path: '/account/sanctions' });
    const active = await screen.findByRole('region', { name: 'Active' });
    const cards = within(active).getAllByTestId('my-sanction');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('Your whole account');
    expect(cards[0]!.textContent).toContain('Permanently');
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByTestId('my-sanction')).toHaveLength(2);
    expect(within(history).getAllByText('Please stop posting links.')).toHaveLength(2);
  });

  it('a banned account (the /Banned group) is told so, not that nothing limits it', async () => {
    server.sanctions.length = 0;
    renderScreen(<MySanctionsPage />, {
      transports: server.transports,
      route: '/account/sanctions',
      path: '/account/sanctions',
      session: signedIn({ groups: ['/Banned'] }),
    });
    const active = await screen.findByRole('region', { name: 'Active' });
    await within(active).findByText(BANNED_ACCOUNT_TEXT);
    expect(within(active).queryByText('Nothing is limiting you right now.')).toBeNull();
  });

  it('says when there is nothing, and why a load failed', async () => {
    server.sanctions.length = 0;
    const view = renderScreen(<MySanctionsPage />, { transports: server.transports, route: '/account/sanctions', path: '/account/sanctions' });
    expect(await screen.findByText('Nothing is limiting you right now.')).toBeTruthy();
    expect(screen.getByText('No earlier sanctions.')).toBeTruthy();
    view.unmount();
    server.failures.mine = new ConnectError('boom', Code.Internal);
    renderScreen(<MySanctionsPage />, { transports: server.transports, route: '/account/sanctions', path: '/account/sanctions' });
    expect(await screen.findByText('Failed to load your sanctions: INTERNAL boom')).toBeTruthy();
  });
});
