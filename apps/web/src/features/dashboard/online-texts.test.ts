import { describe, expect, it } from 'vitest';
import { onlineTotals, onlineUnknownText, playersText, serversText } from './online-texts';

describe('online texts', () => {
  it('counts players and servers in words', () => {
    expect([playersText(0), playersText(1), playersText(1200)]).toEqual(['0 players', '1 player', '1,200 players']);
    expect([serversText(0), serversText(1), serversText(3)]).toEqual(['no game server live', 'on 1 game server', 'on 3 game servers']);
  });

  it('sums every dimension', () => {
    const online = [
      { dimensionId: 'd-1', dimensionName: 'Prime', players: 5, servers: 3 },
      { dimensionId: 'd-2', dimensionName: 'Abyss', players: 0, servers: 0 },
      { dimensionId: 'd-3', dimensionName: 'Shadow', players: 2, servers: 2 },
    ];
    expect(onlineTotals(online)).toEqual({ players: 7, servers: 5 });
    expect(onlineTotals([])).toEqual({ players: 0, servers: 0 });
  });

  it('says why nobody can tell', () => {
    expect(onlineUnknownText('the registry is off')).toBe('Unknown: the registry is off');
  });
});
