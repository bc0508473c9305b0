import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { OnlinePlayerSchema, ServerPlayersSchema } from '../../gen/sro/gameserver/control_pb';
import { groupOnlinePlayers, playersText } from './live-player-groups';

const server = (serverId: string, dimensionId: string, players: number) =>
  create(ServerPlayersSchema, { serverId, dimensionId, mapId: 'm-1', serverAddress: `${serverId}:7777`, players });
const player = (characterId: string, serverId: string) => create(OnlinePlayerSchema, { characterId, characterName: characterId, serverId });
const names: Record<string, string> = { 'd-1': 'Prime', 'd-2': 'Abyss' };

describe('groupOnlinePlayers', () => {
  it('groups servers by dimension (by name) and players by server, empty servers kept', () => {
    const groups = groupOnlinePlayers(
      {
        servers: [server('gs-1', 'd-1', 2), server('gs-2', 'd-2', 0), server('gs-3', 'd-1', 1)],
        players: [player('a', 'gs-1'), player('b', 'gs-1'), player('c', 'gs-3')],
      },
      (id) => names[id] ?? id,
    );
    expect(groups.map((g) => [g.dimensionName, g.players, g.servers.map((s) => [s.server.serverId, s.players.map((p) => p.characterId)])])).toEqual([
      ['Abyss', 0, [['gs-2', []]]],
      [
        'Prime',
        3,
        [
          ['gs-1', ['a', 'b']],
          ['gs-3', ['c']],
        ],
      ],
    ]);
  });
});

describe('playersText', () => {
  it('counts in words', () => {
    expect([playersText(0), playersText(1), playersText(1200)]).toEqual(['0 players', '1 player', '1,200 players']);
  });
});
