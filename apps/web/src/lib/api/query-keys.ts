// One place for cache keys, so mutations update exactly what the screens read.
export const queryKeys = {
  dimensions: ['dimensions'] as const,
  dimension: (id: string) => ['dimensions', id] as const,
  maps: ['maps'] as const,
  map: (id: string) => ['maps', id] as const,
  channels: ['channels'] as const,
  channel: (id: string) => ['channels', id] as const,
  authorizedChannels: (characterId: string) => ['authorized-channels', characterId] as const,
  characters: ['characters'] as const,
  characterPages: ['characters', 'page'] as const,
  characterPage: (query: object) => ['characters', 'page', query] as const,
  character: (id: string) => ['characters', 'id', id] as const,
  characterStats: ['character-stats'] as const,
  gameServers: ['game-servers'] as const,
  owner: (id: string) => ['users', id] as const,
  users: ['users', 'list'] as const,
};
