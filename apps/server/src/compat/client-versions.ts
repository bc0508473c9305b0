import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** "name version" of an installed client library, for test names: which release was shown to work. */
export function clientName(name: string): string {
  let dir = dirname(require.resolve(name));
  // Walk up from the entry point to the package's own package.json (its "exports" may hide it from require).
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
      if (pkg.name === name) return `${name} ${pkg.version}`;
    } catch {
      // not at the package root yet
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name}: package.json not found`);
    dir = parent;
  }
}
