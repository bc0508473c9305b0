import { MAX_CHANNEL_PROGRAM, MAX_PATTERN_PROGRAM, programSize } from "../moderation/channel-rules-cost.js";
import { MAX_RULES, type ContentRuleFact } from "../moderation/channel-rules.js";
import { MAX_MESSAGE_CHARACTERS } from "../chat/stored-messages.js";

/**
 * The most expensive rule sets the limits accept (docs/moderation.md "What a rule set may cost"), for the tests and
 * the bench. Each family is a shape that keeps many RE2 threads alive at every character; a set fills the channel's
 * program budget with the largest members that fit. They end in `#n`, which no text below contains, so no rule
 * matches and every rule runs on every message (a match would end the judgement early).
 */
export const WORST_FAMILIES: Record<string, (repeat: number, n: number) => string> = {
  "words of letters": (k, n) => `(\\pL{1,4}\\s?){1,${k}}#${n}`,
  "any character": (k, n) => `.{1,${k}}#${n}`,
  "any incl. newline": (k, n) => `[\\s\\S]{1,${k}}#${n}`,
  "letter run": (k, n) => `\\pL{1,${k}}#${n}`,
  alternation: (k, n) => `(a|aa|\\s){1,${k}}#${n}`,
  "nested repeat": (k, n) => `((a|\\s)+){1,${k}}#${n}`,
  "issue's shape": (k, n) => `(\\pL{1,20}\\s?){1,${k}}#${n}`,
};

/** The largest repeat count whose pattern fits in `limit` instructions; 0 when even 1 does not. */
function largestRepeat(family: (repeat: number, n: number) => string, n: number, limit: number): number {
  let repeat = 0;
  while (repeat < 1000 && programSize(family(repeat + 1, n)) <= limit) repeat++;
  return repeat;
}

const block = (pattern: string): ContentRuleFact => ({ kind: "pattern", pattern, action: "block", message: "" });

/** One pattern of the family as large as one pattern may be. */
export function worstPattern(family: string): ContentRuleFact {
  const shape = WORST_FAMILIES[family]!;
  return block(shape(largestRepeat(shape, 1, MAX_PATTERN_PROGRAM), 1));
}

/** The family's patterns, each as large as fits, until the channel's program budget (or MAX_RULES) is spent. */
export function worstAcceptedRules(family: string): ContentRuleFact[] {
  const shape = WORST_FAMILIES[family]!;
  const rules: ContentRuleFact[] = [];
  let spent = 0;
  for (let n = 1; rules.length < MAX_RULES; n++) {
    const repeat = largestRepeat(shape, n, Math.min(MAX_PATTERN_PROGRAM, MAX_CHANNEL_PROGRAM - spent));
    if (repeat === 0) break;
    const pattern = shape(repeat, n);
    spent += programSize(pattern);
    rules.push(block(pattern));
  }
  return rules;
}

/** The attack of the report: 100 patterns the old validator accepted, 2,203 instructions each. */
export const ATTACK_RULES: ContentRuleFact[] = Array.from({ length: 100 }, (_, i) => block(`(\\pL{1,20}\\s?){1,50}#${i + 1}`));

/** The longest message: the unit repeated, ending in "." where it would end in a space (a message is trimmed). */
function fill(unit: string): string {
  const characters = [...unit];
  const text = Array.from({ length: MAX_MESSAGE_CHARACTERS }, (_, i) => characters[i % characters.length]!);
  if (/\s/u.test(text[text.length - 1]!)) text[text.length - 1] = ".";
  return text.join("");
}

/** Ordinary messages of the longest length a player may send, unchanged by NFKC. */
export const WORST_TEXTS: Record<string, string> = {
  prose: fill("lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod tempor "),
  "one letter": fill("a"),
  "letter, space": fill("a "),
  accented: fill("é è ü "),
  CJK: fill("漢字かな"),
  emoji: fill("😀"),
};

/** 1,000 characters that NFKC makes 18,000 (U+FDFA): the run-time budget refuses it on a full channel. */
export const EXPANDING_TEXT = "\ufdfa".repeat(MAX_MESSAGE_CHARACTERS);

/** 100 word rules "aa", "aaa", … against a text of a's: every occurrence is inside a longer word. */
export const WORST_WORD_RULES: ContentRuleFact[] = Array.from({ length: MAX_RULES }, (_, i) => ({
  kind: "word",
  pattern: "a".repeat(i + 2),
  action: "block",
  message: "",
}));

/** The costliest pair the bench (`npm run bench -- channel-rules`) found: docs/performance.md has its figures. */
export const WORST_MEASURED = { family: "letter run", text: "CJK" } as const;

/** A full channel: the family's patterns up to the program budget, then word rules up to MAX_RULES. */
export function worstAcceptedChannel(family: string = WORST_MEASURED.family): ContentRuleFact[] {
  const patterns = worstAcceptedRules(family);
  return [...patterns, ...WORST_WORD_RULES.slice(0, MAX_RULES - patterns.length)];
}
