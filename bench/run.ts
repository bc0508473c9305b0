/**
 * `npm run bench`: every benchmark, or the ones named on the command line (e.g. `npm run bench -- rpc`).
 * Figures are written to stdout as Markdown tables; docs/perf-log/ records dated runs, docs/performance.md the
 * method and current figures.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const benches: Record<string, string> = {
  rpc: "./rpc-throughput.ts",
  size: "./web-size.ts",
  characters: "./characters-page.ts",
  chat: "./chat-fanout.ts",
  "h2-floor": "./h2-floor.ts",
  console: "./admin-characters.ts",
  "console-routes": "./console-routes.ts",
  audit: "./audit-write-cost.ts",
  "chat-search": "./chat-search.ts",
  "channel-rules": "./channel-rules-cost.ts",
  soak: "./chat-soak.ts",
  "chat-purge": "./chat-purge.ts",
  identity: "./identity.ts",
  "game-sessions": "./game-sessions.ts",
  "ban-disconnect": "./ban-disconnect.ts",
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length ? wanted : Object.keys(benches);
/** These drive Debian's chromium (CHROMIUM_PATH names another): installed with apt-get when missing, as for `npm test`. */
const browserBenches = new Set(["size", "console", "console-routes"]);
function ensureChromium() {
  if (process.env.CHROMIUM_PATH) return;
  const script = fileURLToPath(new URL("../scripts/ensure-chromium.mjs", import.meta.url));
  if (spawnSync(process.execPath, [script], { stdio: "inherit" }).status !== 0) throw new Error("could not install chromium with apt-get");
}

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
    if (browserBenches.has(name)) ensureChromium();
    await run();
  } catch (error) {
    failed = true;
    console.error(`benchmark ${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
