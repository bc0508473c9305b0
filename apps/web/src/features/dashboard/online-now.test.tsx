import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createRouterTransport } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { DimensionPlayersSchema, OperationsSchema } from '../../gen/sro/moderation/operations_pb';
import { toWallSnapshot } from '../../lib/api/operations-wall';
import { signedIn } from '../../test/render';
import { ADMIN, MODERATOR, renderScreen } from '../../test/sanction-test-render';
import { OnlineNow } from './online-now';

const transports = { rpc: createRouterTransport(() => {}) };
const LOCAL = 'the game-server registry is off: this server runs with GAMESERVER_MODE=local; set GAMESERVER_MODE=registry to reach game servers';

/** The wall's answer as the server sends it, through the screen's own mapping. */
const wall = (fields: Parameters<typeof create<typeof OperationsSchema>>[1]) => toWallSnapshot(create(OperationsSchema, fields));
const registry = wall({
  online: [
    create(DimensionPlayersSchema, { dimensionId: 'd-2', dimensionName: 'Abyss', players: 0, servers: 0 }),
    create(DimensionPlayersSchema, { dimensionId: 'd-1', dimensionName: 'Prime', players: 1205, servers: 3 }),
    create(DimensionPlayersSchema, { dimensionId: 'd-3', dimensionName: 'Shadow Test', players: 1, servers: 1 }),
  ],
});

describe('players online now on the wall', () => {
  it('shows each dimension in the order given, its players and live servers, and the total', () => {
    renderScreen(<OnlineNow snapshot={registry} />, { transports, session: ADMIN });
    const box = screen.getByRole('region', { name: 'Players online now' });
    expect(within(box).getByTestId('online-now-total').textContent).toBe('1,206 players on 4 game servers');
    const terms = within(box)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Abyss', 'Prime', 'Shadow Test']);
    const figures = within(box)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['0 players no game server live', '1,205 players on 3 game servers', '1 player on 1 game server']);
    expect(within(box).getByRole('link', { name: 'By game server' }).getAttribute('href')).toBe('/admin/players');
  });

  it('links moderators to the live players screen too, and no one without the right', () => {
    const { unmount } = renderScreen(<OnlineNow snapshot={registry} />, { transports, session: MODERATOR });
    expect(screen.getByRole('link', { name: 'By game server' })).toBeTruthy();
    unmount();
    renderScreen(<OnlineNow snapshot={registry} />, { transports, session: signedIn({ groups: ['/Player'] }) });
    expect(screen.queryByRole('link', { name: 'By game server' })).toBeNull();
  });

  it('in local mode says who plays is unknown and why, as the character page does, with no count', () => {
    renderScreen(<OnlineNow snapshot={wall({ onlineUnknown: LOCAL })} />, { transports, session: ADMIN });
    const box = screen.getByRole('region', { name: 'Players online now' });
    expect(within(box).getByText(`Unknown: ${LOCAL}`)).toBeTruthy();
    expect(within(box).queryByTestId('online-now-total')).toBeNull();
    expect(within(box).queryByRole('term')).toBeNull();
    expect(within(box).queryByRole('link')).toBeNull();
  });

  it('says when there is no dimension yet', () => {
    renderScreen(<OnlineNow snapshot={wall({})} />, { transports, session: ADMIN });
    expect(screen.getByText('No dimensions yet.')).toBeTruthy();
    expect(screen.getByTestId('online-now-total').textContent).toBe('0 players no game server live');
  });
});
