import { invalidArgument } from "../platform/validation.js";

/**
 * The kinds of data a node keeps copies of, named as the original services named their buses (BusTarget.type):
 *   sro.character             chat's per-character send facts (owner, dimension, authorizations, sanctions)
 *   sro.chat                  chat's channel rows and compiled channel rules
 *   sro.gameserver.dimension  the dimension list and its map links (gameserver's cached reads)
 *   sro.gameserver.map        the map list (gameserver's cached reads)
 */
export const CACHE_TARGETS = ["sro.character", "sro.chat", "sro.gameserver.dimension", "sro.gameserver.map"] as const;
export type CacheTarget = (typeof CACHE_TARGETS)[number];

const isTarget = (value: string): value is CacheTarget => (CACHE_TARGETS as readonly string[]).includes(value);

/** BusTarget.type: one target, or every one when empty; anything else is INVALID_ARGUMENT naming the field. */
export function cacheTargetsOf(type: string): CacheTarget[] {
  if (type === "") return [...CACHE_TARGETS];
  if (isTarget(type)) return [type];
  throw invalidArgument("type", `must be one of ${CACHE_TARGETS.join(", ")}, or empty for all`);
}

/** The targets a bus event names that this node knows (a newer node may name more). */
export const knownTargets = (targets: readonly string[]): CacheTarget[] => targets.filter(isTarget);

/** What the original services answered: "Reset 1 bus: sro.character", "Reset 4 buses: …". */
export const resetMessage = (targets: readonly CacheTarget[]) => `Reset ${targets.length} ${targets.length === 1 ? "bus" : "buses"}: ${targets.join(", ")}`;

/** What sro.BusService publishes on the cluster bus (platform/bus/), on the node topic "all": every node drops these copies. */
export type CachesResetEvent = { type: "caches-reset"; targets: string[] };
