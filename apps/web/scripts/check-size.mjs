#!/usr/bin/env node
// Landing-route JavaScript budget (issue 5: ≤ 90 kB gzip). Counts what the browser
// must fetch before the landing page can render: the entry script and every chunk it
// modulepreloads from dist/index.html. Lazily loaded chunks (sign-in machinery, other
// pages, the admin console) are listed for information but do not count.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = Number(process.env.LANDING_JS_BUDGET_KB ?? 90);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  console.error('apps/web/dist/index.html is missing: run `npm run build -w apps/web` first.');
  process.exit(2);
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;
const critical = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const unique = [...new Set(critical)];
const total = unique.reduce((sum, file) => sum + gz(file), 0);

const lazy = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !unique.includes(`assets/${f}`))
  .map((f) => ({ file: f, kb: gz(`assets/${f}`) }))
  .sort((a, b) => b.kb - a.kb);

console.log('Landing route (entry + modulepreload):');
for (const file of unique) console.log(`  ${gz(file).toFixed(2).padStart(7)} kB  ${file}`);
console.log(`  ${total.toFixed(2).padStart(7)} kB  total (budget ${BUDGET_KB} kB gzip)`);
console.log('Lazy chunks (not counted):');
for (const { file, kb } of lazy) console.log(`  ${kb.toFixed(2).padStart(7)} kB  assets/${file}`);

if (total > BUDGET_KB) {
  console.error(`FAIL: landing JavaScript is ${total.toFixed(2)} kB gzip, over the ${BUDGET_KB} kB budget.`);
  process.exit(1);
}
console.log(`OK: landing JavaScript ${total.toFixed(2)} kB gzip ≤ ${BUDGET_KB} kB.`);
