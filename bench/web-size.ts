import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../apps/web/dist/", import.meta.url));
const BUDGET_KB = 90;

/**
 * Issue 5: the JavaScript the landing route loads (entry script + its modulepreloads, as index.html lists them),
 * gzip-compressed, must stay ≤ 90 kB. Lazy chunks (the admin console) are not part of it.
 */
export function landingBundle(): { files: { file: string; gzipBytes: number }[]; totalKb: number } {
  const html = readFileSync(`${dist}index.html`, "utf8");
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => {
    const bytes = readFileSync(dist + ref.replace(/^\//, ""));
    return { file: ref, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024 };
}

export async function run() {
  if (!existsSync(`${dist}index.html`)) {
    console.log("\n## Landing bundle size: skipped (apps/web is not built)");
    return;
  }
  const { files, totalKb } = landingBundle();
  console.log(`\n## Landing route JavaScript (gzip), budget ${BUDGET_KB} kB\n`);
  console.log("| file | gzip kB |\n|---|---|");
  for (const f of files) console.log(`| ${f.file} | ${(f.gzipBytes / 1024).toFixed(1)} |`);
  console.log(`| **total** | **${totalKb.toFixed(1)}** |`);
  if (totalKb > BUDGET_KB) throw new Error(`landing JavaScript is ${totalKb.toFixed(1)} kB gzip, over the ${BUDGET_KB} kB budget`);
  return { totalKb };
}
