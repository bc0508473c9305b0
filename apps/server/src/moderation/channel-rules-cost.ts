import { Code, ConnectError } from "@connectrpc/connect";
import { RE2JS } from "re2js";
import { invalidArgument } from "../platform/validation.js";
import { MAX_MESSAGE_CHARACTERS } from "../chat/stored-messages.js";

/**
 * What a channel's pattern rules may cost (docs/moderation.md "What a rule set may cost"). RE2 matches in time
 * linear in the text, but the factor is the size of the compiled program, and bounded repeats multiply it:
 * `(\pL{1,20}\s?){1,50}` compiles to 2,203 instructions. Matching visits at most every instruction at every
 * character, so a judgement's work is bounded by Σ program size × (characters + 1) — the "steps" counted here. Both
 * numbers are deterministic (RE2's own program size, the text's length), never a timing.
 */

/** One pattern's compiled program, in RE2 instructions. */
export const MAX_PATTERN_PROGRAM = 100;
/** All pattern rules of one channel together. */
export const MAX_CHANNEL_PROGRAM = 200;
/** The most work one message may cost: the channel's largest program against the longest message. */
export const MAX_JUDGE_STEPS = MAX_CHANNEL_PROGRAM * (MAX_MESSAGE_CHARACTERS + 1);

/** Compiled as the judge runs it: case-insensitive (the flag changes the program). Throws RE2's own message. */
export const compilePattern = (pattern: string): RE2JS => RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);

/** RE2's program size for the pattern as judged (re2js `programSize()`, the instruction count). */
export const programSize = (pattern: string): number => compilePattern(pattern).programSize();

/**
 * Refuses a rule set whose patterns cost more than the limits, naming the first rule that goes over. `sizes[i]` is
 * rule i's program size (undefined for a word rule).
 */
export function checkProgramSizes(rules: { pattern: string }[], sizes: (number | undefined)[]): void {
  let total = 0;
  rules.forEach((rule, i) => {
    const size = sizes[i];
    if (size === undefined) return;
    const field = `rules[${i}].pattern`;
    const quoted = JSON.stringify(rule.pattern);
    if (size > MAX_PATTERN_PROGRAM) {
      throw invalidArgument(
        field,
        `${quoted} compiles to ${size} RE2 instructions; at most ${MAX_PATTERN_PROGRAM} per pattern (bounded repeats such as {1,50} multiply a pattern's size)`,
      );
    }
    total += size;
    if (total > MAX_CHANNEL_PROGRAM) {
      throw invalidArgument(
        field,
        `${quoted} brings this channel's patterns to ${total} RE2 instructions; at most ${MAX_CHANNEL_PROGRAM} for all patterns of a channel together`,
      );
    }
  });
}

/** Code points of the text, which is what RE2 steps through. */
export function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || (text.charCodeAt(i - 1) & 0xfc00) !== 0xd800) count++;
  }
  return count;
}

/** The work bound of one judgement: Σ program size × (code points + 1). */
export const judgeSteps = (program: number, text: string): number => (program === 0 ? 0 : program * (codePoints(text) + 1));

/**
 * The run-time budget: a message whose normalised text would cost more than MAX_JUDGE_STEPS is refused before any
 * pattern runs. Only NFKC's expansions (one `ﷺ` becomes 18 characters) or rules saved before the limits existed
 * can get there; a rule set saved today judges every 1,000-character message that normalises to ≤ 1,000.
 */
export function overBudget(program: number, normalised: string): ConnectError | undefined {
  if (judgeSteps(program, normalised) <= MAX_JUDGE_STEPS) return undefined;
  const most = Math.max(0, Math.floor(MAX_JUDGE_STEPS / program) - 1);
  return new ConnectError(
    `content: is ${codePoints(normalised)} characters after Unicode normalisation (NFKC); this channel's patterns (${program} RE2 instructions) can judge at most ${most}`,
    Code.InvalidArgument,
  );
}
