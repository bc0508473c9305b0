import { loadavg } from "node:os";
import { compileRule, compileRules, judgeSend, JudgedText, MAX_RULES, type ContentRuleFact } from "../apps/server/src/moderation/channel-rules.js";
import { MAX_CHANNEL_PROGRAM, MAX_JUDGE_STEPS, MAX_PATTERN_PROGRAM } from "../apps/server/src/moderation/channel-rules-cost.js";
import {
  ATTACK_RULES,
  EXPANDING_TEXT,
  WORST_FAMILIES,
  WORST_TEXTS,
  WORST_WORD_RULES,
  worstAcceptedChannel,
  worstAcceptedRules,
  worstPattern,
} from "../apps/server/src/test/worst-channel-rules.js";

const RUNS = Number(process.env.BENCH_RULES_RUNS ?? 15);

/** CPU milliseconds (user + system) of one judgement, median and maximum of RUNS after a warm-up. */
function cost(rules: ContentRuleFact[], content: string, runs = RUNS): { median: number; max: number; verdict: string } {
  const compiled = compileRules({ slowModeSeconds: 0, membersOnly: false, rules });
  const judge = () => judgeSend(compiled, { content, staff: false, authorized: true });
  const verdict = judge().kind;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    judge();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]!, verdict };
}

const program = (rules: ContentRuleFact[]) => compileRules({ slowModeSeconds: 0, membersOnly: false, rules }).program;
const ms = (value: number) => value.toFixed(2);

/**
 * What judging one message costs at the worst the limits accept (docs/moderation.md "What a rule set may cost"). Every family of
 * apps/server/src/test/worst-channel-rules.ts fills a channel's program budget and meets every 1,000-character
 * text; CPU time of the judgement alone (process.cpuUsage, so a busy machine's waiting does not count).
 */
export async function run() {
  console.log(
    `\n## channel-rules: judgement cost per message (CPU ms; ${RUNS} runs; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ${process.version})`,
  );
  console.log(`Limits: ${MAX_PATTERN_PROGRAM} RE2 instructions per pattern, ${MAX_CHANNEL_PROGRAM} per channel, ${MAX_JUDGE_STEPS} steps per message.\n`);
  const rows = ["| rule set | rules | instructions | text | median ms | max ms | verdict |", "|---|---|---|---|---|---|---|"];
  let worst = { median: 0, max: 0, what: "" };
  let worstSingle = { median: 0, max: 0, what: "" };
  for (const family of Object.keys(WORST_FAMILIES)) {
    const set = worstAcceptedRules(family);
    const single = [worstPattern(family)];
    for (const [name, text] of Object.entries(WORST_TEXTS)) {
      const r = cost(set, text);
      rows.push(`| full channel of "${family}" | ${set.length} | ${program(set)} | ${name} | ${ms(r.median)} | ${ms(r.max)} | ${r.verdict} |`);
      if (r.median > worst.median) worst = { ...r, what: `"${family}" × ${set.length} on ${name}` };
      const s = cost(single, text);
      if (s.median > worstSingle.median) worstSingle = { ...s, what: `${single[0]!.pattern} on ${name}` };
    }
  }
  const words = cost(WORST_WORD_RULES, WORST_TEXTS["one letter"]!);
  rows.push(`| 100 word rules aa, aaa, … | 100 | 0 | one letter | ${ms(words.median)} | ${ms(words.max)} | ${words.verdict} |`);
  const family = worst.what.slice(1, worst.what.indexOf('"', 1));
  // The worst family's patterns, and word rules up to the rule limit: the most a channel can hold.
  const full = worstAcceptedRules(family);
  const mixed = worstAcceptedChannel(family);
  for (const [name, text] of Object.entries(WORST_TEXTS)) {
    const r = cost(mixed, text);
    rows.push(
      `| "${family}" and ${MAX_RULES - full.length} word rules | ${MAX_RULES} | ${program(mixed)} | ${name} | ${ms(r.median)} | ${ms(r.max)} | ${r.verdict} |`,
    );
    if (r.median > worst.median) worst = { ...r, what: `"${family}" × ${full.length} and word rules on ${name}` };
  }
  const expanding = cost(worstAcceptedRules(family), EXPANDING_TEXT);
  rows.push(
    `| full channel of "${family}" | | ${MAX_CHANNEL_PROGRAM} | 1,000 × U+FDFA (18,000 after NFKC) | ${ms(expanding.median)} | ${ms(expanding.max)} | ${expanding.verdict} (budget) |`,
  );
  // The report's pattern without today's budget (it refuses the message before any pattern runs).
  const attackRule = compileRule(ATTACK_RULES[0]!);
  const attackText = new JudgedText(WORST_TEXTS.prose!);
  const attackTimes = [0, 1, 2].map(() => {
    const before = process.cpuUsage();
    attackRule.test(attackText);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  });
  const attack = { median: attackTimes.sort((a, b) => a - b)[1]!, max: attackTimes[2]!, verdict: "no match" };
  rows.push(
    `| one pattern of the report's attack, run without the budget (refused now) | 1 | ${attackRule.program} | prose | ${ms(attack.median)} | ${ms(attack.max)} | ${attack.verdict} |`,
  );
  console.log(rows.join("\n"));
  console.log(`\nWorst accepted rule set: ${worst.what}: median ${ms(worst.median)} ms, max ${ms(worst.max)} ms per message.`);
  console.log(`Worst single pattern: ${worstSingle.what}: median ${ms(worstSingle.median)} ms, max ${ms(worstSingle.max)} ms per message.`);
  console.log(`The report's attack (100 such patterns, refused now) would cost ~${ms(attack.median * 100)} ms per message.`);
}
