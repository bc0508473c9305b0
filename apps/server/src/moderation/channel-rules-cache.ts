import { LRUCache } from "lru-cache";

import { compileRules, type CompiledChannelRules } from "./channel-rules.js";
import type { ChannelRulesStore } from "./channel-rules-store.js";
import type { AppBus } from "../cluster-events.js";

const CHANNELS_MAX = 10_000;
/** A safety net only: every change reaches every node at once as a "rules-changed" bus event. */
const TTL_MS = 5 * 60_000;

/**
 * This node's compiled channel rules. A send reads them from memory (compiling up to 100 patterns per send would
 * cost more than the send); SetChannelRules on any node publishes "rules-changed" on the channel's topic and every
 * node's control watch drops its copy, so the next send reads the new rules.
 */
export function createChannelRulesCache(store: Pick<ChannelRulesStore, "rules">, bus: AppBus) {
  const cache = new LRUCache<string, CompiledChannelRules>({ max: CHANNELS_MAX, ttl: TTL_MS });
  /** Bumped per channel on every drop: a read that started before it must not put old rules back. */
  const generations = new Map<string, number>();
  /** Bumped by a reset of every channel, for the same reason. */
  let epoch = 0;
  const drop = (channelId: string) => {
    cache.delete(channelId);
    generations.set(channelId, (generations.get(channelId) ?? 0) + 1);
  };
  bus.watchControl((topic, event) => {
    if (topic.kind === "channel" && (event.type === "rules-changed" || event.type === "deleted")) drop(topic.id);
  });
  return {
    async of(channelId: string): Promise<CompiledChannelRules> {
      const known = cache.get(channelId);
      if (known) return known;
      const generation = generations.get(channelId) ?? 0;
      const started = epoch;
      const rules = compileRules(await store.rules(channelId));
      if ((generations.get(channelId) ?? 0) === generation && epoch === started) cache.set(channelId, rules);
      return rules;
    },
    drop,
    /** Every channel's copy (a cache reset): reads already running keep theirs out too. */
    clear() {
      cache.clear();
      epoch++;
    },
  };
}

export type ChannelRulesCache = ReturnType<typeof createChannelRulesCache>;
