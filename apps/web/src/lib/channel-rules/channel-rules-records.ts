import { HeldMessageState } from '../../gen/sro/chat/chat_pb';
import { ContentRuleAction, ContentRuleKind, type ChannelRules, type HeldMessage } from '../../gen/sro/moderation/channel_rules_pb';

/** Channel rules as the console edits them (docs/moderation.md "Channel rules and the review lane"). */
export type RuleKindName = 'word' | 'pattern';
export type RuleActionName = 'block' | 'hold';

export interface RuleForm {
  kind: RuleKindName;
  pattern: string;
  action: RuleActionName;
  message: string;
}

export interface ChannelRulesForm {
  slowModeSeconds: number;
  membersOnly: boolean;
  rules: RuleForm[];
}

export const MAX_RULES = 100;
export const MAX_PATTERN = 200;
export const MAX_SLOW_MODE_SECONDS = 86_400;

const KINDS: Record<RuleKindName, ContentRuleKind> = { word: ContentRuleKind.WORD, pattern: ContentRuleKind.PATTERN };
const ACTIONS: Record<RuleActionName, ContentRuleAction> = { block: ContentRuleAction.BLOCK, hold: ContentRuleAction.HOLD };

export function toRulesForm(rules: ChannelRules): ChannelRulesForm {
  return {
    slowModeSeconds: rules.slowModeSeconds,
    membersOnly: rules.membersOnly,
    rules: rules.rules.map((r) => ({
      kind: r.kind === ContentRuleKind.PATTERN ? 'pattern' : 'word',
      pattern: r.pattern,
      action: r.action === ContentRuleAction.HOLD ? 'hold' : 'block',
      message: r.message,
    })),
  };
}

export function fromRulesForm(channelId: string, form: ChannelRulesForm) {
  return {
    channelId,
    slowModeSeconds: form.slowModeSeconds,
    membersOnly: form.membersOnly,
    rules: form.rules.map((r) => ({ kind: KINDS[r.kind], pattern: r.pattern, action: ACTIONS[r.action], message: r.message })),
  };
}

/**
 * What the form can tell before the server does: the same limits, each error under the rule's own field name
 * ("rules[2].pattern") like the server's. A pattern's syntax is RE2's and only the server checks it.
 */
export function rulesFormErrors(form: ChannelRulesForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(form.slowModeSeconds) || form.slowModeSeconds < 0 || form.slowModeSeconds > MAX_SLOW_MODE_SECONDS) {
    errors.slowModeSeconds = `Slow mode must be a whole number of seconds from 0 to ${MAX_SLOW_MODE_SECONDS}.`;
  }
  if (form.rules.length > MAX_RULES) errors.rules = `At most ${MAX_RULES} rules.`;
  form.rules.forEach((rule, i) => {
    const length = [...rule.pattern].length;
    if (rule.pattern.trim() === '') errors[`rules[${i}].pattern`] = 'Enter a word or a pattern.';
    else if (length > MAX_PATTERN) errors[`rules[${i}].pattern`] = `At most ${MAX_PATTERN} characters (this one has ${length}).`;
  });
  return errors;
}

/** The field a server error names ("rules[2].pattern: is not a valid …"), to show it next to that input. */
export function serverErrorField(message: string): { field: string; text: string } | undefined {
  const match = /^(slow_mode_seconds|rules(?:\[\d+\]\.(?:pattern|message|kind|action))?): (.*)$/s.exec(message);
  if (!match) return undefined;
  return { field: match[1] === 'slow_mode_seconds' ? 'slowModeSeconds' : match[1]!, text: match[2]! };
}

export interface HeldRecord {
  id: string;
  channelId: string;
  channelName: string;
  senderId: string;
  senderName: string;
  content: string;
  sentAtMs: number;
  rule: string;
  state: 'held' | 'allowed' | 'denied';
}

const STATES = { [HeldMessageState.ALLOWED]: 'allowed', [HeldMessageState.DENIED]: 'denied' } as Partial<Record<HeldMessageState, HeldRecord['state']>>;

export const toHeldRecord = (m: HeldMessage): HeldRecord => ({
  id: m.id,
  channelId: m.channelId,
  channelName: m.channelName,
  senderId: m.senderId,
  senderName: m.senderName,
  content: m.content,
  sentAtMs: Number(m.sentAtMs),
  rule: m.rule,
  state: STATES[m.state] ?? 'held',
});
