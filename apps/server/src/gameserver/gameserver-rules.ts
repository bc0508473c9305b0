import { isIP } from "node:net";
import { invalidArgument, requireName, requireText, requireUuid } from "../platform/validation.js";

/** The rules of dimensions, maps and game-server registrations (docs/game-services.md). */

export const MAX_MAPS_PER_DIMENSION = 256;

/** Dimension names follow the character-name rule: 3..64 letters, digits, space, underscore, dash. */
export const requireDimensionName = (value: string, field = "name") => requireName(value, field);

export const requireVersion = (value: string, field = "version") => requireText(value, field, 1, 64);

/** Where the dimension runs (a region, a host): free text, stored verbatim. */
export const requireDimensionLocation = (value: string, field = "location") => requireText(value, field, 1, 256);

/** Each a UUID, no repeats; that they are live maps is checked by the store inside the write's transaction. */
export function requireMapIds(ids: readonly string[], field = "map_ids"): string[] {
  if (ids.length > MAX_MAPS_PER_DIMENSION) throw invalidArgument(field, `must list at most ${MAX_MAPS_PER_DIMENSION} maps`);
  const seen = new Set<string>();
  return ids.map((id, index) => {
    const mapId = requireUuid(id, `${field}[${index}]`);
    if (seen.has(mapId)) throw invalidArgument(`${field}[${index}]`, `lists map ${mapId} twice`);
    seen.add(mapId);
    return mapId;
  });
}

/**
 * Map names: 2..256 characters, not only spaces, no angle brackets (markup has no business in a name; clients
 * escape anyway). Stored verbatim otherwise.
 */
export function requireMapName(value: string, field = "name"): string {
  if (value.trim() === "" && value !== "") throw invalidArgument(field, "must not be blank");
  requireText(value, field, 2, 256);
  if (/[<>]/.test(value)) throw invalidArgument(field, "must not contain < or >");
  return value;
}

// Segments of letters, digits, dot, underscore and dash, separated by single slashes, optionally rooted:
// "/Game/Maps/Downtown", "maps/arena_01.umap". No "..", no backslashes, no schemes, no spaces.
const PATH_SEGMENT = /^[A-Za-z0-9._-]+$/;

export function requireMapPath(value: string, field = "map_path"): string {
  requireText(value, field, 1, 256);
  const segments = (value.startsWith("/") ? value.slice(1) : value).split("/");
  const sane = segments.every((s) => PATH_SEGMENT.test(s) && s !== "." && s !== "..");
  if (!sane) {
    throw invalidArgument(field, "must be a path of letters, digits, '.', '_' and '-' segments separated by '/' (no '..', no empty segments)");
  }
  return value;
}

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** A game server's address: an IPv4/IPv6 address or a DNS host name. */
export function requireAddress(value: string, field = "address"): string {
  if (value === "") throw invalidArgument(field, "is required");
  const hostName = value.length <= 253 && value.split(".").every((label) => HOST_LABEL.test(label));
  if (isIP(value) === 0 && !hostName) throw invalidArgument(field, "must be an IP address or a host name");
  return value;
}

export function requirePort(value: number, field = "port"): number {
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw invalidArgument(field, "must be 1..65535");
  return value;
}

/** Players a server takes when it registers without saying. */
export const DEFAULT_MAX_PLAYERS = 100;
export const MAX_PLAYERS_LIMIT = 100_000;

/** A registration's capacity: 0 is the default; otherwise 1..MAX_PLAYERS_LIMIT. */
export function requireMaxPlayers(value: number, field = "max_players"): number {
  if (value === 0) return DEFAULT_MAX_PLAYERS;
  if (!Number.isInteger(value) || value < 1 || value > MAX_PLAYERS_LIMIT) throw invalidArgument(field, `must be 0 (default) or 1..${MAX_PLAYERS_LIMIT}`);
  return value;
}

/** How long a connection id from ConnectGameServer or TransferPlayer stays valid (docs/game-servers.md). */
export const CONNECTION_ID_TTL_MS = 30_000;

/** A removal without a confirmation this long after it was made reads UNCONFIRMED (the game server did not obey or heard nothing). */
export const REMOVAL_CONFIRM_WINDOW_MS = 10_000;

export interface KnownServer {
  id: string;
  mapId: string;
  draining: boolean;
}

export interface GameServerPlan {
  /** Maps of the dimension without a live, non-draining server: each needs one. */
  mapsNeedingServer: string[];
  /** Live servers whose map is no longer in the dimension: told to drain. */
  serversToDrain: KnownServer[];
}

/**
 * GameServerUpdate (docs/game-services.md "Game servers"): compare the dimension's maps with its live servers.
 * A draining server does not cover its map, so a map that came back gets a new server.
 */
export function planGameServers(mapIds: readonly string[], liveServers: readonly KnownServer[]): GameServerPlan {
  const maps = new Set(mapIds);
  const covered = new Set(liveServers.filter((s) => !s.draining && maps.has(s.mapId)).map((s) => s.mapId));
  return {
    mapsNeedingServer: mapIds.filter((id) => !covered.has(id)),
    serversToDrain: liveServers.filter((s) => !s.draining && !maps.has(s.mapId)),
  };
}
