/**
 * The queue counts' cache key on its own, so the screens that act on a queue item invalidate the counts without
 * loading the operations client (a player's report screen shares these api files).
 */
export const queueCountsKeys = { all: ['queue-counts'] as const };
