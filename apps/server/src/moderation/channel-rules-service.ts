import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { auditActorOf } from "../audit/audit-actor.js";
import { HeldMessageState } from "../gen/sro/chat/chat_pb.js";
import {
  ChannelRulesSchema,
  ContentRuleAction,
  ContentRuleKind,
  ContentRuleSchema,
  HeldMessageSchema,
  HeldMessagesSchema,
  type ChannelRulesService,
} from "../gen/sro/moderation/channel_rules_pb.js";
import type { Logger } from "../platform/logger.js";
import { invalidArgument, requireText, requireUuid } from "../platform/validation.js";

import type { ChannelRulesCache } from "./channel-rules-cache.js";
import { validateRules, type ChannelRulesFact, type RuleAction, type RuleKind } from "./channel-rules.js";
import type { ChannelRulesStore, HeldRow, HeldState } from "./channel-rules-store.js";
import type { AppBus } from "../cluster-events.js";

export interface ChannelRulesServiceDeps {
  store: ChannelRulesStore;
  cache: ChannelRulesCache;
  bus: AppBus;
  logger: Logger;
  now?: () => number;
}

export const MAX_HELD_PAGE = 200;
export const MAX_REVIEW_REASON = 500;

const kindsIn = { [ContentRuleKind.WORD]: "word", [ContentRuleKind.PATTERN]: "pattern" } as Partial<Record<ContentRuleKind, RuleKind>>;
const actionsIn = { [ContentRuleAction.BLOCK]: "block", [ContentRuleAction.HOLD]: "hold" } as Partial<Record<ContentRuleAction, RuleAction>>;
const kindsOut = { word: ContentRuleKind.WORD, pattern: ContentRuleKind.PATTERN } as const;
const actionsOut = { block: ContentRuleAction.BLOCK, hold: ContentRuleAction.HOLD } as const;
const statesOut = { held: HeldMessageState.HELD, allowed: HeldMessageState.ALLOWED, denied: HeldMessageState.DENIED } as const;
const statesIn: Partial<Record<HeldMessageState, HeldState>> = {
  [HeldMessageState.UNSPECIFIED]: "held",
  [HeldMessageState.HELD]: "held",
  [HeldMessageState.ALLOWED]: "allowed",
  [HeldMessageState.DENIED]: "denied",
};

const toRules = (channelId: string, rules: ChannelRulesFact) =>
  create(ChannelRulesSchema, {
    channelId,
    slowModeSeconds: rules.slowModeSeconds,
    membersOnly: rules.membersOnly,
    rules: rules.rules.map((r) => create(ContentRuleSchema, { kind: kindsOut[r.kind], pattern: r.pattern, action: actionsOut[r.action], message: r.message })),
  });

const toHeldMessage = (row: HeldRow) =>
  create(HeldMessageSchema, {
    id: row.id,
    channelId: row.channelId,
    channelName: row.channelName,
    senderId: row.senderId,
    senderName: row.senderName,
    content: row.content,
    sentAtMs: BigInt(row.sentAtMs),
    rule: row.rule,
    state: statesOut[row.state],
    reviewedById: row.reviewerId ?? "",
    reviewedByName: row.reviewerName ?? "",
    reviewedAtMs: BigInt(row.reviewedAtMs ?? 0),
    reviewReason: row.reviewReason ?? "",
    messageId: row.messageId === null ? "" : String(row.messageId),
  });

const notFound = (what: string, id: string) => new ConnectError(`${what} ${id} not found`, Code.NotFound);

/** Channel rules and the review lane (docs/moderation.md "Channel rules and the review lane"). Staff only. */
export function createChannelRulesService(deps: ChannelRulesServiceDeps): ServiceImpl<typeof ChannelRulesService> {
  const { store, bus } = deps;
  const now = deps.now ?? Date.now;
  const tell = (promise: Promise<void>, what: string) => promise.catch((error) => deps.logger.warn({ err: error, what }, "chat rules: bus publish failed"));

  return {
    async getChannelRules(req) {
      const channelId = requireUuid(req.id, "id");
      if (!(await store.channelExists(channelId))) throw notFound("chat channel", channelId);
      return toRules(channelId, await store.rules(channelId));
    },

    async setChannelRules(req, ctx) {
      const channelId = requireUuid(req.channelId, "channel_id");
      const rules = validateRules({
        slowModeSeconds: req.slowModeSeconds,
        membersOnly: req.membersOnly,
        rules: req.rules.map((r, i) => {
          const kind = kindsIn[r.kind];
          const action = actionsIn[r.action];
          if (!kind) throw invalidArgument(`rules[${i}].kind`, "must be WORD or PATTERN");
          if (!action) throw invalidArgument(`rules[${i}].action`, "must be BLOCK or HOLD");
          return { kind, action, pattern: r.pattern, message: r.message };
        }),
      });
      const saved = await store.setRules(auditActorOf(ctx), channelId, rules);
      if (!saved) throw notFound("chat channel", channelId);
      // This node at once; every other node when the event arrives (their control watch drops their copy).
      deps.cache.drop(channelId);
      await tell(bus.publish({ kind: "channel", id: channelId }, { type: "rules-changed" }), "rules-changed");
      return toRules(channelId, saved);
    },

    async listHeldMessages(req) {
      const channelId = req.channelId ? requireUuid(req.channelId, "channel_id") : undefined;
      const state = statesIn[req.state];
      if (!state) throw invalidArgument("state", "must be a HeldMessageState");
      if (req.limit < 0) throw invalidArgument("limit", "must not be negative");
      if (req.offset < 0) throw invalidArgument("offset", "must not be negative");
      const limit = req.limit === 0 || req.limit > MAX_HELD_PAGE ? MAX_HELD_PAGE : req.limit;
      const { total, rows } = await store.listHeld({ channelId, state, limit, offset: req.offset });
      return create(HeldMessagesSchema, { total: BigInt(total), messages: rows.map(toHeldMessage) });
    },

    async reviewHeldMessage(req, ctx) {
      const id = requireUuid(req.id, "id");
      const reason = req.allow ? req.reason.trim() : requireText(req.reason.trim(), "reason", 1, MAX_REVIEW_REASON);
      if (req.allow && reason !== "") requireText(reason, "reason", 0, MAX_REVIEW_REASON);
      const result = await store.review(auditActorOf(ctx), id, { allow: req.allow, reason }, now());
      if (!result) throw notFound("held message", id);
      if (result === "reviewed") throw new ConnectError(`held message ${id} was already reviewed`, Code.FailedPrecondition);
      if (result === "channel-gone") throw new ConnectError(`held message ${id}: its channel was deleted; deny it instead`, Code.FailedPrecondition);
      const { held, message } = result;
      const topic = { kind: "channel", id: held.channelId } as const;
      if (message) await tell(bus.publish(topic, { type: "message", message }), "allowed message");
      await tell(
        bus.publish(topic, {
          type: "held-notice",
          characterId: held.senderId,
          held: { id: held.id, content: held.content, sentAtMs: held.sentAtMs, state: held.state, reason },
        }),
        "held notice",
      );
      return toHeldMessage(held);
    },
  };
}
