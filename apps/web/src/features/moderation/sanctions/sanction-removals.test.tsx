import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import {
  GameServerControlService,
  PlayerActionKind,
  PlayerRemovalSchema,
  PlayerRemovalState,
  type ListPlayerRemovalsRequest,
} from '../../../gen/sro/gameserver/control_pb';
import { SanctionKind, SanctionScope, SanctionService, type Sanction } from '../../../gen/sro/moderation/moderation_pb';
import { makeSanction } from '../../../test/sanction-test-server';
import SanctionDetailPage from './sanction-detail-page';
import { renderScreen } from '../../../test/sanction-test-render';

// A sanction and the removals it caused, on an in-memory server: the detail page's removals section.
function serve(sanction: Sanction) {
  const asked: ListPlayerRemovalsRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(SanctionService, { getSanction: () => sanction });
    service(GameServerControlService, {
      listPlayerRemovals: (req) => {
        asked.push(req);
        const removal = create(PlayerRemovalSchema, {
          id: 'r-1',
          characterId: 'c-pia',
          serverAddress: '10.0.0.5:7777',
          kind: PlayerActionKind.BAN,
          message: 'Banned from the game',
          sanctionId: sanction.id,
          state: PlayerRemovalState.CONFIRMED,
          latencyMs: 120n,
        });
        return { removals: [removal] };
      },
    });
  });
  renderScreen(<SanctionDetailPage />, { transports: { rpc: transport }, route: `/admin/sanctions/${sanction.id}`, path: '/admin/sanctions/:id' });
  return asked;
}

describe('a sanction that ends game sessions', () => {
  it('lists the removals it caused with their outcome', async () => {
    const asked = serve(makeSanction({ id: 's-game', kind: SanctionKind.BAN, scope: SanctionScope.GAME, scopeId: '', scopeName: '' }));
    const table = await screen.findByRole('table', { name: 'Removals from game servers' });
    expect(await within(table).findByText('Disconnected from 10.0.0.5:7777 after 120 ms')).toBeTruthy();
    expect(within(table).getByText('Ban')).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ sanctionId: 's-game', characterId: '' })]);
  });

  it('a chat mute has no removals section and asks for none', async () => {
    const asked = serve(makeSanction({ id: 's-mute' }));
    expect(await screen.findByText('Spam')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Removals from game servers' })).toBeNull();
    expect(asked).toHaveLength(0);
  });
});
