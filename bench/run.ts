/**
 * `npm run bench`: every benchmark, or the ones named on the command line (e.g. `npm run bench -- rpc`).
 * Figures are written to stdout as Markdown tables; docs/perf-log/ records dated runs, docs/performance.md the
 * method and current figures.
 */
import { existsSync } from "node:fs";

const benches: Record<string, string> = {
  rpc: "./rpc-throughput.ts",
  size: "./web-size.ts",
  characters: "./characters-page.ts",
  chat: "./chat-fanout.ts",
  "h2-floor": "./h2-floor.ts",
  console: "./admin-characters.ts",
  audit: "./audit-write-cost.ts",
  "chat-search": "./chat-search.ts",
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length ? wanted : Object.keys(benches);
let failed = false;
for (const name of names) {
  const file = benches[name];
  if (!file) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(", ")}`);
    process.exit(2);
  }
  if (!existsSync(new URL(file, import.meta.url))) {
    console.log(`\n## ${name}: not written yet (${file})`);
    continue;
  }
  const { run } = (await import(file)) as { run: () => Promise<unknown> };
  try {
    await run();
  } catch (error) {
    failed = true;
    console.error(`benchmark ${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
