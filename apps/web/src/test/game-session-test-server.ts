import { create } from '@bufbuild/protobuf';
import { createRouterTransport, type ConnectError } from '@connectrpc/connect';
import { CharacterSchema, CharacterService, CharactersSchema } from '../gen/sro/character/character_pb';
import { ItemSchema, InventoryService, type Item } from '../gen/sro/character/inventory_pb';
import {
  GameServerControlService,
  OnlinePlayerSchema,
  PlayerActionKind,
  PlayerRemovalSchema,
  PlayerRemovalState,
  ServerPlayersSchema,
  type KickPlayerRequest,
  type ListOnlinePlayersRequest,
  type OnlinePlayer,
  type PlayerRemoval,
  type ServerPlayers,
} from '../gen/sro/gameserver/control_pb';
import { DimensionSchema, DimensionService, MapSchema, MapService } from '../gen/sro/gameserver/gameserver_pb';

// An in-memory GameServerControlService and InventoryService (with the dimension and map names the screens show)
// behind Connect's router transport: real clients, real ConnectErrors; tests read what was asked and decide answers.

export const STARTED_MS = Date.UTC(2030, 0, 15, 10, 0);

export const makeServer = (fields: Partial<Omit<ServerPlayers, '$typeName'>> = {}) =>
  create(ServerPlayersSchema, { serverId: 'gs-1', dimensionId: 'd-1', mapId: 'm-1', serverAddress: '10.0.0.5:7777', players: 0, ...fields });

export const makePlayer = (fields: Partial<Omit<OnlinePlayer, '$typeName'>> = {}) =>
  create(OnlinePlayerSchema, {
    characterId: 'c-pia',
    characterName: 'Pia Nightshade',
    dimensionId: 'd-1',
    mapId: 'm-1',
    serverId: 'gs-1',
    serverAddress: '10.0.0.5:7777',
    startedAtMs: BigInt(STARTED_MS),
    ...fields,
  });

export const makeItem = (slot: number, id: number, quantity: number): Item => create(ItemSchema, { slot, id, quantity });

export function createGameSessionTestServer({ servers = [] as ServerPlayers[], players = [] as OnlinePlayer[] } = {}) {
  const state = { servers, players, inventories: new Map<string, Item[]>(), characters: [] as { id: string; name: string }[] };
  const removals = new Map<string, PlayerRemoval>();
  const kicks: KickPlayerRequest[] = [];
  const onlineRequests: ListOnlinePlayersRequest[] = [];
  const failures: { kick?: ConnectError; online?: ConnectError; inventory?: ConnectError } = {};

  const transport = createRouterTransport(({ service }) => {
    service(GameServerControlService, {
      listOnlinePlayers: (req) => {
        onlineRequests.push(req);
        if (failures.online) throw failures.online;
        return { players: state.players, servers: state.servers, total: state.players.length };
      },
      kickPlayer: (req) => {
        if (failures.kick) throw failures.kick;
        kicks.push(req);
        const player = state.players.find((p) => p.characterId === req.characterId);
        const removal = create(PlayerRemovalSchema, {
          id: `r-${kicks.length}`,
          characterId: req.characterId,
          serverId: player?.serverId ?? '',
          serverAddress: player?.serverAddress ?? '',
          kind: PlayerActionKind.KICK,
          message: req.reason,
          state: PlayerRemovalState.PENDING,
          requestedAtMs: BigInt(STARTED_MS),
        });
        removals.set(removal.id, removal);
        return removal;
      },
      getPlayerRemoval: (req) => removals.get(req.id) ?? create(PlayerRemovalSchema, {}),
      listPlayerRemovals: (req) => ({ removals: [...removals.values()].filter((r) => r.characterId === req.characterId).reverse() }),
    });
    service(InventoryService, {
      getInventory: (req) => {
        if (failures.inventory) throw failures.inventory;
        return { items: state.inventories.get(req.characterId) ?? [] };
      },
    });
    // A page of characters, for the tables that mark who plays.
    service(CharacterService, {
      getCharacterStats: () => ({ totalCharacters: BigInt(state.characters.length) }),
      getCharacters: () =>
        create(CharactersSchema, {
          total: BigInt(state.characters.length),
          characters: state.characters.map((c) => create(CharacterSchema, { ...c, ownerId: 'u-player', dimensionId: 'd-1', gender: 'female', realm: 'human' })),
        }),
    });
    service(DimensionService, { getDimensions: () => ({ dimensions: [create(DimensionSchema, { id: 'd-1', name: 'Prime', mapIds: ['m-1'] })] }) });
    service(MapService, { getMaps: () => ({ maps: [create(MapSchema, { id: 'm-1', name: 'Downtown', mapPath: 'maps/downtown' })] }) });
  });

  /** The game server confirms (or the window passes): the next poll reads the new state. */
  const settle = (id: string, fields: Partial<Omit<PlayerRemoval, '$typeName'>>) => removals.set(id, { ...removals.get(id)!, ...fields });

  return { transports: { rpc: transport }, state, removals, kicks, onlineRequests, failures, settle };
}
