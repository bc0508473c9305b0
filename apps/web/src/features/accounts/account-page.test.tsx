import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { CharacterSchema, CharacterService } from '../../gen/sro/character/character_pb';
import { GameServerControlService } from '../../gen/sro/gameserver/control_pb';
import type { IdentitySession } from '../../lib/identity-admin/identity-sessions-client';
import { createIdentityAdminFetch } from '../../test/identity-admin-fetch';
import { makePlayer } from '../../test/game-session-test-server';
import { ADMIN, MODERATOR, renderScreen } from '../../test/sanction-test-render';
import AccountPage from './account-page';
import { ALL_SESSIONS_ENDED, END_ALL_MESSAGE, END_ALL_TITLE, NO_CHARACTERS, NO_OWN_ACTIONS, NO_SESSIONS, SESSION_ENDED } from './account-texts';

const PIA = {
  id: 'u-pia',
  username: 'pia',
  firstName: 'Pia',
  lastName: 'Nightshade',
  email: 'pia@example.test',
  createdTimestamp: Date.UTC(2030, 0, 1),
  enabled: true,
};
const GROUPS = { 'u-pia': [{ id: 'g-1', name: 'Member', path: '/Member' }] };
const session = (id: string, address: string, lastAccess: number): IdentitySession => ({
  id,
  ipAddress: address,
  start: lastAccess - 60_000,
  lastAccess,
  clients: { 'sro-web': 'sro-web' },
});

/**
 * The identity provider's admin API in memory: users and groups (test/identity-admin-fetch.ts) plus the session
 * paths, which answer 403 to anyone but an admin as the provider does.
 */
function identityServer({ admin = true } = {}) {
  const sessions = [session('s-1', '10.0.0.1', Date.UTC(2030, 0, 15, 9)), session('s-2', '10.0.0.2', Date.UTC(2030, 0, 15, 8))];
  const calls: string[] = [];
  const users = createIdentityAdminFetch([PIA], GROUPS);
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://idp.test');
    const method = init?.method ?? 'GET';
    const sessionPath = /\/sessions(\/|$)|\/logout$/.test(url.pathname);
    if (!sessionPath) return users(input, init);
    calls.push(`${method} ${url.pathname}`);
    if (!admin) return json({ error: 'HTTP 403 Forbidden', error_description: 'only admins' }, 403);
    if (method === 'GET') return json(sessions);
    if (method === 'POST') sessions.splice(0);
    if (method === 'DELETE')
      sessions.splice(
        sessions.findIndex((s) => url.pathname.endsWith(`/${s.id}`)),
        1,
      );
    return new Response(null, { status: 204 });
  };
  return { fetch, sessions, calls };
}

function gameServer(
  characters = [
    { id: 'c-pia', name: 'Pia Nightshade' },
    { id: 'c-ivy', name: 'Ivy Static' },
  ],
) {
  return createRouterTransport(({ service }) => {
    service(CharacterService, {
      getCharactersForUser: (req) => ({
        characters: characters.map((c) => create(CharacterSchema, { ...c, ownerId: req.ownerId, realm: 'human', gender: 'female', playTime: 3600 })),
      }),
    });
    service(GameServerControlService, { listOnlinePlayers: () => ({ players: [makePlayer()], servers: [], total: 1 }) });
  });
}

const open = (ui = <AccountPage withPersonalData />, { identity = identityServer(), rpc = gameServer(), session = ADMIN } = {}) => {
  renderScreen(ui, { transports: { rpc, fetch: identity.fetch }, route: '/accounts/u-pia', path: '/accounts/:id', session });
  return identity;
};

describe('the player page', { timeout: 30_000 }, () => {
  it('shows an admin the profile with e-mail, the characters with who plays, the staff actions and the sessions', async () => {
    open(<AccountPage withPersonalData renderAudit={({ label }) => <p>{label}</p>} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'pia' })).toBeTruthy();
    expect(screen.getByText('Pia Nightshade', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('pia@example.test')).toBeTruthy();
    expect(screen.getByText('/Member')).toBeTruthy();
    const characters = await screen.findByRole('list', { name: 'Characters' });
    await waitFor(() => expect(within(characters).getAllByRole('listitem')).toHaveLength(2));
    const pia = within(characters).getByRole('link', { name: 'Pia Nightshade' }).closest('li')!;
    await waitFor(() => expect(within(pia).getByText('Online')).toBeTruthy());
    expect(within(within(characters).getByRole('link', { name: 'Ivy Static' }).closest('li')!).queryByText('Online')).toBeNull();
    const sessions = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(sessions).getAllByRole('button', { name: /End this session from/ })).toHaveLength(2);
    expect(within(sessions).getAllByText(/sro-web · 10\.0\.0\./)).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Staff actions' })).getByText('Actions on pia')).toBeTruthy();
  });

  it('ends one session, then all of them', async () => {
    const user = userEvent.setup();
    const identity = open();
    await user.click(await screen.findByRole('button', { name: 'End this session from 10.0.0.2 (sro-web)' }));
    expect(await screen.findAllByText(SESSION_ENDED)).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'End this session from 10.0.0.2 (sro-web)' })).toBeNull());
    expect(identity.calls).toContain('DELETE /sessions/s-2');
    // Ending every session asks first: Cancel ends nothing.
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    let dialog = await screen.findByRole('alertdialog', { name: END_ALL_TITLE });
    expect(within(dialog).getByText(END_ALL_MESSAGE)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(identity.calls).not.toContain('POST /users/u-pia/logout');
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    dialog = await screen.findByRole('alertdialog', { name: END_ALL_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findAllByText(ALL_SESSIONS_ENDED)).not.toHaveLength(0);
    expect(await screen.findByText(NO_SESSIONS)).toBeTruthy();
    expect(identity.calls).toContain('POST /users/u-pia/logout');
  });

  it('shows a moderator neither the e-mail nor the sessions, and asks the provider for no session', async () => {
    const identity = open(
      <AccountPage
        renderSanctions={() => <p>sanctions of pia</p>}
        renderReports={({ accountId, username }) => <p>{`reports of ${username} (${accountId})`}</p>}
        renderAudit={({ label, emptyMessage }) => <p>{`${label}: ${emptyMessage}`}</p>}
      />,
      { identity: identityServer({ admin: false }), session: MODERATOR },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'pia' })).toBeTruthy();
    expect(await screen.findByText('sanctions of pia')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Reports' })).getByText('reports of pia (u-pia)')).toBeTruthy();
    // A moderator reads only their own audit records: the section says so.
    expect(within(screen.getByRole('region', { name: 'Your actions' })).getByText(`Your actions on pia: ${NO_OWN_ACTIONS}`)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Staff actions' })).toBeNull();
    expect(screen.queryByText('pia@example.test')).toBeNull();
    expect(screen.queryByText('E-mail')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /End/ })).toBeNull();
    expect(identity.calls).toEqual([]);
  });

  it('says in words when the sessions cannot be read, and when there are no characters', async () => {
    open(undefined, { identity: identityServer({ admin: false }), rpc: gameServer([]) });
    expect(await screen.findByText(NO_CHARACTERS)).toBeTruthy();
    expect(await screen.findByText('Could not load the sessions: HTTP 403 Forbidden')).toBeTruthy();
  });

  it('says so when the account does not exist', async () => {
    renderScreen(<AccountPage withPersonalData />, {
      transports: { rpc: gameServer(), fetch: identityServer().fetch },
      route: '/accounts/u-gone',
      path: '/accounts/:id',
      session: ADMIN,
    });
    expect(await screen.findByText('Item with ID u-gone not found')).toBeTruthy();
  });
});
