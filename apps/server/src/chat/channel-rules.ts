import { Code, ConnectError } from "@connectrpc/connect";
import { RE2JS } from "re2js";
import { invalidArgument, lengthOf } from "../platform/validation.js";
import { textError } from "../platform/text-rules.js";

/**
 * Per-channel rules (docs/moderation.md "Channel rules and the review lane") as plain functions: validation, the
 * matching of word and pattern rules, and the decision for one send. No database, no transport.
 *
 * Patterns run on RE2JS (re2js, a pure-JavaScript port of RE2/J): matching time is linear in the text for every
 * pattern (no backtracking), so `(a+)+$` on a long input cannot hang the server. It needs no native build (the `re2`
 * binding downloads or compiles a binary at install, which a fresh machine without a toolchain cannot do).
 */

export const MAX_RULES = 100;
export const MAX_PATTERN_CHARACTERS = 200;
export const MAX_RULE_MESSAGE_CHARACTERS = 200;
export const MAX_SLOW_MODE_SECONDS = 86_400;

export type RuleKind = "word" | "pattern";
export type RuleAction = "block" | "hold";

export interface ContentRuleFact {
  kind: RuleKind;
  pattern: string;
  action: RuleAction;
  /** Told to the sender; may be empty. */
  message: string;
}

export interface ChannelRulesFact {
  slowModeSeconds: number;
  membersOnly: boolean;
  rules: ContentRuleFact[];
}

export const NO_RULES: ChannelRulesFact = { slowModeSeconds: 0, membersOnly: false, rules: [] };

/**
 * Unicode-normalised (NFKC), case-folded text. JavaScript has no full case folding; upper- then lower-casing gets the
 * folds that matter here (ß → ss, ǅ/Ǆ → ǆ, ﬀ → ff) and NFKC first maps compatibility forms (fullwidth Ａ → A).
 */
export const foldText = (text: string): string => text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}_]/u;

/**
 * Whether the folded word or phrase occurs in the folded text as a whole word: not inside a longer word ("ass" does
 * not match "class"), so a word list does not refuse innocent text.
 */
export function containsWord(foldedText: string, foldedWord: string): boolean {
  if (foldedWord === "") return false;
  for (let at = foldedText.indexOf(foldedWord); at !== -1; at = foldedText.indexOf(foldedWord, at + 1)) {
    const end = at + foldedWord.length;
    const before = [...foldedText.slice(Math.max(0, at - 2), at)].pop() ?? "";
    const after = [...foldedText.slice(end, end + 2)][0] ?? "";
    if (!WORD_CHARACTER.test(before) && !WORD_CHARACTER.test(after)) return true;
  }
  return false;
}

/** A rule ready to test messages: the folded word, or the compiled pattern. */
export interface CompiledRule extends ContentRuleFact {
  test(content: { raw: string; folded: string }): boolean;
}

/** Compiles a pattern (case-insensitive, run on the NFKC text) or throws with RE2's own message. */
function compilePattern(pattern: string): RE2JS {
  return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
}

export function compileRule(rule: ContentRuleFact): CompiledRule {
  if (rule.kind === "word") {
    const word = foldText(rule.pattern).trim();
    return { ...rule, test: (c) => containsWord(c.folded, word) };
  }
  const re = compilePattern(rule.pattern);
  return { ...rule, test: (c) => re.matcher(c.raw).find() };
}

export interface CompiledChannelRules {
  slowModeSeconds: number;
  membersOnly: boolean;
  rules: CompiledRule[];
}

export const compileRules = (fact: ChannelRulesFact): CompiledChannelRules => ({
  slowModeSeconds: fact.slowModeSeconds,
  membersOnly: fact.membersOnly,
  rules: fact.rules.map(compileRule),
});

export type SendVerdict = { kind: "deliver" } | { kind: "hold"; rule: ContentRuleFact } | { kind: "block"; error: ConnectError };

/**
 * What the channel's rules make of one send, after the access rules (chat-rules.ts) allowed it: members only (staff
 * pass), then the content rules — any BLOCK rule that matches wins over a HOLD rule, the first in list order of each.
 * Slow mode is decided by the store (it must hold across nodes): see chat-service.ts.
 */
