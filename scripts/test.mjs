#!/usr/bin/env node
// `npm test`: every suite, in order; keeps going after a failure and exits non-zero if any failed.
// Browser tests need Debian's chromium: installed with apt-get when missing (ensure-chromium.mjs).
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2);

const steps = [
  { name: "proto lint", command: "npm run lint -w proto" },
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint && npm run format:check && node --test scripts/layering.test.mjs scripts/citations.test.mjs" },
  { name: "table-query", command: "npm test -w packages/table-query" },
  { name: "server", command: "npm test -w apps/server" },
  { name: "web", command: "npm test -w apps/web" },
  { name: "bench", command: "npm test -w bench" },
  { name: "e2e", command: "npm test -w e2e", needsBrowser: true },
].filter((step) => only.length === 0 || only.includes(step.name));

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
