import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import {
  ATTACK_RULES,
  EXPANDING_TEXT,
  WORST_FAMILIES,
  WORST_TEXTS,
  WORST_WORD_RULES,
  worstAcceptedChannel,
  worstAcceptedRules,
  worstPattern,
} from "../test/worst-channel-rules.js";
import { codePoints, judgeSteps, MAX_CHANNEL_PROGRAM, MAX_JUDGE_STEPS, MAX_PATTERN_PROGRAM, programSize } from "./channel-rules-cost.js";
import { compileRules, containsWord, foldText, judgeSend, JudgedText, validateRules, type ContentRuleFact } from "./channel-rules.js";
import { messageContent } from "../chat/stored-messages.js";

const validate = (rules: ContentRuleFact[]) => validateRules({ slowModeSeconds: 0, membersOnly: false, rules });
const refusal = (rules: ContentRuleFact[]): ConnectError => {
  try {
    validate(rules);
  } catch (error) {
    return ConnectError.from(error);
  }
  throw new Error("expected the rules to be refused");
};
const pattern = (p: string): ContentRuleFact => ({ kind: "pattern", pattern: p, action: "block", message: "" });
const judge = (rules: ContentRuleFact[], content: string) =>
  judgeSend(compileRules({ slowModeSeconds: 0, membersOnly: false, rules }), { content, staff: false, authorized: true });
/** The repeat count of a family member (`{1,K}`), to grow it by one. */
const grown = (p: string) => p.replace(/\{1,(\d+)\}#/, (_, k: string) => `{1,${Number(k) + 1}}#`);

describe("what a channel's rules may cost", () => {
  it("refuses the report's attack set, naming the first rule, its pattern, its size and the limit", () => {
    const error = refusal(ATTACK_RULES);
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(
      'rules[0].pattern: "(\\\\pL{1,20}\\\\s?){1,50}#1" compiles to 2203 RE2 instructions; at most 100 per pattern (bounded repeats such as {1,50} multiply a pattern\'s size)',
    );
  });

  it("refuses the rule that takes the channel over its budget, though each pattern is within its own", () => {
    const rules = [pattern("\\d{3}-\\d{4}"), pattern("\\d{1,40}#1"), pattern("\\d{1,40}#2"), pattern("\\d{1,40}#3")];
    expect(rules.map((r) => programSize(r.pattern))).toEqual([10, 83, 83, 83]);
    const error = refusal(rules);
    expect(error.code).toBe(Code.InvalidArgument);
    expect(error.rawMessage).toBe(
      'rules[3].pattern: "\\\\d{1,40}#3" brings this channel\'s patterns to 259 RE2 instructions; at most 200 for all patterns of a channel together',
    );
    expect(validate(rules.slice(0, 3)).rules).toHaveLength(3);
  });

  it("sizes a pattern as the judge compiles it, the same on every call", () => {
    expect(programSize("(\\pL{1,20}\\s?){1,50}#1")).toBe(2203);
    expect(programSize("spoiler")).toBe(programSize("spoiler"));
    expect(compileRules({ slowModeSeconds: 0, membersOnly: false, rules: [pattern("spoiler"), { ...pattern("ass"), kind: "word" }] }).program).toBe(
      programSize("spoiler"),
    );
  });

  describe.each(Object.keys(WORST_FAMILIES))("the worst accepted set of %s", (family) => {
    const rules = worstAcceptedRules(family);

    it("is accepted, is within the limits, and nothing larger of its kind is", () => {
      expect(validate(rules).rules).toHaveLength(rules.length);
      const sizes = rules.map((r) => programSize(r.pattern));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_PATTERN_PROGRAM);
      const total = sizes.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(MAX_CHANNEL_PROGRAM);
      // Maximal: one more repeat in any of its patterns goes over a limit.
      rules.forEach((rule, i) => {
        const larger = rules.map((r, j) => (j === i ? pattern(grown(r.pattern)) : r));
        expect(refusal(larger).rawMessage).toMatch(
          new RegExp(`^rules\\[${i}\\]\\.pattern: .*at most (${MAX_PATTERN_PROGRAM} per pattern|${MAX_CHANNEL_PROGRAM} for all)`),
        );
      });
      expect(programSize(grown(worstPattern(family).pattern))).toBeGreaterThan(MAX_PATTERN_PROGRAM);
    });

    it("judges every longest ordinary message within the step budget, and refuses one that NFKC makes longer", () => {
      const program = compileRules({ slowModeSeconds: 0, membersOnly: false, rules }).program;
      for (const text of Object.values(WORST_TEXTS)) {
        expect(messageContent(text)).toBe(text);
        expect(judgeSteps(program, text.normalize("NFKC"))).toBeLessThanOrEqual(MAX_JUDGE_STEPS);
        expect(judge(rules, text).kind).toBe("deliver");
      }
      for (const text of Object.values(WORST_TEXTS)) expect(judge(worstAcceptedChannel(family), text).kind).toBe("deliver");
      expect(messageContent(EXPANDING_TEXT)).toBe(EXPANDING_TEXT);
      const verdict = judge(rules, EXPANDING_TEXT);
      expect(verdict.kind).toBe("block");
      const error = (verdict as { error: ConnectError }).error;
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(
        `content: is 18000 characters after Unicode normalisation (NFKC); this channel's patterns (${program} RE2 instructions) can judge at most ${Math.floor(MAX_JUDGE_STEPS / program) - 1}`,
      );
    });
  });

  it("does not run a single pattern of a set saved before the limits when the message is over the budget", () => {
    const compiled = compileRules({ slowModeSeconds: 0, membersOnly: false, rules: ATTACK_RULES });
    expect(compiled.program).toBe(ATTACK_RULES.reduce((sum, r) => sum + programSize(r.pattern), 0));
    expect(compiled.program).toBe(220_392);
    const tests = compiled.rules.map((rule) => vi.spyOn(rule, "test"));
    const verdict = judgeSend(compiled, { content: "hello there", staff: false, authorized: true });
    expect(verdict.kind).toBe("block");
    expect((verdict as { error: ConnectError }).error.rawMessage).toBe(
      "content: is 11 characters after Unicode normalisation (NFKC); this channel's patterns (220392 RE2 instructions) can judge at most 0",
    );
    for (const test of tests) expect(test).not.toHaveBeenCalled();
  });

  it("counts code points, as RE2 steps through them", () => {
    expect(codePoints("")).toBe(0);
    expect(codePoints("a😀b")).toBe(3);
    expect(codePoints("\udc00\ud800")).toBe(2); // lone surrogates count one each
    expect(judgeSteps(0, "anything")).toBe(0);
    expect(judgeSteps(10, "abc")).toBe(40);
  });
});