export function judgeSend(rules: CompiledChannelRules, send: { content: string; staff: boolean; authorized: boolean }): SendVerdict {
  if (rules.membersOnly && !send.staff && !send.authorized) {
    return { kind: "block", error: new ConnectError("permission denied: only members of this channel may send to it", Code.PermissionDenied) };
  }
  if (rules.rules.length === 0) return { kind: "deliver" };
  const content = { raw: send.content.normalize("NFKC"), folded: foldText(send.content) };
  let hold: CompiledRule | undefined;
  for (const rule of rules.rules) {
    if (rule.action === "hold" && hold) continue;
    if (!rule.test(content)) continue;
    if (rule.action === "block") return { kind: "block", error: blockedError(rule) };
    hold = rule;
  }
  return hold ? { kind: "hold", rule: stripped(hold) } : { kind: "deliver" };
}

const stripped = (rule: ContentRuleFact): ContentRuleFact => ({ kind: rule.kind, pattern: rule.pattern, action: rule.action, message: rule.message });

/** PERMISSION_DENIED, like every other refused send (access, sanctions), with the rule's message. */
export const blockedError = (rule: ContentRuleFact) =>
  new ConnectError(`permission denied: this channel does not allow this message${rule.message ? `. Message: ${rule.message}` : ""}`, Code.PermissionDenied);

/** RESOURCE_EXHAUSTED, like the per-character send rate limit. */
export const slowModeError = (seconds: number, waitMs: number) =>
  new ConnectError(`slow mode: one message every ${seconds}s in this channel; try again in ${Math.max(1, Math.ceil(waitMs / 1000))}s`, Code.ResourceExhausted);

/** Checks rules as a client sent them; every error names the field ("rules[2].pattern: …"). */
export function validateRules(input: { slowModeSeconds: number; membersOnly: boolean; rules: ContentRuleFact[] }): ChannelRulesFact {
  if (!Number.isInteger(input.slowModeSeconds) || input.slowModeSeconds < 0 || input.slowModeSeconds > MAX_SLOW_MODE_SECONDS) {
    throw invalidArgument("slow_mode_seconds", `must be 0..${MAX_SLOW_MODE_SECONDS}`);
  }
  if (input.rules.length > MAX_RULES) throw invalidArgument("rules", `at most ${MAX_RULES} rules, got ${input.rules.length}`);
  const rules = input.rules.map((rule, i) => {
    const field = `rules[${i}]`;
    if (rule.kind !== "word" && rule.kind !== "pattern") throw invalidArgument(`${field}.kind`, "must be WORD or PATTERN");
    if (rule.action !== "block" && rule.action !== "hold") throw invalidArgument(`${field}.action`, "must be BLOCK or HOLD");
    const pattern = rule.kind === "word" ? rule.pattern.trim() : rule.pattern;
    if (pattern === "" || (rule.kind === "word" && foldText(pattern).trim() === "")) throw invalidArgument(`${field}.pattern`, "must not be empty");
    const length = lengthOf(pattern);
    if (length > MAX_PATTERN_CHARACTERS) throw invalidArgument(`${field}.pattern`, `must be at most ${MAX_PATTERN_CHARACTERS} characters, got ${length}`);
    const problem = textError(`${field}.pattern`, pattern);
    if (problem) throw new ConnectError(problem, Code.InvalidArgument);
    if (rule.kind === "pattern") {
      try {
        // Compiled as written first, so RE2's message quotes the pattern without the flag compilePattern adds.
        RE2JS.compile(pattern);
        compilePattern(pattern);
      } catch (error) {
        throw invalidArgument(`${field}.pattern`, `is not a valid regular expression (RE2 syntax): ${(error as Error).message}`);
      }
    }
    const message = rule.message.trim();
    if (lengthOf(message) > MAX_RULE_MESSAGE_CHARACTERS) throw invalidArgument(`${field}.message`, `must be at most ${MAX_RULE_MESSAGE_CHARACTERS} characters`);
    const messageProblem = message && textError(`${field}.message`, message);
    if (messageProblem) throw new ConnectError(messageProblem, Code.InvalidArgument);
    return { kind: rule.kind, pattern, action: rule.action, message };
  });
  return { slowModeSeconds: input.slowModeSeconds, membersOnly: input.membersOnly, rules };
}

/** Time in which no one message was judged slowly on this machine; longer ones are logged (rules are linear anyway). */
export const SLOW_JUDGE_MS = 50;
