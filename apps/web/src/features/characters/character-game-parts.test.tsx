import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { PlayerRemovalState } from '../../gen/sro/gameserver/control_pb';
import { signedIn } from '../../test/render';
import { createGameSessionTestServer, makeItem, makePlayer, makeServer } from '../../test/game-session-test-server';
import { ADMIN, MODERATOR, renderScreen } from '../../test/sanction-test-render';
import { CharacterInventory } from './character-inventory';
import { PlayerRemovals } from '../../components/game-sessions/player-removals';
import { CharacterSession } from './character-session';

let server: ReturnType<typeof createGameSessionTestServer>;
/** The kick dialog's code loads on the first Kick: slow on a busy machine. */
const LAZY = { timeout: 5_000 };
beforeEach(() => {
  server = createGameSessionTestServer({ servers: [makeServer({ players: 1 })], players: [makePlayer()] });
});

const session = (characterId = 'c-pia', who = MODERATOR) =>
  renderScreen(
    <>
      <CharacterSession characterId={characterId} characterName="Pia Nightshade" dimensionId="d-1" />
      <PlayerRemovals of={{ characterId }} emptyMessage="This character was never kicked or banned from a game server." />
    </>,
    { transports: server.transports, session: who },
  );

describe("the character page's game parts", { timeout: 30_000 }, () => {
  it('marks a playing character online with its server, asking for its dimension only', async () => {
    session();
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(screen.getByText(/^on 10\.0\.0\.5:7777 for /)).toBeTruthy();
    expect(server.onlineRequests[0]).toMatchObject({ dimensionId: 'd-1', serverId: '' });
  });

  it('marks a character that does not play offline, and says it was never removed', async () => {
    session('c-other');
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(await screen.findByText('This character was never kicked or banned from a game server.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kick' })).toBeNull();
  });

  it('kicks from the page; the removal joins the list and shows its outcome there', async () => {
    const user = userEvent.setup();
    session('c-pia', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Kick' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason (shown to the player)' }, LAZY), 'Stuck in a wall');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kick' }));
    const table = await screen.findByRole('table', { name: 'Removals from game servers' });
    expect(await within(table).findByText('Stuck in a wall')).toBeTruthy();
    expect(within(table).getByText('Waiting for 10.0.0.5:7777 to confirm…')).toBeTruthy();
    server.settle('r-1', { state: PlayerRemovalState.CONFIRMED, latencyMs: 7n });
    await waitFor(() => expect(within(table).getByText('Disconnected from 10.0.0.5:7777 after 7 ms')).toBeTruthy(), { timeout: 5_000 });
  });

  it('says why it cannot tell, when the server runs without game servers', async () => {
    server.failures.online = new ConnectError('the game-server registry is off', Code.FailedPrecondition);
    session();
    expect(await screen.findByText('Unknown: the game-server registry is off')).toBeTruthy();
  });

  it('shows no Kick to a caller without the capability', async () => {
    session('c-pia', signedIn({ groups: ['/Player'] }));
    expect(await screen.findByText('Online')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kick' })).toBeNull();
  });
});

describe('the inventory', () => {
  const inventory = () => renderScreen(<CharacterInventory characterId="c-pia" />, { transports: server.transports });

  it('lists slot, item id and quantity by slot', async () => {
    server.state.inventories.set('c-pia', [makeItem(0, 1001, 3), makeItem(4, 2002, 1)]);
    inventory();
    const table = await screen.findByRole('table', { name: 'Inventory' });
    await within(table).findByText('1001');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['0', '1001', '3'],
      ['4', '2002', '1'],
    ]);
  });

  it('says when the character carries nothing', async () => {
    inventory();
    expect(await screen.findByText('This character carries nothing.')).toBeTruthy();
  });

  it("shows the server's refusal with a retry", async () => {
    server.failures.inventory = new ConnectError('no such character', Code.NotFound);
    inventory();
    expect(await screen.findByText('Could not load the inventory')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
