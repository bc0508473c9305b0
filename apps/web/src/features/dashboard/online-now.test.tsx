import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { DimensionPlayersSchema, OperationsSchema } from '../../gen/sro/moderation/operations_pb';
import { toWallSnapshot } from '../../lib/api/operations-wall';
import { MODERATOR_CAPABILITIES } from '../../test/capabilities';
import { queueCountsServer, renderWithCounts } from '../../test/queue-counts-server';
import { OldestOpen, OnlineNow } from './online-now';

const LOCAL = 'the game-server registry is off: this server runs with GAMESERVER_MODE=local; set GAMESERVER_MODE=registry to reach game servers';

/** The wall's answer as the server sends it, through the screen's own mapping. */
const wall = (fields: Parameters<typeof create<typeof OperationsSchema>>[1]) => toWallSnapshot(create(OperationsSchema, fields));

describe('players online now on the wall', () => {
  it('shows each dimension in the order given, its players and live servers', () => {
    const snapshot = wall({
      online: [
        create(DimensionPlayersSchema, { dimensionId: 'd-2', dimensionName: 'Abyss', players: 0, servers: 0 }),
        create(DimensionPlayersSchema, { dimensionId: 'd-1', dimensionName: 'Prime', players: 5, servers: 3 }),
      ],
    });
    render(<OnlineNow snapshot={snapshot} />);
    expect(screen.getByTestId('online-now').textContent).toBe('Players online now: Abyss 0 (no game server live) · Prime 5 (on 3 game servers)');
  });

  it('in local mode says who plays is unknown and why, as the character page does, with no count', () => {
    render(<OnlineNow snapshot={wall({ onlineUnknown: LOCAL })} />);
    expect(screen.getByTestId('online-now').textContent).toBe(`Players online now: Unknown: ${LOCAL}`);
  });
});

describe('oldest open items on the wall', () => {
  it("shows how long each queue's oldest item has waited, from the queue counts the links use", async () => {
    const server = queueCountsServer({ reports: { open: 3, oldestAgeMs: 12 * 60_000 }, appeals: { open: 0, oldestAgeMs: 0 } });
    renderWithCounts(<OldestOpen />, server, MODERATOR_CAPABILITIES);
    expect((await screen.findByTestId('oldest-open')).textContent).toBe('Oldest open report: 12 min · No open appeals');
  });
});
