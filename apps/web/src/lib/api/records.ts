import type { Character, CharacterStats } from '../../gen/sro/character/character_pb';
import type { ChatChannel } from '../../gen/sro/chat/chat_pb';
import type { Dimension, Map as GameMap } from '../../gen/sro/gameserver/gameserver_pb';

// Plain records for the query cache: it is persisted as JSON, which cannot hold the
// bigint (int64) fields or the $typeName tags of generated messages.

export interface DimensionRecord {
  id: string;
  name: string;
  location: string;
  version: string;
  mapIds: string[];
}

export interface MapRecord {
  id: string;
  name: string;
  mapPath: string;
}

export interface ChannelRecord {
  id: string;
  name: string;
  /** Empty: the channel spans every dimension ('Global'). */
  dimensionId: string;
  public: boolean;
}

export interface CharacterRecord {
  id: string;
  ownerId: string;
  name: string;
  gender: string;
  realm: string;
  /** Seconds. */
  playTime: number;
  dimensionId: string;
  /** Epoch seconds. */
  createdAt: number;
  updatedAt: number;
}

export interface CharacterPage {
  total: number;
  characters: CharacterRecord[];
}

export interface CharacterStatsRecord {
  totalCharacters: number;
  /** Seconds. */
  totalPlayTime: number;
}

export const toDimension = (d: Dimension): DimensionRecord => ({
  id: d.id,
  name: d.name,
  location: d.location,
  version: d.version,
  mapIds: [...d.mapIds],
});

export const toMap = (m: GameMap): MapRecord => ({ id: m.id, name: m.name, mapPath: m.mapPath });

export const toChannel = (c: ChatChannel): ChannelRecord => ({
  id: c.id,
  name: c.name,
  dimensionId: c.dimensionId,
  public: c.public,
});

export const toCharacter = (c: Character): CharacterRecord => ({
  id: c.id,
  ownerId: c.ownerId,
  name: c.name,
  gender: c.gender,
  realm: c.realm,
  playTime: c.playTime,
  dimensionId: c.dimensionId,
  createdAt: Number(c.createdAt),
  updatedAt: Number(c.updatedAt),
});

export const toCharacterStats = (s: CharacterStats): CharacterStatsRecord => ({
  totalCharacters: Number(s.totalCharacters),
  totalPlayTime: Number(s.totalPlayTime),
});
