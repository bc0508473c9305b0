import { Code, ConnectError } from "@connectrpc/connect";
import { RE2JS } from "re2js";
import { invalidArgument, lengthOf } from "../platform/validation.js";
import { textError } from "../platform/text-rules.js";
import { checkProgramSizes, compilePattern, overBudget } from "./channel-rules-cost.js";

/**
 * Per-channel rules (docs/moderation.md "Channel rules and the review lane") as plain functions: validation, the
 * matching of word and pattern rules, and the decision for one send. No database, no transport.
 *
 * Patterns run on RE2JS (re2js, a pure-JavaScript port of RE2/J): matching time is linear in the text for every
 * pattern (no backtracking), so `(a+)+$` on a long input cannot hang the server. It needs no native build (the `re2`
 * binding downloads or compiles a binary at install, which a fresh machine without a toolchain cannot do). Linear
 * is not cheap: channel-rules-cost.ts bounds the program sizes, so the product with the text stays small.
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

/** What word rules need of a message, built once for all of them. */
interface WordIndex {
  /** 1 where the folded text's UTF-16 unit belongs to a word character. */
  units: Uint8Array;
  /** next[i]: the first position ≥ i where a whole word may start (no word character right before it). */
  next: Int32Array;
  /** The text's words (maximal runs of word characters). */
  tokens: Set<string>;
}

/** A message as the rules read it: NFKC (patterns) and folded (words), with the word index made on first use. */
export class JudgedText {
  readonly raw: string;
  readonly folded: string;
  #words: WordIndex | undefined;
  constructor(content: string) {
    this.raw = content.normalize("NFKC");
    this.folded = foldText(content);
  }
  get words(): WordIndex {
    if (this.#words) return this.#words;
    const { folded } = this;
    const units = new Uint8Array(folded.length);
    let at = 0;
    for (const character of folded) {
      if (WORD_CHARACTER.test(character)) units.fill(1, at, at + character.length);
      at += character.length;
    }
    const next = new Int32Array(folded.length + 1).fill(folded.length);
    const tokens = new Set<string>();
    for (let i = folded.length - 1, end = -1; i >= 0; i--) {
      if (units[i] === 1 && end === -1) end = i + 1;
      const starts = i === 0 || units[i - 1] === 0;
      next[i] = starts ? i : next[i + 1]!;
      if (starts && end !== -1) {
        tokens.add(folded.slice(i, end));
        end = -1;
      }
    }
    return (this.#words = { units, next, tokens });
  }
}

const isPlainWord = (word: string) => [...word].every((character) => WORD_CHARACTER.test(character));

/**
 * Whether the folded word or phrase occurs in the folded text as a whole word: not inside a longer word ("ass" does
 * not match "class"), so a word list does not refuse innocent text. A plain word is one lookup in the text's words;
 * a phrase (or a word with other characters) is searched only where a word may start, so 100 rules against 1,000
 * a's cost a few searches each, not a string slice per occurrence.
 */
export function containsWord(text: JudgedText, foldedWord: string, plain = isPlainWord(foldedWord)): boolean {
  if (foldedWord === "") return false;
  const { units, next, tokens } = text.words;
  if (plain) return tokens.has(foldedWord);
  const { folded } = text;
  for (let from = 0; ;) {
    const at = folded.indexOf(foldedWord, from);
    if (at === -1) return false;
    if (next[at] !== at) {
      from = next[at]!;
      continue;
    }
    const end = at + foldedWord.length;
    if (end === folded.length || units[end] === 0) return true;
    from = at + 1;
  }
}

/** A rule ready to test messages: the folded word, or the compiled pattern with its program size. */
export interface CompiledRule extends ContentRuleFact {
  /** RE2 instructions (0 for a word rule). */
  program: number;
  test(content: JudgedText): boolean;
}

export function compileRule(rule: ContentRuleFact): CompiledRule {
  if (rule.kind === "word") {
    const word = foldText(rule.pattern).trim();
    const plain = isPlainWord(word);
    return { ...rule, program: 0, test: (c) => containsWord(c, word, plain) };
  }
  const re = compilePattern(rule.pattern);
  return { ...rule, program: re.programSize(), test: (c) => re.matcher(c.raw).find() };
}

export interface CompiledChannelRules {
  slowModeSeconds: number;
  membersOnly: boolean;
  rules: CompiledRule[];
  /** Σ of the patterns' program sizes: with the text's length, the bound of a judgement's work. */
  program: number;
}

export function compileRules(fact: ChannelRulesFact): CompiledChannelRules {
  const rules = fact.rules.map(compileRule);
  return { slowModeSeconds: fact.slowModeSeconds, membersOnly: fact.membersOnly, rules, program: rules.reduce((sum, r) => sum + r.program, 0) };
}

export type SendVerdict = { kind: "deliver" } | { kind: "hold"; rule: ContentRuleFact } | { kind: "block"; error: ConnectError };

/**
 * What the channel's rules make of one send, after the access rules (chat-rules.ts) allowed it: members only (staff
 * pass), then the content rules — any BLOCK rule that matches wins over a HOLD rule, the first in list order of each.
 * A message whose judgement would cost more than the budget (channel-rules-cost.ts) is refused before any rule runs.
 * Slow mode is decided by the store (it must hold across nodes): see chat-service.ts.
 */
export function judgeSend(rules: CompiledChannelRules, send: { content: string; staff: boolean; authorized: boolean }): SendVerdict {
  if (rules.membersOnly && !send.staff && !send.authorized) {
    return { kind: "block", error: new ConnectError("permission denied: only members of this channel may send to it", Code.PermissionDenied) };
  }
  if (rules.rules.length === 0) return { kind: "deliver" };
  const content = new JudgedText(send.content);
  const tooCostly = overBudget(rules.program, content.raw);
  if (tooCostly) return { kind: "block", error: tooCostly };
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
  const sizes: (number | undefined)[] = [];
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
        sizes[i] = compilePattern(pattern).programSize();
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
  checkProgramSizes(rules, sizes);
  return { slowModeSeconds: input.slowModeSeconds, membersOnly: input.membersOnly, rules };
}

/** Time in which no one message was judged slowly on this machine; longer ones are logged (rules are linear anyway). */
export const SLOW_JUDGE_MS = 50;
