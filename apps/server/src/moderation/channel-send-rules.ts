import type { Logger } from "../platform/logger.js";
import { judgeSend, slowModeError, SLOW_JUDGE_MS } from "./channel-rules.js";
import type { ChannelRulesCache } from "./channel-rules-cache.js";
import type { ChannelRulesStore } from "./channel-rules-store.js";
import type { SendRules } from "../chat/send-rules.js";

/** The channel rules behind chat's send path (send-rules.ts): the node's cached rules, judged and timed. */
export function createChannelSendRules(deps: { cache: ChannelRulesCache; store: ChannelRulesStore; logger: Logger }): SendRules {
  const { cache, store, logger } = deps;
  return {
    async forChannel(channelId) {
      const rules = await cache.of(channelId);
      return {
        slowModeSeconds: rules.slowModeSeconds,
        judge(send) {
          const started = performance.now();
          const verdict = judgeSend(rules, send);
          const tookMs = performance.now() - started;
          if (tookMs > SLOW_JUDGE_MS) logger.warn({ channelId, tookMs, rules: rules.rules.length }, "chat rules: slow judgement");
          if (verdict.kind !== "hold") return verdict;
          const rule = verdict.rule;
          return { kind: "hold", message: rule.message, hold: (held) => store.hold({ channelId, ...held, rule }) };
        },
      };
    },
    claimSlowModeSlot: (channelId, characterId, seconds, nowMs) => store.claimSlowModeSlot(channelId, characterId, seconds, nowMs),
    slowModeError,
  };
}