/** The matcher before the word index, kept here as the reference the faster one must agree with. */
function referenceContainsWord(foldedText: string, foldedWord: string): boolean {
  const wordCharacter = /[\p{L}\p{N}\p{M}_]/u;
  if (foldedWord === "") return false;
  for (let at = foldedText.indexOf(foldedWord); at !== -1; at = foldedText.indexOf(foldedWord, at + 1)) {
    const end = at + foldedWord.length;
    const before = [...foldedText.slice(Math.max(0, at - 2), at)].pop() ?? "";
    const after = [...foldedText.slice(end, end + 2)][0] ?? "";
    if (!wordCharacter.test(before) && !wordCharacter.test(after)) return true;
  }
  return false;
}

describe("word rules", () => {
  it("agree with the reference matcher on 20,000 random texts and words", () => {
    // A seeded generator: the same cases on every run.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ["a", "b", "A", " ", "-", "_", "1", "é", "e\u0301", "😀", "ß", "ﬁ", ".", "a b", "ab"];
    const pick = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (let i = 0; i < 20_000; i++) {
      const text = pick(1 + Math.floor(random() * 12));
      const word = foldText(pick(1 + Math.floor(random() * 3))).trim();
      expect(containsWord(new JudgedText(text), word), `${JSON.stringify(word)} in ${JSON.stringify(text)}`).toBe(referenceContainsWord(foldText(text), word));
    }
  });

  it("match whole words and phrases only", () => {
    const text = new JudgedText("A class act, no ASS-kicking; ﬁne spoiler-free");
    expect(containsWord(text, "ass")).toBe(true);
    expect(containsWord(text, "class act")).toBe(true);
    expect(containsWord(text, "las")).toBe(false);
    expect(containsWord(text, "fine")).toBe(true);
    expect(containsWord(text, "spoiler-free")).toBe(true);
    expect(containsWord(text, "oiler-free")).toBe(false);
  });

  it("judge 100 words that occur only inside a longer word without a match", () => {
    expect(judge(WORST_WORD_RULES, WORST_TEXTS["one letter"]!).kind).toBe("deliver");
    expect(judge(WORST_WORD_RULES, `a ${"a".repeat(99)}`).kind).toBe("block");
  });
});
