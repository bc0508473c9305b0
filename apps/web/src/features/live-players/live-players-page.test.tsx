import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Code, ConnectError } from '@connectrpc/connect';
import { PlayerRemovalState } from '../../gen/sro/gameserver/control_pb';
import { signedIn } from '../../test/render';
import { createGameSessionTestServer, makePlayer, makeServer } from '../../test/game-session-test-server';
import { ADMIN, MODERATOR, renderScreen } from '../../test/sanction-test-render';
import LivePlayersPage from './live-players-page';

let server: ReturnType<typeof createGameSessionTestServer>;
/** The kick dialog's code loads on the first Kick: slow on a busy machine. */
const LAZY = { timeout: 5_000 };
const POLL = { timeout: 5_000 };
/** The kick's outcome line (the notifications hold other live regions). */
const outcome = async () => (await screen.findByText('Kick of Pia Nightshade:')).closest('[role="status"]')!;

beforeEach(() => {
  server = createGameSessionTestServer({
    servers: [makeServer({ players: 1 }), makeServer({ serverId: 'gs-2', serverAddress: '10.0.0.6:7777', players: 0 })],
    players: [makePlayer()],
  });
});

const open = (session = MODERATOR) => renderScreen(<LivePlayersPage />, { transports: server.transports, session });

describe('live players', { timeout: 30_000 }, () => {
  it('shows each live server of a dimension, its players and the count, with one call for all', async () => {
    open();
    const table = await screen.findByRole('table', { name: '10.0.0.5:7777 · Downtown · 1 player' });
    expect(within(table).getByText('Pia Nightshade')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Prime · 1 player' })).toBeTruthy();
    expect(screen.getByText('10.0.0.6:7777 · Downtown · 0 players: nobody plays here now.')).toBeTruthy();
    expect(screen.getByText('1 player online')).toBeTruthy();
    expect(server.onlineRequests[0]).toMatchObject({ dimensionId: '', serverId: '', limit: 500 });
  });

  it('says when no game server is live', async () => {
    server.state.servers = [];
    server.state.players = [];
    open();
    expect(await screen.findByText('No game server is live right now.')).toBeTruthy();
  });

  it('shows no Kick button to a caller who may not kick', async () => {
    open(signedIn({ groups: ['/Player'] }));
    await screen.findByText('Pia Nightshade');
    expect(screen.queryByRole('button', { name: /Kick/ })).toBeNull();
  });

  it('kicks with a required reason, then follows the removal until the server confirms', async () => {
    const user = userEvent.setup();
    open(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Kick Pia Nightshade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kick Pia Nightshade' }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: 'Kick' }));
    expect(within(dialog).getByText('A reason is required')).toBeTruthy();
    expect(server.kicks).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (shown to the player)' }), 'AFK farming');
    await user.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(server.kicks).toEqual([expect.objectContaining({ characterId: 'c-pia', reason: 'AFK farming' })]));
    expect((await outcome()).textContent).toContain('Waiting for 10.0.0.5:7777 to confirm…');
    server.settle('r-1', { state: PlayerRemovalState.CONFIRMED, latencyMs: 42n });
    server.state.players = [];
    await waitFor(async () => expect((await outcome()).textContent).toContain('Disconnected from 10.0.0.5:7777 after 42 ms'), POLL);
    // Who plays is asked again once the server confirmed, not only at the next poll.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kick Pia Nightshade' })).toBeNull());
  });

  it('says so when no confirmation came within the window', async () => {
    const user = userEvent.setup();
    open(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Kick Pia Nightshade' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason (shown to the player)' }, LAZY), 'AFK');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kick' }));
    await outcome();
    server.settle('r-1', { state: PlayerRemovalState.UNCONFIRMED });
    await waitFor(async () => expect((await outcome()).textContent).toContain('did not confirm within 10 s'), POLL);
  });

  it("shows the server's refusal in words in the dialog", async () => {
    server.failures.kick = new ConnectError('character c-pia is not playing', Code.FailedPrecondition);
    const user = userEvent.setup();
    open(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Kick Pia Nightshade' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason (shown to the player)' }, LAZY), 'AFK');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kick' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not kick the player. character c-pia is not playing');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
