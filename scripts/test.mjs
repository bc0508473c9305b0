#!/usr/bin/env node
// `npm test`: every suite, in order; keeps going after a failure and exits non-zero if any failed.
// Browser tests need Debian's chromium: installed with apt-get when missing (never a downloaded browser).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2);

const steps = [
  { name: "proto lint", command: "npm run lint -w proto" },
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint && npm run format:check && node --test scripts/layering.test.mjs" },
  { name: "table-query", command: "npm test -w packages/table-query" },
  { name: "server", command: "npm test -w apps/server" },
  { name: "web", command: "npm test -w apps/web" },
  { name: "bench", command: "npm test -w bench" },
  { name: "e2e", command: "npm test -w e2e", needsBrowser: true },
].filter((step) => only.length === 0 || only.includes(step.name));

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  console.log("[test] installing Debian's chromium for the browser tests…");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  const result = spawnSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { shell: true, stdio: "inherit" });
  if (result.status !== 0) throw new Error("could not install chromium with apt-get");
}

const results = [];
for (const step of steps) {
  if (step.needsBrowser) ensureChromium();
  console.log(`\n[test] ── ${step.name}: ${step.command}`);
  const started = Date.now();
  const { status } = spawnSync(step.command, { cwd: root, shell: true, stdio: "inherit" });
  results.push({ name: step.name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log("\n[test] summary");
for (const r of results) console.log(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name} (${r.seconds}s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
