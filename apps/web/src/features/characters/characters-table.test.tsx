import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createGameSessionTestServer, makePlayer, makeServer } from '../../test/game-session-test-server';
import { createIdentityAdminFetch } from '../../test/identity-admin-fetch';
import { signedIn } from '../../test/render';
import { MODERATOR, renderScreen } from '../../test/sanction-test-render';
import CharactersListPage from './characters-list-page';
import { CharactersTable } from './characters-table';

let server: ReturnType<typeof createGameSessionTestServer>;
beforeEach(() => {
  server = createGameSessionTestServer({ servers: [makeServer({ players: 1 })], players: [makePlayer({ characterId: 'c-pia' })] });
  server.state.characters = [
    { id: 'c-pia', name: 'Pia Nightshade' },
    { id: 'c-rex', name: 'Rex Ironside' },
  ];
});

const open = (session = MODERATOR, ui = <CharactersListPage />) =>
  renderScreen(ui, { transports: { ...server.transports, fetch: createIdentityAdminFetch([]) }, session });
const rowOf = async (name: string) => screen.findByRole('row', { name: new RegExp(name) }, { timeout: 5_000 });

describe('the characters page', () => {
  it('marks who plays now, with one ListOnlinePlayers for the page', async () => {
    open();
    expect(within(await rowOf('Pia Nightshade')).getByText('Online')).toBeTruthy();
    expect(within(await rowOf('Rex Ironside')).queryByText('Online')).toBeNull();
    expect(server.onlineRequests).toHaveLength(1);
  });

  it('asks nothing of a caller who may not see who plays', async () => {
    open(signedIn({ groups: ['/Player'] }));
    await rowOf('Pia Nightshade');
    expect(screen.queryByText('Online')).toBeNull();
    expect(server.onlineRequests).toHaveLength(0);
  });

  it("the dashboard's table (no online set given) marks nobody and asks nothing", async () => {
    open(MODERATOR, <CharactersTable search="" />);
    await rowOf('Pia Nightshade');
    expect(screen.queryByText('Online')).toBeNull();
    expect(server.onlineRequests).toHaveLength(0);
  });
});
