#!/usr/bin/env node
// Browser tests and benchmarks use Debian's chromium (never a downloaded browser): installed with apt-get when
// missing. Imported by test.mjs; run as a script by the browser benchmarks (bench/run.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function ensureChromium(log = "[test]") {
  if (existsSync("/usr/bin/chromium")) return;
  console.log(`${log} installing Debian's chromium…`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  const result = spawnSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { shell: true, stdio: "inherit" });
  if (result.status !== 0) throw new Error("could not install chromium with apt-get");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium("[bench]");
